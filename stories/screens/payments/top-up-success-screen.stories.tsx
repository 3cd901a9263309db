import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TopUpSuccessScreen } from '../../../src/screens/payments/top-up-success-screen';
import { topupFailed, topupPaid, topupPending } from '../../fixtures/wallet';

/**
 * /top-up-success and /top-up-success/order: where the payment page returns. It shows the
 * top-up's real status: pending until the provider hears from the gateway, then paid or failed.
 */
const meta = {
  title: 'Screens/Payments/Top-up success',
  component: TopUpSuccessScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    variant: 'profile',
    result: topupPaid,
    currency: 'PHP',
    locale: 'en-PH',
    onBackToWallet: fn(),
    onContinueToCheckout: fn(),
    onTryAgain: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof TopUpSuccessScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const PaidForOrder: Story = { args: { variant: 'order' } };

export const Pending: Story = { args: { result: topupPending } };

/** Before the first status check answers. */
export const Loading: Story = { args: { result: null, loading: true } };

export const Failed: Story = { args: { result: topupFailed } };

export const FailedForOrder: Story = { args: { variant: 'order', result: topupFailed } };

export const Error: Story = { args: { result: null, error: 'The server did not answer.' } };

/**
 * A reference the provider does not know (mistyped, or none): nothing to try again, the way to the wallet,
 * which lists every top-up (a walk-through saw "Please check the highlighted fields" and only Try again).
 */
export const UnknownReference: Story = {
  args: { result: null, error: 'We couldn’t find this top-up. Your wallet shows every top-up.', onRetry: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to my wallet' }));
    await expect(args.onBackToWallet).toHaveBeenCalledTimes(1);
  },
};
