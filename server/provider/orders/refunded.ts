import { paths } from '#contract/routes';
import type { Database } from '../../db';
import { inSavepoint } from '../../db/savepoint';
import type { ProviderContext } from '../context';
import { AppError } from '../http/errors';
import { takeBackStamps } from '../loyalty/stamps.service';
import { notify } from '../notifications/notify';
import { creditRiseOf } from '../points/points.pending';
import { getMerchant } from '../settings/settings.service';
import { placeCustomer, undoTierRise } from '../tiers/tiers.service';
import { lockOrderById, markEarningsBack } from './orders.repo';
import { sayToCustomer } from '../accounts/language';
import { counter, takeBack as w } from '../i18n/messages';
import type { Say } from '../i18n/translate';
import { takeBackOrderPoints, vouchersCancelledWords, type PointsTakenBack } from './take-back';

/** What a refund at the payment gateway took back of an order's earnings, for the shop's Activity. */
export interface EarningsTakenBack extends PointsTakenBack {
  stamps: number;
  /** what could not be taken back, and why (a voucher used already, a card filled since) */
  kept: string[];
}

/** A reversal that would need a used voucher back: it stays, and the owner sees why. */
const usedSince = (err: unknown) => err instanceof AppError && err.code === 'CONFLICT';

/**
 * An order's payment refunded at the payment gateway (in its own dashboard: not this shop's refund of a
 * cancelled order, which took its earnings back already), in the refund's transaction: whole or in
 * part, the order keeps nothing it earned. Its points (pending ones cancelled, credited ones taken back
 * as a cancellation takes them, unused vouchers bought with them cancelled when the balance is short),
 * its stamps (a voucher they filled a card for cancelled while unused), and the tier its completion
 * raised the customer to (that tier's unused welcome vouchers cancelled). A refund is the shop's
 * decision and the money has gone, so nothing refuses it: what cannot come back (a voucher used since,
 * a card another sale filled) stays and is named in `kept`. Once per order; an order refunded before it
 * completes gives no stamps when it does (lifecycle.ts). The customer is told what was taken back.
 */
export async function takeBackRefundedOrder(trx: Database, ctx: ProviderContext, orderId: number): Promise<EarningsTakenBack | null> {
  const order = await lockOrderById(trx, orderId);
  if (!order || order.earnings_back_at !== null || order.status === 'cancelled') return null;
  const merchant = await getMerchant(trx, ctx.merchantId);
  const now = ctx.clock.now();
  const points = await takeBackOrderPoints(trx, ctx, merchant, order, 'refunded');
  const kept: string[] = [];
  const stamps = await inSavepoint(trx, 'refund_stamps', () => takeBackStamps(trx, { order_id: order.id }, now), usedSince);
  if (!stamps.ok) kept.push(`stamps: ${(stamps.error as Error).message}`);
  // the tier its completion reached, or the hourly job's credit of its held points (points.pending.ts)
  const rise = order.tier_rise ?? (await creditRiseOf(trx, `order:${order.name}`));
  const tier = rise ? await inSavepoint(trx, 'refund_tier', () => undoTierRise(trx, ctx, order.customer_id, rise), usedSince) : undefined;
  if (tier && !tier.ok) kept.push(`tier: ${(tier.error as Error).message}`);
  if (!tier?.ok) await placeCustomer(trx, ctx, order.customer_id);
  await markEarningsBack(trx, order.id, points.taken + points.voided, now);
  const taken = { ...points, stamps: stamps.ok ? stamps.value : 0, kept };
  const notice = refundNotice(await sayToCustomer(trx, merchant.rules, order.customer_id), order.name, taken);
  if (notice) await notify(trx, ctx.clock, order.customer_id, { type: 'points_earned', ...notice, link: paths.profilePoint });
  return taken;
}

/** The customer's notice of what a refund took back, in their language; null when the order had earned nothing yet. */
function refundNotice(say: Say, name: string, t: EarningsTakenBack): { title: string; body: string } | null {
  const words = { order: name, points: t.voided > 0 ? t.voided : t.taken, stamps: t.stamps };
  const stamps = t.stamps > 0;
  const said =
    t.voided > 0
      ? say(stamps ? w.refundedVoidedStamps : w.refundedVoided, words)
      : t.taken > 0
        ? say(stamps ? w.refundedTakenStamps : w.refundedTaken, words)
        : stamps
          ? say(w.refundedStamps, words)
          : null;
  if (said === null) return null;
  const title = t.voided > 0 ? say(counter.cancelledTitle, words) : t.taken > 0 ? say(counter.takenBackTitle, words) : say(w.refundedStampsTitle, words);
  return { title, body: `${said}${vouchersCancelledWords(say, t.vouchers)}` };
}
