import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BottomNav } from '../../src/ui/bottom-nav/bottom-nav';
import { BellIcon } from '../../src/ui/icon/icon';
import { navItems } from '../fixtures/nav';
import { TopBar } from '../../src/ui/top-bar/top-bar';

const meta = {
  title: 'UI/Navigation',
  component: BottomNav,
  parameters: { layout: 'fullscreen' },
  args: { items: navItems('home') },
} satisfies Meta<typeof BottomNav>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BottomNavigation: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getAllByRole('link')).toHaveLength(5);
  },
};

/** The app passes its router's Link through renderLink; the primitive never imports the router. */
export const WithRenderLink: Story = {
  args: {
    items: navItems('rewards'),
    renderLink: ({ children, ...props }) => (
      <a {...props} data-router-link="">
        {children}
      </a>
    ),
  },
};

export const TopBarWithBack: StoryObj<typeof TopBar> = {
  args: { title: 'Order #KS-1042', onBack: fn() },
  render: (args) => <TopBar {...args} />,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

export const TopBarWithActions: StoryObj<typeof TopBar> = {
  args: {
    title: 'Kopi Senja',
    right: (
      <a href="/profile/notification" aria-label="Notifications" className="inline-flex size-11 items-center justify-center rounded-full text-ink">
        <BellIcon />
      </a>
    ),
  },
  render: (args) => <TopBar {...args} />,
};
