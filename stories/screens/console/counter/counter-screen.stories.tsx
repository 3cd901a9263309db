import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CameraScanner } from '../../../../src/console/camera-scanner';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { CounterScreen } from '../../../../src/screens/console/counter/counter-screen';
import { STAFF_MEMBER, OWNER } from '../../../fixtures/console';
import {
  EARN,
  EARNS,
  EXPIRED_VOUCHER,
  FREE_PRODUCT_VOUCHER,
  MEMBER,
  MEMBER_REACH,
  MEMBER_SHORT,
  RECENT,
  REDEMPTION,
  SERVED,
  SHORT_REACH,
  USABLE_VOUCHER,
  USED_VOUCHER,
} from '../../../fixtures/counter';
import { LOCATIONS, RECENT_AT_LOCATIONS } from '../../../fixtures/console-locations';

/** A moment after the newest redemption: it can still be undone; the older ones cannot, by staff. */
const NOW = Date.parse('2026-11-20T02:30:00.000Z');

/**
 * /merchant/counter (staff and owners): redeem a voucher (scan or type its rotating code, see it, redeem
 * it once) or give points for a walk-in sale (the member card, its code or the phone; the sale's amount),
 * or a reward for the member's points, handed over at once.
 */
const meta = {
  title: 'Console/Counter/Counter',
  component: CounterScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    job: 'redeem',
    onJobChange: fn(),
    scanner: <CameraScanner onCode={fn()} />,
    onLookup: fn(),
    onRedeem: fn(),
    onNext: fn(),
    onUndo: fn(),
    onRetryRecent: fn(),
    recent: RECENT,
    onFindMember: fn(),
    onEarn: fn(),
    onClearMember: fn(),
    onUndoEarn: fn(),
    onRetryEarns: fn(),
    earns: EARNS,
    onShowRewards: fn(),
    onChooseReward: fn(),
    onRedeemReward: fn(),
    onUndoServed: fn(),
    currency: 'PHP',
    // the demo rate: one point for each ₱10
    pointsPerAmount: 1_000,
    role: 'staff',
    now: NOW,
    locale: 'en-PH',
    timeZone: 'Asia/Manila',
  },
  render: (args) => (
    <ConsoleLayout
      shop="Kopi Senja"
      staff={args.role === 'owner' ? OWNER : STAFF_MEMBER}
      current="counter"
      title="Counter"
      onSignOut={fn()}
      onSignOutEverywhere={fn()}
    >
      <CounterScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof CounterScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for the next customer: the camera (asked for only on a tap) and the typed code. */
export const Ready: Story = {};

/** A scan found a voucher that can be used: the reward, whose it is, until when; nothing has happened yet. */
export const VoucherFound: Story = {
  args: { result: { kind: 'voucher', voucher: USABLE_VOUCHER } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Can be used')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Redeem Free Latte' }));
    await expect(args.onRedeem).toHaveBeenCalledWith(USABLE_VOUCHER);
  },
};

/** A free-product voucher (its product archived since, still honoured here): what to hand over, and after redeeming it. */
export const FreeProduct: Story = {
  args: { result: { kind: 'voucher', voucher: FREE_PRODUCT_VOUCHER } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Free: Ube latte')).toBeVisible();
  },
};

export const FreeProductRedeemed: Story = {
  args: {
    result: {
      kind: 'redeemed',
      voucher: { ...FREE_PRODUCT_VOUCHER, status: 'used', usable: false },
      redemption: { ...REDEMPTION, voucher_id: 35, reward_title: 'Ube latte on us' },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Give Ana a free Ube latte\./)).toBeVisible();
  },
};

export const Redeeming: Story = { args: { result: { kind: 'voucher', voucher: USABLE_VOUCHER }, redeeming: true } };

/** Redeemed: what to hand over, and an undo for 2 minutes. */
export const Redeemed: Story = {
  args: { result: { kind: 'redeemed', voucher: USED_VOUCHER, redemption: REDEMPTION } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Undo this redemption' }));
    await expect(args.onUndo).toHaveBeenCalledWith(REDEMPTION);
  },
};

