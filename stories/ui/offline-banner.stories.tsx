import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AppShell } from '../../src/ui/app-shell/app-shell';
import { BottomNav } from '../../src/ui/bottom-nav/bottom-nav';
import { Card } from '../../src/ui/card/card';
import { OfflineBanner } from '../../src/ui/offline-banner/offline-banner';
import { TopBar } from '../../src/ui/top-bar/top-bar';
import { navItems } from '../fixtures/nav';

/**
 * The connection line the app shows above every page (src/app/connection.tsx): nothing online, a
 * warning offline (the page keeps showing what the phone saved), and a short note when the connection
 * is back. Shown over a page, as in the app. Tagged `screen`: screenshot in every theme × viewport.
 */
const meta = {
  title: 'UI/Offline banner',
  component: OfflineBanner,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
  args: { state: 'online' },
  render: (args) => (
    <>
      <OfflineBanner {...args} />
      <AppShell header={<TopBar title="Shop" />} nav={<BottomNav items={navItems('shop')} />}>
        <Card title="Cappuccino">
          <p className="text-sm text-muted">Double shot, steamed milk.</p>
        </Card>
      </AppShell>
    </>
  ),
} satisfies Meta<typeof OfflineBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnlineHidden: Story = {
  name: 'Online (hidden)',
  play: async ({ canvasElement }) => {
    // the live region stays, empty, so going offline is announced
    await expect(within(canvasElement).getByRole('status')).toBeEmptyDOMElement();
  },
};

export const Offline: Story = {
  args: { state: 'offline' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      "You're offline. Showing what this phone saved. Ordering, top-ups, rewards and spins will work when you're back online.",
    );
  },
};

export const BackOnline: Story = {
  args: { state: 'back-online' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent("You're back online.");
  },
};
