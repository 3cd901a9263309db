import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ReceiptScreen } from '../../../src/screens/receipts/receipt-screen';
import { GuestClaimCard } from '../../../src/screens/orders/guest-claim-card';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { giftCardReceipt, receipt, receiptWithDiscounts, topupReceipt } from '../../fixtures/receipts';

/**
 * /receipt/:token (issue 51): an order's, a wallet top-up's or a gift card's receipt from the signed link in its receipt e-mail or text,
 * signed in or out; printing hides the bar, the navigation and the Print button (checked with print media
 * in tests/e2e/receipts.test.ts).
 */
const meta = {
  title: 'Screens/Receipts/Receipt',
  component: ReceiptScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: { receipt, onPrint: fn(), onRetry: fn() },
  argTypes: { receipt: { control: false }, purchase: { control: false }, nav: { control: false } },
} satisfies Meta<typeof ReceiptScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened signed out: the receipt alone, no navigation. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Kopi Senja' })).toBeVisible();
    await expect(canvas.getByText('2 × Spanish latte')).toBeVisible();
    // the subtotal and the total
    await expect(canvas.getAllByText('₱425.00')).toHaveLength(2);
    await expect(canvas.getByText('Paid with: Wallet')).toBeVisible();
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

/** A delivery with options, a voucher, the delivery fee and a tip; opened signed in, with the navigation. */
export const WithDiscounts: Story = {
  args: { receipt: receiptWithDiscounts, nav: <BottomNav items={navItems('home')} />, onBack: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Size: Large (+₱20.00)')).toBeVisible();
    await expect(canvas.getByText('Discount (₱50 off your next order)')).toBeVisible();
    await expect(canvas.getByText('−₱50.00')).toBeVisible();
    await expect(canvas.getByText('Delivery fee')).toBeVisible();
    await expect(canvas.getByText('Tip')).toBeVisible();
    await expect(canvas.getByText('Paid with: Card (online payment)')).toBeVisible();
  },
};

/** A wallet top-up paid by card: the amount and the wallet's balance after it. */
export const TopUp: Story = {
  args: { receipt: undefined, purchase: topupReceipt },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Receipt TU-3F9A2C1E/)).toBeVisible();
    await expect(canvas.getByText('Wallet top-up')).toBeVisible();
    await expect(canvas.getAllByText('₱1,000.00')).toHaveLength(2);
    await expect(canvas.getByText('Paid with: Card (online payment)')).toBeVisible();
    await expect(canvas.getByText('Wallet balance after this top-up: ₱1,425.50')).toBeVisible();
    await expect(canvas.getByText('Tax number: TIN 123-456-789-000')).toBeVisible();
  },
};

/** A gift card bought from the wallet: its number masked to the last four characters (the whole number is the recipient's). */
export const GiftCard: Story = {
  args: { receipt: undefined, purchase: giftCardReceipt, nav: <BottomNav items={navItems('home')} />, onBack: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Gift card …K7QX')).toBeVisible();
    await expect(canvas.getByText('Paid with: Wallet')).toBeVisible();
    await expect(canvas.queryByText(/balance/)).toBeNull();
  },
};

/** Print: the button opens the browser's print dialog (print media hides the bar, the navigation and the button). */
export const Print: Story = {
  tags: ['!screen'],
  args: { nav: <BottomNav items={navItems('home')} /> },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Print receipt' });
    await userEvent.tab();
    await userEvent.click(button);
    await expect(args.onPrint).toHaveBeenCalled();
    await expect(button.closest('.print\\:hidden')).not.toBeNull();
  },
};

/** Still opening. */
export const Loading: Story = {
  args: { receipt: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Opening your receipt' })).toBeVisible();
  },
};

/** A link that is not a receipt's (forged, cut short, mistyped): said plainly, nothing more. */
export const NotFound: Story = {
  args: { receipt: undefined, notFound: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("We couldn't find this receipt")).toBeVisible();
  },
};

/** Could not be read (offline, too many tries): a way to try again. */
export const Error: Story = {
  args: { receipt: undefined, error: "We couldn't reach the shop. Please try again." },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent("couldn't reach the shop");
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** A guest's receipt (opened signed out): join and claim the order's points by the deadline. */
export const GuestClaimOffer: Story = {
  args: { claimCard: <GuestClaimCard points={24} claimBy="2026-11-21T09:30:00Z" onJoin={fn()} locale="en-PH" timeZone="Asia/Manila" /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /^Join and claim 24 points by/ })).toBeVisible();
  },
};
