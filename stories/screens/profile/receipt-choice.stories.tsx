import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ReceiptChoice } from '../../../src/screens/profile/receipt-choice';
import { receiptSettings } from '../../fixtures/receipts';

/** The profile's "Receipts" (issue 51): how a completed order's receipt reaches the customer. */
const meta = {
  title: 'Screens/Profile/Receipts',
  component: ReceiptChoice,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'padded', pseudoCheck: true },
  args: { settings: receiptSettings, onChange: fn() },
  decorators: [(Story) => <div className="mx-auto max-w-xl">{Story()}</div>],
} satisfies Meta<typeof ReceiptChoice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** By e-mail: picking text and e-mail with the keyboard saves it. */
export const ByEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'By e-mail' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'By e-mail and text' }));
    await expect(args.onChange).toHaveBeenCalledWith('both');
  },
};

/** Never chosen, no verified e-mail: none, and e-mail cannot be picked until the address is verified. */
export const NoVerifiedEmail: Story = {
  args: { settings: { receipts: 'none', chosen: false, email: false, sms: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /By e-mail Verify/ })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'No receipts' })).toBeChecked();
    await expect(canvas.getByText('You get no receipts until you choose how, or verify your e-mail.')).toBeVisible();
  },
};

/** Loading. */
export const Loading: Story = {
  args: { settings: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your receipt choice' })).toBeVisible();
  },
};

/** Reading or saving failed. */
export const Error: Story = {
  args: { error: "We couldn't reach the shop. Please try again." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("That didn't work")).toBeVisible();
  },
};

/** Offline with nothing kept: it says the choice shows once back online, in words of its own (the profile's other switch says its own). */
export const Offline: Story = {
  args: { settings: null, unavailable: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("How you get receipts shows when you're back online.")).toBeVisible();
  },
};
