import { MINUTE } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { getMerchant } from '../settings/settings.service';
import { claimGatewayRefund, owedGatewayRefunds, recordRefundFailed, recordRefundSucceeded, refundStatusOf, refundTarget } from './orders.repo';

/**
 * A cancelled order's gateway refund, called after the cancellation committed (cancelOrder records it
 * as pending): never inside a transaction, never twice at once. An instance claims the refund (one
 * UPDATE: only the first of two claimants gets the row), calls the gateway with one idempotency key per
 * order (`refund:order:<name>`, so a retry after a lost answer cannot pay again), and records what the
 * gateway said. A failure leaves it `failed`, retried by the hourly job; a claim left by a crashed
 * instance expires after a few minutes.
 */

const CLAIM_MS = 5 * MINUTE;

export const refundKeyOf = (orderName: string) => `refund:order:${orderName}`;

/** Calls the gateway for one order's refund when it is still owed; answers its status afterwards. */
export async function settleRefund(ctx: ProviderContext, orderId: number): Promise<'succeeded' | 'failed' | 'pending' | null> {
  const gateway = ctx.paymentGateway;
  const now = ctx.clock.now();
  const claimed = await claimGatewayRefund(ctx.db, orderId, now, new Date(now.getTime() - CLAIM_MS));
  if (!claimed) return refundStatusOf(ctx.db, orderId);
  const detail = await refundTarget(ctx.db, claimed.payment_id!);
  try {
    if (!gateway) throw new Error('no payment gateway is configured on this instance');
    const result = await gateway.refund({
      paymentId: detail.id,
      providerRef: detail.provider_ref ?? detail.id,
      amount: claimed.amount,
      idempotencyKey: refundKeyOf(detail.name),
      currency: (await getMerchant(ctx.db, ctx.merchantId)).rules.currency,
    });
    await ctx.db.transaction().execute((trx) => recordRefundSucceeded(trx, orderId, detail.id, claimed.amount, result.refundId, ctx.clock.now()));
    ctx.logger.info({ order: detail.name, amount: claimed.amount, refund: result.refundId }, 'refunded a cancelled order through the payment gateway');
    return 'succeeded';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await recordRefundFailed(ctx.db, orderId, message.slice(0, 500));
    ctx.logger.error(
      { err, order: detail.name, amount: claimed.amount, attempts: claimed.attempts },
      'refunding a cancelled order failed: the hourly job tries again',
    );
    return 'failed';
  }
}

/** The hourly job: every gateway refund still owed, tried again (one at a time). */
export async function retryRefunds(ctx: ProviderContext): Promise<number> {
  const owed = await owedGatewayRefunds(ctx.db, 200);
  let done = 0;
  for (const orderId of owed) if ((await settleRefund(ctx, orderId)) === 'succeeded') done++;
  return done;
}
