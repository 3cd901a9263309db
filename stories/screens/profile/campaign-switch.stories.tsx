import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CampaignSwitch } from '../../../src/screens/profile/campaign-switch';

/**
 * The profile's "Offers and reminders" (automatic campaigns, issue 31): one switch for all of the
 * shop's campaign messages, in the app, by push and by e-mail; the e-mails' unsubscribe link turns the
 * same off.
 */
const meta = {
  title: 'Screens/Profile/Offers and reminders',
  component: CampaignSwitch,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'padded', pseudoCheck: true },
  args: { subscribed: true, onChange: fn() },
  decorators: [(Story) => <div className="mx-auto max-w-xl">{Story()}</div>],
} satisfies Meta<typeof CampaignSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On (the default): turning it off asks for none. */
export const On: Story = {
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Send me offers and reminders' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await expect(args.onChange).toHaveBeenCalledWith(false);
  },
};

/** Off (here, or from an e-mail's link): turning it on again. */
export const Off: Story = {
  args: { subscribed: false },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Send me offers and reminders' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard('{Tab}');
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenCalledWith(true);
  },
};

/** Saving: the switch waits. */
export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch')).toBeDisabled();
  },
};

/** The choice is still being read. */
export const Loading: Story = {
  args: { subscribed: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your choice' })).toBeVisible();
    await expect(within(canvasElement).queryByRole('switch')).toBeNull();
  },
};

/** Reading or saving failed: the reason under the section. */
export const Error: Story = {
  args: { subscribed: null, error: "We couldn't reach the shop. Please try again." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent("couldn't reach the shop");
  },
};

/** Offline, never read (the app keeps no copy of it): no error box, the offline line says why; it shows when back. */
export const Offline: Story = {
  args: { subscribed: null, unavailable: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Your choice shows when you're back online.")).toBeVisible();
    await expect(canvas.queryByText("That didn't work")).toBeNull();
    await expect(canvas.queryByRole('status', { name: 'Loading your choice' })).toBeNull();
  },
};
