import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PaymentFailScreen } from '../../../src/screens/orders/payment-fail-screen';
import { money } from '../../fixtures/customer';
import { orderAt } from '../../fixtures/orders';

/** /payment-fail: declined or abandoned payment; the order's real status still decides. */
const meta = {
  title: 'Screens/Orders/Payment fail',
  component: PaymentFailScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    ...money,
    order: { ...orderAt('pending_payment'), payment_method: 'gateway' },
    onOpenOrder: fn(),
    onBackToShop: fn(),
    onPayAgain: fn(),
    onTryAgain: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof PaymentFailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Left on the gateway's page (its cancel link): the order still waits, so the same payment's page is offered again. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onPayAgain).toHaveBeenCalledOnce();
  },
};

/** Left on the gateway's page on another device (no payment page remembered here): no button, and what happens next. */
export const WaitingElsewhere: Story = {
  tags: ['!screen'],
  args: { onPayAgain: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/waits a few minutes for its payment/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** Declined on the gateway's page: the provider cancelled the unpaid order; Try again orders the same items anew. */
export const Declined: Story = {
  args: { order: { ...orderAt('cancelled', 'delivery', 'pending_payment'), payment_method: 'gateway' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: "Your payment didn't go through" })).toBeVisible();
    await expect(canvas.getByText(/You have not been charged/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onTryAgain).toHaveBeenCalledOnce();
    await expect(args.onPayAgain).not.toHaveBeenCalled();
  },
};

/** Cancelled after it was paid (the shop cancelled it): nothing to try again. */
export const Cancelled: Story = {
  args: { order: orderAt('cancelled') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'This order was cancelled' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** The customer came back through the fail page, but the payment did go through. */
export const PaidAfterAll: Story = {
  args: { order: orderAt('paid') },
  play: async ({ canvasElement }) => {
    // paid, not completed: the points are on their way, not earned yet
    await expect(within(canvasElement).getByText('Points on the way')).toBeVisible();
    await expect(within(canvasElement).getByText('when your order is completed')).toBeVisible();
  },
};

export const Loading: Story = { args: { order: null, loading: true } };

export const Error: Story = { args: { order: null, error: 'The server did not answer. Check your connection.' } };
