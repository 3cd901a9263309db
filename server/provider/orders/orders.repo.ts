import type { Language } from '#contract/languages';
import type { EarnPart } from '#contract/loyalty-earn';
import type { AppliedOffer } from '#contract/offers';
import type { OrderTaxLines } from '#contract/tax-rules';
import { type Insertable, type OperationNodeSource, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../db';
import type { DB, OrderRefundTable, OrderTable } from '../../db/schema';
import { keptStatement } from '../../db/kept';
import { rowsFrom } from '../../db/rows-from';
import { referralOfFriendJson } from '../referrals/referrals.repo';
import { locationLabels, unavailableAt } from '../locations/locations.repo';
import { baseBreakdown, saleRulesQuery } from '../loyalty/loyalty.earn';
import { RULE_COLUMNS, type RuleRow } from '../loyalty/loyalty.repo';
import { earnTierQuery } from '../tiers/tiers.repo';
import { orderCreatedCte } from '../events/events.service';
import { automaticOffersJson, type AutomaticOfferJson } from '../offers/offers.repo';
import type { Address, Fulfilment, Order, OrderItem, OrderItemOption, OrderRefund, OrderStatus, PaymentMethod, TimelineEntry } from '#contract';
import { awaitsCounterPayment } from '#contract/order-lifecycle';

/** SQL of orders, their lines and their timeline, and of cancelled orders' refunds. Customer reads are always scoped by customer. */

export type OrderRow = Selectable<OrderTable>;
export type OrderAddress = Omit<Address, 'id' | 'is_default'>;

export interface NewOrder {
  name: string;
  customerId: number;
  status: OrderStatus;
  fulfilment: Fulfilment;
  paymentMethod: PaymentMethod;
  address: OrderAddress | null;
  subtotal: number;
  discount: number;
  deliveryFee: number;
  total: number;
  /** the tip, part of total (0: none) */
  tip: number;
  /** the taxes charged (tax-rules.ts); null: none */
  taxes: OrderTaxLines | null;
  /** the points it was quoted: what paying it earns */
  pointsToEarn: number;
  /** the named parts of pointsToEarn */
  pointsBreakdown: EarnPart[];
  voucherId: number | null;
  /** where it is made (and picked up) */
  locationId: number;
  /** pickup: its slot */
  pickupAt: Date | null;
  /** dine-in: the table's label (null otherwise) */
  tableLabel: string | null;
  /** waiting for an online payment: until when it holds its slot and voucher (holds.ts) */
  holdUntil: Date | null;
  at: Date;
  paidAt: Date | null;
  /** the offer applied (its code's, or an automatic one: code null), as it is now (a snapshot the order keeps); null: none */
  offer: { id: number; code: string | null; title: string; discount: number } | null;
  /** a guest's order (tables/guests.ts): the first name they gave; absent: a member's */
  guestName?: string | null;
  /** written paid at once (a wallet order): its points, and the demo's next step */
  pointsEarned?: number;
  nextAutoAt?: Date | null;
}

/**
 * An order row's columns, named: a statement that names them (not `*`) may be a named statement, parsed
 * once per connection (server/db/prepared.ts). Every column of OrderTable (the type below fails to
 * compile when one is missing).
 */
const ORDER_COLUMNS = [
  'id',
  'name',
  'customer_id',
  'status',
  'fulfilment',
  'payment_method',
  'address',
  'subtotal',
  'discount',
  'delivery_fee',
  'total',
  'points_earned',
  'voucher_id',
  'created_at',
  'paid_at',
  'updated_at',
  'next_auto_at',
  'cancel_reason',
  'points_taken_back',
  'points_to_earn',
  'location_id',
  'pickup_at',
  'points_breakdown',
  'hold_until',
  'hold_released_at',
  'tier_rise',
  'earnings_back_at',
  'offer_id',
  'offer_code',
  'offer_title',
  'offer_discount',
  'tip',
  'taxes',
  'tax',
  'table_label',
  'counter_paid_with',
  'guest_name',
  'claimed_at',
] as const satisfies ReadonlyArray<keyof OrderTable>;
const _everyOrderColumn: Record<Exclude<keyof OrderTable, (typeof ORDER_COLUMNS)[number]>, never> = {};

type NewItemOption = { option_id: number; group: string; name: string; price_delta: number };
export type NewLine = { product_id: number; name: string; price: number; qty: number; options?: NewItemOption[] };

/**
 * Inserts an order with its lines and its timeline (entries of these statuses at its time), in one
 * statement; null when its name is taken (the caller draws another, and nothing was written). The new
 * row, locked by this transaction. The options each line chose, as they are now (the order keeps them
 * whatever the menu becomes), are written by the same statement, and so is `alongside`, a statement that
 * writes (it runs whether or not the name was free), and `also`, writes that hang on the new row (only
 * with it), whose columns the answer has beside the order's.
 */
export async function insertOrder<X extends object = object>(
  trx: Database,
  o: NewOrder,
  items: NewLine[],
  timeline: OrderStatus[],
  alongside: OperationNodeSource | null = null,
  also?: OrderWrites,
): Promise<(OrderRow & X) | null> {
  // order.created's webhook deliveries, written by this statement (events/ builds the CTE from `o`)
  const created = orderCreatedCte();
  const order = trx
    .insertInto('orders')
    .values({
      name: o.name,
      customer_id: o.customerId,
      status: o.status,
      fulfilment: o.fulfilment,
      payment_method: o.paymentMethod,
      address: o.address ? JSON.stringify(o.address) : null,
      subtotal: o.subtotal,
      discount: o.discount,
      delivery_fee: o.deliveryFee,
      total: o.total,
      ...(o.tip > 0 ? { tip: o.tip } : {}),
      ...(o.taxes ? { taxes: JSON.stringify(o.taxes), tax: o.taxes.lines.reduce((sum, l) => sum + l.amount, 0) } : {}),
      points_to_earn: o.pointsToEarn,
      points_breakdown: JSON.stringify(o.pointsBreakdown),
      voucher_id: o.voucherId,
      location_id: o.locationId,
      pickup_at: o.pickupAt,
      ...(o.tableLabel !== null ? { table_label: o.tableLabel } : {}),
      ...(o.guestName ? { guest_name: o.guestName } : {}),
      created_at: o.at,
      updated_at: o.at,
      paid_at: o.paidAt,
      ...(o.pointsEarned !== undefined ? { points_earned: o.pointsEarned } : {}),
      ...(o.nextAutoAt !== undefined ? { next_auto_at: o.nextAutoAt } : {}),
      ...(o.holdUntil !== null ? { hold_until: o.holdUntil } : {}),
      ...(o.offer ? { offer_id: o.offer.id, offer_code: o.offer.code, offer_title: o.offer.title, offer_discount: o.offer.discount } : {}),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning(ORDER_COLUMNS);
  // the lines and entries numbered in their order (`n`): one statement numbers its rows in the order it inserts them
  const lines = JSON.stringify(items.map((i, n) => ({ n, product_id: i.product_id, name: i.name, price: i.price, qty: i.qty })));
  const entries = JSON.stringify(timeline.map((status, n) => ({ n, status })));
  // each option with its line's number (`n`) and its own place (`k`): a line's id is its number's among the new ids
  const options = items
    .flatMap((i, n) => (i.options ?? []).map((opt) => ({ n, option_id: opt.option_id, group_name: opt.group, name: opt.name, price_delta: opt.price_delta })))
    .map((o, k) => ({ k, ...o }));
  const chosen = options.length
    ? sql`,
    io as (
      insert into order_item_options (order_item_id, option_id, group_name, name, price_delta)
      select l.id, x.option_id, x.group_name, x.name, x.price_delta
      from (select id, (row_number() over (order by id) - 1)::integer as n from i) as l
      join jsonb_to_recordset(${JSON.stringify(options)}::jsonb) as x(k integer, n integer, option_id integer, group_name text, name text, price_delta bigint) on x.n = l.n
      order by x.k
    )`
    : sql``;
  const { rows } = await sql<OrderRow>`
    with o as (${order}),
    i as (
      insert into order_items (order_id, product_id, name, price, qty)
      select o.id, l.product_id, l.name, l.price, l.qty
      from o, jsonb_to_recordset(${lines}::jsonb) as l(n integer, product_id integer, name text, price bigint, qty integer)
      order by l.n
      returning id
    ),
    e as (
      insert into order_events (order_id, status, note, created_at)
      select o.id, t.status, null, o.created_at
      from o, jsonb_to_recordset(${entries}::jsonb) as t(n integer, status text)
      order by t.n
    ),
    wh as (${created})${chosen}${
      alongside
        ? sql`,
    alongside as (${alongside})`
        : sql``
    }${also ? sql`, ${also.ctes}` : sql``}
    select ${sql.join(ORDER_COLUMNS.map((c) => sql.ref(`o.${c}`)))}${also ? sql`, ${also.columns}` : sql``} from o`.execute(trx);
  const inserted = rows[0];
  if (!inserted) return null;
  return inserted as OrderRow & X;
}

/**
 * Writes that depend on the new order (insertOrder's `also`): CTEs that read its row from the CTE `o`
 * (and write nothing when its number was taken and `o` has no row), and the columns the statement
 * answers of them beside the order's.
 */
export interface OrderWrites {
  ctes: RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
}

/**
 * A paid order's writes as CTEs of a statement whose CTE `o` has the order's id (none there: nothing
 * written): the points pending (`p`, when any, and its webhooks `ph`) and the notices (`n`); the
 * statement answers the notices' ids and the customer's referral as a friend (lifecycle.ts
 * paidOrderWrites says why).
 */
export function paidOrderWritesSql(
  customerId: number,
  pending: Partial<Record<keyof DB['points_pending'] & string, unknown>> | null,
  notices: ReadonlyArray<Partial<Record<keyof DB['notifications'] & string, unknown>>>,
  held: RawBuilder<unknown> | null = null,
): OrderWrites {
  // `held`: the points.pending webhook deliveries (events/ eventsWith, gated on `o`), with the pending row
  return {
    ctes: sql`${pending ? sql`p as (${rowsFrom('points_pending', [pending], 'o', { order_id: 'id' })}), ` : sql``}${held ? sql`ph as (${held}), ` : sql``}n as (${rowsFrom('notifications', notices, 'o', {}, 'id')})`,
    columns: sql`(select json_agg(n.id order by n.id) from n) as notice_ids, ${referralOfFriendJson(customerId)} as referral`,
  };
}

/**
 * A wallet order's debit (walletEntryWrites' CTEs, the entry in `w`) with its other writes; the statement
 * also answers the balance after and the gift money taken (≤ 0).
 */
export function withWalletDebit(wallet: RawBuilder<unknown>, writes: OrderWrites): OrderWrites {
  return {
    ctes: sql`${wallet}, ${writes.ctes}`,
    columns: sql`${writes.columns}, (select balance_after from w) as balance_after, (select gift_amount from w) as gift_amount`,
  };
}

/** `writes` for an order already in the database (a gateway order paid later): one statement. */
export async function writeForOrder<T>(trx: Database, orderId: number, writes: OrderWrites): Promise<T> {
  const { rows } = await sql<T>`with o as (select ${orderId}::integer as id), ${writes.ctes} select ${writes.columns}`.execute(trx);
  return rows[0]!;
}

/** The options these order lines chose, as they were when ordered, by line. */
export async function itemOptionsOf(db: Database, itemIds: number[]): Promise<Map<number, OrderItemOption[]>> {
  const byItem = new Map<number, OrderItemOption[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .selectFrom('order_item_options')
    .select(['order_item_id', 'group_name', 'name', 'price_delta'])
    .where('order_item_id', 'in', itemIds)
    .orderBy('id')
    .execute();
  for (const r of rows)
    byItem.set(r.order_item_id, [...(byItem.get(r.order_item_id) ?? []), { group: r.group_name, name: r.name, price_delta: r.price_delta }]);
  return byItem;
}

/** A line's `options` for an answer: only when it chose some. */
export const withOptions = (options: OrderItemOption[] | undefined) => (options?.length ? { options } : {});

export async function insertOrderEvent(trx: Database, orderId: number, status: OrderStatus, at: Date, note: string | null = null): Promise<void> {
  await trx.insertInto('order_events').values({ order_id: orderId, status, note, created_at: at }).execute();
}

export async function updateOrder(
  trx: Database,
  orderId: number,
  patch: Partial<
    Pick<
      OrderRow,
      | 'status'
      | 'points_earned'
      | 'next_auto_at'
      | 'paid_at'
      | 'updated_at'
      | 'cancel_reason'
      | 'points_taken_back'
      | 'hold_until'
      | 'hold_released_at'
      | 'counter_paid_with'
      | 'customer_id'
      | 'claimed_at'
      | 'points_to_earn'
    >
  > & { points_breakdown?: EarnPart[] },
): Promise<OrderRow> {
  const { points_breakdown, ...columns } = patch;
  const set = points_breakdown ? { ...columns, points_breakdown: JSON.stringify(points_breakdown) } : columns;
  // the row as it now is, so a caller that answers with the order need not read it again
  return trx.updateTable('orders').set(set).where('id', '=', orderId).returningAll().executeTakeFirstOrThrow();
}

/** The tier an order's completion raised the customer to, for a refund's take-back (tiers.service.ts placeAfterEarn). */
export async function recordOrderTierRise(trx: Database, orderId: number, rise: object): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ tier_rise: JSON.stringify(rise) })
    .where('id', '=', orderId)
    .execute();
}

/** A refund at the payment gateway took back what the order earned (orders/refunded.ts): once. */
export async function markEarningsBack(trx: Database, orderId: number, pointsTakenBack: number, now: Date): Promise<void> {
  await trx.updateTable('orders').set({ earnings_back_at: now, points_taken_back: pointsTakenBack, updated_at: now }).where('id', '=', orderId).execute();
}

/** Locks one order row for the rest of the transaction. */
export async function lockOrderById(trx: Database, orderId: number): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
}

