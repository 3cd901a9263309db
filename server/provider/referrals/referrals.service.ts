/**
 * Referrals (issue 30; the contract: src/contract/referrals.ts). A friend's sign-up with a code is a plain
 * row that auth records through accounts (accounts/referral-rows.ts), and the devices a customer is seen
 * on (the device cookie, address, user agent and push endpoint: http/device.ts) are recorded the same way,
 * so auth never imports this area. From there:
 *
 * - the friend's order of at least the owner's `referral_min_order` is paid (orders/lifecycle.ts
 *   markOrderPaid → referralOrderPaid): `ordered`, or `refused` at once when the friend paid with a card
 *   the referrer used (the same payer);
 * - that order is cancelled (cancelOrder → referralOrderCancelled): back to `signed_up`, or waiting for
 *   the friend's next paid order still standing;
 * - the friend's first order's points are credited (completed, and past the owner's hold: the one
 *   moment that means "not cancelled, past the hold"): settleReferral decides, once. The hold-0 path
 *   runs it in the completion's own transaction (lifecycle.ts, after lockReferralOf took both customers'
 *   row locks before the points were credited); points credited by the hourly job are settled by
 *   settleDueReferrals right after it (jobs.ts), one referral per transaction. A fraud signal between
 *   the two (referrals.repo.ts fraudSignals: the same device cookie, client address, user agent with
 *   address, push endpoint or phone-number block) holds it for the owner (`review`) instead of rewarding:
 *   referral-review.service.ts approves (rewardReferral, as here) or rejects it.
 *
 * Locks, always in this order: the two customers' rows, lower id first, then the referral's row. A
 * decision re-reads the referral under them, so twenty completions or job runs at once reward once.
 * Shop's referrals off (or 0 points): nothing is decided; the referral stays open and is decided by the
 * next hourly run once the owner turns them on. A catalogue reward retired or sold out: the same.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { Referral, ReferralLookupData, ReferralsConsoleData, ReferralStatusData } from '#contract/referrals';
import { paths, to } from '#contract/routes';
import type { Database } from '../../db';
import { lockCustomer } from '../accounts/accounts.repo';
import { firstName } from '../accounts/accounts.service';
import { sayToCustomer } from '../accounts/language';
import { countCodeTry } from '../auth/codes';
import type { ProviderContext } from '../context';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { pointsReason, referral as words } from '../i18n/messages';
import { reasonOf, type Reason } from '../points/reasons';
import type { Say } from '../i18n/translate';
import { notify } from '../notifications/notify';
import { adjustPoints, earnPoints } from '../points/points.ledger';
import { findActiveReward, lockRewardByName, takeStock } from '../rewards/rewards.repo';
import { issueVoucher } from '../rewards/vouchers.repo';
import { getMerchant, type MerchantRules } from '../settings/settings.service';
import { dayStart, insertAudit } from '../staff/staff.repo';
import {
  cancelUnusedVoucher,
  consoleReferrals,
  findReferralOfFriend,
  findReferrerByCode,
  firstCreditedOrder,
  firstStandingPaidOrder,
  fraudSignals,
  friendsDue,
  lockReferral,
  pairNames,
  referralCodeOf,
  referralPair,
  referralsOfReferrer,
  referralTotals,
  rewardedSince,
  sameCard,
  updateReferral,
  updateReferralIn,
  type ReferralPatch,
  type ReferralFacts,
  type ReferralRow,
} from './referrals.repo';
import { emitReferralQualified } from '../events/events.service';
import { errors } from '../i18n/errors';

const OPEN = new Set(['signed_up', 'ordered']);
const isOpen = (r: { status: string } | undefined): r is ReferralRow => r !== undefined && OPEN.has(r.status);
export const refOf = (id: number) => `referral:${id}`;

export async function lockPair(trx: Database, a: number, b: number): Promise<void> {
  await lockCustomer(trx, Math.min(a, b));
  await lockCustomer(trx, Math.max(a, b));
}

/**
 * Before a completion credits the friend's points in its transaction (lifecycle.ts): the row locks of the
 * friend's open referral's two customers, lower id first, so the decision after the credit takes no
 * lock out of order. Nothing when the customer has no open referral.
 */
