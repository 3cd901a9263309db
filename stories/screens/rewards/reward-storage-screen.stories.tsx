import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { VoucherTab } from '#contract';
import { RewardStorageScreen } from '../../../src/screens/rewards/reward-storage-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { TIME_ZONE } from '../../fixtures/profile';
import { customerPoints, freeUbeLatte, rewards } from '../../fixtures/rewards';
import { VOUCHER_CODE } from '../../fixtures/counter';
import { activeVouchers, cancelledVoucher, expiredVouchers, freeProductVoucher, usedVouchers, vouchersByStatus } from '../../fixtures/vouchers';
import { DIALOGS_IN_FRAMES } from '../../fixtures/docs';

/** /reward/storage/{tab}: the customer's vouchers by status, each opening its code and QR. */
const meta = {
  title: 'Screens/Rewards/Reward storage',
  component: RewardStorageScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', pseudoCheck: true, docs: { story: DIALOGS_IN_FRAMES } },
  args: {
    tab: 'active',
    vouchers: activeVouchers,
    rewards,
    points: customerPoints,
    locale: 'en-PH',
    timeZone: TIME_ZONE,
    nav: <BottomNav items={navItems('rewards')} />,
    onChangeTab: fn(),
    onOpenVoucher: fn(),
    onRedeemReward: fn(),
    onRetry: fn(),
    onCloseVoucher: fn(),
    onVoucherCodeStale: fn(),
    // the open voucher's rotating code (the first active voucher's), standing still for screenshots
    voucherCode: { ...VOUCHER_CODE, voucher_id: activeVouchers[0]!.id },
    frozenCode: true,
  },
} satisfies Meta<typeof RewardStorageScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/**
 * 100 points: the croissant can be redeemed and comes first; the others are marked with the points they
 * need and open their page to see it, not to redeem (issue #25); the sold-out one is last.
 */
export const SomeOutOfReach: Story = {
  args: { points: 100 },
  play: async ({ canvasElement }) => {
    const browse = within(within(canvasElement).getByRole('region', { name: 'Get more rewards' }));
    await expect(browse.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Butter Croissant',
      'Free Latte',
      'Kopi Senja Tote Bag',
      '20% off your next order',
    ]);
    await expect(browse.getByRole('button', { name: 'Redeem Butter Croissant' })).toBeVisible();
    await expect(browse.getByRole('button', { name: 'See reward Free Latte' })).toBeVisible();
    await expect(browse.getAllByRole('listitem')[1]).toHaveTextContent('50 more points to go');
  },
};

export const Used: Story = { args: { tab: 'used', vouchers: usedVouchers } };

export const Expired: Story = { args: { tab: 'expired', vouchers: expiredVouchers } };

/** A voucher cancelled with the order whose points bought it: listed with the expired ones, saying why when opened. */
export const CancelledWithItsOrder: Story = {
  args: { tab: 'expired', vouchers: [cancelledVoucher, ...expiredVouchers], defaultOpenVoucherId: cancelledVoucher.id },
  play: async ({ canvasElement }) => {
    const sheet = within(canvasElement.ownerDocument.body).getByRole('dialog');
    await expect(within(sheet).getByText(/cancelled with order KS-20261120-0007/)).toBeVisible();
    await expect(within(sheet).getByText(/^Cancelled on/)).toBeVisible();
  },
};

export const Loading: Story = { args: { vouchers: [], loading: true, rewardsLoading: true } };

export const Error: Story = { args: { vouchers: [], error: 'The server did not answer. Check your connection.' } };

export const Empty: Story = { args: { vouchers: [] } };

export const EmptyUsed: Story = { args: { tab: 'used', vouchers: [] } };

export const EmptyExpired: Story = { args: { tab: 'expired', vouchers: [], rewards: undefined } };

export const ActiveVoucherOpen: Story = { args: { defaultOpenVoucherId: activeVouchers[0]!.id } };

/** The counter used the voucher while its code was on screen: the sheet says so at once. */
export const UsedAtTheCounterWhileOpen: Story = {
  args: {
    defaultOpenVoucherId: activeVouchers[0]!.id,
    voucherCode: { ...VOUCHER_CODE, voucher_id: activeVouchers[0]!.id, status: 'used', used_at: '2026-11-20T02:29:10Z', current: null, next: null },
  },
  play: async ({ canvasElement }) => {
    const sheet = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(sheet).toHaveTextContent('This voucher has been used.');
    await expect(within(sheet).queryByRole('img', { name: /QR code/ })).toBeNull();
  },
};

export const VoucherCodeError: Story = {
  args: { defaultOpenVoucherId: activeVouchers[0]!.id, voucherCode: undefined, voucherCodeError: 'The server did not answer.', onRetryVoucherCode: fn() },
};

export const UsedVoucherOpen: Story = { args: { tab: 'used', vouchers: usedVouchers, defaultOpenVoucherId: usedVouchers[0]!.id } };

export const ExpiredVoucherOpen: Story = {
  args: { tab: 'expired', vouchers: expiredVouchers, defaultOpenVoucherId: expiredVouchers[0]!.id },
};

