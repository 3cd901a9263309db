import type { CounterRedeemData, CounterRedemption, CounterVoucher } from '#contract/counter';
import { to } from '#contract/routes';
import type { Database } from '../../db';
import { MINUTE } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { firstName } from '../accounts/accounts.service';
import { sayToCustomer } from '../accounts/language';
import { voucher as voucherWords } from '../i18n/messages';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { startOfDay } from '../settings/settings.repo';
import { getMerchant } from '../settings/settings.service';
import { notify } from '../notifications/notify';
import { voucherOfCode } from '../rewards/voucher-codes';
import { insertAudit } from '../staff/staff.repo';
import { assertInScope, locationScope } from '../locations/access';
import { findLocation } from '../locations/locations.repo';
import {
  customerName,
  findCounterVoucher,
  findOrderUsingVoucher,
  findRedemption,
  insertRedemption,
  liveRedemptionOf,
  redemptionsSince,
  takeActiveVoucher,
  type RedemptionRow,
} from './counter.repo';
import { emitVoucherUsed } from '../events/events.service';

/**
 * The counter: for staff the look-up of a voucher's rotating code (rewards/voucher-codes.ts), the
 * redemption (once, in one transaction) and the day's redemptions (their undo: undo.service.ts). Every
 * redemption is in the audit log and the customer's notifications. A redemption names the counter's
 * location: the one given (a member limited to other locations: 403 LOCATION_FORBIDDEN), or the
 * member's only one.
 */

export const UNDO_MS = 2 * MINUTE;

export const toRedemption = (r: RedemptionRow): CounterRedemption => ({
  id: r.id,
  voucher_id: r.voucher_id,
  reward_title: r.reward_title,
  customer_first_name: firstName(r.customer_name),
  redeemed_at: r.redeemed_at.toISOString(),
  staff_name: r.staff_name,
  location_name: r.location_name ?? null,
  undo_until: new Date(r.redeemed_at.getTime() + UNDO_MS).toISOString(),
  undone_at: r.undone_at ? r.undone_at.toISOString() : null,
  points_spent: r.issued ? r.points_paid : null,
});

/** A voucher as the counter sees it (any customer's: staff look codes up), with its live redemption. */
export async function counterVoucher(db: Database, now: Date, voucherId: number): Promise<CounterVoucher> {
  const v = await findCounterVoucher(db, voucherId);
  if (!v) throw new AppError('CODE_UNKNOWN', 'We don’t recognise this code.');
  const live = await liveRedemptionOf(db, voucherId);
  const pastDate = v.expires_at.getTime() <= now.getTime();
  const status = v.status === 'active' && pastDate ? 'expired' : v.status;
  return {
    id: v.id,
    reward: { name: v.reward_name, title: v.title, image: v.image, description: v.description, free_product: v.free_product },
    customer_first_name: firstName(v.customer_name),
    status,
    expires_at: v.expires_at.toISOString(),
    used_at: v.used_at ? v.used_at.toISOString() : null,
    usable: status === 'active',
    redemption: live ? toRedemption(live) : null,
  };
}

/** The counter's location: the one given, if the member works there (404 for none such); else their only one, or none. */
export async function counterLocation(
  db: Database,
  staff: StaffOfRequest,
  locationId: number | undefined,
): Promise<{ id: number; name: string; timezone: string } | null> {
  const scope = await locationScope(db, staff);
  if (locationId === undefined) {
    if (scope === 'all' || scope.length !== 1) return null;
    locationId = scope[0]!;
  }
  assertInScope(scope, locationId);
  const location = await findLocation(db, locationId);
  if (!location) throw notFound('Location');
  return { id: location.id, name: location.name, timezone: location.timezone };
}

