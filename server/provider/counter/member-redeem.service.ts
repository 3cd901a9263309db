import type { CounterMemberRedeemData, CounterMemberRewardsData, CounterReward } from '#contract/counter';
import { paths, to } from '#contract/routes';
import type { Reward } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { lockCustomer } from '../accounts/accounts.repo';
import { firstName } from '../accounts/accounts.service';
import { AppError } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { notify } from '../notifications/notify';
import { sayToCustomer } from '../accounts/language';
import { counter as counterWords, pointsReason } from '../i18n/messages';
import { reasonOf } from '../points/reasons';
import { adjustPoints } from '../points/points.ledger';
import { rewardsInReach, spendOnReward } from '../rewards/rewards.service';
import { customerOfRotatingCode, isStaticMemberCode } from '../rewards/voucher-codes';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { cancelIssuedVoucher, findRedemption, insertRedemption, markRedemptionUndone, takeActiveVoucher, voucherCustomer } from './counter.repo';
import { counterLocation, counterVoucher, toRedemption } from './counter.service';
import { memberNow } from './earns.service';
import { emitVoucherUsed } from '../events/events.service';

/**
 * A reward for a customer's points, straight from the member card (issue 29): the customer found as for
 * points (earns.service.ts findMember), staff see what their points buy now and hand one over, for the
 * rotating code the customer's app shows (found by phone or by a wallet card's fixed code, a customer
 * can be given points, never spend them: 403 MEMBER_CODE_REQUIRED). The points
 * are spent and the stock taken exactly as the app's redemption does (rewards.service.ts spendOnReward,
 * with its checks), and its voucher is used at once with a counter redemption marked `issued`, all in the
 * idempotent call's transaction. Its undo (undo.service.ts, 2 minutes as a voucher's) cancels the voucher
 * and gives the points and the unit of stock back: the customer never asked for a voucher.
 */

const toCounterReward = (r: Reward): CounterReward => ({
  name: r.name,
  title: r.title,
  image: r.image,
  points_cost: r.points_cost,
  free_product: r.free_product ?? null,
  stock: r.stock,
});

/** `merchant/counter/member/rewards`: the customer, what their points buy now, and the cheapest reward they cannot afford yet. */
export async function memberRewards(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  body: { customer_id: number; location_id?: number | undefined },
): Promise<CounterMemberRewardsData> {
  await counterLocation(ctx.db, staff, body.location_id);
  const member = await memberNow(ctx, ctx.db, body.customer_id);
  const { affordable, next } = await rewardsInReach(ctx, member.customer_id, member.points);
  return {
    member,
    rewards: affordable.map(toCounterReward),
    next: next ? { ...toCounterReward(next), points_short: next.points_cost - member.points } : null,
  };
}

/** The app's refusals (said to the customer: "You need…") in words for the staff member facing them; same code and data. */
function toStaff(err: unknown, first: string): unknown {
  if (!(err instanceof AppError)) return err;
  const data = err.data as { points?: number; needed?: number; limit?: number } | null;
  if (err.code === 'INSUFFICIENT_POINTS' && data?.needed !== undefined && data.points !== undefined) {
    return new AppError(err.code, `${first} needs ${data.needed - data.points} more points for this.`, undefined, err.data);
  }
  if (err.code === 'LIMIT_REACHED') {
    return new AppError(
      err.code,
      `${first} has had this reward ${data?.limit === 1 ? 'already' : `${data?.limit ?? 'the most'} times, the most allowed`}.`,
      undefined,
      err.data,
    );
  }
  return err;
}

type MemberRedeemBody = { code?: string | undefined; customer_id?: number | undefined; reward: string; location_id?: number | undefined };

/** Points are spent only for the customer whose app shows the code now: a phone number or a wallet card is not them being there. */
const memberCodeRequired = (why: string) =>
  new AppError('MEMBER_CODE_REQUIRED', `${why} To spend points, scan the code in the customer’s app (or type the 8 characters under it).`);

/**
 * The customer a spend is for: the one whose app shows `code` now (checked in the transaction, so a
 * retry after the code changed replays the first answer). A code of another customer than the one the
 * counter shows is refused: staff see one customer and would hand a reward to another.
 */
async function presentCustomer(ctx: ProviderContext, trx: Database, body: MemberRedeemBody): Promise<number> {
  const customerId = await customerOfRotatingCode(ctx, body.code!, trx);
  if (body.customer_id !== undefined && body.customer_id !== customerId) throw memberCodeRequired('This code is another customer’s.');
  return customerId;
}