/** Used already: when, and by whom at the counter. */
export const AlreadyUsed: Story = { args: { result: { kind: 'voucher', voucher: USED_VOUCHER } } };

export const Expired: Story = { args: { result: { kind: 'voucher', voucher: EXPIRED_VOUCHER } } };

/** A photo of an old code: refused, with what to do. */
export const StaleCode: Story = {
  args: {
    result: {
      kind: 'refused',
      title: 'This code has changed',
      message: 'This code has changed. Ask the customer to show it again: it changes every 30 seconds.',
    },
  },
};

export const ReferenceNumber: Story = {
  args: {
    result: {
      kind: 'refused',
      title: 'That is the voucher’s reference number',
      message: "That is the voucher's reference number. Scan the QR code or type the 8-character code under it.",
    },
  },
};

/** Typing the code: an empty form says what to type; a code is looked up as typed. */
export const TypeTheCode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Check code' }));
    await expect(await canvas.findByText(/Type the 8-character code/)).toBeVisible();
    await expect(args.onLookup).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('Code under the QR code'), 'k7qm-2xhd{Enter}');
    await expect(args.onLookup).toHaveBeenCalledWith('k7qm-2xhd');
  },
};

/** Staff can undo only the last 2 minutes; the list says so. */
export const UndoWindow: Story = {
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole('list', { name: 'Redeemed today' }));
    await expect(list.getAllByRole('button', { name: /^Undo/ })).toHaveLength(1);
    await expect(list.getByText('Undone')).toBeVisible();
  },
};

/** The owner may undo any redemption of the day. */
export const Owner: Story = {
  args: { role: 'owner' },
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole('list', { name: 'Redeemed today' }));
    await expect(list.getAllByRole('button', { name: /^Undo/ })).toHaveLength(2);
  },
};

export const UndoRefused: Story = {
  args: { result: { kind: 'redeemed', voucher: USED_VOUCHER, redemption: REDEMPTION }, undoError: 'Only an owner can undo a redemption after 2 minutes.' },
};

export const NothingRedeemedYet: Story = { args: { recent: [] } };

export const RecentLoading: Story = { args: { recent: undefined, recentLoading: true } };

export const RecentError: Story = { args: { recent: undefined, recentError: 'We could not reach the server. Check your connection and try again.' } };

/** A member who works at both locations: the counter's location, remembered on the device and recorded with each redemption. */
export const AtLocations: Story = {
  args: { locations: LOCATIONS, locationId: 1, onLocationChange: fn(), recent: RECENT_AT_LOCATIONS },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('This counter is at')).toHaveValue('1');
    await expect(canvas.queryByRole('option', { name: 'No particular location' })).toBeNull();
    await userEvent.selectOptions(canvas.getByLabelText('This counter is at'), 'Poblacion');
    await expect(args.onLocationChange).toHaveBeenCalledWith(2);
    await expect(canvas.getByRole('list', { name: 'Redeemed today' })).toHaveTextContent('Ben Santos · Makati');
  },
};

/** Give points: Ana's card scanned, the sale typed as on the receipt, what it earns shown as it is typed. */
export const GivePoints: Story = {
  args: { job: 'earn', member: MEMBER },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Give points/, pressed: true })).toBeVisible();
    await expect(canvas.getByText('Phone ending 0101')).toBeVisible();
    await expect(canvas.getByText(/can earn 500 more points today/)).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Amount of the sale (PHP)'), '₱180');
    await expect(canvas.getByText('Earns 18 points')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Give points' }));
    await expect(args.onEarn).toHaveBeenCalledWith(18_000);
  },
};

/**
 * What the provider counts, not only the shop's rate: Ana is in the Brew tier (×1.25), so ₱200 earns 25
 * points; "Working out the points…" until the quote for that amount is there, never a number that may be wrong.
 */
