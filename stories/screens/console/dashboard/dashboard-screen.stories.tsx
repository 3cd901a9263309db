import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { DashboardScreen } from '../../../../src/screens/console/dashboard/dashboard-screen';
import { OWNER } from '../../../fixtures/console';
import { DASHBOARD_30D, DASHBOARD_7D, DASHBOARD_EMPTY, DASHBOARD_QUIET_WEEK, DASHBOARD_TODAY } from '../../../fixtures/editors';
import { LOCATIONS } from '../../../fixtures/console-locations';

/** /merchant/dashboard (owners): today, 7 or 30 days against the period before, charts with their tables, CSV downloads. */
const meta = {
  title: 'Console/Dashboard/Dashboard',
  component: DashboardScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    period: '30d',
    onPeriodChange: fn(),
    data: DASHBOARD_30D,
    onRetry: fn(),
    locale: 'en-PH',
    currency: 'PHP',
    exportHref: (kind: 'orders' | 'ledger' | 'gift-cards', from: string, to: string) => `/api/merchant/export/${kind}.csv?from=${from}&to=${to}`,
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="dashboard" title="Dashboard" onSignOut={fn()} onSignOutEverywhere={fn()} wide>
      <DashboardScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The last 30 days: figures, the change on the 30 days before, cancellations, refunds and disputes, the
 * money held for customers (wallets, gift cards), two charts whose legends give each line's total without hovering.
 */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // the taxes the period's orders charged, beside their revenue
    const orders = within(canvas.getByRole('region', { name: 'Orders' }));
    await expect(orders.getByText('Tax collected')).toBeVisible();
    const back = within(canvas.getByRole('region', { name: 'Cancellations and refunds' }));
    await expect(back.getByText('Cancelled orders')).toBeVisible();
    await expect(back.getByText('₱379.00 disputed: answer at the payment service')).toBeVisible();
    await expect(canvas.getByText('on cancelled orders; 60 more had been spent and could not be')).toBeVisible();
    // each chart's legend: every line with its total over the period, no hovering needed
    const sales = canvas.getByRole('figure', { name: 'Revenue and orders' });
    for (const label of ['Revenue', 'Refunds', 'Orders', 'Cancelled orders']) await expect(within(sales).getAllByText(label)[0]).toBeVisible();
    await expect(within(sales).getByText('Over the period')).toBeVisible();
    const points = canvas.getByRole('figure', { name: 'Points issued, redeemed and taken back' });
    await expect(within(points).getAllByText('Points taken back')[0]).toBeVisible();
    // the money customers hold: their own in wallets, and the gift cards' balance beside it
    const held = within(canvas.getByRole('region', { name: 'Money held for customers' }));
    await expect(held.getByText('₱38,425.00')).toBeVisible();
    await expect(held.getByText('₱12,687.50')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Gift cards sold (CSV)' })).toHaveAttribute('href', expect.stringContaining('/gift-cards.csv?'));
  },
};

/** A quiet week: the orders axis counts whole orders; a cancellation and its refund drawn as their own lines. */
export const QuietWeek: Story = { args: { period: '7d', data: DASHBOARD_QUIET_WEEK } };

export const LastSevenDays: Story = { args: { period: '7d', data: DASHBOARD_7D } };

/** Today: no charts (one day), the figures against yesterday. */
export const Today: Story = {
  args: { period: 'today', data: DASHBOARD_TODAY },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region', { name: 'Charts' })).toBeNull();
    await expect(canvas.getAllByText(/yesterday$/).length).toBeGreaterThan(0);
  },
};

export const Loading: Story = { args: { data: undefined, loading: true } };

export const LoadError: Story = { args: { data: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

/** A shop that opened today. */
export const Empty: Story = { args: { period: '7d', data: DASHBOARD_EMPTY } };

/** The period by keyboard; each chart as a table; a CSV of chosen days. */
export const PeriodChartsAndExport: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    canvas.getByRole('button', { name: 'Last 7 days' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPeriodChange).toHaveBeenCalledWith('7d');

    const table = canvas.getByRole('table', { name: /Revenue and orders, day by day/ });
    await userEvent.click(canvas.getAllByRole('button', { name: 'Show as a table' })[0]!);
    await expect(table).toBeVisible();
    await expect(table).toHaveTextContent('Nov 23');

    await expect(canvas.getByRole('link', { name: 'Orders (CSV)' })).toHaveAttribute('href', '/api/merchant/export/orders.csv?from=2026-10-25&to=2026-11-23');
    await userEvent.clear(canvas.getByLabelText('From'));
    await userEvent.type(canvas.getByLabelText('From'), '2026-11-30');
    await expect(await canvas.findByText('The end must be on or after the start.')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Orders (CSV)' })).toBeNull();
  },
};

/** Two locations: the figures and both downloads of one, with a word that points, wallet and spins stay shop-wide. */
export const ByLocation: Story = {
  args: {
    locations: LOCATIONS,
    locationId: 1,
    onLocationChange: fn(),
    exportHref: (kind: 'orders' | 'ledger' | 'gift-cards', from: string, to: string) => `/api/merchant/export/${kind}.csv?from=${from}&to=${to}&location_id=1`,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Location')).toHaveAccessibleDescription(/shop-wide/);
    await expect(canvas.getByRole('link', { name: 'Orders (CSV)' })).toHaveAttribute('href', expect.stringContaining('location_id=1'));
    await expect(canvas.getByRole('link', { name: 'Points and wallet entries (CSV)' })).toHaveAttribute('href', expect.stringContaining('location_id=1'));
    await userEvent.selectOptions(canvas.getByLabelText('Location'), 'All locations');
    await expect(args.onLocationChange).toHaveBeenCalledWith(null);
  },
};
