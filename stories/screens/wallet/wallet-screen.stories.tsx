import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WalletScreen } from '../../../src/screens/wallet/wallet-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { TIME_ZONE } from '../../fixtures/profile';
import { walletBalance, walletEntries } from '../../fixtures/wallet';
import { FORMAT_CONTROLS, noControls } from '../../fixtures/controls';

/** /profile/wallet: balance, top-up (₱100.00 to ₱50,000.00) and history. */
const meta = {
  title: 'Screens/Wallet/Wallet',
  component: WalletScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  argTypes: { ...FORMAT_CONTROLS, ...noControls('history', 'fieldErrors', 'presets', 'nav') },
  args: {
    balance: walletBalance,
    history: walletEntries,
    currency: 'PHP',
    locale: 'en-PH',
    timeZone: TIME_ZONE,
    nav: <BottomNav items={navItems('profile')} />,
    onTopUp: fn(),
    onBack: fn(),
    onRetry: fn(),
    onLoadMore: fn(),
    onRetryHistory: fn(),
  },
} satisfies Meta<typeof WalletScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { hasMore: true } };

/** The shop sells gift cards: a link to send one, opened in the app (issue 49). */
export const SendAGiftCard: Story = {
  args: { giftCards: { href: '/gift-cards', onOpen: fn() } },
  play: async ({ canvasElement, args }) => {
    const link = within(canvasElement).getByRole('link', { name: /^Send a gift card/ });
    await expect(link).toHaveAttribute('href', '/gift-cards');
    await userEvent.click(link);
    await expect(args.giftCards!.onOpen).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = { args: { balance: undefined, history: [], loading: true } };

export const Error: Story = { args: { balance: undefined, error: 'The server did not answer. Check your connection.' } };

export const EmptyHistory: Story = { args: { balance: 0, history: [] } };

export const HistoryLoading: Story = { args: { history: [], historyLoading: true } };

export const HistoryError: Story = { args: { history: [], historyError: 'We couldn’t load your history.' } };

/** Sent here from checkout: the order needs ₱120.00 more, so the minimum top-up is suggested. */
export const InsufficientWallet: Story = { args: { balance: 1500, needed: 12000 } };

/** A preset fills the amount; Top up asks for that many minor units. */
export const TopUpWithPreset: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const preset = canvas.getByRole('button', { name: '₱500.00' });
    await userEvent.click(preset);
    await expect(preset).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByLabelText('Or enter an amount (PHP)')).toHaveValue('500');
    await userEvent.click(canvas.getByRole('button', { name: 'Top up ₱500.00' }));
    await expect(args.onTopUp).toHaveBeenCalledWith(50000);
  },
};

/** ₱100.555 has a third decimal, ₱50.00 is under the minimum: nothing is sent and the field says why. */
export const AmountTooSmall: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Or enter an amount (PHP)');
    await userEvent.type(field, '100.555');
    await userEvent.click(canvas.getByRole('button', { name: 'Top up' }));
    await expect(field).toHaveAccessibleDescription(/Use at most 2 digits after the decimal point\./);
    await userEvent.clear(field);
    await userEvent.type(field, '50');
    await userEvent.click(canvas.getByRole('button', { name: 'Top up' }));
    await expect(field).toHaveAccessibleDescription(/Enter an amount between ₱100.00 and ₱50,000.00/);
    await expect(args.onTopUp).not.toHaveBeenCalled();
  },
};

export const Submitting: Story = { args: { needed: 50000, submitting: true } };

export const TopUpFailedToStart: Story = {
  args: { formError: 'We couldn’t start the payment. Please try again in a moment.' },
};

/** 503 PAYMENTS_UNAVAILABLE from wallet/topup: the provider's message next to the top-up; the balance stays. */
export const PaymentsUnavailable: Story = {
  args: { formError: 'Online payments are not available right now. You can still pay from your wallet balance.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Online payments are not available right now. You can still pay from your wallet balance.');
    await expect(canvas.getByRole('heading', { name: 'Wallet balance' })).toBeVisible();
  },
};

/** The settings say there is no payment gateway (`online_payments: false`): no top-up form, a plain note instead. */
export const OnlinePaymentsOff: Story = {
  args: { onlinePayments: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Top-ups are not available right now. You can still pay for orders from your wallet balance.')).toHaveAttribute(
      'role',
      'status',
    );
    await expect(canvas.queryByRole('button', { name: /Top up/ })).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Wallet balance' })).toBeVisible();
  },
};

/** Offline: the balance is the app's kept copy, and says when it was read (this morning, and days ago). */
export const OfflineBalance: Story = {
  args: {
    balanceAsOf: '2026-11-20T01:41:00Z',
    now: '2026-11-20T03:00:00Z',
    history: [],
    historyError: 'You’re offline: your history shows when you’re back online.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("As of 9:41 AM. Your balance updates when you're back online.")).toBeVisible();
  },
};
export const OfflineBalanceOlder: Story = {
  tags: ['!screen'],
  args: { balanceAsOf: '2026-11-17T12:05:00Z', now: '2026-11-20T03:00:00Z' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^As of Tue, Nov 17, 8:05 PM\./)).toBeVisible();
  },
};