export async function lockOrderByName(trx: Database, name: string): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('name', '=', name).forUpdate().executeTakeFirst();
}

/**
 * What an order sold, as the earning rules read it (orders/claim.ts re-earns a claimed guest order by the
 * member's rules): its paid lines with each product's category, and its location's own time zone ('' when
 * it follows the shop's).
 */
export async function soldOfOrder(db: Database, order: Pick<OrderRow, 'id' | 'location_id'>) {
  const lines = await db
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.product_id', 'p.category_id', 'i.price', 'i.qty'])
    .where('i.order_id', '=', order.id)
    .where('i.price', '>', 0)
    .orderBy('i.id')
    .execute();
  const place =
    order.location_id === null ? undefined : await db.selectFrom('locations').select('timezone').where('id', '=', order.location_id).executeTakeFirst();
  return { lines: lines.map((l) => ({ ...l, product_id: l.product_id! })), timezone: place?.timezone ?? '' };
}

export async function findCustomerOrder(db: Database, customerId: number, name: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).where('name', '=', name).executeTakeFirst();
}

export async function listCustomerOrders(db: Database, customerId: number, limit: number, offset: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/**
 * Orders whose automatic demo step is due, locked; rows another server is stepping are skipped,
 * so two servers never move one order twice.
 */
export async function lockDueOrders(trx: Database, now: Date, limit: number): Promise<OrderRow[]> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('next_auto_at', 'is not', null)
    .where('next_auto_at', '<=', now)
    .where('status', 'in', ['paid', 'preparing', 'ready', 'on_delivery'])
    .orderBy('next_auto_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** The customer's voucher for an order, locked (so two orders cannot both take it). */
export async function lockCustomerVoucher(trx: Database, customerId: number, voucherId: number) {
  return trx
    .selectFrom('vouchers as v')
    .innerJoin('rewards as r', 'r.id', 'v.reward_id')
    .select(['v.id', 'v.code', 'v.status', 'v.expires_at', 'r.discount_amount', 'r.name', 'r.title', 'r.product_id'])
    .where('v.id', '=', voucherId)
    .where('v.customer_id', '=', customerId)
    .forUpdate('v')
    .executeTakeFirst();
}

export async function findCustomerVoucher(db: Database, customerId: number, voucherId: number) {
  return db
    .selectFrom('vouchers as v')
    .innerJoin('rewards as r', 'r.id', 'v.reward_id')
    .select(['v.id', 'v.code', 'v.status', 'v.expires_at', 'r.discount_amount', 'r.name', 'r.title', 'r.product_id'])
    .where('v.id', '=', voucherId)
    .where('v.customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function markVoucherUsed(trx: Database, voucherId: number, orderId: number, at: Date): Promise<void> {
  await trx.updateTable('vouchers').set({ status: 'used', used_at: at, order_id: orderId }).where('id', '=', voucherId).execute();
}

/** A voucher taken again by an order let go unpaid and paid after all (holds.ts): only while it is still free and unexpired. */
export async function retakeVoucher(trx: Database, voucherId: number, orderId: number, now: Date): Promise<boolean> {
  const row = await trx
    .updateTable('vouchers')
    .set({ status: 'used', used_at: now, order_id: orderId })
    .where('id', '=', voucherId)
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A voucher an order no longer uses: active again, or expired when its date has passed meanwhile. */
export async function releaseVoucher(trx: Database, voucherId: number, now: Date): Promise<void> {
  await trx
    .updateTable('vouchers')
    .set({
      status: sql<'active' | 'expired'>`case when expires_at <= ${now} then 'expired' else 'active' end`,
      used_at: null,
      order_id: null,
    })
    .where('id', '=', voucherId)
    .where('status', '=', 'used')
    .execute();
}

/** Rows → the contract's Order, with lines and timeline, in one query each for a whole page. */
export async function toOrders(db: Database, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.id', 'i.order_id', 'i.product_id', 'i.name', 'i.price', 'i.qty', 'p.image'])
    .where('i.order_id', 'in', ids)
    .orderBy('i.id')
    .execute();
  const itemOptions = await itemOptionsOf(
    db,
    items.map((i) => i.id),
  );
  const events = await db.selectFrom('order_events').select(['order_id', 'status', 'note', 'created_at']).where('order_id', 'in', ids).orderBy('id').execute();
  const voucherIds = rows.map((r) => r.voucher_id).filter((v): v is number => v !== null);
  const vouchers = voucherIds.length ? await db.selectFrom('vouchers').select(['id', 'code']).where('id', 'in', voucherIds).execute() : [];
  const codes = new Map(vouchers.map((v) => [v.id, v.code]));
  const places = await locationLabels(
    db,
    rows.map((r) => r.location_id),
  );
  const cancelledIds = rows.filter((r) => r.status === 'cancelled').map((r) => r.id);
  const refunds = cancelledIds.length
    ? await db.selectFrom('order_refunds').select(['order_id', 'method', 'amount', 'status']).where('order_id', 'in', cancelledIds).execute()
    : [];
  // points still pending when the order was cancelled: never the customer's, so cancelled rather than taken back
  const voided = cancelledIds.length
    ? await db.selectFrom('points_pending').select(['order_id', 'points']).where('order_id', 'in', cancelledIds).where('status', '=', 'voided').execute()
    : [];
  const givenBack = cancelledIds.length
    ? await db
        .selectFrom('vouchers as v')
        .innerJoin('rewards as r', 'r.id', 'v.reward_id')
        .select(['v.cancelled_with_order', 'r.title', 'v.points_paid'])
        .where('v.cancelled_with_order', 'in', cancelledIds)
        .orderBy('v.id')
        .execute()
    : [];
  return rows.map((r) => ({
    ...orderOf(r, {
      items: items
        .filter((i) => i.order_id === r.id)
        .map((i): OrderItem => ({
          product_id: i.product_id,
          name: i.name,
          price: i.price,
          qty: i.qty,
          ...(i.image ? { image: i.image } : {}),
          ...withOptions(itemOptions.get(i.id)),
        })),
      voucherCode: r.voucher_id !== null ? (codes.get(r.voucher_id) ?? null) : null,
      location: r.location_id !== null ? (places.get(r.location_id) ?? null) : null,
      timeline: events
        .filter((e) => e.order_id === r.id)
        .map((e): TimelineEntry => ({ status: e.status as OrderStatus, at: e.created_at.toISOString(), note: e.note })),
    }),
    ...(r.status === 'cancelled'
      ? {
          refund: refundOf(refunds.find((f) => f.order_id === r.id)),
          points_taken_back: r.points_taken_back,
          points_voided: voided.filter((v) => v.order_id === r.id).reduce((s, v) => s + v.points, 0),
          cancelled_vouchers: givenBack.filter((v) => v.cancelled_with_order === r.id).map((v) => ({ title: v.title, points: v.points_paid ?? 0 })),
        }
      : {}),
  }));
}

/**
 * An order row as the contract's Order, given its lines, voucher code, location and timeline (read by
 * toOrders, or known to the transaction that just wrote them); a cancelled order's refund parts are
 * toOrders'.
 */
export function orderOf(
  r: OrderRow,
  parts: { items: OrderItem[]; voucherCode: string | null; location: { id: number; name: string; address: string } | null; timeline: TimelineEntry[] },
): Order {
  return {
    name: r.name,
    status: r.status as OrderStatus,
    fulfilment: r.fulfilment,
    payment_method: r.payment_method,
    ...counterDueOf(r),
    items: parts.items,
    subtotal: r.subtotal,
    discount: r.discount,
    delivery_fee: r.delivery_fee,
    total: r.total,
    // only with a tip: an order without one answers as it always did
    ...(r.tip > 0 ? { tip: r.tip } : {}),
    // only when taxes were charged
    ...(r.taxes ? { taxes: r.taxes } : {}),
    points_earned: r.points_earned,
    // an order placed before the earning rules (migration 0022): what it earned, as the base
    points_breakdown: r.points_breakdown ?? baseBreakdown(r.points_earned),
    address: (r.address as OrderAddress | null) ?? null,
    voucher_code: parts.voucherCode,
    offer: appliedOfferOf(r),
    location: parts.location,
    pickup_at: r.pickup_at ? r.pickup_at.toISOString() : null,
    // only at a table: other orders answer as they always did
    ...(r.table_label !== null ? { table_label: r.table_label } : {}),
    // only a guest's order (claimed or not): the first name the guest gave
    ...(r.guest_name !== null ? { guest_name: r.guest_name } : {}),
    created_at: r.created_at.toISOString(),
    timeline: parts.timeline,
  };
}

/**
 * A pay-at-the-counter order still to be paid at the till (issue 54): what is due, for the order page
 * and the board's badge; nothing once paid or cancelled, nor for any other order.
 */
export function counterDueOf(r: Pick<OrderRow, 'payment_method' | 'paid_at' | 'status' | 'total'>): { counter_due?: number } {
  return awaitsCounterPayment(r) && r.status !== 'cancelled' ? { counter_due: r.total } : {};
}

/** An order's refund row as the contract tells it; null for an order that was never paid. */
/**
 * The offer an order's promo code (or an automatic offer) applied, as it was when ordered (its snapshot
 * columns); null: none. An automatic offer's has no code, only its title.
 */
export function appliedOfferOf(r: Pick<OrderRow, 'offer_code' | 'offer_title' | 'offer_discount'>): AppliedOffer | null {
  return r.offer_code !== null || r.offer_title !== null
    ? { code: r.offer_code, title: r.offer_title ?? r.offer_code ?? '', discount: r.offer_discount ?? 0 }
    : null;
}

export function refundOf(row: { method: 'wallet' | 'gateway'; amount: number; status: 'pending' | 'succeeded' | 'failed' } | undefined): OrderRefund | null {
  return row ? { method: row.method, amount: row.amount, status: row.status } : null;
}

// ---------------------------------------------------------------------------------------------
// A cancelled order: its refund, and the vouchers its points bought
// ---------------------------------------------------------------------------------------------

/** The order's latest paid gateway payment: what its refund goes back through. */
export async function paidPaymentOf(trx: Database, orderId: number) {
  return trx
    .selectFrom('payments')
    .select(['id'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Records a cancelled order's refund (the order's id is its key: a second cancellation cannot record a second one). */
export async function insertOrderRefund(trx: Database, row: Insertable<OrderRefundTable>): Promise<void> {
  await trx.insertInto('order_refunds').values(row).execute();
}

/**
 * Claims an order's gateway refund still owed (unclaimed, or claimed before `staleBefore` by an instance
 * that crashed): one UPDATE, so only the first of two claimants gets the row.
 */
export async function claimGatewayRefund(db: Database, orderId: number, now: Date, staleBefore: Date) {
  return db
    .updateTable('order_refunds')
    .set({ claimed_at: now, attempts: sql`attempts + 1` })
    .where('order_id', '=', orderId)
    .where('method', '=', 'gateway')
    .where('status', '<>', 'succeeded')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .returningAll()
    .executeTakeFirst();
}

export async function refundStatusOf(db: Database, orderId: number): Promise<OrderRefundTable['status'] | null> {
  return (await db.selectFrom('order_refunds').select('status').where('order_id', '=', orderId).executeTakeFirst())?.status ?? null;
}

/** What the gateway's refund names: the payment, the gateway's reference for it, the order's number. */
export async function refundTarget(db: Database, paymentId: string) {
  return db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.provider_ref', 'o.name'])
    .where('p.id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

/** The gateway refunded the order: recorded, and the payment's refunded total raised to it (its own webhook may say so too: the larger stays). */
export async function recordRefundSucceeded(trx: Database, orderId: number, paymentId: string, amount: number, refundId: string, at: Date): Promise<void> {
  await trx
    .updateTable('order_refunds')
    .set({ status: 'succeeded', gateway_refund_id: refundId, settled_at: at, claimed_at: null, last_error: null })
    .where('order_id', '=', orderId)
    .execute();
  await trx
    .updateTable('payments')
    .set({ refunded_amount: sql`greatest(refunded_amount, ${amount})` })
    .where('id', '=', paymentId)
    .execute();
}

export async function recordRefundFailed(db: Database, orderId: number, error: string): Promise<void> {
  await db.updateTable('order_refunds').set({ status: 'failed', claimed_at: null, last_error: error }).where('order_id', '=', orderId).execute();
}

/** Gateway refunds still owed, the oldest first. */
export async function owedGatewayRefunds(db: Database, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('order_refunds')
    .select('order_id')
    .where('method', '=', 'gateway')
    .where('status', '<>', 'succeeded')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.order_id);
}

/**
 * The customer's unused vouchers redeemed with points since `since` and not past their date, newest
 * first, locked; one another transaction holds is skipped, never waited for.
 */
export async function lockVouchersBoughtSince(trx: Database, customerId: number, since: Date, now: Date) {
  return trx
    .selectFrom('vouchers as v')
    .innerJoin('rewards as r', 'r.id', 'v.reward_id')
    .select(['v.id', 'v.reward_id', 'v.points_paid', 'r.title', 'r.name', 'r.translations'])
    .where('v.customer_id', '=', customerId)
    .where('v.source', '=', 'redeem')
    .where('v.status', '=', 'active')
    .where('v.points_paid', '>', 0)
    .where('v.created_at', '>=', since)
    .where('v.expires_at', '>', now)
    .orderBy('v.id', 'desc')
    .forUpdate('v')
    .skipLocked()
    .execute();
}

/** A voucher cancelled with an order: its unit back to the reward's stock (the reward's row lock first, as the reward editor takes it), then the voucher. */
export async function cancelVoucherWithOrder(trx: Database, voucher: { id: number; reward_id: number }, orderId: number, now: Date): Promise<void> {
  await trx
    .updateTable('rewards')
    .set((eb) => ({ stock: eb('stock', '+', 1) }))
    .where('id', '=', voucher.reward_id)
    .execute();
  await trx.updateTable('vouchers').set({ status: 'cancelled', cancelled_at: now, cancelled_with_order: orderId }).where('id', '=', voucher.id).execute();
}

/**
 * What pricing reads once the order's location is held, in one statement kept once built (keptStatement):
 * the products the location does not sell (locations.repo unavailableAt), the customer's tier for earning
 * (tiers.repo earnTierQuery), the active earning rules (loyalty saleRulesQuery) and the automatic offers
 * running (offers.repo automaticOffersJson, read without a lock: an order locks only the one it takes),
 * each as its own query reads it; a row per rule, or one with no rule.
 */
const pricingFactsRead = keptStatement(
  (v: { locationId: number; customerId: number; now: Date }, db) =>
    sql<
      Partial<RuleRow> & {
        not_sold: number[];
        tier_name: string | null;
        tier_multiplier: string | number | null;
        auto_offers: AutomaticOfferJson[];
        customer_language: Language | null;
      }
    >`
    select ${sql.join(RULE_COLUMNS.map((c) => sql.ref(`r.${c}`)))}, t.name as tier_name, t.multiplier as tier_multiplier, ${unavailableAt(v.locationId)} as not_sold,
      ${automaticOffersJson(v.customerId, v.now)} as auto_offers,
      (select c.language from customers c where c.id = ${v.customerId}) as customer_language
    from (select 1) as one
    left join lateral (${earnTierQuery(v.customerId)}) as t on true
    left join (${saleRulesQuery(db)}) as r on true
    order by r.id`,
);
export const pricingFactsRows = (db: Database, v: { locationId: number; customerId: number; now: Date }) => pricingFactsRead(db, v);
