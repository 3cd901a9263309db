import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
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