export const GivePointsWithTier: Story = {
  args: {
    job: 'earn',
    member: MEMBER,
    onAmountChange: fn(),
    quote: {
      amount: 20_000,
      points: 25,
      points_breakdown: [
        { rule_id: null, label: 'Points for your purchase', points: 20 },
        { rule_id: null, label: 'Brew tier ×1.25', points: 5 },
      ],
      points_left_today: 500,
      limit: null,
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Amount of the sale (PHP)'), '20');
    await expect(canvas.getByText('Working out the points…')).toBeVisible();
    await expect(args.onAmountChange).toHaveBeenLastCalledWith(2_000);
    await userEvent.type(canvas.getByLabelText('Amount of the sale (PHP)'), '0');
    await expect(canvas.getByText('Earns 25 points (with Brew tier ×1.25)')).toBeVisible();
    await expect(args.onAmountChange).toHaveBeenLastCalledWith(20_000);
    await userEvent.click(canvas.getByRole('button', { name: 'Give points' }));
    await expect(args.onEarn).toHaveBeenCalledWith(20_000);
  },
};

/** Over the staff member's daily cap: said before the tap, and the button is off (the provider would refuse it). */
export const GivePointsOverStaffCap: Story = {
  args: {
    job: 'earn',
    member: MEMBER,
    onAmountChange: fn(),
    quote: {
      amount: 18_000,
      points: 18,
      points_breakdown: [{ rule_id: null, label: 'Points for your purchase', points: 18 }],
      points_left_today: 5,
      limit: 'staff',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Amount of the sale (PHP)'), '180');
    await expect(canvas.getByText('You can give only 5 more points today: ask an owner for more.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Give points' })).toBeDisabled();
  },
};

/** Given: the notice with Undo (2 minutes), back to scanning for the next customer, and today's points at the counter. */
export const GivePointsDone: Story = {
  args: { job: 'earn', earned: EARN },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('18 points for Ana', { selector: 'p' })).toBeVisible();
    const list = within(canvas.getByRole('list', { name: 'Points given today' }));
    await expect(list.getAllByRole('button', { name: /^Undo/ })).toHaveLength(1);
    await expect(list.getByText('Undone')).toBeVisible();
    await expect(list.getByText(/for Marco · ₱425\.00/)).toBeVisible();
    // the notice's Undo comes first, then the list's
    const undo = canvas.getAllByRole('button', { name: 'Undo 18 points for Ana' });
    await expect(undo).toHaveLength(2);
    await userEvent.click(undo[0]!);
    await expect(args.onUndoEarn).toHaveBeenCalledWith(EARN);
  },
};

/** A daily cap refuses the sale's points: the provider's words, and what the customer can still earn. */
export const GivePointsCapReached: Story = {
  args: {
    job: 'earn',
    member: { ...MEMBER, points_left_today: 5 },
    earnRefusal: { title: 'Over today’s limit', message: 'Ana can earn 5 more points at the counter today: ask the owner about a larger sale.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Over today’s limit');
    await userEvent.type(canvas.getByLabelText('Amount of the sale (PHP)'), '180');
    await expect(canvas.getByText('Ana can earn only 5 more points at the counter today.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Give points' })).toBeDisabled();
  },
};

/** No card with them: the customer's phone number finds them; the job switch goes back to vouchers. */
export const GivePointsByPhone: Story = {
  args: { job: 'earn' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Find by phone' }));
    await expect(await canvas.findByText('Type the phone number the customer signed up with.')).toBeVisible();
    await expect(args.onFindMember).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('Customer’s phone number'), '0917 555 0101{Enter}');
    await expect(args.onFindMember).toHaveBeenCalledWith({ phone: '0917 555 0101' });
    await userEvent.click(canvas.getByRole('button', { name: /Redeem a voucher/ }));
    await expect(args.onJobChange).toHaveBeenCalledWith('redeem');
  },
};

/**
 * A reward for Ana's points, by keyboard alone: "Redeem a reward" lists what her 240 points buy; Enter on
 * one asks once more ("Give Ana Free Latte for 150 points?") with the give button focused; Enter gives it.
 */
