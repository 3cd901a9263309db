import type { Meta, StoryObj } from '@storybook/react-vite';
import * as ui from '@react-email/components';
import { render } from '@react-email/render';
import { useEffect, useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { ReceiptEmail, type ReceiptEmailProps } from '../../server/provider/receipts/receipt-email';
import { receipt, receiptWithDiscounts } from '../fixtures/receipts';

/** The e-mail's HTML, rendered by React Email as the provider renders it, in a frame of its own (an e-mail is a whole document). */
function EmailFrame(props: ReceiptEmailProps) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void render(<ReceiptEmail {...props} />).then((h) => live && setHtml(h));
    return () => {
      live = false;
    };
  }, [props]);
  return <iframe title="Receipt e-mail" srcDoc={html ?? ''} className="h-[100dvh] w-full border-0 bg-white" />;
}

/** The frame's document once the e-mail is in it. */
async function emailIn(canvasElement: HTMLElement) {
  const frame = within(canvasElement).getByTitle('Receipt e-mail') as HTMLIFrameElement;
  await waitFor(() => expect(frame.contentDocument?.body?.textContent ?? '').toContain('Here is your receipt'), { timeout: 5000 });
  return within(frame.contentDocument!.body);
}

/**
 * The receipt e-mail (issue 51) as the provider renders it (server/provider/receipts/receipt-email.tsx),
 * rendered to HTML in the browser as the server renders it, in a frame: the same component and props, so what shows is what is sent (its HTML part; the
 * plain-text part is made from it).
 */
const meta = {
  title: 'Emails/Receipt',
  component: ReceiptEmail,
  render: (args) => <EmailFrame {...args} />,
  parameters: { layout: 'fullscreen' },
  args: { ui, receipt, link: 'https://shop.example.com/receipt/r1.KS-7Q2M4K.signature', firstName: 'Maria', tier: null },
  argTypes: { ui: { control: false }, receipt: { control: false } },
} satisfies Meta<typeof ReceiptEmail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A pickup order: its lines, total, payment, points and the link to the receipt page. */
export const Pickup: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await emailIn(canvasElement);
    await expect(canvas.getByText('Thank you, Maria! Here is your receipt.')).toBeVisible();
    await expect(canvas.getByText('2 × Spanish latte')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View your receipt' })).toHaveAttribute('href', 'https://shop.example.com/receipt/r1.KS-7Q2M4K.signature');
  },
};

/** A delivery with options, a voucher, the fee, a tip, and the customer's tier progress. */
export const WithDiscounts: Story = {
  args: { receipt: receiptWithDiscounts, tier: 'Gold member: 120 more points to Platinum.' },
  play: async ({ canvasElement }) => {
    const canvas = await emailIn(canvasElement);
    await expect(canvas.getByText('Discount (₱50 off your next order)')).toBeVisible();
    await expect(canvas.getByText('Gold member: 120 more points to Platinum.')).toBeVisible();
  },
};
