import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NotificationsScreen } from '../../../src/screens/profile/notifications-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { giftCardNotices, manyUnread, noNotifications, notificationItems, notifications } from '../../fixtures/notifications';
import { NOW, TIME_ZONE } from '../../fixtures/profile';

/** /profile/notification: newest first, unread marked, a tap opens the link. */
const meta = {
  title: 'Screens/Profile/Notifications',
  component: NotificationsScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    data: notifications,
    now: NOW,
    locale: 'en-PH',
    timeZone: TIME_ZONE,
    nav: <BottomNav items={navItems('profile')} />,
    onOpen: fn(),
    onMarkAllRead: fn(),
    onLoadMore: fn(),
    onBack: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof NotificationsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** A gift card's buyer: told when the card was sent and when it was claimed; a tap opens their gifts. */
export const GiftCardNotices: Story = {
  args: { data: giftCardNotices },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByText('Ben added your gift card'));
    await expect(args.onOpen).toHaveBeenCalledWith(giftCardNotices.items[0]);
  },
};

export const Loading: Story = { args: { data: null, loading: true } };

export const Error: Story = { args: { data: null, error: 'The server did not answer. Check your connection.' } };

export const Empty: Story = { args: { data: noNotifications } };

/** Twelve unread on the first page, 27 in all, and a next page. */
export const ManyUnread: Story = { args: { data: manyUnread } };

export const AllRead: Story = {
  args: { data: { ...notifications, unread: 0, items: notificationItems.map((n) => ({ ...n, read: true })) } },
};

export const MarkingAllRead: Story = { args: { data: manyUnread, markingAllRead: true } };

export const MarkAllRead: Story = {
  args: { data: manyUnread },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mark all as read' }));
    await expect(args.onMarkAllRead).toHaveBeenCalledTimes(1);
  },
};

/** A tap hands the whole notification to the app, which marks it read and follows its link. */
export const OpenNotification: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Your order is on its way/ }));
    await expect(args.onOpen).toHaveBeenCalledWith(notificationItems[0]);
  },
};
