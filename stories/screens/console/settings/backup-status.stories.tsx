import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackupStatus } from '../../../../src/screens/console/settings/backup-status';

/** The settings' backup card (owners): the last backup, and a warning when there is none or it is over two days old. */
const meta = {
  title: 'Console/Settings/Backups',
  component: BackupStatus,
  tags: ['console'],
  parameters: { console: true },
  args: {
    status: { last: { taken_at: '2026-12-02T03:00:04.000Z', bytes: 5_552_191, encrypted: true }, stale: false, schedule: '0 3 * * *' },
  },
} satisfies Meta<typeof BackupStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Recent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/2 Dec 2026, 03:00 UTC/)).toBeInTheDocument();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** Three days without a backup: the warning says what is at risk and what to ask for. */
export const Stale: Story = {
  args: { status: { last: { taken_at: '2026-11-28T03:00:04.000Z', bytes: 5_552_191, encrypted: false }, stale: true, schedule: '0 3 * * *' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('The last backup is more than 2 days old');
  },
};

export const NoneYet: Story = { args: { status: { last: null, stale: true, schedule: null } } };

export const Loading: Story = { args: { status: undefined } };

export const LoadError: Story = { args: { status: undefined, error: 'We could not reach the server. Check your connection and try again.' } };
