import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { OrderTicketScreen } from '../../../../src/screens/console/board/order-ticket-screen';
import { STAFF_MEMBER } from '../../../fixtures/console';
import { BOARD, BOARD_WITH_OPTIONS, DONE } from '../../../fixtures/counter';

/** /merchant/orders/:name/ticket: an order's ticket, printed with the browser's Print. */
const meta = {
  title: 'Console/Orders/Order ticket',
  component: OrderTicketScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { order: BOARD[0], shop: 'Kopi Senja', onPrint: fn(), onRetry: fn(), locale: 'en-PH', currency: 'PHP', timeZone: 'Asia/Manila' },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={STAFF_MEMBER} current="orders" title="Orders" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <OrderTicketScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof OrderTicketScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Pickup: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Ticket for order K7Q2MX' })).toHaveTextContent('2 × Cappuccino');
    await userEvent.click(canvas.getByRole('button', { name: 'Print ticket' }));
    await expect(args.onPrint).toHaveBeenCalled();
  },
};

export const Delivery: Story = { args: { order: BOARD[1] } };

export const Cancelled: Story = { args: { order: DONE[1] } };

export const Loading: Story = { args: { order: undefined, loading: true } };

export const LoadError: Story = { args: { order: undefined, error: 'We could not find order ZZZZZZ.' } };

/** A ticket with options (issue #27): each item's options under it, to make it right. */
export const WithOptions: Story = {
  args: { order: BOARD_WITH_OPTIONS[0] },
  play: async ({ canvasElement }) => {
    const ticket = within(canvasElement).getByRole('article', { name: 'Ticket for order K7Q2MX' });
    await expect(ticket).toHaveTextContent('Large · Oat milk');
    await expect(ticket).toHaveTextContent('Regular · Whole milk · Extra shot');
  },
};

/** A reward voucher and a promo code on one order (issue 50): each its own line, so the till can tell them apart. */
export const WithVoucherAndPromoCode: Story = {
  args: {
    order: {
      ...BOARD[0]!,
      discount: 8_350,
      offer: { code: 'KOPI10', title: '10% off this weekend', discount: 3_350 },
      total: 30_150,
    },
  },
  play: async ({ canvasElement }) => {
    const ticket = within(canvasElement).getByRole('article', { name: 'Ticket for order K7Q2MX' });
    await expect(ticket).toHaveTextContent(/Voucher\s*[^\d]*50\.00/);
    await expect(ticket).toHaveTextContent(/Promo code KOPI10\s*[^\d]*33\.50/);
  },
};

/** A ticket with a tip (issue 51): its own line before the total. */
export const WithTip: Story = {
  args: { order: { ...BOARD[0]!, tip: 2_000, total: BOARD[0]!.total + 2_000 } },
  play: async ({ canvasElement }) => {
    const ticket = within(canvasElement).getByRole('article', { name: 'Ticket for order K7Q2MX' });
    await expect(ticket).toHaveTextContent(/Tip\s*[^\d]*20\.00/);
  },
};

/** A table's order to be paid at the counter (issue 54): the ticket says so, with what to take. */
export const PayAtCounter: Story = {
  args: {
    order: {
      ...BOARD[0]!,
      fulfilment: 'dine_in',
      payment_method: 'counter',
      counter_due: 24_500,
      total: 24_500,
      paid_at: null,
      pickup_at: null,
      table_label: '7',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^PAY AT COUNTER ·/)).toHaveTextContent('PAY AT COUNTER · ₱245.00');
  },
};
