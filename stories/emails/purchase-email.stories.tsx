import type { Meta, StoryObj } from '@storybook/react-vite';
import * as ui from '@react-email/components';
import { expect } from 'storybook/test';
import { PurchaseEmail } from '../../server/provider/receipts/receipt-email';
import { giftCardReceipt, topupReceipt } from '../fixtures/receipts';
import { EmailFrame, emailIn } from './email-frame';

const TITLE = 'Purchase receipt e-mail';
const opened = (canvasElement: HTMLElement) => emailIn(canvasElement, TITLE, 'Here is your receipt');

/**
 * The receipt e-mail of a wallet top-up or a gift card bought (issue 51), as the provider renders it
 * (server/provider/receipts/receipt-email.tsx, PurchaseEmail), rendered to HTML in the browser as the
 * server renders it, in a frame: what shows is what is sent (its HTML part; the plain text is made from it).
 */
const meta = {
  title: 'Emails/Purchase receipt',
  component: PurchaseEmail,
  render: (args) => <EmailFrame title={TITLE} element={<PurchaseEmail {...args} />} />,
  parameters: { layout: 'fullscreen' },
  args: { ui, receipt: topupReceipt, link: 'https://shop.example.com/receipt/r1.t.3f9a2c1e-0000-4000-8000-000000000000.signature', firstName: 'Maria' },
  argTypes: { ui: { control: false }, receipt: { control: false } },
} satisfies Meta<typeof PurchaseEmail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A wallet top-up paid by card: the amount, how it was paid, the wallet's new balance, the shop's tax number and the link. */
export const TopUp: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await opened(canvasElement);
    await expect(canvas.getByText('Thank you, Maria! Here is your receipt.')).toBeVisible();
    await expect(canvas.getByText('Wallet top-up')).toBeVisible();
    await expect(canvas.getByText('Your wallet balance is now ₱1,425.50.')).toBeVisible();
    await expect(canvas.getByText('Tax number: TIN 123-456-789-000')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View your receipt' })).toHaveAttribute('href', expect.stringContaining('/receipt/r1.t.'));
  },
};

/** A gift card bought from the wallet: its number masked, never the whole of it (the recipient's secret). */
export const GiftCard: Story = {
  args: { receipt: giftCardReceipt, link: 'https://shop.example.com/receipt/r1.g.1042.signature' },
  play: async ({ canvasElement }) => {
    const canvas = await opened(canvasElement);
    await expect(canvas.getByText('Gift card …K7QX')).toBeVisible();
    await expect(canvas.getByText('Paid with: Wallet')).toBeVisible();
    await expect(canvas.queryByText(/balance/)).toBeNull();
  },
};
