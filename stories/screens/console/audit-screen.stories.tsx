import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../src/screens/console/console-layout';
import { AuditScreen } from '../../../src/screens/console/audit-screen';
import { AUDIT, formatTime, OWNER } from '../../fixtures/console';

/** /merchant/audit (owners): every change made in the console, newest first. */
const meta = {
  title: 'Console/Activity',
  component: AuditScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { entries: AUDIT, formatTime, onRetry: fn(), onLoadMore: fn() },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="audit" title="Activity" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <AuditScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof AuditScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

export const Loading: Story = { args: { entries: undefined, loading: true } };

export const LoadError: Story = { args: { entries: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

export const Empty: Story = { args: { entries: [] } };

/** More than one page: older changes on request. */
export const WithOlder: Story = {
  args: { hasMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByText('Before and after')[0]!);
    await expect(canvas.getAllByText(/"role": "owner"/)[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show older changes' }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};
