import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PushSettings } from '../../../src/screens/profile/push-settings';

/**
 * The profile's "Notifications on this phone" (web push, issue 31): Turn on, the kinds once on (for
 * every phone of the customer), Turn off; the browser's block, the iPhone note. Hidden where push is
 * not set up or the browser has none.
 */
const allOn = { order_status: true, points: true, rewards: true, expiring: true, campaigns: true };

const meta = {
  title: 'Screens/Profile/Push settings',
  component: PushSettings,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'padded', pseudoCheck: true },
  args: { state: 'on', preferences: { ...allOn, campaigns: false }, onTurnOn: fn(), onTurnOff: fn(), onToggle: fn() },
  decorators: [(Story) => <div className="mx-auto max-w-xl">{Story()}</div>],
} satisfies Meta<typeof PushSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On: a switch per kind (offers off here), and Turn off. */
export const Allowed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const switches = canvas.getAllByRole('switch');
    await expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true', 'true', 'false']);
    await userEvent.click(canvas.getByRole('switch', { name: 'Offers' }));
    await expect(args.onToggle).toHaveBeenCalledWith('campaigns', true);
    await userEvent.click(canvas.getByRole('switch', { name: 'Points' }));
    await expect(args.onToggle).toHaveBeenCalledWith('points', false);
    await userEvent.click(canvas.getByRole('button', { name: 'Turn off on this phone' }));
    await expect(args.onTurnOff).toHaveBeenCalledTimes(1);
  },
};

/** A kind being saved: the switches wait. */
export const Saving: Story = {
  args: { savingKind: 'points' },
  play: async ({ canvasElement }) => {
    for (const s of within(canvasElement).getAllByRole('switch')) await expect(s).toBeDisabled();
  },
};

/** Not asked yet on this phone: what it is for, and Turn on. */
export const NotAskedYet: Story = {
  args: { state: 'off', preferences: allOn },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('switch')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on notifications' }));
    await expect(args.onTurnOn).toHaveBeenCalledTimes(1);
  },
};

/** The browser blocks notifications for the shop. */
export const DeniedByTheBrowser: Story = {
  args: { state: 'denied' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Blocked in your browser');
  },
};

/** iPhone Safari outside the installed app. */
export const NeedsTheInstalledApp: Story = {
  args: { state: 'needs-install' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/tap Share, then Add to Home Screen/)).toBeVisible();
  },
};

/** Turning on or saving failed: the reason under the section. */
export const Error: Story = {
  args: { state: 'off', error: 'The app is still getting ready on this phone. Try again in a moment.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Try again in a moment');
  },
};

/** No push here (not set up on the shop, or a browser without it): the section is not shown at all. */
export const Unsupported: Story = {
  // nothing to screenshot
  tags: ['!screen'],
  args: { state: 'hidden' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull();
    await expect(within(canvasElement).queryByText('Notifications on this phone')).toBeNull();
  },
};
