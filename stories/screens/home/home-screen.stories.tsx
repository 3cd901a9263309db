import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HomeScreen } from '../../../src/screens/home/home-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { featuredRewards, maria, money, newCustomer, NOW } from '../../fixtures/customer';
import { navItems } from '../../fixtures/nav';
import { orderAt } from '../../fixtures/orders';

/** /home: greeting, points and wallet, quick actions, latest order, featured rewards, bell. */
const meta = {
  title: 'Screens/Home/Home',
  component: HomeScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
  args: {
    ...money,
    now: NOW,
    customer: maria,
    featuredRewards,
    latestOrder: orderAt('preparing'),
    unreadNotifications: 3,
    nav: <BottomNav items={navItems('home')} />,
    onRetry: fn(),
    onOpenNotifications: fn(),
    onOpenShop: fn(),
    onOpenSpin: fn(),
    onOpenRewards: fn(),
    onOpenOrders: fn(),
    onOpenPoints: fn(),
    onOpenWallet: fn(),
    onOpenReward: fn(),
    onOpenOrder: fn(),
  },
} satisfies Meta<typeof HomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = { args: { customer: null, loading: true } };

/** A brand-new customer: no points, no orders, no rewards yet, nothing unread. */
export const Empty: Story = { args: { customer: newCustomer, featuredRewards: [], latestOrder: null, unreadNotifications: 0 } };

export const Error: Story = { args: { customer: null, error: 'The server did not answer. Check your connection.' } };

/** Many unread notifications are capped at 99+. */
export const ManyUnread: Story = { args: { unreadNotifications: 120, latestOrder: orderAt('on_delivery') } };

/** Every tile is a button with a name; each calls its callback. */
export const Navigation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Hi, Maria' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Notifications, 3 unread' }));
    await expect(args.onOpenNotifications).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Spin and Win' }));
    await expect(args.onOpenSpin).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: /Order KS-20261120-0007/ }));
    await expect(args.onOpenOrder).toHaveBeenCalledWith('KS-20261120-0007');
    await userEvent.click(canvas.getByRole('button', { name: /Free Iced Latte/ }));
    await expect(args.onOpenReward).toHaveBeenCalledWith('free-iced-latte');
  },
};
