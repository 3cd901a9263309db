import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { AuditScreen } from '../../../../src/screens/console/activity/activity-screen';
import { ACTIVITY_FORMAT, AUDIT, formatTime, OWNER, TEAM } from '../../../fixtures/console';

/** /merchant/audit (owners): what happened, newest first, in the owner's words, filtered by person, kind and day. */
const meta = {
  title: 'Console/Activity/Activity',
  component: AuditScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { entries: AUDIT, formatTime, format: ACTIVITY_FORMAT, filter: {}, onFilterChange: fn(), people: TEAM, onRetry: fn(), onLoadMore: fn() },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="audit" title="Activity" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <AuditScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof AuditScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A week: sentences, money as pesos, before and after in words, the attack on an account as a warning. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ben Santos redeemed Free turon for Ana Reyes.')).toBeVisible();
    await expect(canvas.getByText(/rosa@kopisenja.id is being guessed at: 10 wrong passwords in 15 minutes/)).toBeVisible();
    await expect(canvas.getByText('The point-of-sale system (merchant key) changed Spanish latte.')).toBeVisible();
    // money in pesos, never centavos, and no JSON anywhere
    await expect(canvas.getAllByText('₱135.00')[0]).toBeVisible();
    await expect(canvas.queryByText(/[{}"]/)).toBeNull();
  },
};

export const Loading: Story = { args: { entries: undefined, loading: true } };

export const LoadError: Story = { args: { entries: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

export const Empty: Story = { args: { entries: [] } };

/** Filters that match nothing say so, and offer to show everything again. */
export const NothingMatches: Story = { args: { entries: [], filter: { person: 2, kind: 'menu', from: '2026-11-01', to: '2026-11-20' } } };

/** One person, one kind: the owner picks them; the page asks for that. */
export const Filter: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Person'), 'Ben Santos');
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({ person: 2 });
    await userEvent.selectOptions(canvas.getByLabelText('Kind'), 'Counter');
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({ kind: 'counter' });
    await userEvent.selectOptions(canvas.getByLabelText('Person'), 'Point-of-sale system (merchant key)');
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({ person: 'machine' });
  },
};

/** More than one page: older entries on request. */
export const WithOlder: Story = {
  args: { hasMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show older' }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};