export async function lockReferralOf(trx: Database, friendId: number): Promise<void> {
  const r = await findReferralOfFriend(trx, friendId);
  if (isOpen(r)) await lockPair(trx, r.referrer_id, r.friend_id);
}

const SAME_CARD = 'same card';

/**
 * The friend's order was paid (in its transaction): `ordered` when it totals at least the owner's
 * `referral_min_order`, or `refused` when the friend paid with a card the referrer used. `known`: the
 * customer's referral row (null: none) when the caller read it already in this transaction
 * (referralOfFriendJson), else it is read here.
 */
export async function referralOrderPaid(
  trx: Database,
  ctx: ProviderContext,
  order: { id: number; customer_id: number; total: number },
  known?: ReferralFacts | null,
): Promise<void> {
  const r = known === undefined ? await findReferralOfFriend(trx, order.customer_id) : known;
  if (!r || r.status !== 'signed_up') return;
  const card = await sameCard(trx, r.referrer_id, r.friend_id);
  if (!card && order.total < (await getMerchant(trx, ctx.merchantId)).rules.referral_min_order) return;
  await updateReferralIn(
    trx,
    r.id,
    'signed_up',
    card ? { status: 'refused', reason: SAME_CARD } : { status: 'ordered', order_id: order.id, ordered_at: ctx.clock.now() },
  );
}

/** What referralOrderPaid's `known` holds (the repo's referralOfFriendJson reads it in a caller's statement). */
export { type ReferralFacts } from './referrals.repo';

/** The order a referral waited for was cancelled (in its transaction, after the order became cancelled): the next paid order of the minimum counts. */
export async function referralOrderCancelled(trx: Database, ctx: ProviderContext, order: { id: number; customer_id: number }): Promise<void> {
  const r = await findReferralOfFriend(trx, order.customer_id);
  if (!r || r.status !== 'ordered' || r.order_id !== order.id) return;
  const next = await firstStandingPaidOrder(trx, order.customer_id, (await getMerchant(trx, ctx.merchantId)).rules.referral_min_order);
  await updateReferralIn(
    trx,
    r.id,
    'ordered',
    next ? { order_id: next.id, ordered_at: next.paid_at } : { status: 'signed_up', order_id: null, ordered_at: null },
  );
}

/** The instant the shop's current month began, in its time zone. */
export async function monthStart(db: Database, now: Date, timeZone: string): Promise<Date> {
  const ym = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(now);
  return dayStart(db, `${ym.slice(0, 7)}-01`, timeZone);
}

/** What the shop gives now: null when referrals are off (or give 0 points). */
export function giving(rules: MerchantRules): 'points' | 'reward' | null {
  if (rules.referral_reward === 'points') return rules.referral_points > 0 ? 'points' : null;
  if (rules.referral_reward === 'reward') return rules.referral_reward_name ? 'reward' : null;
  return null;
}

interface Gift {
  points: number | null;
  voucherId: number | null;
}

/**
 * The reward for each of `to` (in the caller's transaction, their rows locked): points, or a voucher
 * each of the owner's reward. Null when the reward is retired or has too little stock for all of them
 * (nothing given; the referral stays open).
 */
async function give(
  trx: Database,
  ctx: ProviderContext,
  rules: MerchantRules,
  who: Array<{ id: number } & Reason>,
  referralId: number,
): Promise<Gift[] | null> {
  if (giving(rules) === 'points') {
    const points = rules.referral_points;
    for (const w of who) await earnPoints(trx, ctx.clock, w.id, points, { reason: w.reason, words: w.words, ref: refOf(referralId) }, rules.points_expiry_days);
    return who.map(() => ({ points, voucherId: null }));
  }
  if (!(await lockRewardByName(trx, rules.referral_reward_name))) return null;
  const reward = await findActiveReward(trx, rules.referral_reward_name);
  if (!reward || (reward.stock !== null && reward.stock < who.length)) return null;
  const gifts: Gift[] = [];
  for (const w of who) {
    if (reward.stock !== null && !(await takeStock(trx, reward.id))) throw new Error('referral reward stock changed under its lock');
    gifts.push({ points: null, voucherId: await issueVoucher(trx, ctx.clock, w.id, reward, 'referral') });
  }
  return gifts;
}

