import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { formatMoney } from '#contract/money';
import { DashboardChart, type ChartSeries } from '../../../../src/screens/console/dashboard/dashboard-chart';
import { compactMoney } from '../../../../src/screens/console/dashboard/chart-axis';
import { DASHBOARD_30D, DASHBOARD_QUIET_WEEK } from '../../../fixtures/editors';

/**
 * The dashboard's charts on their own (the dashboard's screenshots show its top): counts on whole-number
 * axes, a legend that gives every line's total without hovering, series that compare sharing one scale,
 * what went back (refunds, cancellations, points taken back) as dashed and dotted lines.
 */
const money = (n: number) => formatMoney(n, 'PHP', 'en-PH');
const count = (n: number) => n.toLocaleString('en-PH');
const dayLabel = (day: string) => new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const SCALES = { orders: { whole: true }, points: { whole: true } };

function sales(series: typeof DASHBOARD_30D.series): ChartSeries[] {
  return [
    { label: 'Revenue', values: series.map((d) => d.revenue), color: '--color-brand', scale: 'money', format: money, axisFormat: compactMoney('PHP', 'en-PH') },
    { label: 'Refunds', values: series.map((d) => d.refunds), color: '--color-danger', kind: 'line', pattern: 'dashed', scale: 'money', format: money },
    { label: 'Orders', values: series.map((d) => d.orders), color: '--color-accent', kind: 'line', scale: 'orders', format: count },
    {
      label: 'Cancelled orders',
      values: series.map((d) => d.cancelled_orders),
      color: '--color-warning',
      kind: 'line',
      pattern: 'dotted',
      scale: 'orders',
      format: count,
    },
  ];
}

function points(series: typeof DASHBOARD_30D.series): ChartSeries[] {
  return [
    { label: 'Points issued', values: series.map((d) => d.points_issued), color: '--color-brand', scale: 'points', format: count },
    { label: 'Points redeemed', values: series.map((d) => d.points_redeemed), color: '--color-accent', kind: 'line', scale: 'points', format: count },
    {
      label: 'Points taken back',
      values: series.map((d) => d.points_taken_back),
      color: '--color-danger',
      kind: 'line',
      pattern: 'dashed',
      scale: 'points',
      format: count,
    },
  ];
}

const meta = {
  title: 'Console/Dashboard/Dashboard chart',
  component: DashboardChart,
  tags: ['screen', 'console'],
  parameters: { layout: 'padded', console: true },
  args: {
    title: 'Revenue and orders',
    days: DASHBOARD_30D.series.map((d) => d.day),
    dayLabel,
    series: sales(DASHBOARD_30D.series),
    scales: SCALES,
  },
} satisfies Meta<typeof DashboardChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Thirty days of revenue, refunds, orders and cancellations; the legend gives the period's totals. */
export const RevenueAndOrders: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Over the period')).toBeVisible();
    const totalOrders = DASHBOARD_30D.series.reduce((n, d) => n + d.orders, 0);
    const legend = canvas.getByText('Over the period').parentElement!;
    await expect(legend).toHaveTextContent(`Orders${count(totalOrders)}`);
    await expect(legend).toHaveTextContent(`Refunds${money(DASHBOARD_30D.series.reduce((n, d) => n + d.refunds, 0))}`);
  },
};

/** A quiet week: one to three orders a day, counted in whole orders on the axis. */
export const QuietWeek: Story = {
  args: { days: DASHBOARD_QUIET_WEEK.series.map((d) => d.day), series: sales(DASHBOARD_QUIET_WEEK.series) },
};

/** Points issued, redeemed and taken back on one scale. */
export const PointsOnOneScale: Story = {
  args: { title: 'Points issued, redeemed and taken back', series: points(DASHBOARD_30D.series) },
};

/** The chart as a table, for everyone: each day, then the totals. */
export const AsTable: Story = {
  args: { days: DASHBOARD_QUIET_WEEK.series.map((d) => d.day), series: sales(DASHBOARD_QUIET_WEEK.series) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show as a table' }));
    const table = canvas.getByRole('table', { name: 'Revenue and orders, day by day' });
    await expect(table).toBeVisible();
    const total = within(table).getByRole('row', { name: /^Total/ });
    await expect(total).toHaveTextContent('Total');
    await expect(within(total).getAllByRole('cell')[2]).toHaveTextContent('10');
  },
};