/** Arrow keys move between the tabs; the app (here: local state) loads that tab's vouchers. */
export const KeyboardTabs: Story = {
  render: function Render(args) {
    const [tab, setTab] = useState<VoucherTab>(args.tab);
    return (
      <RewardStorageScreen
        {...args}
        tab={tab}
        vouchers={vouchersByStatus[tab]}
        onChangeTab={(next) => {
          args.onChangeTab?.(next);
          setTab(next);
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const active = canvas.getByRole('tab', { name: 'Active' });
    active.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChangeTab).toHaveBeenLastCalledWith('used');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Used' })).toHaveAttribute('aria-selected', 'true'));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('KOPI-LT8M-4HZP');
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChangeTab).toHaveBeenLastCalledWith('expired');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Expired' })).toHaveFocus());
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('KOPI-CR55-9JTE');
    await userEvent.keyboard('{Home}');
    await expect(args.onChangeTab).toHaveBeenLastCalledWith('active');
  },
};

/** A voucher opens a sheet with its rotating QR code and short code, the fixed code only as a reference. */
export const OpenVoucherQr: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: /^Butter Croissant/ }));
    await expect(args.onOpenVoucher).toHaveBeenCalledWith(28);
    const sheet = await body.findByRole('dialog', { name: 'Butter Croissant' });
    await expect(within(sheet).getByRole('img', { name: 'QR code of your voucher, for the counter to scan' })).toBeInTheDocument();
    await expect(sheet).toHaveTextContent('K7QM 2XHD');
    await expect(sheet).toHaveTextContent('New code in 18 s');
    await expect(sheet).toHaveTextContent('Reference KOPI-C4RN-8XWA');
  },
};

/** A reward and a voucher that give a product: "Free Ube latte" on both cards. */
export const FreeProduct: Story = {
  args: {
    vouchers: [freeProductVoucher, ...activeVouchers],
    rewards: [freeUbeLatte, ...rewards],
    voucherCode: { ...VOUCHER_CODE, voucher_id: freeProductVoucher.id },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole('list', { name: 'Active vouchers' })).getByText('Free Ube latte')).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: 'Get more rewards' })).getByText('Free Ube latte')).toBeVisible();
  },
};

/** Issue 46: a voucher titled "Free Ube latte" for an ube latte says so once, not twice. */
export const FreeProductNamedInTitle: Story = {
  tags: ['!screen'],
  args: {
    vouchers: [{ ...freeProductVoucher, reward: { ...freeProductVoucher.reward, title: 'Free Ube latte' } }],
    rewards: [{ ...freeUbeLatte, title: 'Free Ube latte' }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // seen words only: a button's hidden "Redeem Free Ube latte" names it for a screen reader
    const seen = { ignore: 'script, style, .sr-only' };
    await expect(within(canvas.getByRole('list', { name: 'Active vouchers' })).getAllByText(/Free Ube latte/i, seen)).toHaveLength(1);
    await expect(within(canvas.getByRole('region', { name: 'Get more rewards' })).getAllByText(/Free Ube latte/i, seen)).toHaveLength(1);
  },
};

/** Issue 30: the tote bag is Barista's early for now: "For Barista and above", seen, not redeemed. */
export const EarlyAccessLocked: Story = {
  tags: ['!screen'],
  args: { rewards: rewards.map((r) => (r.name === 'tote-bag' ? { ...r, early_access: { tier: 'Barista', unlocked: false } } : r)), points: 5000 },
  play: async ({ canvasElement }) => {
    const browse = within(within(canvasElement).getByRole('region', { name: 'Get more rewards' }));
    const tote = browse.getAllByRole('listitem').find((li) => li.textContent?.includes('Kopi Senja Tote Bag'))!;
    await expect(tote).toHaveTextContent('For Barista and above');
    await expect(within(tote).queryByRole('button', { name: 'Redeem Kopi Senja Tote Bag' })).toBeNull();
    await expect(within(tote).getByRole('button', { name: 'See reward Kopi Senja Tote Bag' })).toBeVisible();
  },
};

/** A reward one customer may redeem once, already redeemed: "Limit reached" in the list, no Redeem to tap. */
export const LimitReached: Story = {
  tags: ['!screen'],
  args: { rewards: rewards.map((r) => (r.name === 'tote-bag' ? { ...r, per_customer_limit: 1, redeemed: 1 } : r)), points: 5000 },
  play: async ({ canvasElement }) => {
    const browse = within(within(canvasElement).getByRole('region', { name: 'Get more rewards' }));
    const tote = browse.getAllByRole('listitem').find((li) => li.textContent?.includes('Kopi Senja Tote Bag'))!;
    await expect(tote).toHaveTextContent('Limit reached');
    await expect(within(tote).queryByRole('button', { name: 'Redeem Kopi Senja Tote Bag' })).toBeNull();
  },
};

/**
 * In Filipino (`parameters.language`), with rewards in and out of reach, so the tabs, the vouchers' dates
 * and the points still to go all speak it; a screenshot on the phone only.
 */
export const InFilipino: Story = {
  parameters: { language: 'fil', noScreenshotOn: ['desktop'] },
  args: { points: 100 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Mga reward ko' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Mga voucher ko' })).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Mga active na voucher' })).toHaveTextContent('Valid hanggang');
    const browse = within(canvas.getByRole('region', { name: 'Kumuha pa ng rewards' }));
    await expect(browse.getByRole('button', { name: 'I-redeem ang Butter Croissant' })).toBeVisible();
    await expect(browse.getAllByRole('listitem')[1]).toHaveTextContent('50 points na lang');
  },
};