/** What a scanned or typed code shows before anything happens. */
export async function lookup(ctx: ProviderContext, staff: StaffOfRequest, code: string, locationId?: number): Promise<CounterVoucher> {
  await counterLocation(ctx.db, staff, locationId);
  const voucherId = await voucherOfCode(ctx, code);
  return counterVoucher(ctx.db, ctx.clock.now(), voucherId);
}

/** Why a voucher cannot be redeemed, in words a counter worker can act on. */
async function refusalFor(trx: Database, now: Date, voucherId: number): Promise<AppError> {
  const v = await counterVoucher(trx, now, voucherId);
  if (v.status === 'used') {
    const order = await findOrderUsingVoucher(trx, voucherId);
    const by = v.redemption ? ` at the counter by ${v.redemption.staff_name}` : order ? ` on order ${order.name}` : '';
    return new AppError('VOUCHER_USED', `This voucher was used already${by}. Do not give the reward again.`, undefined, {
      used_at: v.used_at,
      staff_name: v.redemption?.staff_name ?? null,
      order: order?.name ?? null,
    });
  }
  if (v.status === 'cancelled') {
    // no code of its own: like an expired one it can never be used again, and the message says why
    return new AppError(
      'VOUCHER_EXPIRED',
      'This voucher was cancelled: the order whose points bought it was cancelled, and the points went back to the customer. Do not give the reward.',
      undefined,
      {
        expires_at: v.expires_at,
        cancelled: true,
      },
    );
  }
  return new AppError('VOUCHER_EXPIRED', `This voucher expired on ${v.expires_at.slice(0, 10)}. It cannot be used any more.`, undefined, {
    expires_at: v.expires_at,
  });
}

/**
 * Redeems the voucher a fresh code names: one UPDATE that only an active voucher passes, so of many
 * counters at once exactly one succeeds (the others wait for its row lock and then find it used).
 */
export async function redeem(ctx: ProviderContext, staff: StaffOfRequest, code: string, locationId?: number): Promise<CounterRedeemData> {
  const location = await counterLocation(ctx.db, staff, locationId);
  const voucherId = await voucherOfCode(ctx, code);
  const redemptionId = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const used = await takeActiveVoucher(trx, voucherId, now);
    if (!used) throw await refusalFor(trx, now, voucherId);
    const id = await insertRedemption(trx, voucherId, staff.id, location?.id ?? null, now);
    const v = await counterVoucher(trx, now, voucherId);
    await emitVoucherUsed(
      trx,
      {
        voucher_id: voucherId,
        customer_id: used.customer_id,
        reward: v.reward.name,
        title: v.reward.title,
        used_on: 'counter',
        order: null,
        location_id: location?.id ?? null,
      },
      now,
    );
    const say = await sayToCustomer(trx, (await getMerchant(trx, ctx.merchantId)).rules, used.customer_id);
    await notify(trx, ctx.clock, used.customer_id, {
      type: 'reward',
      title: say(voucherWords.usedTitle),
      body: say(voucherWords.usedBody, { reward: v.reward.title }),
      link: to.rewardStorage('used'),
    });
    const customer = await customerName(trx, used.customer_id);
    // the reward's title and the customer's name, so the owner's Activity says what happened in words
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'voucher.redeem',
      target: `voucher:${voucherId}`,
      before: { status: 'active' },
      after: { status: 'used', redemption: id, reward: v.reward.name, reward_title: v.reward.title, customer, location: location?.name ?? null },
      now,
    });
    return id;
  });
  const now = ctx.clock.now();
  const redemption = await findRedemption(ctx.db, redemptionId);
  return { voucher: await counterVoucher(ctx.db, now, voucherId), redemption: toRedemption(redemption) };
}

/** Today's counter redemptions (the merchant's day), newest first. */
export async function recent(ctx: ProviderContext): Promise<CounterRedemption[]> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const since = await startOfDay(ctx.db, ctx.clock.now(), merchant.rules.timezone);
  const rows = await redemptionsSince(ctx.db, since, 50);
  return rows.map(toRedemption);
}