export const RedeemReward: Story = {
  args: { job: 'earn', member: MEMBER, reach: MEMBER_REACH },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Redeem a reward' }));
    await expect(args.onShowRewards).toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Redeem a reward', pressed: true })).toBeVisible();
    const list = within(canvas.getByRole('list', { name: 'Rewards Ana can have' }));
    await expect(list.getAllByRole('button')).toHaveLength(3);
    await expect(list.getByRole('button', { name: /Ube latte on us Free Ube latte 180 points/ })).toBeVisible();
    await expect(canvas.getByText('Next: Kopi Senja Tote Bag for 1,200 points (960 more points).')).toBeVisible();
    await userEvent.tab();
    await expect(list.getByRole('button', { name: /^Free Latte/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('group', { name: 'Give Ana Free Latte for 150 points?' })).toBeVisible();
    await expect(canvas.getByText('Ana will have 90 points left.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Give Free Latte' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRedeemReward).toHaveBeenCalledWith(MEMBER_REACH.rewards[0]);
  },
};

/** Marco's 40 points buy nothing yet: how far the cheapest reward is; a refusal (the stock ran out) says why. */
export const RedeemRewardNotEnough: Story = {
  args: {
    job: 'earn',
    member: MEMBER_SHORT,
    reach: SHORT_REACH,
    rewardRefusal: { title: 'Out of stock', message: 'Free Latte is out of stock.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Redeem a reward' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Free Latte is out of stock.');
    await expect(canvas.getByText('No reward for Marco’s points yet')).toBeVisible();
    await expect(canvas.getByText(/Marco has 40 points: 40 more points for Butter Croissant \(80 points\)/)).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Rewards Marco can have' })).toBeNull();
    // points for the sale are a press away
    await expect(canvas.getByRole('button', { name: 'Points for a sale', pressed: false })).toBeVisible();
  },
};

/**
 * Ana was found by her phone number (or her wallet card): points can be given, but spending them asks
 * for the code in her app. Typed under the question, it gives the reward with that code.
 */
export const RedeemRewardFoundByPhone: Story = {
  args: { job: 'earn', member: MEMBER, reach: MEMBER_REACH, codeNeeded: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Redeem a reward' }));
    await userEvent.click(canvas.getByRole('button', { name: /^Free Latte/ }));
    const question = within(canvas.getByRole('group', { name: 'Give Ana Free Latte for 150 points?' }));
    await expect(question.getByText('Scan the code in Ana’s app to spend points')).toBeVisible();
    // the field is where staff type next
    await expect(question.getByLabelText('Code in the customer’s app')).toHaveFocus();
    await userEvent.click(question.getByRole('button', { name: 'Give Free Latte' }));
    await expect(await question.findByText('Type the 8-character code shown under the QR code in the customer’s app.')).toBeVisible();
    await expect(args.onRedeemReward).not.toHaveBeenCalled();
    await userEvent.type(question.getByLabelText('Code in the customer’s app'), 'k7qm 2xhd{Enter}');
    await expect(args.onRedeemReward).toHaveBeenCalledWith(MEMBER_REACH.rewards[0], 'k7qm 2xhd');
  },
};

/** The code Ana showed changed before the reward was given: said, and asked for again. */
export const RedeemRewardCodeChanged: Story = {
  args: {
    job: 'earn',
    member: MEMBER,
    reach: MEMBER_REACH,
    codeNeeded: true,
    rewardRefusal: { title: 'This code has changed', message: 'This code has changed. Ask the customer to show it again: it changes every 30 seconds.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Redeem a reward' }));
    await userEvent.click(canvas.getByRole('button', { name: /^Free Latte/ }));
    const question = within(canvas.getByRole('group', { name: 'Give Ana Free Latte for 150 points?' }));
    await expect(question.getByRole('alert')).toHaveTextContent('Ask the customer to show it again');
    await expect(question.getByLabelText('Code in the customer’s app')).toBeVisible();
  },
};

/** Handed over: what to give, the points spent, Undo for 2 minutes; the camera reads the next card. */
export const RedeemRewardDone: Story = {
  args: { job: 'earn', served: SERVED },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Free Latte for Ana', { selector: 'p' })).toBeVisible();
    await expect(canvas.getByText(/150 points spent, recorded by Ben Santos/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Undo Free Latte for Ana' }));
    await expect(args.onUndoServed).toHaveBeenCalledWith(SERVED.redemption);
  },
};