/**
 * Decides the friend's open referral once their first order of the owner's minimum has its points
 * credited: `refused` (the friend paid with the referrer's card), `review` (a fraud signal matched: held
 * for the owner, nobody rewarded yet), `capped` (the referrer had the month's cap already: the friend gets
 * theirs), or `rewarded` (both). Nothing while it is not due, while referrals are off, or while the reward
 * cannot be given. In the caller's transaction: takes both customers' row locks (lower id first), then the
 * referral's, and re-reads it. Answers the decision, or null.
 */
export async function settleReferral(trx: Database, ctx: ProviderContext, friendId: number): Promise<'rewarded' | 'capped' | 'refused' | 'review' | null> {
  const found = await findReferralOfFriend(trx, friendId);
  if (!isOpen(found)) return null;
  await lockPair(trx, found.referrer_id, found.friend_id);
  const r = await lockReferral(trx, found.id);
  if (!isOpen(r)) return null;
  const { rules } = await getMerchant(trx, ctx.merchantId);
  const order = await firstCreditedOrder(trx, friendId, rules.referral_min_order);
  if (!order || order.order_id === null) return null;
  if (!giving(rules)) return null;
  if (await sameCard(trx, r.referrer_id, r.friend_id)) {
    await updateReferral(trx, r.id, { status: 'refused', reason: SAME_CARD, order_id: order.order_id });
    return 'refused';
  }
  const signals = await fraudSignals(trx, r.referrer_id, r.friend_id);
  if (signals.length > 0) {
    await updateReferral(trx, r.id, { status: 'review', signals: JSON.stringify(signals), order_id: order.order_id });
    ctx.logger.info({ referral: r.id, signals }, 'referral held for review');
    return 'review';
  }
  return rewardReferral(trx, ctx, rules, r, order.order_id);
}

/**
 * Rewards a referral (its customers' and its own row locked by the caller, referrals on): both, or the
 * friend alone when the referrer had the month's cap already, with their notices. Null when the reward is
 * retired or sold out (nothing given, the referral unchanged).
 */
export async function rewardReferral(
  trx: Database,
  ctx: ProviderContext,
  rules: MerchantRules,
  r: ReferralRow,
  orderId: number,
  patch: ReferralPatch = {},
): Promise<'rewarded' | 'capped' | null> {
  const now = ctx.clock.now();
  const capped = (await rewardedSince(trx, r.referrer_id, await monthStart(trx, now, rules.timezone))) >= rules.referral_monthly_cap;
  const nameIn = await pairNames(trx, r);
  // the other one's first name; none known (an account without one): "a friend", a message of its own in each language
  const named = (id: number, withName: MessageDescriptor, without: MessageDescriptor) => {
    const name = firstName(nameIn(id), '');
    return name ? reasonOf(withName, { name }) : reasonOf(without);
  };
  const friend = { id: r.friend_id, ...named(r.referrer_id, pointsReason.referralInvited, pointsReason.referralInvitedByFriend) };
  const referrer = { id: r.referrer_id, ...named(r.friend_id, pointsReason.referralJoined, pointsReason.referralFriendJoined) };
  const gifts = await give(trx, ctx, rules, capped ? [friend] : [friend, referrer], r.id);
  if (!gifts) {
    ctx.logger.warn({ referral: r.id, reward: rules.referral_reward_name }, 'referral not rewarded yet: the reward is retired or sold out');
    return null;
  }
  const [forFriend, forReferrer] = gifts;
  await updateReferral(trx, r.id, {
    ...patch,
    status: capped ? 'capped' : 'rewarded',
    order_id: orderId,
    rewarded_at: now,
    friend_points: forFriend!.points,
    friend_voucher_id: forFriend!.voucherId,
    referrer_points: forReferrer?.points ?? null,
    referrer_voucher_id: forReferrer?.voucherId ?? null,
  });
  await emitReferralQualified(
    trx,
    { referral_id: r.id, referrer_id: r.referrer_id, friend_id: r.friend_id, order_id: orderId, status: capped ? 'capped' : 'rewarded' },
    now,
  );
  // each one's notice in their own language (docs/app.md, "What the shop sends"); a name unknown: "A friend" in it
  const sayTo = async (id: number) => {
    const say = await sayToCustomer(trx, rules, id);
    return { say, names: { friend: firstName(nameIn(r.friend_id), say(words.someone)), referrer: firstName(nameIn(r.referrer_id), say(words.someone)) } };
  };
  await tell(trx, ctx, r.friend_id, forFriend!, 'friend', await sayTo(r.friend_id));
  if (forReferrer) {
    await tell(trx, ctx, r.referrer_id, forReferrer, 'referrer', await sayTo(r.referrer_id));
  } else {
    const { say, names } = await sayTo(r.referrer_id);
    await notify(trx, ctx.clock, r.referrer_id, {
      type: 'account',
      title: say(words.cappedTitle, names),
      body: say(words.cappedBody, { ...names, cap: rules.referral_monthly_cap }),
      link: paths.home,
    });
  }
  return capped ? 'capped' : 'rewarded';
}

