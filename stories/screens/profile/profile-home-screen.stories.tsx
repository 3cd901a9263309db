import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ProfileHomeScreen } from '../../../src/screens/profile/profile-home-screen';
import { YourData } from '../../../src/screens/profile/your-data';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { customer, customerUnverified, customerWithoutEmail } from '../../fixtures/profile';
import { TIME_ZONE } from '../../fixtures/customer';
import { tierBrewNotice } from '../../fixtures/tiers';
import { deletionStatus } from '../../fixtures/privacy';

/** /profile/home: who the customer is, their balances and the way to every profile page. */
const meta = {
  title: 'Screens/Profile/Profile home',
  component: ProfileHomeScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
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
    name: { onOpenChange: fn(), onSave: fn() },
    birthday: { treat: true, onOpenChange: fn(), onSave: fn(), onRemove: fn() },
    yourData: <YourData status={deletionStatus} currency="PHP" locale="en-PH" onDownload={fn()} onDeleteOpenChange={fn()} onDelete={fn()} />,
    onLogout: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof ProfileHomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // "Your data" after Settings, before Log out
    const yourData = canvas.getByRole('region', { name: 'Your data' });
    await expect(canvas.getByRole('region', { name: 'Settings' }).compareDocumentPosition(yourData) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(yourData.compareDocumentPosition(canvas.getByRole('button', { name: 'Log out' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(within(yourData).getByRole('button', { name: 'Download my data' })).toBeVisible();
    // the phone number grouped for reading, not as stored (+639…)
    await expect(canvas.getByText(/^\+63 9\d\d \d{3} \d{4}$/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Notifications 2 unread/ }));
    await expect(args.onOpenNotifications).toHaveBeenCalledTimes(1);
    // no birthday yet: the card offers to add one
    await expect(canvas.getByRole('heading', { name: 'Birthday: not added yet' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add birthday' }));
    await expect(args.birthday?.onOpenChange).toHaveBeenCalledWith(true);
    // the name can be changed here
    await userEvent.click(canvas.getByRole('button', { name: 'Edit name' }));
    await expect(args.name?.onOpenChange).toHaveBeenCalledWith(true);
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

/** Changing the name: the form open with the name as saved; an empty or too long name is refused before anything is sent. */
export const EditingName: Story = {
  args: { name: { open: true, onOpenChange: fn(), onSave: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: 'Your name' }));
    const field = form.getByRole('textbox', { name: 'Your name' });
    await expect(field).toHaveValue(customer.name);
    await expect(field).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: 'Edit name' })).toBeNull();
    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    await userEvent.click(form.getByRole('button', { name: 'Save name' }));
    await expect(form.getByText('Enter your name.')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'x'.repeat(81));
    await userEvent.click(form.getByRole('button', { name: 'Save name' }));
    await expect(form.getByText('Your name can be at most 80 characters.')).toBeVisible();
    await expect(args.name?.onSave).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '  Ana Reyes  ');
    await userEvent.click(form.getByRole('button', { name: 'Save name' }));
    await expect(args.name?.onSave).toHaveBeenCalledWith('Ana Reyes');
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await expect(args.name?.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** The provider refused the name (its words after the field's name), and a failure that is no field's. */
export const NameRefused: Story = {
  args: { name: { open: true, onOpenChange: fn(), onSave: fn(), fieldError: 'must be at most 80 characters' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Name must be at most 80 characters.')).toBeVisible();
  },
};

/** Adding a birthday: the form open and empty, each field labelled, the year optional. */
export const BirthdayEmpty: Story = {
  args: { birthday: { treat: true, open: true, onOpenChange: fn(), onSave: fn(), onRemove: fn() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: 'Your birthday' }));
    await expect(canvas.getByText("We'll send you a treat on your birthday.")).toBeVisible();
    await expect(form.getByLabelText('Day')).toHaveValue('');
    await expect(form.getByLabelText('Month')).toHaveValue('');
    await expect(form.getByLabelText('Year (optional)')).toHaveValue('');
    await expect(form.queryByRole('button', { name: 'Remove birthday' })).toBeNull();
  },
};

/** Changing a birthday: the form filled; a day April does not have is refused before anything is sent. */
export const BirthdayFilled: Story = {
  args: {
    customer: { ...customer, birthday: { day: 14, month: 3, year: 1990 } },
    birthday: { treat: true, open: true, onOpenChange: fn(), onSave: fn(), onRemove: fn() },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Birthday: 14 March 1990' })).toBeVisible();
    const form = within(canvas.getByRole('form', { name: 'Your birthday' }));
    await userEvent.selectOptions(form.getByLabelText('Day'), '31');
    await userEvent.selectOptions(form.getByLabelText('Month'), 'April');
    await userEvent.click(form.getByRole('button', { name: 'Save birthday' }));
    await expect(await form.findByText('The day must be at most 30: April has 30 days.')).toBeVisible();
    await expect(args.birthday?.onSave).not.toHaveBeenCalled();
    await userEvent.selectOptions(form.getByLabelText('Day'), '30');
    await userEvent.click(form.getByRole('button', { name: 'Save birthday' }));
    await expect(args.birthday?.onSave).toHaveBeenCalledWith({ day: 30, month: 4, year: 1990 });
    await expect(form.queryByText(/April has 30 days/)).toBeNull();
    await expect(form.getByRole('button', { name: 'Remove birthday' })).toBeVisible();
  },
};

/** Issue 46: a birthday 30 days away or less counts from next year, and the form says so as the date is chosen. */
export const BirthdaySoon: Story = {
  args: { birthday: { treat: true, open: true, today: '2026-12-02', onOpenChange: fn(), onSave: fn(), onRemove: fn() } },
  play: async ({ canvasElement, args }) => {
    const form = within(within(canvasElement).getByRole('form', { name: 'Your birthday' }));
    await userEvent.selectOptions(form.getByLabelText('Day'), '20');
    await userEvent.selectOptions(form.getByLabelText('Month'), 'December');
    await expect(form.getByText(/That is in 18 days\. A birthday added 30 days or less before it gets its treat from next year on\./)).toBeVisible();
    // 2 January is 31 days away: this year's treat still comes
    await userEvent.selectOptions(form.getByLabelText('Day'), '2');
    await userEvent.selectOptions(form.getByLabelText('Month'), 'January');
    await expect(form.queryByText(/from next year on/)).toBeNull();
    await userEvent.selectOptions(form.getByLabelText('Day'), '1');
    await expect(form.getByText(/That is in 30 days\./)).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Save birthday' }));
    await expect(args.birthday?.onSave).toHaveBeenCalledWith({ day: 1, month: 1, year: null });
  },
};

/**
 * Issue 30: Brew, with the notice 30 days before its year ends, what each tier gives, and "Invite a
 * friend" among the account's rows, opened by keyboard.
 */
export const WithTier: Story = {
  args: { tier: tierBrewNotice, timeZone: TIME_ZONE, onInviteFriend: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your tier Brew' })).toBeVisible();
    await expect(canvas.getByText('Earn 160 more points by Dec 13, 2026 to keep Brew')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'What each tier gives' })).toBeVisible();
    const invite = canvas.getByRole('button', { name: 'Invite a friend' });
    invite.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onInviteFriend).toHaveBeenCalledTimes(1);
  },
};

/** Offline: the balances are the app's kept copy, and say when they were read, as on Home. */
export const OfflineBalances: Story = {
  args: { balancesAsOf: '2026-11-20T01:41:00Z', now: '2026-11-20T03:00:00Z', timeZone: TIME_ZONE },
  play: async ({ canvasElement }) => {
    const balances = within(within(canvasElement).getByRole('region', { name: 'Balances' }));
    await expect(balances.getByText("As of 9:41 AM. Your balances update when you're back online.")).toBeVisible();
  },
};

/**
 * In Filipino (`parameters.language`), with a tier, a birthday and a friend to invite, so that every part
 * of the page speaks it; a screenshot on the phone only.
 */
export const InFilipino: Story = {
  parameters: { language: 'fil', noScreenshotOn: ['desktop'] },
  args: {
    customer: { ...customer, birthday: { day: 14, month: 3, year: null } },
    tier: tierBrewNotice,
    timeZone: TIME_ZONE,
    onInviteFriend: fn(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Birthday: 14 Marso' })).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Account ko' })).toHaveTextContent('Mag-imbita ng kaibigan');
    await expect(canvas.getByRole('button', { name: 'Mag-log out' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Ang data mo' })).toBeVisible();
  },
};