/**
 * `merchant/counter/member/redeem`: the reward bought and handed over in one transaction, run once per
 * idempotency key (`once`: the call's at.once), for the customer whose app shows the rotating code
 * given. The counter's location is read first (PGlite has one connection, which the transaction holds).
 */
export async function redeemFromCard<R>(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  body: MemberRedeemBody,
  once: (effect: (trx: Database) => Promise<CounterMemberRedeemData>) => Promise<R>,
): Promise<R> {
  if (body.code === undefined) throw memberCodeRequired('A customer found by phone number can be given points, not spend them.');
  if (isStaticMemberCode(body.code)) throw memberCodeRequired('A wallet card’s code can be given points, not spend them.');
  const location = await counterLocation(ctx.db, staff, body.location_id);
  return once(async (trx) => {
    const now = ctx.clock.now();
    const customer = await lockCustomer(trx, await presentCustomer(ctx, trx, body));
    const first = firstName(customer.name);
    const served = (title: string) => `${title}: served at the counter`;
    const { voucherId, reward } = await spendOnReward(ctx, trx, customer.id, body.reward, served).catch((err: unknown) => {
      throw toStaff(err, first);
    });
    // issued a moment ago in this transaction: it is active
    if (!(await takeActiveVoucher(trx, voucherId, now))) throw new Error(`voucher ${voucherId} was not active`);
    const id = await insertRedemption(trx, voucherId, staff.id, location?.id ?? null, now, true);
    await emitVoucherUsed(
      trx,
      {
        voucher_id: voucherId,
        customer_id: customer.id,
        reward: reward.name,
        title: reward.title,
        used_on: 'counter',
        order: null,
        location_id: location?.id ?? null,
      },
      now,
    );
    const where = location ? ` at ${location.name}` : '';
    await notify(trx, ctx.clock, customer.id, {
      type: 'reward',
      title: served(reward.title),
      body: `${reward.points_cost} points for ${reward.title}${where}. Enjoy!`,
      link: to.rewardStorage('used'),
    });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'counter.reward_redeem',
      target: `voucher:${voucherId}`,
      before: { points: customer.points },
      after: {
        points: customer.points - reward.points_cost,
        spent: reward.points_cost,
        redemption: id,
        reward: reward.name,
        reward_title: reward.title,
        customer: customer.name,
        location: location?.name ?? null,
      },
      now,
    });
    return {
      voucher: await counterVoucher(trx, now, voucherId),
      redemption: toRedemption(await findRedemption(trx, id)),
      member: await memberNow(ctx, trx, customer.id),
    };
  });
}

/**
 * The undo of a reward redeemed from the member card, in the undo's transaction (the redemption locked
 * and checked): the voucher cancelled, its unit of stock and its points back. The customer's row lock
 * first, as the redemption took it before the reward's.
 */
export async function undoIssued(
  trx: Database,
  ctx: ProviderContext,
  staff: StaffOfRequest,
  redemption: { id: number; voucher_id: number },
  now: Date,
): Promise<void> {
  const customer = await lockCustomer(trx, await voucherCustomer(trx, redemption.voucher_id));
  await markRedemptionUndone(trx, redemption.id, staff.id, now);
  const v = await cancelIssuedVoucher(trx, redemption.voucher_id, now);
  const row = await findRedemption(trx, redemption.id);
  const points = v.points_paid ?? 0;
  const { rules } = await getMerchant(trx, ctx.merchantId);
  await adjustPoints(
    trx,
    ctx.clock,
    customer.id,
    points,
    { ...reasonOf(pointsReason.counterRewardUndone, { reward: row.reward_title }), ref: `voucher:${redemption.voucher_id}` },
    rules.points_expiry_days,
  );
  const say = await sayToCustomer(trx, rules, customer.id);
  const words = { points, reward: row.reward_title, place: row.location_name };
  await notify(trx, ctx.clock, customer.id, {
    type: 'reward',
    title: say(counterWords.backTitle, { points }),
    body: say(row.location_name ? counterWords.backBodyAt : counterWords.backBody, words),
    link: paths.profilePoint,
  });
  await insertAudit(trx, {
    staffId: staff.id,
    action: 'counter.reward_undo',
    target: `voucher:${redemption.voucher_id}`,
    before: { points: customer.points, redemption: redemption.id },
    after: {
      points: customer.points + points,
      given_back: points,
      reward_title: row.reward_title,
      customer: customer.name,
      location: row.location_name ?? null,
    },
    now,
  });
}
