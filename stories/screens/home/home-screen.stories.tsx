import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { HomeScreen } from '../../../src/screens/home/home-screen';
import { MemberCard } from '../../../src/screens/profile/member-card';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { featuredRewards, maria, money, newCustomer, NOW, TIME_ZONE } from '../../fixtures/customer';
import { memberCard } from '../../fixtures/members';
import { orderingOf, pausedMakati } from '../../fixtures/locations';
import { navItems } from '../../fixtures/nav';
import { orderAt } from '../../fixtures/orders';
import { pausedCard, stampCards } from '../../fixtures/stamps';
import { tierBean, tiersOff } from '../../fixtures/tiers';
import { FORMAT_CONTROLS, noControls } from '../../fixtures/controls';

/** /home: greeting, points and wallet, the member card, quick actions, latest order, featured rewards, bell. */
const meta = {
  title: 'Screens/Home/Home',
  component: HomeScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  argTypes: {
    ...FORMAT_CONTROLS,
    ...noControls('customer', 'featuredRewards', 'latestOrder', 'ordering', 'stampCards', 'tier', 'nav', 'installPrompt'),
  },
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
    onOpenOffers: fn(),
    onOpenRewards: fn(),
    onOpenOrders: fn(),
    onOpenPoints: fn(),
    onOpenWallet: fn(),
    onOpenMemberCard: fn(),
    onOpenReward: fn(),
    onOpenOrder: fn(),
    onOrderAgain: fn(),
  },
} satisfies Meta<typeof HomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** "Order again" on the latest order (issue 51): named for the order it repeats, and it gives that order. */
export const OrderAgain: Story = {
  tags: ['!screen'],
  args: { latestOrder: orderAt('completed') },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: `Order again: order ${orderAt('completed').name}` }));
    await expect(args.onOrderAgain).toHaveBeenCalledWith(orderAt('completed'));
  },
};

/**
 * The high-contrast theme whatever the toolbar says (`parameters.theme`): a bright yellow brand, so text on
 * it turns black and brand ink darkens; screenshot on the phone and the desktop, checked by axe on both.
 */
export const HighContrast: Story = { parameters: { theme: 'contrast' } };

/** Offline (or the orders did not load): Home says they can't be loaded, never "No orders yet". */
export const OrdersUnavailable: Story = {
  args: { latestOrder: null, ordersUnavailable: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Your orders can't be loaded right now/)).toBeVisible();
    await expect(canvas.queryByText(/No orders yet/)).toBeNull();
  },
};

/** Points earned on an order not completed yet: on their way, said under the balance. */
export const PointsOnTheWay: Story = {
  args: { customer: { ...maria, pending_points: 39 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Points/ })).toHaveTextContent('39 points on the way');
  },
};

/**
 * Issue 46: Tab first reaches "Skip to content", shown when focused, which moves focus to the page's
 * content; the bottom navigation comes after the content, not before it.
 */
export const KeyboardSkipLink: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toHaveFocus();
    await expect(skip).toBeVisible();
    await expect(skip.getBoundingClientRect().width).toBeGreaterThan(1);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    const focused = canvasElement.ownerDocument.activeElement!;
    await expect(canvas.getByRole('main').contains(focused)).toBe(true);
    // from the top of the page, the navigation is not the first stop after the skip link
    skip.focus();
    await userEvent.tab();
    await expect(canvas.getByRole('navigation', { name: 'Main' }).contains(canvasElement.ownerDocument.activeElement)).toBe(false);
  },
};

/** Offline: the balances are the app's kept copy, and say when they were read (this morning, and days ago). */
export const OfflineBalances: Story = {
  args: { balancesAsOf: '2026-11-20T01:41:00Z', timeZone: TIME_ZONE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("As of 9:41 AM. Your balances update when you're back online.")).toBeVisible();
  },
};
export const OfflineBalancesOlder: Story = {
  tags: ['!screen'],
  args: { balancesAsOf: '2026-11-17T12:05:00Z', timeZone: TIME_ZONE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^As of Tue, Nov 17, 8:05 PM\./)).toBeVisible();
  },
};

export const Loading: Story = { args: { customer: null, loading: true } };

/** A brand-new customer: no points, no orders, no rewards yet, nothing unread. */
export const Empty: Story = { args: { customer: newCustomer, featuredRewards: [], latestOrder: null, unreadNotifications: 0 } };

export const Error: Story = { args: { customer: null, error: 'The server did not answer. Check your connection.' } };

/**
 * 100 points: the croissant (80) can be redeemed and comes first; the latte is 50 points away, the cake
 * further; the sold-out pandesal is last. Out-of-reach rewards are marked (issue #25).
 */
export const SomeOutOfReach: Story = {
  args: { customer: { ...maria, points: 100 } },
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole('region', { name: 'Rewards for you' })).getAllByRole('listitem');
    await expect(list.map((li) => li.querySelector('.leading-snug')?.textContent)).toEqual([
      'Butter Croissant',
      'Free Iced Latte',
      'Chocolate Kalamansi Cake',
      'Ube Cheese Pandesal',
    ]);
    await expect(list[0]).toHaveTextContent('You can redeem this');
    await expect(list[1]).toHaveTextContent('50 more points to go');
    await expect(list[3]).toHaveTextContent('Out of stock');
  },
};

