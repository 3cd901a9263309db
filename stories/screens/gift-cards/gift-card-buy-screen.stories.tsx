import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { GiftCardBuyScreen } from '../../../src/screens/gift-cards/gift-card-buy-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { money, TIME_ZONE } from '../../fixtures/customer';
import { giftCardOptions, sentGiftCards } from '../../fixtures/gift-cards';
import { navItems } from '../../fixtures/nav';

/** /gift-cards (issue 49): an eGift bought from the wallet for someone, and the gifts sent with where each stands. */
const meta = {
  title: 'Screens/Gift cards/Send a gift card',
  component: GiftCardBuyScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    ...money,
    timeZone: TIME_ZONE,
    options: giftCardOptions,
    balance: 248500,
    defaultFromName: 'Ana',
    nav: <BottomNav items={navItems('profile')} />,
    onBuy: fn(),
    onRefund: fn(),
    onRetry: fn(),
    onAnother: fn(),
    onTopUp: fn(),
    onOpenNumber: fn(),
    onBack: fn(),
  },
  argTypes: { options: { control: false }, sent: { control: false }, nav: { control: false }, bought: { control: false } },
} satisfies Meta<typeof GiftCardBuyScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The form: an amount, a design, to a phone number, with the design's message, sent now. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: '₱1,000.00' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Thank you' }));
    await expect(canvas.getByLabelText('Your message')).toHaveValue('Thank you! The next coffee is on me.');
    await userEvent.type(canvas.getByLabelText('Their name'), 'Ben');
    await userEvent.type(canvas.getByLabelText('Their phone number'), '0917 555 0101');
    await userEvent.click(canvas.getByRole('button', { name: 'Pay ₱1,000.00 from my wallet' }));
    await expect(args.onBuy).toHaveBeenCalledWith({
      amount: 100000,
      design: 'thank-you',
      message: 'Thank you! The next coffee is on me.',
      from_name: 'Ana',
      to_name: 'Ben',
      to_phone: '0917 555 0101',
      deliver_at: null,
      payment_method: 'wallet',
    });
  },
};

/** Sent later, by e-mail, with a message of the buyer's own and an amount of their choosing. */
export const Scheduled: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Other amount' }));
    await userEvent.type(canvas.getByLabelText('Amount (PHP)'), '750');
    await userEvent.type(canvas.getByLabelText('Their name'), 'Mia');
    await userEvent.click(canvas.getByRole('radio', { name: 'E-mail' }));
    await userEvent.type(canvas.getByLabelText('Their e-mail address'), 'mia@example.com');
    await userEvent.clear(canvas.getByLabelText('Your message'));
    await userEvent.type(canvas.getByLabelText('Your message'), 'Merry Christmas!');
    await userEvent.click(canvas.getByRole('radio', { name: 'Pick a date and time' }));
    await userEvent.type(canvas.getByLabelText('Date and time'), '2026-12-24T09:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Pay ₱750.00 from my wallet' }));
    await expect(args.onBuy).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 75000, to_email: 'mia@example.com', message: 'Merry Christmas!', deliver_at: '2026-12-24T09:00' }),
    );
  },
};

/** Paid, and on its way; the gifts sent below, one to come, one delivered, one claimed, one refunded. */
export const Bought: Story = {
  args: { bought: sentGiftCards[0], sent: sentGiftCards },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your gift is scheduled')).toBeVisible();
    await expect(canvas.getByText('Claimed')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Refund the gift card for Ben' }));
    await expect(args.onRefund).toHaveBeenCalledWith(41);
    await expect(canvas.queryByRole('button', { name: 'Refund the gift card for Lito' })).toBeNull();
  },
};

/**
 * The shop takes online payments: the buyer may pay on the payment page instead; a card paid so waits for
 * its payment ("Waiting for payment"), and one whose payment was declined is never sent ("Payment failed").
 */
export const PayOnline: Story = {
  args: {
    onlinePayments: true,
    sent: [
      { ...sentGiftCards[1]!, id: 46, to_name: 'Carlo', state: 'awaiting_payment', delivered_at: null },
      { ...sentGiftCards[1]!, id: 45, to_name: 'Rina', state: 'payment_failed', delivered_at: null },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Waiting for payment')).toBeVisible();
    await expect(canvas.getByText('Payment failed')).toBeVisible();
    // neither can be refunded: nothing was paid
    await expect(canvas.queryByRole('button', { name: /^Refund the gift card/ })).toBeNull();
    await userEvent.type(canvas.getByLabelText('Their name'), 'Ben');
    await userEvent.type(canvas.getByLabelText('Their phone number'), '0917 555 0101');
    await userEvent.click(canvas.getByRole('radio', { name: 'Online payment' }));
    await expect(canvas.queryByText(/Your wallet:/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Pay ₱500.00 online' }));
    await expect(args.onBuy).toHaveBeenCalledWith(expect.objectContaining({ amount: 50000, to_name: 'Ben', payment_method: 'gateway' }));
  },
};

/** The wallet is short: said plainly, with the way to top up. */
export const NotEnoughMoney: Story = {
  args: { balance: 12000, buyError: { message: 'Your wallet balance is too low for this order. Top up and try again.' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Top up' }));
    await expect(args.onTopUp).toHaveBeenCalled();
  },
};

/** A number typed: a typo is caught before any look-up; a good one opens the card, however it was typed. */
export const AddByNumber: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Gift card number');
    await userEvent.type(field, '0123-4567-89AB-CDEF-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Add it' }));
    await expect(canvas.getByText('The number has a typo: check each character against the card.')).toBeVisible();
    await expect(args.onOpenNumber).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'o123 4567 89ab cdef 8');
    await userEvent.click(canvas.getByRole('button', { name: 'Add it' }));
    await expect(args.onOpenNumber).toHaveBeenCalledWith('0123456789ABCDEF8');
  },
};

/** The shop does not sell gift cards now. */
export const NotOnSale: Story = { args: { options: { ...giftCardOptions, enabled: false } } };

export const Loading: Story = { args: { options: undefined, loading: true } };

export const Error: Story = { args: { options: undefined, error: 'The server did not answer. Check your connection.' } };
