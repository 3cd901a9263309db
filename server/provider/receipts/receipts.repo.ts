/**
 * The receipts' rows: the customer's choice (customers.receipts), the receipts' outbox (receipt_sends,
 * one row per thing and channel: an order, a top-up's payment or a gift card, migration 0058) and the
 * reads of a completed order, a paid top-up and a bought gift card as their receipts show them. Receipts
 * sit below orders, payments and gift cards (each queues its receipts in the transaction that completes or
 * pays it), so those are read here with SQL of their own rather than through their areas.
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

/** What a receipt is of: an order, a paid wallet top-up (its payment) or a gift card a customer bought. */
export type ReceiptThing = { kind: 'order'; id: number } | { kind: 'topup'; id: string } | { kind: 'gift_card'; id: number };

const COLUMN = { order: 'order_id', topup: 'payment_id', gift_card: 'gift_card_id' } as const;

/**
 * Queues a thing's receipts, one per channel its customer chose and can be reached by (e-mail: a verified
 * address; text: a phone number), never chosen being e-mail once verified. One statement, unique by thing
 * and channel: a second completion or settlement, or two racing, add nothing. Answers how many were queued.
 */
export async function insertReceiptSends(trx: Database, thing: ReceiptThing, customerId: number, now: Date): Promise<number> {
  const column = sql.ref(COLUMN[thing.kind]);
  const rows = await sql<{ id: number }>`
    insert into receipt_sends (${column}, channel, created_at)
    select ${thing.id}, ch.channel, ${now}
    from customers c
    cross join (values ('email'), ('sms')) as ch (channel)
    where c.id = ${customerId} and c.erased_at is null
      and (
        (ch.channel = 'email' and coalesce(c.receipts, 'email') in ('email', 'both') and c.email is not null and c.email_verified_at is not null)
        or (ch.channel = 'sms' and c.receipts in ('sms', 'both') and c.phone is not null)
      )
    on conflict (${column}, channel) do nothing
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

/**
 * Takes one due receipt for this run until `until` (none: another run has it, or it was sent), with what
 * it is of and its customer: the order's, the top-up's payer or the gift card's buyer.
 */
export async function takeDueReceipt(db: Database, id: number, now: Date, until: Date) {
  const { rows } = await sql<{
    id: number;
    channel: 'email' | 'sms';
    order_id: number | null;
    payment_id: string | null;
    gift_card_id: number | null;
    tries: number;
    customer_id: number;
    customer_name: string;
    email: string | null;
    email_verified_at: Date | null;
    phone: string | null;
    erased_at: Date | null;
  }>`
    update receipt_sends s set leased_until = ${until}, tries = s.tries + 1
    from customers c
    where s.id = ${id} and s.sent_at is null and (s.leased_until is null or s.leased_until < ${now})
      and c.id = coalesce(
        (select o.customer_id from orders o where o.id = s.order_id),
        (select p.customer_id from payments p where p.id = s.payment_id),
        (select g.buyer_id from gift_cards g where g.id = s.gift_card_id))
    returning s.id, s.channel, s.order_id, s.payment_id, s.gift_card_id, s.tries, c.id as customer_id, c.name as customer_name,
      c.email, c.email_verified_at, c.phone, c.erased_at`.execute(db);
  return rows[0];
}

export async function markReceiptSent(db: Database, id: number, now: Date): Promise<void> {
  await db.updateTable('receipt_sends').set({ sent_at: now, leased_until: null }).where('id', '=', id).execute();
}

/** Not sent: due again from `at` (a backoff, so a failing mail server is not hammered). */
export async function putBackReceipt(db: Database, id: number, at: Date): Promise<void> {
  await db.updateTable('receipt_sends').set({ leased_until: at }).where('id', '=', id).where('sent_at', 'is', null).execute();
}

/** An order as its receipt shows it (by its number, or its id): no customer, phone, e-mail or delivery address. */
export async function readReceiptOrder(db: Database, by: { name: string } | { id: number }) {
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
      // a guest's order (migration 0064): what its claim offer reads
      'o.guest_name',
      'o.claimed_at',
      'o.paid_at',
      'o.earnings_back_at',
      'o.points_to_earn',
      (eb) =>
        eb
          .selectFrom('order_events as e')
          .select((e) => e.fn.max('e.created_at').as('at'))
          .whereRef('e.order_id', '=', 'o.id')
          .where('e.status', '=', 'completed')
          .as('completed_at'),
    ])
    .where((eb) => ('name' in by ? eb('o.name', '=', by.name) : eb('o.id', '=', by.id)))
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

/** A paid wallet top-up as its receipt shows it: the amount, when, and the wallet's balance once it was added. */
export async function readTopupReceipt(db: Database, paymentId: string) {
  return db
    .selectFrom('payments as p')
    .innerJoin('wallet_ledger as w', (j) =>
      j
        .onRef('w.customer_id', '=', 'p.customer_id')
        .on('w.type', '=', 'topup')
        .on('w.ref', '=', sql<string>`'topup:' || p.id`),
    )
    .select(['p.id', 'p.customer_id', 'p.amount', 'p.settled_at', 'w.balance_after'])
    .where('p.id', '=', paymentId)
    .where('p.kind', '=', 'topup')
    .where('p.status', '=', 'paid')
    .executeTakeFirst();
}

/**
 * An eGift card a customer bought and paid for (from the wallet, or at the payment gateway: then when its
 * payment settled), as its receipt shows it. Not a printed card, not one still waiting for its payment or
 * whose payment failed.
 */
export async function readGiftCardReceipt(db: Database, cardId: number) {
  return db
    .selectFrom('gift_cards as g')
    .leftJoin('payments as p', (j) => j.onRef('p.gift_card_id', '=', 'g.id').on('p.status', '=', 'paid'))
    .select(['g.id', 'g.buyer_id', 'g.number', 'g.amount', 'g.paid_with', 'g.created_at', 'p.settled_at'])
    .where('g.id', '=', cardId)
    .where('g.buyer_id', 'is not', null)
    .where('g.batch_id', 'is', null)
    .where('g.status', 'not in', ['awaiting_payment', 'void', 'inactive'])
    .where('g.paid_with', 'in', ['wallet', 'gateway'])
    .executeTakeFirst();
}
