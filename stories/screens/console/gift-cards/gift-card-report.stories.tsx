import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { GiftCardReport } from '../../../../src/screens/console/gift-cards/gift-card-report';
import { OWNER } from '../../../fixtures/console';
import { giftCardReport } from '../../../fixtures/gift-cards';

/**
 * /merchant/gift-cards, its report (owners; issue 49): a period's cards sold, added to wallets, refunded
 * and the gift money spent, in the shop's days; the outstanding gift-card balance now; the cards sold
 * last, their numbers masked to the last four characters.
 */
const meta = {
  title: 'Console/Gift cards/Report',
  component: GiftCardReport,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    from: '2026-11-01',
    to: '2026-11-30',
    onPeriodChange: fn(),
    report: giftCardReport,
    loading: false,
    error: null,
    onRetry: fn(),
    locale: 'en-PH',
  },
  argTypes: { report: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="giftCards" title="Gift cards" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <GiftCardReport {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof GiftCardReport>;
export default meta;
type Story = StoryObj<typeof meta>;

/** November: the figures, what is still owed, the cards sold last; another period is shown when chosen. */
export const Report: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('₱12,687.50')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cards sold in the period' })).toHaveTextContent(/ending W4NE/);
    const from = page.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-15');
    await userEvent.click(page.getByRole('button', { name: 'Show' }));
    await expect(args.onPeriodChange).toHaveBeenCalledWith('2026-11-15', '2026-11-30');
  },
};

/** Days without a sale: the balance still owed, and a line saying none were sold. */
export const NoSales: Story = {
  args: {
    report: {
      ...giftCardReport,
      sold: { count: 0, amount: 0 },
      claimed: { count: 0, amount: 0 },
      refunded: { count: 0, amount: 0 },
      spent: 0,
      recent: [],
    },
  },
};

export const Loading: Story = { tags: ['!screen'], args: { report: undefined, loading: true } };

export const LoadError: Story = { args: { report: undefined, error: 'We could not reach the server.' } };
