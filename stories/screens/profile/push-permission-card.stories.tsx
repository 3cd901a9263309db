import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PushPermissionCard } from '../../../src/screens/profile/push-permission-card';

/**
 * The order page's offer of notifications (web push, issue 31), after a first order: our explanation
 * first (what we send, Allow / Not now), the browser's prompt only after Allow; then what it answered.
 * Where push is not set up or the browser has none, the order page shows no card at all.
 */
const meta = {
  title: 'Screens/Profile/Push permission card',
  component: PushPermissionCard,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'padded', pseudoCheck: true },
  args: { state: 'explained', onAllow: fn(), onNotNow: fn(), onClose: fn() },
  decorators: [(Story) => <div className="mx-auto max-w-xl">{Story()}</div>],
} satisfies Meta<typeof PushPermissionCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Not asked yet: what we would send, and the two choices; nothing asks the browser before Allow. */
export const Explained: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Get a message when your order is ready' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Not now' }));
    await expect(args.onNotNow).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Allow' }));
    await expect(args.onAllow).toHaveBeenCalledTimes(1);
  },
};

/** Allow tapped: the browser's prompt is open, the buttons wait. */
export const Working: Story = {
  args: { state: 'working' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Turning on…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Not now' })).toBeDisabled();
  },
};

/** Allowed: on, and where to change it. */
export const Allowed: Story = {
  args: { state: 'allowed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Notifications are on');
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** The browser's prompt answered Block: how to undo it, and that the inbox still has everything. */
export const DeniedByTheBrowser: Story = {
  args: { state: 'denied' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent("allow notifications for this site in your browser's settings");
  },
};

/** iPhone Safari outside the installed app: pushes need the app on the Home Screen. */
export const NeedsTheInstalledApp: Story = {
  args: { state: 'needs-install' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Add to Home Screen');
  },
};

/** Turning on failed (the shop's push went off meanwhile, no connection): the reason, and Try again. */
export const Error: Story = {
  args: { state: 'error', error: "This shop doesn't send notifications to phones yet. You'll still find them in the app." },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent("We couldn't turn on notifications");
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onAllow).toHaveBeenCalledTimes(1);
  },
};
