import type { Meta, StoryObj } from '@storybook/react-vite';
import * as ui from '@react-email/components';
import { expect } from 'storybook/test';
import { EmailFrame, emailIn } from './email-frame';
import { ReceiptEmail } from '../../server/provider/receipts/receipt-email';
import { receipt, receiptWithDiscounts } from '../fixtures/receipts';

const TITLE = 'Receipt e-mail';
const opened = (canvasElement: HTMLElement) => emailIn(canvasElement, TITLE, 'Here is your receipt');

/**
 * The receipt e-mail (issue 51) as the provider renders it (server/provider/receipts/receipt-email.tsx),
 * rendered to HTML in the browser as the server renders it, in a frame: the same component and props, so what shows is what is sent (its HTML part; the
 * plain-text part is made from it).
 */
const meta = {
  title: 'Emails/Receipt',
  component: ReceiptEmail,
  render: (args) => <EmailFrame title={TITLE} element={<ReceiptEmail {...args} />} />,
  parameters: { layout: 'fullscreen' },
  args: { ui, receipt, link: 'https://shop.example.com/receipt/r1.KS-7Q2M4K.signature', firstName: 'Maria', tier: null },
  argTypes: { ui: { control: false }, receipt: { control: false } },
} satisfies Meta<typeof ReceiptEmail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A pickup order: its lines, total, payment, points and the link to the receipt page. */
export const Pickup: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await opened(canvasElement);
    await expect(canvas.getByText('Thank you, Maria! Here is your receipt.')).toBeVisible();
    await expect(canvas.getByText('2 × Spanish latte')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View your receipt' })).toHaveAttribute('href', 'https://shop.example.com/receipt/r1.KS-7Q2M4K.signature');
  },
};

/** A delivery with options, a voucher, the fee, a tip, and the customer's tier progress. */
export const WithDiscounts: Story = {
  args: { receipt: receiptWithDiscounts, tier: 'Gold member: 120 more points to Platinum.' },
  play: async ({ canvasElement }) => {
    const canvas = await opened(canvasElement);
    await expect(canvas.getByText('Discount (₱50 off your next order)')).toBeVisible();
    await expect(canvas.getByText('Gold member: 120 more points to Platinum.')).toBeVisible();
  },
};

/** The same receipt in Filipino, as a customer who chose it gets it: the words translated, money and dates in the shop's locale. */
export const InFilipino: Story = {
  args: { receipt: receiptWithDiscounts, language: 'fil', tier: 'Gold member: 120 points pa para maging Platinum.' },
  play: async ({ canvasElement }) => {
    const canvas = await emailIn(canvasElement, TITLE, 'Heto ang resibo mo');
    await expect(canvas.getByText('Salamat, Maria! Heto ang resibo mo.')).toBeVisible();
    await expect(canvas.getByText('Delivery fee')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Tingnan ang resibo mo' })).toHaveAttribute(
      'href',
      'https://shop.example.com/receipt/r1.KS-7Q2M4K.signature',
    );
  },
};
