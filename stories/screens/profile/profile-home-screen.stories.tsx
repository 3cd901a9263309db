import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ProfileHomeScreen } from '../../../src/screens/profile/profile-home-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { customer, customerUnverified, customerWithoutEmail } from '../../fixtures/profile';

/** /profile/home: who the customer is, their balances and the way to every profile page. */
const meta = {
  title: 'Screens/Profile/Profile home',
  component: ProfileHomeScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
  args: {
    customer,
    unreadNotifications: 2,
    currency: 'PHP',
    locale: 'en-PH',
    nav: <BottomNav items={navItems('profile')} />,
    onOpenWallet: fn(),
    onOpenPoints: fn(),
    onOpenMemberCard: fn(),
    onOpenNotifications: fn(),
    onOpenOrders: fn(),
    onChangeEmail: fn(),
    onOpenAddresses: fn(),
    onLogout: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof ProfileHomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Notifications 2 unread/ }));
    await expect(args.onOpenNotifications).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = { args: { customer: null, loading: true } };

export const Error: Story = { args: { customer: null, error: 'The server did not answer. Check your connection.' } };

/** Signed up with a phone only: no e-mail, nothing in the wallet, no points. */
export const NewCustomer: Story = { args: { customer: customerWithoutEmail, unreadNotifications: 0 } };

export const ManyUnread: Story = { args: { unreadNotifications: 128 } };

export const LoggingOut: Story = { args: { loggingOut: true } };

/** An address typed but not proved yet: a small mark next to it. */
export const EmailNotVerified: Story = {
  args: { customer: customerUnverified },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('maria.new@example.com')).toBeVisible();
    await expect(canvas.getByText('Not verified')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Change e-mail' }));
    await expect(args.onChangeEmail).toHaveBeenCalledTimes(1);
  },
};

/** A verified address carries no mark. */
export const EmailVerified: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(customer.email!)).toBeVisible();
    await expect(canvas.queryByText('Not verified')).toBeNull();
  },
};
