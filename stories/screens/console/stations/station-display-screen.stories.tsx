import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { StationTicket, StationTicketsData } from '#contract/stations';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { StationDisplayScreen } from '../../../../src/screens/console/stations/station-display-screen';
import { STAFF_MEMBER } from '../../../fixtures/console';

const NOW = '2026-11-20T02:30:00.000Z';
const minutesAgo = (m: number) => new Date(Date.parse(NOW) - m * 60_000).toISOString();
const ticket = (order: string, name: string, waited: number, lines: StationTicket['lines'], table: string | null = null): StationTicket => ({
  order,
  status: 'preparing',
  fulfilment: 'pickup',
  placed_at: minutesAgo(waited + 1),
  paid_at: minutesAgo(waited),
  pickup_at: null,
  pickup_name: name,
  table_label: table,
  lines,
});
const line = (id: number, name: string, qty = 1, options: string[] = [], bumped = false): StationTicket['lines'][number] => ({
  id,
  name,
  qty,
  options: options.map((o) => ({ group: 'Choice', name: o, price_delta: 0 })),
  bumped_at: bumped ? minutesAgo(0) : null,
});
const BUSY: StationTicketsData = {
  station: { id: 1, name: 'Bar', late_minutes: 10 },
  server_time: NOW,
  tickets: [
    ticket('K7Q2MX', 'Maria', 3, [line(1, 'Spanish latte', 2, ['Large', 'Oat milk']), line(2, 'Cold brew', 1, [], true)]),
    ticket('H3VB9T', 'Joseph', 2, [line(3, 'Ube latte')]),
    ticket('P9ZK4D', 'Liza', 1, [line(4, 'Matcha latte', 1, ['Less sweet']), line(5, 'Calamansi honey cooler')]),
    ticket('M2WQ7R', 'Grace', 0, [line(6, 'Cappuccino', 3)]),
  ],
};
const LATE: StationTicketsData = {
  ...BUSY,
  tickets: [
    ticket('A1LATE', 'Andrea', 14, [line(7, 'Iced latte', 2)]),
    ticket('B2SOON', 'Paolo', 6, [line(8, 'Tsokolate')]),
    ticket('C3FRSH', 'Nina', 1, [line(9, 'Mango fruit tea')]),
  ],
};

/**
 * /merchant/stations/:id/display: a station's screen for a tablet, big type, tap to bump. Screenshot on a
 * tablet on its side, as it hangs in a kitchen, and a desktop; never used on a phone.
 */
const meta = {
  title: 'Console/Stations/Station screen',
  component: StationDisplayScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true, screenshotViewports: ['tablet-landscape'], noScreenshotOn: ['phone'] },
  args: {
    data: BUSY,
    now: NOW,
    onRetry: fn(),
    onTap: fn(),
    undoLabel: null,
    onUndo: fn(),
    muted: false,
    onMutedChange: fn(),
  },
  argTypes: { data: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={STAFF_MEMBER} current="stations" title="Station" onSignOut={fn()} onSignOutEverywhere={fn()} wide>
      <StationDisplayScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof StationDisplayScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Four tickets, oldest first: an item bumped by a tap, a whole ticket by its header, the sound muted. */
export const Busy: Story = {
  args: { undoLabel: 'make again an item of K7Q2MX' },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const tickets = page.getByRole('list', { name: 'Bar tickets, oldest first' });
    await expect(
      within(tickets)
        .getAllByRole('listitem')
        .filter((li) => li.parentElement === tickets),
    ).toHaveLength(4);
    await userEvent.click(page.getByRole('button', { name: /2 × Spanish latte/ }));
    await expect(args.onTap).toHaveBeenCalledWith(BUSY.tickets[0], 1);
    await expect(page.getByRole('button', { name: /1 × Cold brew/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(page.getByRole('button', { name: /Bump all of H3VB9T for Joseph, waiting 2 minutes/ }));
    await expect(args.onTap).toHaveBeenCalledWith(BUSY.tickets[1], null);
    await userEvent.click(page.getByRole('button', { name: 'Undo: make again an item of K7Q2MX' }));
    await expect(args.onUndo).toHaveBeenCalled();
    await userEvent.click(page.getByRole('button', { name: 'Sound on' }));
    await expect(args.onMutedChange).toHaveBeenCalledWith(true);
  },
};

/** Nothing to make. */
export const Empty: Story = {
  args: { data: { ...BUSY, tickets: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No tickets')).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: 'Undo' })).toBeDisabled();
  },
};

/** Waiting times past half the station's late minutes (amber) and past them (red). */
export const LateTickets: Story = {
  args: { data: LATE },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('button', { name: /A1LATE for Andrea, waiting 14 minutes \(late\)/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /B2SOON for Paolo, waiting 6 minutes \(getting late\)/ })).toBeVisible();
  },
};

/** A table's order to be paid at the counter (issue 54): made at once, its ticket says so. */
export const PayAtCounter: Story = {
  args: {
    data: {
      ...BUSY,
      tickets: [
        { ...ticket('T7CNTR', 'Ana', 2, [line(10, 'Spanish latte', 2)], '7'), fulfilment: 'dine_in', paid_at: null, counter_due: 24_500 },
        ...BUSY.tickets.slice(1),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Pay at counter')).toBeVisible();
  },
};

/** The network dropped: the last tickets stay, with a notice. */
export const Offline: Story = {
  args: { offline: true, muted: true },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Offline — showing the last tickets')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sound off' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Loading: Story = { tags: ['!screen'], args: { data: undefined, loading: true } };

export const LoadError: Story = { args: { data: undefined, error: 'We could not reach the server.' } };
