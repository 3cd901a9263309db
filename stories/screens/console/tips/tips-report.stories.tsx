import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { TipsReportData } from '#contract/tips';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { TipsReport } from '../../../../src/screens/console/tips/tips-report';
import { OWNER } from '../../../fixtures/console';

const report: TipsReportData = {
  timezone: 'Asia/Manila',
  rows: [
    { day: '2026-11-20', location_id: 2, location: 'Kopi Senja Makati', orders: 12, tips: 48_500 },
    { day: '2026-11-20', location_id: 3, location: 'Kopi Senja Poblacion', orders: 4, tips: 9_000 },
    { day: '2026-11-19', location_id: 2, location: 'Kopi Senja Makati', orders: 9, tips: 31_250 },
  ],
  total: 88_750,
};

/** /merchant/tips, its report (owners; issue 51): the tips of paid orders per location and day, in the shop's time zone, with the CSV. */
const meta = {
  title: 'Console/Tips/Report',
  component: TipsReport,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    from: '2026-11-14',
    to: '2026-11-20',
    onPeriodChange: fn(),
    report,
    loading: false,
    error: null,
    onRetry: fn(),
    csvHref: '/api/merchant/export/tips.csv?from=2026-11-14&to=2026-11-20',
    currency: 'PHP',
    locale: 'en-PH',
  },
  argTypes: { report: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="tips" title="Tips" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <TipsReport {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof TipsReport>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A week: the total, each day and location, the CSV; another period is shown when chosen. */
export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('₱887.50')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tips per day and location' })).toHaveTextContent(/Kopi Senja Poblacion\s*4\s*₱90\.00/);
    await expect(page.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute('href', args.csvHref);
    const from = page.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-19');
    await userEvent.click(page.getByRole('button', { name: 'Show' }));
    await expect(args.onPeriodChange).toHaveBeenCalledWith('2026-11-19', '2026-11-20');
  },
};

/** Days without a tip. */
export const Empty: Story = { args: { report: { timezone: 'Asia/Manila', rows: [], total: 0 } } };

export const Loading: Story = { tags: ['!screen'], args: { report: undefined, loading: true } };

export const LoadError: Story = { args: { report: undefined, error: 'We could not reach the server.' } };