/** A gift's notice to the friend or the referrer, in their language: a voucher to open, or points to spend. */
async function tell(
  trx: Database,
  ctx: ProviderContext,
  customerId: number,
  gift: Gift,
  to_: 'friend' | 'referrer',
  { say, names }: { say: Say; names: { friend: string; referrer: string } },
): Promise<void> {
  const friend = to_ === 'friend';
  if (gift.voucherId !== null) {
    await notify(trx, ctx.clock, customerId, {
      type: 'reward',
      title: say(friend ? words.friendVoucherTitle : words.referrerVoucherTitle, names),
      body: say(friend ? words.friendVoucherBody : words.referrerVoucherBody, names),
      link: to.voucher(gift.voucherId),
    });
  } else {
    await notify(trx, ctx.clock, customerId, {
      type: 'points_earned',
      title: say(friend ? words.friendPointsTitle : words.referrerPointsTitle, { ...names, points: gift.points }),
      body: say(friend ? words.friendPointsBody : words.referrerPointsBody, names),
      link: paths.profilePoint,
      push: 'points',
    });
  }
}

/**
 * The hourly run, after the pending points it credited (jobs.ts): every open referral whose friend has
 * had an order's points credited is decided, one per transaction. Returns how many were decided.
 */
export async function settleDueReferrals(ctx: ProviderContext): Promise<number> {
  const BATCH = 200;
  let decided = 0;
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  for (let after = 0; ;) {
    const ids = await friendsDue(ctx.db, after, BATCH, rules.referral_min_order);
    for (const friendId of ids) {
      if (await ctx.db.transaction().execute((trx) => settleReferral(trx, ctx, friendId))) decided++;
    }
    if (ids.length < BATCH) break;
    after = ids.at(-1)!;
  }
  return decided;
}

async function rewardAnswer(db: Database, rules: MerchantRules): Promise<ReferralStatusData['reward']> {
  const kind = giving(rules);
  if (kind === 'points') return { kind, points: rules.referral_points, title: null };
  if (kind === 'reward') {
    const reward = await findActiveReward(db, rules.referral_reward_name);
    return reward ? { kind, points: null, title: reward.title } : null;
  }
  return null;
}

/** `referral/status`: the customer's code (made on first use), what both get, the month's cap and the friends. */
export async function referralStatus(ctx: ProviderContext, customerId: number): Promise<ReferralStatusData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const code = await referralCodeOf(ctx.db, customerId);
  const reward = await rewardAnswer(ctx.db, rules);
  const rows = await referralsOfReferrer(ctx.db, customerId);
  return {
    enabled: reward !== null,
    code,
    path: `${paths.register}?ref=${code}`,
    reward,
    monthly_cap: rules.referral_monthly_cap,
    rewarded_this_month: await rewardedSince(ctx.db, customerId, await monthStart(ctx.db, ctx.clock.now(), rules.timezone)),
    referrals: rows.map((r) => ({
      id: r.id,
      friend: firstName(r.friend_name, 'A friend'),
      status: r.status,
      signed_up_at: r.signed_up_at.toISOString(),
      rewarded_at: r.rewarded_at?.toISOString() ?? null,
    })),
  };
}

