import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { OrdersBoardScreen } from '../../../../src/screens/console/board/orders-screen';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';
import { BOARD_AT_LOCATIONS, LOCATIONS, POBLACION } from '../../../fixtures/console-locations';
import { AWAITING, BOARD, BOARD_NOW, BOARD_WITH_OPTIONS, DONE } from '../../../fixtures/counter';

/** /merchant/orders (staff and owners): the open orders, live, one tap to move each on. */
const meta = {
  title: 'Console/Orders/Orders board',
  component: OrdersBoardScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    orders: BOARD,
    done: DONE,
    now: BOARD_NOW,
    onAdvance: fn(),
    onCancel: fn(),
    onCancelOpen: fn(),
    onRetry: fn(),
    sound: false,
    onSoundChange: fn(),
    ticketHref: (name: string) => `/merchant/orders/${name}/ticket`,
    locale: 'en-PH',
    currency: 'PHP',
    timeZone: 'Asia/Manila',
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={STAFF_MEMBER} current="orders" title="Orders" onSignOut={fn()} onSignOutEverywhere={fn()} wide>
      <OrdersBoardScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof OrdersBoardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  // its play function focuses what the layout places: each screenshot pair plays it again
  parameters: { screenshotReplay: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Start preparing — order K7Q2MX' }));
    await expect(args.onAdvance).toHaveBeenCalledWith(BOARD[0]);
    // a delivery shows where to, with a map link
    await expect(canvas.getByRole('link', { name: /Open in maps \(order H3VB9T/ })).toHaveAttribute('href', expect.stringContaining('Jupiter%20Street'));
    // where the four columns do not fit (a phone), Ready is a tab away
    const tabs = canvas.queryByRole('tablist', { name: 'Orders by status' });
    if (tabs) await userEvent.click(within(tabs).getByRole('tab', { name: /^Ready/ }));
    await expect(canvas.getByRole('list', { name: 'Ready orders' })).toHaveTextContent('Liza');
  },
};

/**
 * A tablet upright at the counter (820 × 1180, screenshot too): the four columns do not fit beside the
 * console's menu, so the board shows one at a time under tabs that count the orders in each, instead of
 * a stack four columns long; an order number never breaks across lines.
 */
export const TabletUpright: Story = {
  parameters: { screenshotViewports: ['tablet'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // one card per order whatever the layout; the order numbers are whole
    for (const o of BOARD) {
      const number = canvas.getAllByText(o.name, { selector: 'h3 span' })[0]!;
      await expect(getComputedStyle(number).whiteSpace).toBe('nowrap');
    }
    const tabs = canvas.queryByRole('tablist', { name: 'Orders by status' });
    if (tabs) {
      await userEvent.click(within(tabs).getByRole('tab', { name: /Ready/ }));
      await expect(within(tabs).getByRole('tab', { name: /Ready/ })).toHaveAttribute('aria-selected', 'true');
      await expect(canvas.getByRole('list', { name: 'Ready orders' })).toBeVisible();
      await expect(canvas.queryByRole('list', { name: 'New orders' })).toBeNull();
    }
  },
};

/** The demo moves orders on by itself (DEMO_ORDER_PROGRESS): the board says so, lest staff wonder who did. */
export const DemoProgress: Story = { args: { demoProgress: { step_seconds: 45 } } };

/** An order that came in while the board was open: highlighted and announced. */
export const NewOrder: Story = { args: { fresh: new Set(['K7Q2MX']), announcement: 'New order K7Q2MX for Ana', sound: true } };

export const Loading: Story = { args: { orders: undefined, done: undefined, loading: true } };

export const LoadError: Story = { args: { orders: undefined, done: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

/** The board had loaded; a refresh failed: the orders stay, with a note. */
export const RefreshFailed: Story = { args: { error: 'We could not reach the server.' } };

export const NoOpenOrders: Story = { args: { orders: [], done: [] } };

/**
 * Orders placed with a card payment not made yet: listed apart as "Awaiting payment", with their pickup
 * time and until when they hold it; nothing to tap (they are not to be made yet), no ticket.
 */
export const AwaitingPayment: Story = {
  args: { awaiting: AWAITING },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(canvas.getByRole('list', { name: 'Orders awaiting payment' }));
    await expect(list.getAllByText('Awaiting payment')).toHaveLength(2);
    await expect(list.getByText('Pickup 10:45 AM')).toBeVisible();
    await expect(list.getByText('Held until 10:36 AM')).toBeVisible();
    await expect(list.getByText('Delivery')).toBeVisible();
    await expect(list.queryAllByRole('button')).toHaveLength(0);
    await expect(list.queryAllByRole('link')).toHaveLength(0);
    await expect(canvas.getByRole('region', { name: /Awaiting payment/ })).toBeVisible();
  },
};

/** Nothing paid to make, one order still awaiting its payment (its hold over, about to be let go). */
export const OnlyAwaitingPayment: Story = {
  args: { orders: [], done: [], awaiting: [{ ...AWAITING[0]!, hold_until: '2026-11-20T02:29:00.000Z' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No open orders')).toBeVisible();
    await expect(within(canvas.getByRole('list', { name: 'Orders awaiting payment' })).getByText('Hold over: being let go')).toBeVisible();
  },
};

/** A move another counter made first: refused, said on the card. */
export const MoveRefused: Story = {
  args: { defaultColumn: 'preparing', actionError: { name: 'D8RW2C', message: 'Order D8RW2C is ready already: someone moved it a moment ago.' } },
};

/** Cancelling asks why; the reason goes to the customer and the log. */
export const Cancel: Story = {
  args: { cancelling: 'H3VB9T' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order H3VB9T?' }));
    await expect(dialog.getByText(/to the card they paid with/)).toBeVisible();
    // a paid order's points are still waiting: nothing was given, so nothing is "taken back"
    await expect(dialog.getByText(/The points waiting for this order won’t be given\./)).toBeVisible();
    await expect(dialog.queryByText(/taken back/)).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel and refund' }));
    await expect(await dialog.findByText(/Say why/)).toBeVisible();
    await expect(args.onCancel).not.toHaveBeenCalled();
    await userEvent.type(dialog.getByLabelText('Reason'), 'Out of oat milk');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel and refund' }));
    await expect(args.onCancel).toHaveBeenCalledWith(BOARD[1], 'Out of oat milk');
  },
};

/** An order whose points were never recorded (points_state none): the dialog says nothing of points. */
export const CancelBeforePoints: Story = {
  args: { cancelling: 'H3VB9T', orders: BOARD.map((o) => (o.name === 'H3VB9T' ? { ...o, points_state: 'none' as const } : o)) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order H3VB9T?' }));
    await expect(dialog.getByText(/to the card they paid with/)).toBeVisible();
    await expect(dialog.queryByText(/points/)).toBeNull();
  },
};

/** An order from before pending points, its points given at payment (points_state given): they are taken back. */
export const CancelGivenPoints: Story = {
  args: { cancelling: 'H3VB9T', orders: BOARD.map((o) => (o.name === 'H3VB9T' ? { ...o, points_state: 'given' as const } : o)) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order H3VB9T?' }));
    await expect(dialog.getByText(/The points it gave are taken back\./)).toBeVisible();
    await expect(dialog.queryByText(/won’t be given/)).toBeNull();
  },
};

export const CancelRefused: Story = {
  args: { cancelling: 'K7Q2MX', actionError: { name: 'K7Q2MX', message: 'Order K7Q2MX is completed already and cannot be cancelled.' } },
};

/** Drinks with options (issue #27): what to make under each item, as large as its name, for the counter. */
export const WithOptions: Story = {
  args: { orders: BOARD_WITH_OPTIONS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Items of order K7Q2MX' })).toHaveTextContent('Large · Oat milk');
  },
};

/**
 * An owner's board of both locations, earliest due first: each pickup's time large in its location's
 * zone, the location named on each card, an order not picked up 15 minutes after its slot flagged in
 * words; Makati's pause menu one tap from each choice, Poblacion paused.
 */
export const AtLocations: Story = {
  // its play function focuses what the layout places: each screenshot pair plays it again
  parameters: { screenshotReplay: true },
  args: { orders: BOARD_AT_LOCATIONS, locations: LOCATIONS, locationId: null, canChooseAll: true, onLocationChange: fn(), onPause: fn() },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="orders" title="Orders" onSignOut={fn()} onSignOutEverywhere={fn()} wide>
      <OrdersBoardScreen {...args} />
    </ConsoleLayout>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Open until 11:30 AM').parentElement).toHaveTextContent('Makati: Open until 11:30 AM');
    await expect(canvas.getByText('Poblacion: Online orders paused until 2:30 PM')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Pause online orders at Makati' }));
    const choices = within(canvas.getByRole('group', { name: 'Pause online orders at Makati for' }));
    await expect(choices.getByRole('button', { name: '15 minutes' })).toHaveFocus();
    await userEvent.click(choices.getByRole('button', { name: '30 minutes' }));
    await expect(args.onPause).toHaveBeenCalledWith(1, '30_minutes');
    await userEvent.selectOptions(canvas.getByLabelText('Orders of'), 'Makati');
    await expect(args.onLocationChange).toHaveBeenCalledWith(1);
    // where the four columns do not fit (a phone), New is the tab shown
    const fresh = within(canvas.getByRole('list', { name: 'New orders' }));
    await expect(fresh.getByText('Pickup 12:30 PM')).toBeVisible();
    await expect(fresh.getByText('Poblacion')).toBeVisible();
    const tabs = canvas.queryByRole('tablist', { name: 'Orders by status' });
    if (tabs) await userEvent.click(within(tabs).getByRole('tab', { name: /^Ready/ }));
    const ready = within(canvas.getByRole('list', { name: 'Ready orders' }));
    await expect(ready.getByText('Not picked up')).toBeVisible();
    await expect(ready.getByText('Pickup 10:00 AM')).toBeVisible();
  },
};

/** One location's board while its online orders are paused: a banner saying until when, and Resume now. */
export const Paused: Story = {
  args: {
    orders: BOARD_AT_LOCATIONS.filter((o) => o.location?.id === POBLACION.id),
    locations: LOCATIONS,
    locationId: POBLACION.id,
    onLocationChange: fn(),
    onPause: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Online orders paused until 2:30 PM')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Resume now' }));
    await expect(args.onPause).toHaveBeenCalledWith(POBLACION.id, 'resume');
  },
};

/** An order with a tip (issue 51): the card says so beside its total. */
export const WithTip: Story = {
  args: { orders: [{ ...BOARD[0]!, tip: 2_000, total: BOARD[0]!.total + 2_000 }, ...BOARD.slice(1)] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/\(tip/)).toHaveTextContent('(tip ₱20.00)');
  },
};

/** A dine-in order (issue 54): its table called out on the card, "Served" to finish it. */
export const DineIn: Story = {
  args: { orders: [{ ...BOARD[0]!, fulfilment: 'dine_in', pickup_at: null, pickup_late: false, address: null, table_label: '12' }, ...BOARD.slice(1)] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Table 12')).toBeVisible();
    await expect(page.getAllByText('Dine in')[0]).toBeVisible();
  },
};

/** A table's order to be paid at the counter (issue 54): made at once, its badge with what to take, and the till's two buttons. */
const AT_COUNTER = {
  ...BOARD[0]!,
  fulfilment: 'dine_in' as const,
  payment_method: 'counter' as const,
  counter_due: 24_500,
  total: 24_500,
  paid_at: null,
  pickup_at: null,
  pickup_late: false,
  address: null,
  table_label: '7',
};
export const PayAtCounter: Story = {
  args: { orders: [AT_COUNTER, ...BOARD.slice(1)], onMarkPaid: fn() },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText(/^Pay at counter ·/)).toHaveTextContent('Pay at counter · ₱245.00');
    await userEvent.click(page.getByRole('button', { name: `Paid in cash — order ${AT_COUNTER.name}` }));
    await expect(args.onMarkPaid).toHaveBeenCalledWith(expect.objectContaining({ name: AT_COUNTER.name }), 'cash');
  },
};
