import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db';
import type { GatewayRefundTable, PaymentDisputeTable, PaymentTable } from '../../db/schema';

/** SQL of payments (a top-up or an order's gateway payment), of received webhook events, refunds and disputes. */

export type PaymentRow = Selectable<PaymentTable>;

export async function insertPayment(
  trx: Database,
  p: {
    id: string;
    customerId: number;
    kind: PaymentRow['kind'];
    amount: number;
    orderId?: number | null;
    giftCardId?: number | null;
    returnTo?: string | null;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('payments')
    .values({
      id: p.id,
      customer_id: p.customerId,
      kind: p.kind,
      amount: p.amount,
      order_id: p.orderId ?? null,
      gift_card_id: p.giftCardId ?? null,
      return_to: p.returnTo ?? null,
      created_at: p.at,
    })
    .execute();
}

/** One of the customer's own payments; anyone else's is not there. */
export async function findCustomerPayment(db: Database, customerId: number, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

/** Our payment by the gateway's reference for it (a dispute names only that). */
export async function paymentIdOfRef(db: Database, providerRef: string): Promise<string | undefined> {
  return (await db.selectFrom('payments').select('id').where('provider_ref', '=', providerRef).executeTakeFirst())?.id;
}

export async function lockPayment(trx: Database, id: string): Promise<PaymentRow | undefined> {
  return trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Settles a pending payment; false when it was settled already (only the first result counts). */
export async function settlePayment(trx: Database, id: string, status: 'paid' | 'failed', at: Date, providerRef: string | null = null): Promise<boolean> {
  const r = await trx
    .updateTable('payments')
    .set({ status, settled_at: at, provider_ref: providerRef })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The card a payment was made with, as the gateway fingerprints it (referrals' self-referral check). */
export async function setCardFingerprint(trx: Database, id: string, fingerprint: string): Promise<void> {
  await trx.updateTable('payments').set({ card_fingerprint: fingerprint }).where('id', '=', id).execute();
}

/** Records a webhook event id; false when it was seen before (a replay: change nothing). */
export async function recordWebhookEvent(trx: Database, e: { id: string; paymentId: string; type: string; at: Date }): Promise<boolean> {
  const row = await trx
    .insertInto('webhook_events')
    .values({ event_id: e.id, payment_id: e.paymentId, type: e.type, received_at: e.at })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** How much of a paid payment the gateway has given back so far (only ever grows). */
export async function recordRefunded(trx: Database, id: string, total: number): Promise<void> {
  await trx.updateTable('payments').set({ refunded_amount: total }).where('id', '=', id).where('refunded_amount', '<', total).execute();
}

/** The order a payment paid for (its number and status); a top-up has none. */
export async function orderOf(db: Database, payment: PaymentRow): Promise<{ name: string; status: string } | undefined> {
  if (payment.order_id === null) return undefined;
  return db.selectFrom('orders').select(['name', 'status']).where('id', '=', payment.order_id).executeTakeFirst();
}

/** Whether this shop refunded the order through the gateway itself (a cancelled order: orders/refunds.ts). */
export async function refundedByTheShop(db: Database, orderId: number): Promise<boolean> {
  return (
    (await db.selectFrom('order_refunds').select('order_id').where('order_id', '=', orderId).where('method', '=', 'gateway').executeTakeFirst()) !== undefined
  );
}

/** One increase of a payment's refunded total, as the gateway reported it. */
export async function insertGatewayRefund(trx: Database, row: Insertable<GatewayRefundTable>): Promise<void> {
  await trx.insertInto('gateway_refunds').values(row).execute();
}

/** Records a dispute once; false when it was recorded already. */
export async function insertDispute(trx: Database, row: Insertable<PaymentDisputeTable>): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_disputes')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
