import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RewardRedeemScreen } from '../../../src/screens/rewards/reward-redeem-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { TIME_ZONE } from '../../fixtures/profile';
import { butterCroissant, customerPoints, freeLatte, freeUbeLatte, toteBag, twentyOff } from '../../fixtures/rewards';
import { VOUCHER_CODE } from '../../fixtures/counter';
import { newLatteVoucher } from '../../fixtures/vouchers';

/** /reward/redeem/{name}: one reward, the customer's points, a confirm step and the new voucher. */
const meta = {
  title: 'Screens/Rewards/Reward redeem',
  component: RewardRedeemScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    reward: freeLatte,
    points: customerPoints,
    currency: 'PHP',
    locale: 'en-PH',
    timeZone: TIME_ZONE,
    nav: <BottomNav items={navItems('rewards')} />,
    onRedeem: fn(),
    onBack: fn(),
    onOpenStorage: fn(),
    onBrowseRewards: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof RewardRedeemScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** No stock limit on this one: "Unlimited". */
export const UnlimitedStock: Story = { args: { reward: butterCroissant } };

/** A reward that gives a product: what the customer gets, in words. */
export const FreeProduct: Story = {
  args: { reward: freeUbeLatte },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Free Ube latte, at checkout or at the counter')).toBeVisible();
  },
};

export const Loading: Story = { args: { reward: null, loading: true } };

export const Error: Story = { args: { reward: null, error: 'The server did not answer. Check your connection.' } };

/** A link to a reward the catalogue no longer has: said plainly, with the way to the others (not "Try again"). */
export const NoSuchReward: Story = {
  args: { reward: null, gone: true, onBrowseRewards: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This reward is no longer available')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'See other rewards' }));
    await expect(args.onBrowseRewards).toHaveBeenCalledTimes(1);
  },
};

export const OutOfStock: Story = { args: { reward: twentyOff } };

/** 90 points against a 150-point reward: the page says how many more are needed. */
export const NotEnoughPoints: Story = { args: { points: 90 } };

/** One tote bag per customer, and this customer has one already. */
export const LimitReached: Story = { args: { reward: toteBag, redeemedByCustomer: 1 } };

export const ConfirmDialog: Story = { args: { defaultConfirmOpen: true } };

export const Redeeming: Story = { args: { defaultConfirmOpen: true, redeeming: true } };

export const RedeemFailed: Story = {
  args: { defaultConfirmOpen: true, redeemError: 'Someone just took the last one. Your points were not used.' },
};

/** The QR code (and the short code under it) is what the counter takes; the fixed code is only a reference (issue #25). */
export const RedeemSuccess: Story = {
  args: { voucher: newLatteVoucher, voucherCode: { ...VOUCHER_CODE, voucher_id: newLatteVoucher.id }, frozenCode: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'QR code of your voucher, for the counter to scan' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Show the QR code below at the counter, or tell them the code under it.');
    await expect(canvas.getByText(/^Reference/)).toHaveTextContent(`Reference ${newLatteVoucher.code}, if you need help with this voucher`);
    await expect(canvasElement).not.toHaveTextContent(/show (this|the) (code|reference)/i);
  },
};

/** The code for the counter is on its way. */
/** The counter used the new voucher while its page was open: the page says so, the QR code gone. */
export const RedeemSuccessUsedAtCounter: Story = {
  args: {
    voucher: newLatteVoucher,
    voucherCode: { ...VOUCHER_CODE, voucher_id: newLatteVoucher.id, status: 'used', used_at: '2026-11-20T02:29:10Z', current: null, next: null },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('The counter has used this voucher.');
    await expect(canvas.queryByRole('img', { name: /QR code/ })).toBeNull();
    await expect(canvas.getByText('Used')).toBeVisible();
  },
};

export const RedeemSuccessCodeLoading: Story = { args: { voucher: newLatteVoucher } };

export const RedeemSuccessCodeError: Story = { args: { voucher: newLatteVoucher, voucherCodeError: 'The server did not answer.', onRetryVoucherCode: fn() } };

/** Open the dialog, check what it asks, confirm: the screen asks for the redeem once. */
export const ConfirmRedeem: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Redeem' }));
    const dialog = await body.findByRole('dialog', { name: 'Redeem for 150 points?' });
    await expect(dialog).toHaveAccessibleDescription('Free Latte. You will have 1,100 points left.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem 150 points' }));
    await expect(args.onRedeem).toHaveBeenCalledTimes(1);
  },
};

/** Escape closes the dialog without redeeming and gives focus back to the Redeem button. */
export const CancelWithEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Redeem' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await body.findByRole('dialog', { name: 'Redeem for 150 points?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onRedeem).not.toHaveBeenCalled();
  },
};

/**
 * Issue 30: a reward Brew can redeem early, for a Bean with points enough: "For Brew and above", the
 * Redeem button off with that reason as its description, nothing to confirm.
 */
export const EarlyAccessLocked: Story = {
  tags: ['!screen'],
  args: { reward: { ...freeLatte, early_access: { tier: 'Brew', unlocked: false } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const redeem = canvas.getByRole('button', { name: 'Redeem' });
    await expect(redeem).toBeDisabled();
    await expect(redeem).toHaveAccessibleDescription(/^For Brew and above\s*Early access: customers of Brew and above/);
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

/** The redeem was refused for the tier (403 TIER_REQUIRED): the provider's words, as the reason. */
export const EarlyAccessRefused: Story = {
  tags: ['!screen'],
  args: { reward: { ...freeLatte, early_access: { tier: 'Brew', unlocked: false } }, redeemError: 'This reward is for Brew and above for now.' },
  play: async ({ canvasElement }) => {
    const redeem = within(canvasElement).getByRole('button', { name: 'Redeem' });
    await expect(redeem).toHaveAccessibleDescription(/^For Brew and above\s*This reward is for Brew and above for now\.$/);
  },
};

/** Early access a Brew customer has: redeemed as any other. */
export const EarlyAccessUnlocked: Story = {
  tags: ['!screen'],
  args: { reward: { ...freeLatte, early_access: { tier: 'Brew', unlocked: true } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Redeem' })).toBeEnabled();
  },
};
