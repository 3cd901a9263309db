import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { lockCustomer } from '../accounts/accounts.repo';
import type { Merchant } from '../settings/settings.service';
import { adjustPoints } from '../points/points.ledger';
import { voidPending } from '../points/points.pending';
import { recipientLanguage, type Say } from '../i18n/translate';
import { titleIn } from '#contract/translations';
import { pointsReason, takeBack as takeBackWords } from '../i18n/messages';
import { reasonOf } from '../points/reasons';
import { cancelVoucherWithOrder, lockVouchersBoughtSince, type OrderRow } from './orders.repo';

/**
 * A cancelled order's points, taken back (and a refunded one's: orders/refunded.ts, `why` naming it in the
 * history). Points still pending (the order not completed, or its hold not
 * over: points.pending.ts) were never spendable: they are voided, and nothing is taken. Points credited
 * (or earned before pending points, when an order's points were credited at payment) are taken back.
 * Those may already be spent: a reward bought with them would stay the customer's while the order's money went back in full. So when the
 * balance is short, the unused vouchers the customer redeemed since the order was paid are cancelled,
 * newest first, until it is not: each gives its points back (an `adjust` entry) and its unit back to the
 * reward's stock; then the order's points are taken back as far as the balance allows (an `adjust` entry
 * that consumes the order's own lot first). What is still missing, spent on a voucher already used or on
 * spins, is the shortfall the console shows (points_earned − points_taken_back). All of it in the
 * cancellation's transaction, under the customer's row lock, which a redemption takes too: a redemption
 * racing the cancellation either finishes first (and its voucher is cancelled here) or runs after (and
 * finds the points gone). A voucher another transaction holds at this moment (being used at the counter,
 * or applied to an order) is skipped, never waited for.
 */

export interface PointsTakenBack {
  /** points taken off the balance for the order */
  taken: number;
  /** points of the order's still pending, voided (never spendable: nothing to take back) */
  voided: number;
  /** points the order earned that could not be taken back */
  shortfall: number;
  /** vouchers cancelled to give their points back (`title`: the reward's, in the customer's language, for their notice) */
  vouchers: Array<{ id: number; title: string; points: number }>;
}

export async function takeBackOrderPoints(
  trx: Database,
  ctx: ProviderContext,
  merchant: Merchant,
  order: OrderRow,
  why: 'cancelled' | 'refunded' = 'cancelled',
): Promise<PointsTakenBack> {
  const earned = order.points_earned;
  if (earned <= 0) return { taken: 0, voided: 0, shortfall: 0, vouchers: [] };
  const pending = await voidPending(trx, ctx.clock, order.customer_id, `order:${order.name}`);
  if (pending?.was === 'pending') return { taken: 0, voided: pending.points, shortfall: 0, vouchers: [] };
  if (pending?.was === 'voided') return { taken: 0, voided: 0, shortfall: 0, vouchers: [] };
  const now = ctx.clock.now();
  const customer = await lockCustomer(trx, order.customer_id);
  let balance = customer.points;
  const vouchers: PointsTakenBack['vouchers'] = [];
  if (balance < earned && order.paid_at) {
    const bought = await lockVouchersBoughtSince(trx, order.customer_id, order.paid_at, now);
    const language = recipientLanguage(customer.language, merchant.rules);
    for (const v of bought) {
      if (balance >= earned) break;
      await cancelVoucherWithOrder(trx, v, order.id, now);
      balance += await adjustPoints(
        trx,
        ctx.clock,
        order.customer_id,
        v.points_paid!,
        // the reward's name with its title: the history reads the title in its reader's language (points.service.ts)
        { ...reasonOf(pointsReason.voucherCancelled, { reward: v.title, reward_name: v.name, order: order.name }), ref: `voucher:${v.id}` },
        merchant.rules.points_expiry_days,
      );
      vouchers.push({ id: v.id, title: titleIn(v, language), points: v.points_paid! });
    }
  }
  const taken = -(await adjustPoints(trx, ctx.clock, order.customer_id, -earned, {
    ...reasonOf(why === 'refunded' ? pointsReason.orderRefunded : pointsReason.orderCancelled, { order: order.name }),
    ref: `order:${order.name}`,
    lotRef: `order:${order.name}`,
  }));
  return { taken, voided: 0, shortfall: earned - taken, vouchers };
}

/** What the customer's notice says of the vouchers a take-back cancelled (a cancellation's, a refund's), in their language. */
export function vouchersCancelledWords(say: Say, vouchers: PointsTakenBack['vouchers']): string {
  return vouchers.map((v) => ` ${say(takeBackWords.voucher, { reward: v.title, points: v.points })}`).join('');
}
