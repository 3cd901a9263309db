import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PaymentSuccessScreen } from '../../../src/screens/orders/payment-success-screen';
import { money } from '../../fixtures/customer';
import { orderAt } from '../../fixtures/orders';

/** /payment-success: the order's real status decides the message, not the URL. */
const meta = {
  title: 'Screens/Orders/Payment success',
  component: PaymentSuccessScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: { ...money, order: orderAt('paid'), onOpenOrder: fn(), onBackToShop: fn(), onRetry: fn() },
} satisfies Meta<typeof PaymentSuccessScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Paid: thanks, the total and the points earned. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'View order' }));
    await expect(args.onOpenOrder).toHaveBeenCalledWith('KS-20261120-0007');
  },
};

/** The webhook has not arrived yet: still confirming, with a spinner. */
export const Pending: Story = { args: { order: orderAt('pending_payment') } };

/** Already moving on by the time the customer is back. */
export const AlreadyPreparing: Story = { args: { order: orderAt('preparing') } };

/** The order was cancelled meanwhile. */
export const Cancelled: Story = { args: { order: orderAt('cancelled') } };

export const Loading: Story = { args: { order: null, loading: true } };

export const Error: Story = { args: { order: null, error: 'The server did not answer. Check your connection.' } };
