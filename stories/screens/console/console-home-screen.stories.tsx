import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../src/screens/console/console-layout';
import { ConsoleHomeScreen } from '../../../src/screens/console/console-home-screen';
import { OWNER, STAFF_MEMBER } from '../../fixtures/console';

/** /merchant: the console's frame and overview, for each role. */
const meta = {
  title: 'Console/Overview',
  component: ConsoleHomeScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { name: OWNER.name, role: 'owner' },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={{ name: args.name, role: args.role }} current="home" title="Overview" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <ConsoleHomeScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof ConsoleHomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The owner sees every page of the console. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    // on a phone the pages are behind the header's Menu button
    const menu = within(canvasElement).queryByRole('button', { name: 'Menu' });
    if (menu) await userEvent.click(menu);
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Console' }));
    await expect(nav.getByRole('link', { name: 'Staff' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Activity' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Staff do not see the owner's pages (and the provider refuses them anyway). */
export const Staff: Story = {
  args: { name: STAFF_MEMBER.name, role: 'staff' },
  play: async ({ canvasElement }) => {
    // on a phone the pages are behind the header's Menu button
    const menu = within(canvasElement).queryByRole('button', { name: 'Menu' });
    if (menu) await userEvent.click(menu);
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Console' }));
    await expect(nav.queryByRole('link', { name: 'Staff' })).toBeNull();
    await expect(nav.queryByRole('link', { name: 'Activity' })).toBeNull();
    // the counter and the orders board are theirs
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Counter' })).toBeVisible();
  },
};