/**
 * `referral/lookup`: whose a code is. Open to anyone, so a code that is nobody's counts against the
 * client's hourly allowance of wrong codes, like a wrong one-time code (auth/codes.ts): guessing codes
 * to collect names is refused with 429 after a few; a code found gives the try back.
 */
export async function lookupReferral(ctx: ProviderContext, code: string, clientKey: string): Promise<ReferralLookupData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const counted = await countCodeTry(ctx, rules, clientKey);
  const referrer = await findReferrerByCode(ctx.db, code);
  if (!referrer) throw new AppError('NOT_FOUND', errors.referralCodeUnknown, { code: 'is not a referral code' });
  await counted.release();
  return { referrer: firstName(referrer.name, 'A friend'), reward: await rewardAnswer(ctx.db, rules) };
}

type ConsoleRow = Awaited<ReturnType<typeof consoleReferrals>>[number];
export const toReferral = (r: ConsoleRow): Referral => ({
  id: r.id,
  referrer: { id: r.referrer_id, name: r.referrer_name },
  friend: { id: r.friend_id, name: r.friend_name },
  status: r.status,
  reason: r.reason,
  signals: r.signals ?? [],
  order: r.order_name !== null && r.order_total !== null ? { name: r.order_name, total: r.order_total } : null,
  signed_up_at: r.signed_up_at.toISOString(),
  rewarded_at: r.rewarded_at?.toISOString() ?? null,
  voided_at: r.voided_at?.toISOString() ?? null,
});

/** `merchant/loyalty/referrals`: newest first, at most 200, and the totals. */
export async function listReferrals(ctx: ProviderContext): Promise<ReferralsConsoleData> {
  const rows = await consoleReferrals(ctx.db);
  const t = await referralTotals(ctx.db);
  const n = (s: string) => t[s] ?? 0;
  return {
    referrals: rows.map(toReferral),
    totals: {
      signed_up: Object.values(t).reduce((a, b) => a + b, 0),
      review: n('review'),
      rewarded: n('rewarded') + n('capped'),
      refused: n('refused'),
      void: n('void'),
    },
  };
}

/**
 * `merchant/loyalty/referrals/void` (owners): never rewarded after this; a rewarded one has what it gave
 * taken back as far as it can be (the points still in each balance, through the ledger's take-back,
 * never below 0; vouchers not used, cancelled). 409 when void already. Audited (`referral.void`).
 */
export async function voidReferral(ctx: ProviderContext, staff: StaffOfRequest, body: { id: number; reason: string }): Promise<Referral> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const found = await referralPair(trx, body.id);
    if (!found) throw notFound('Referral');
    await lockPair(trx, found.referrer_id, found.friend_id);
    const r = (await lockReferral(trx, body.id))!;
    if (r.status === 'void') throw new AppError('INVALID_TRANSITION', 'This referral is void already.', undefined, { status: r.status });
    const { rules } = await getMerchant(trx, ctx.merchantId);
    const takenBack = { referrer_points: 0, friend_points: 0, vouchers_cancelled: 0 };
    const back = async (customerId: number, points: number | null, voucherId: number | null): Promise<number> => {
      let taken = 0;
      if (points)
        taken = -(await adjustPoints(
          trx,
          ctx.clock,
          customerId,
          -points,
          { ...reasonOf(pointsReason.referralTakenBack), ref: refOf(r.id), lotRef: refOf(r.id) },
          rules.points_expiry_days,
        ));
      if (voucherId !== null && (await cancelUnusedVoucher(trx, voucherId, now))) takenBack.vouchers_cancelled++;
      return taken;
    };
    takenBack.referrer_points = await back(r.referrer_id, r.referrer_points, r.referrer_voucher_id);
    takenBack.friend_points = await back(r.friend_id, r.friend_points, r.friend_voucher_id);
    await updateReferral(trx, r.id, { status: 'void', reason: body.reason, voided_at: now, voided_by: staff.id });
    const nameOf = await pairNames(trx, r);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'referral.void',
      target: refOf(r.id),
      before: { status: r.status },
      after: { status: 'void', reason: body.reason, referrer: nameOf(r.referrer_id), friend: nameOf(r.friend_id), ...takenBack },
      now,
    });
  });
  const [row] = await consoleReferrals(ctx.db, { id: body.id });
  return toReferral(row!);
}
