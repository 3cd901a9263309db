import { sql } from 'kysely';
import { MINUTE } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { getMerchant } from '../settings/settings.service';

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
  const claimed = await ctx.db
    .updateTable('order_refunds')
    .set({ claimed_at: now, attempts: sql`attempts + 1` })
    .where('order_id', '=', orderId)
    .where('method', '=', 'gateway')
    .where('status', '<>', 'succeeded')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', new Date(now.getTime() - CLAIM_MS))]))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const row = await ctx.db.selectFrom('order_refunds').select('status').where('order_id', '=', orderId).executeTakeFirst();
    return row?.status ?? null;
  }
  const detail = await ctx.db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.provider_ref', 'o.name'])
    .where('p.id', '=', claimed.payment_id!)
    .executeTakeFirstOrThrow();
  try {
    if (!gateway) throw new Error('no payment gateway is configured on this instance');
    const result = await gateway.refund({
      paymentId: detail.id,
      providerRef: detail.provider_ref ?? detail.id,
      amount: claimed.amount,
      idempotencyKey: refundKeyOf(detail.name),
      currency: (await getMerchant(ctx.db, ctx.merchantId)).rules.currency,
    });
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('order_refunds')
        .set({ status: 'succeeded', gateway_refund_id: result.refundId, settled_at: ctx.clock.now(), claimed_at: null, last_error: null })
        .where('order_id', '=', orderId)
        .execute();
      // what the gateway has given back of the payment (its own refund webhook may say so too: the larger stays)
      await trx
        .updateTable('payments')
        .set({ refunded_amount: sql`greatest(refunded_amount, ${claimed.amount})` })
        .where('id', '=', detail.id)
        .execute();
    });
    ctx.logger.info({ order: detail.name, amount: claimed.amount, refund: result.refundId }, 'refunded a cancelled order through the payment gateway');
    return 'succeeded';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db.updateTable('order_refunds').set({ status: 'failed', claimed_at: null, last_error: message.slice(0, 500) }).where('order_id', '=', orderId).execute();
    ctx.logger.error({ err, order: detail.name, amount: claimed.amount, attempts: claimed.attempts }, 'refunding a cancelled order failed: the hourly job tries again');
    return 'failed';
  }
}

/** The hourly job: every gateway refund still owed, tried again (one at a time). */
export async function retryRefunds(ctx: ProviderContext): Promise<number> {
  const owed = await ctx.db.selectFrom('order_refunds').select('order_id').where('method', '=', 'gateway').where('status', '<>', 'succeeded').orderBy('created_at').limit(200).execute();
  let done = 0;
  for (const r of owed) if ((await settleRefund(ctx, r.order_id)) === 'succeeded') done++;
  return done;
}