/** A reward the shop gave no picture: a neutral placeholder of the same size, not an empty box. */
export const RewardWithoutPicture: Story = {
  args: { featuredRewards: featuredRewards.map((r, i) => (i === 1 ? { ...r, image: '' } : r)) },
  play: async ({ canvasElement }) => {
    const tile = within(canvasElement).getByRole('button', { name: /Butter Croissant/ });
    await expect(tile.querySelector('img')).toBeNull();
    await expect(tile.querySelector('[data-placeholder]')).toBeVisible();
  },
};

/**
 * In Filipino (`parameters.language`), with a tier, stamp cards and the shop paused, so that every part
 * of the page speaks it; a screenshot on the phone only.
 */
export const InFilipino: Story = {
  parameters: { language: 'fil', noScreenshotOn: ['desktop'] },
  args: { tier: tierBean, stampCards, ordering: orderingOf(pausedMakati), latestOrder: orderAt('completed') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Hi, Maria' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Mga notification, 3 hindi pa nababasa' })).toBeVisible();
    await expect(canvas.getByText('Hindi muna tumatanggap ng order — babalik ng 2:30 PM')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Ang huling order mo' })).toHaveTextContent('Tapos na');
  },
};

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
    await userEvent.click(canvas.getByRole('button', { name: /Offers for you/ }));
    await expect(args.onOpenOffers).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: /Order KS-20261120-0007/ }));
    await expect(args.onOpenOrder).toHaveBeenCalledWith('KS-20261120-0007');
    await userEvent.click(canvas.getByRole('button', { name: /Free Iced Latte/ }));
    await expect(args.onOpenReward).toHaveBeenCalledWith('free-iced-latte');
  },
};

/** Staff paused online orders (issue 28): the notice says until when; points, wallet and rewards stay. */
export const OrderingPaused: Story = {
  args: { ordering: orderingOf(pausedMakati) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Not taking orders right now — back at 2:30 PM')).toBeVisible();
  },
};

/**
 * The member card opens from Home by keyboard (issue 29), as the container shows it over the page;
 * Escape closes it and focus goes back to the entry.
 */
export const MemberCardByKeyboard: Story = {
  render: function Render(args) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <HomeScreen {...args} onOpenMemberCard={() => setOpen(true)} />
        <MemberCard open={open} onOpenChange={setOpen} card={memberCard} frozen locale={args.locale} />
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const entry = within(canvasElement).getByRole('button', { name: /Member card.*Show at the counter to earn points/ });
    entry.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await body.findByRole('dialog', { name: 'Member card' });
    await expect(dialog).toHaveAccessibleDescription('Show this at the counter to earn points.');
    await waitFor(() => expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(entry).toHaveFocus());
  },
};

/**
 * Stamp cards (issue 29) under the balances, compact: each card's stamps, read as one image, and its
 * summary; Details opens the Points page, where the rest is.
 */
export const StampCards: Story = {
  args: { stampCards: [...stampCards, pausedCard] },
  play: async ({ canvasElement, args }) => {
    const section = within(within(canvasElement).getByRole('region', { name: 'Stamp cards' }));
    await expect(section.getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual(['7 of 10 stamps', '5 of 6 stamps', '3 of 8 stamps']);
    await expect(section.getByText(/^7 of 10/)).toHaveTextContent('7 of 10 stamps — 3 more for a free Latte');
    await expect(section.getByText('Paused for now: your stamps are kept')).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: 'Details' }));
    await expect(args.onOpenPoints).toHaveBeenCalled();
  },
};

/**
 * Issue 30: Bean with its bar to Brew under the balances, and a reward Brew can redeem early, locked
 * for Maria whatever her points ("For Brew and above"), after those she can reach.
 */
export const WithTier: Story = {
  args: {
    tier: tierBean,
    featuredRewards: featuredRewards.map((r) => (r.name === 'chocolate-cake' ? { ...r, early_access: { tier: 'Brew', unlocked: false } } : r)),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Brew' })).toHaveAttribute('aria-valuenow', '380');
    await expect(canvas.getByText('120 more points to Brew')).toBeVisible();
    await expect(canvas.queryByText('What each tier gives')).toBeNull();
    const list = within(canvas.getByRole('region', { name: 'Rewards for you' })).getAllByRole('listitem');
    await expect(list[2]).toHaveTextContent('Chocolate Kalamansi Cake');
    await expect(list[2]).toHaveTextContent('For Brew and above');
  },
};

/** The shop has no tiers: Home is as it was. */
export const TiersOff: Story = {
  tags: ['!screen'],
  args: { tier: tiersOff },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('progressbar')).toBeNull();
    await expect(within(canvasElement).queryByText(/Your tier/)).toBeNull();
  },
};
