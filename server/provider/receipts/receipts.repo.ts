/**
 * The receipts' rows: the customer's choice (customers.receipts), the receipts' outbox (receipt_sends,
 * one row per order and channel) and the read of a completed order as its receipt shows it. Receipts sit
 * below orders (orders queue a receipt in the completion's transaction), so the order is read here with
 * SQL of its own rather than through the orders area.
 */
import { sql } from 'kysely';
import type { ReceiptChoice } from '#contract/receipts';
import type { Database } from '../../db';

export async function readReceiptChoice(db: Database, customerId: number) {
  return db
    .selectFrom('customers')
    .select(['receipts', 'email', 'phone', sql<boolean>`email is not null and email_verified_at is not null`.as('email_verified')])
    .where('id', '=', customerId)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

export async function writeReceiptChoice(db: Database, customerId: number, choice: ReceiptChoice): Promise<void> {
  await db.updateTable('customers').set({ receipts: choice }).where('id', '=', customerId).execute();
}

/**
 * Queues an order's receipts, one per channel its customer chose and can be reached by (e-mail: a verified
 * address; text: a phone number), never chosen being e-mail once verified. One statement, unique by order
 * and channel: a second completion, or two racing, add nothing. Answers how many were queued.
 */
export async function insertReceiptSends(trx: Database, orderId: number, customerId: number, now: Date): Promise<number> {
  const rows = await sql<{ id: number }>`
    insert into receipt_sends (order_id, channel, created_at)
    select ${orderId}, ch.channel, ${now}
    from customers c
    cross join (values ('email'), ('sms')) as ch (channel)
    where c.id = ${customerId} and c.erased_at is null
      and (
        (ch.channel = 'email' and coalesce(c.receipts, 'email') in ('email', 'both') and c.email is not null and c.email_verified_at is not null)
        or (ch.channel = 'sms' and c.receipts in ('sms', 'both') and c.phone is not null)
      )
    on conflict (order_id, channel) do nothing
    returning id`.execute(trx);
  return rows.rows.length;
}

/** The receipts not sent yet whose lease (if any) ran out, oldest first. */
export async function dueReceiptIds(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('receipt_sends')
    .select('id')
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Takes one due receipt for this run until `until` (none: another run has it, or it was sent). */
export async function takeDueReceipt(db: Database, id: number, now: Date, until: Date) {
  return db
    .updateTable('receipt_sends as s')
    .from('orders as o')
    .from('customers as c')
    .set({ leased_until: until, tries: sql`s.tries + 1` })
    .whereRef('o.id', '=', 's.order_id')
    .whereRef('c.id', '=', 'o.customer_id')
    .where('s.id', '=', id)
    .where('s.sent_at', 'is', null)
    .where((eb) => eb.or([eb('s.leased_until', 'is', null), eb('s.leased_until', '<', now)]))
    .returning(['s.id', 's.channel', 's.order_id', 's.tries', 'o.name', 'c.name as customer_name', 'c.email', 'c.email_verified_at', 'c.phone', 'c.erased_at'])
    .executeTakeFirst();
}

export async function markReceiptSent(db: Database, id: number, now: Date): Promise<void> {
  await db.updateTable('receipt_sends').set({ sent_at: now, leased_until: null }).where('id', '=', id).execute();
}

/** Not sent: due again from `at` (a backoff, so a failing mail server is not hammered). */
export async function putBackReceipt(db: Database, id: number, at: Date): Promise<void> {
  await db.updateTable('receipt_sends').set({ leased_until: at }).where('id', '=', id).where('sent_at', 'is', null).execute();
}

/** An order as its receipt shows it: no customer, phone, e-mail or delivery address. */
export async function readReceiptOrder(db: Database, name: string) {
  const order = await db
    .selectFrom('orders as o')
    .leftJoin('locations as l', 'l.id', 'o.location_id')
    .leftJoin('vouchers as v', 'v.id', 'o.voucher_id')
    .leftJoin('rewards as r', 'r.id', 'v.reward_id')
    .select([
      'o.id',
      'o.name',
      'o.customer_id',
      'o.status',
      'o.fulfilment',
      'o.payment_method',
      'o.subtotal',
      'o.discount',
      'o.delivery_fee',
      'o.total',
      'o.points_earned',
      'o.created_at',
      'o.offer_code',
      'o.offer_title',
      'l.name as location',
      'r.title as voucher_title',
      'o.tip',
      'o.taxes',
      'o.table_label',
      (eb) =>
        eb
          .selectFrom('order_events as e')
          .select((e) => e.fn.max('e.created_at').as('at'))
          .whereRef('e.order_id', '=', 'o.id')
          .where('e.status', '=', 'completed')
          .as('completed_at'),
    ])
    .where('o.name', '=', name)
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await db.selectFrom('order_items').select(['id', 'name', 'price', 'qty']).where('order_id', '=', order.id).orderBy('id').execute();
  const options = items.length
    ? await db
        .selectFrom('order_item_options')
        .select(['order_item_id', 'group_name', 'name', 'price_delta'])
        .where(
          'order_item_id',
          'in',
          items.map((i) => i.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return { order, items, options };
}
export type ReceiptOrderRead = NonNullable<Awaited<ReturnType<typeof readReceiptOrder>>>;
