import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TopUpFailScreen } from '../../../src/screens/payments/top-up-fail-screen';

/** /top-up-fail: the gateway sent the customer back without a payment. */
const meta = {
  title: 'Screens/Payments/Top-up fail',
  component: TopUpFailScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    reason: 'declined',
    amount: 50000,
    currency: 'PHP',
    locale: 'en-PH',
    onTryAgain: fn(),
    onBack: fn(),
  },
} satisfies Meta<typeof TopUpFailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Declined: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onTryAgain).toHaveBeenCalledTimes(1);
  },
};

export const Failed: Story = { args: { reason: 'failed', amount: null } };

export const Cancelled: Story = { args: { reason: 'cancelled' } };

export const ForAnOrder: Story = { args: { backTo: 'checkout' } };
