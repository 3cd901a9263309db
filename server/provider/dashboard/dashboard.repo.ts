/**
 * The dashboard's queries: every figure is computed in SQL over the ledgers, orders, vouchers, spins and
 * payments of a period (dashboard.service.ts puts them together).
 */
import { sql } from 'kysely';
import { localTime } from '../http/csv';
import type { Database } from '../../db';

export interface PeriodWindow {
  from: Date;
  to: Date;
}

/** The first midnight of a period of `days` days ending today, in the merchant's time zone, and the one before it. */
export async function periodWindows(db: Database, now: Date, timeZone: string, days: number) {
  const { rows } = await sql<{ from: Date; before: Date; days: string[] }>`
    with t as (select date_trunc('day', ${now}::timestamptz at time zone ${timeZone}) as today)
    select ((today - ${days - 1} * interval '1 day') at time zone ${timeZone}) as "from",
           ((today - ${2 * days - 1} * interval '1 day') at time zone ${timeZone}) as "before",
           array(select to_char(d, 'YYYY-MM-DD') from generate_series(today - ${days - 1} * interval '1 day', today, interval '1 day') d) as days
    from t`.execute(db);
  const r = rows[0]!;
  return { current: { from: new Date(r.from), to: now }, previous: { from: new Date(r.before), to: new Date(r.from) }, days: r.days };
}

/**
 * Rows are first summed in quarter-hours (cheap: no time zone per row), then the quarters in the
 * merchant's days: every time zone's offset is a whole number of quarter-hours, daylight saving
 * included, so a quarter never straddles two of its days.
 */
const BIN_ORIGIN = '2000-01-01T00:00:00Z';

/**
 * A window's rows: its counts in one row, and its orders, points, cancellations and gateway refunds day
 * by day in the merchant's days (`byDay`), or each in one row of totals (the period before, compared in
 * totals only). Spins are counted by their stored prize kind (`prize_type`). `locationId`: only that
 * location's orders count (the orders, sales, returning customers and cancellations); everything else
 * (customers, points, vouchers, the counter, spins, top-ups, disputes, gateway refunds) is the shop's.
 */
export async function periodRows(db: Database, w: PeriodWindow, timeZone: string, byDay: boolean, locationId?: number) {
  const { from, to } = w;
  const at = (column: string) => (locationId === undefined ? sql`` : sql` and ${sql.ref(column)} = ${locationId}`);
  // the period before is compared in totals only: its rows are summed without sorting them into days
  const bin = (column: string) => (byDay ? sql`date_bin('15 minutes', ${sql.ref(column)}, ${BIN_ORIGIN}::timestamptz)` : sql`${to}::timestamptz`);
  const [{ rows: counts }, { rows: ordersByDay }, { rows: pointsByDay }, { rows: cancelledByDay }, { rows: gatewayByDay }] = await Promise.all([
    sql<Record<string, unknown>>`
    with spins as (
      select count(*) as spins,
        count(*) filter (where prize_type = 'points') as points,
        count(*) filter (where prize_type = 'voucher') as voucher,
        count(*) filter (where prize_type = 'none') as none
      from wheel_spins where created_at >= ${from} and created_at < ${to}
    ), topups as (
      select count(*) as n, coalesce(sum(amount), 0) as amount
      from payments where kind = 'topup' and status = 'paid' and settled_at >= ${from} and settled_at < ${to}
    ), disputes as (
      select count(*) as n, coalesce(sum(amount), 0) as amount from payment_disputes where created_at >= ${from} and created_at < ${to}
    )
    select
      (select count(*) from customers where created_at >= ${from} and created_at < ${to} and guest_location_id is null) as new_customers,
      (select count(distinct p.customer_id) from orders p
        where p.paid_at >= ${from} and p.paid_at < ${to} and p.status <> 'cancelled'${at('p.location_id')}
          and exists (select 1 from orders o where o.customer_id = p.customer_id and o.paid_at < ${from} and o.status <> 'cancelled'${at('o.location_id')})) as returning_customers,
      (select count(*) from vouchers where created_at >= ${from} and created_at < ${to}) as vouchers_issued,
      (select count(*) from counter_redemptions where redeemed_at >= ${from} and redeemed_at < ${to} and undone_at is null) as counter,
      spins.spins, spins.points as prize_points, spins.voucher as prize_voucher, spins.none as prize_none,
      topups.n as topups, topups.amount as topup_amount,
      disputes.n as disputes, disputes.amount as disputed_amount
    from spins, topups, disputes`.execute(db),
    // index-only on orders_paid_idx (migrations 0008, 0058): it carries total and tax
    sql<{ day: string; orders: unknown; revenue: unknown; tax: unknown }>`
    select to_char(bin at time zone ${timeZone}, 'YYYY-MM-DD') as day, sum(orders) as orders, sum(revenue) as revenue, sum(tax) as tax from (
      select ${bin('paid_at')} as bin, count(*) as orders, sum(total) as revenue, sum(tax) as tax
      from orders where paid_at >= ${from} and paid_at < ${to} and status <> 'cancelled'${at('location_id')} group by 1
    ) b group by 1`.execute(db),
    sql<{ day: string; issued: unknown; redeemed: unknown; expired: unknown; reversed: unknown }>`
    select to_char(bin at time zone ${timeZone}, 'YYYY-MM-DD') as day, sum(issued) as issued, sum(redeemed) as redeemed, sum(expired) as expired, sum(reversed) as reversed from (
      select ${bin('created_at')} as bin,
        coalesce(sum(points) filter (where type = 'earn' or (type = 'owner' and points > 0)), 0) as issued,
        coalesce(-sum(points) filter (where type = 'burn'), 0) as redeemed,
        coalesce(-sum(points) filter (where type = 'expire'), 0) as expired,
        coalesce(-sum(points) filter (where type = 'adjust' or (type = 'owner' and points < 0)), 0) as reversed
      from points_ledger where created_at >= ${from} and created_at < ${to} group by 1
    ) b group by 1`.execute(db),
    // paid orders cancelled in the window (a cancelled order never changes again: updated_at is when),
    // their refunds, what their cancellations took back (less the points of vouchers cancelled with
    // them, and less the points still on their way, which were voided: never issued, so not taken back
    // from anyone, though the order counts them in points_taken_back) and what they could not
    sql<{ day: string; cancelled: unknown; refunds: unknown; taken_back: unknown; not_taken_back: unknown }>`
    select to_char(bin at time zone ${timeZone}, 'YYYY-MM-DD') as day, sum(cancelled) as cancelled, sum(refunds) as refunds, sum(taken_back) as taken_back, sum(not_taken_back) as not_taken_back from (
      select ${bin('o.updated_at')} as bin, count(*) as cancelled,
        coalesce(sum((select r.amount from order_refunds r where r.order_id = o.id)), 0) as refunds,
        coalesce(sum(o.points_taken_back - (select coalesce(sum(v.points_paid), 0) from vouchers v where v.cancelled_with_order = o.id)
          - (select coalesce(sum(pp.points), 0) from points_pending pp where pp.ref = 'order:' || o.name and pp.status = 'voided')), 0) as taken_back,
        coalesce(sum(o.points_earned - o.points_taken_back), 0) as not_taken_back
      from orders o where o.status = 'cancelled' and o.paid_at is not null and o.updated_at >= ${from} and o.updated_at < ${to}${at('o.location_id')} group by 1
    ) b group by 1`.execute(db),
    // refunds made at the payment gateway itself (this shop's own refunds of cancelled orders are counted above)
    sql<{ day: string; refunds: unknown; not_recovered: unknown }>`
    select to_char(bin at time zone ${timeZone}, 'YYYY-MM-DD') as day, sum(refunds) as refunds, sum(not_recovered) as not_recovered from (
      select ${bin('g.created_at')} as bin, coalesce(sum(g.amount), 0) as refunds,
        coalesce(sum(g.amount - g.wallet_taken_back) filter (where p.kind = 'topup'), 0) as not_recovered
      from gateway_refunds g join payments p on p.id = g.payment_id
      where not g.ours and g.created_at >= ${from} and g.created_at < ${to} group by 1
    ) b group by 1`.execute(db),
  ]);
  return { counts, ordersByDay, pointsByDay, cancelledByDay, gatewayByDay };
}

/**
 * Points customers can still redeem (what is left of their unexpired lots), those expiring by `soon`, a
 * point's worth at the catalogue's average, and customers' own money in wallets (gift money left out: it
 * is the gift cards' liability, gift-cards.repo.ts).
 */
export async function liabilityRow(db: Database, now: Date, soon: Date) {
  const { rows } = await sql<{ points: string; expiring: string; per_point: number | null; wallets: string }>`
    with lots as (
      select coalesce(sum(remaining), 0) as points, coalesce(sum(remaining) filter (where expires_at <= ${soon}), 0) as expiring
      from points_ledger where remaining > 0 and expires_at > ${now}
    )
    select lots.points, lots.expiring, (select avg(discount_amount::float8 / points_cost) from rewards where active and discount_amount > 0) as per_point,
      (select coalesce(sum(wallet_balance - gift_balance), 0) from customers where wallet_balance > 0) as wallets from lots`.execute(db);
  return rows[0]!;
}

// ---------------------------------------------------------------------------------------------
// The CSV exports (export.ts writes them), a page of rows at a time
// ---------------------------------------------------------------------------------------------

/** An instant as the shop's clock showed it, `YYYY-MM-DD HH:MM:SS`, computed by PostgreSQL's time zone data. */
const local = (column: string, timeZone: string) => sql<string | null>`to_char(${sql.ref(column)} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** What a page of an export reads: rows made from `start` to `end`, after the row `after`, their times in `timeZone`. */
export interface ExportPage {
  start: Date;
  end: Date;
  after: number;
  limit: number;
  timeZone: string;
}

/** A page of the orders placed in the period (of one location, or all), with their customer, location, refund and items. */
export async function ordersPage(db: Database, page: ExportPage & { locationId?: number }) {
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('order_refunds as f', 'f.order_id', 'o.id')
    .leftJoin('locations as l', 'l.id', 'o.location_id')
    .select(['l.name as location', localTime('o.pickup_at', page.timeZone).as('pickup_at')])
    .select([
      'o.id',
      'o.name',
      'o.status',
      'o.fulfilment',
      'o.table_label',
      'o.payment_method',
      'o.customer_id',
      'c.name as customer',
      'c.phone',
      'o.subtotal',
      'o.discount',
      'o.delivery_fee',
      'o.total',
      'o.points_earned',
      'o.points_taken_back',
      'o.cancel_reason',
      'o.tip',
      'o.taxes',
    ])
    .select(['f.amount as refund', 'f.method as refund_method', 'f.status as refund_status'])
    .select([localTime('o.created_at', page.timeZone).as('placed_at'), localTime('o.paid_at', page.timeZone).as('paid_at')])
    .select((eb) =>
      eb
        .selectFrom('order_items as i')
        // a line's options after its name: 2 × Spanish latte (Large, Oat milk)
        .select(
          sql<string>`string_agg(i.qty || ' × ' || i.name || coalesce(' (' || (select string_agg(x.name, ', ' order by x.id) from order_item_options x where x.order_item_id = i.id) || ')', ''), '; ' order by i.id)`.as(
            'items',
          ),
        )
        .whereRef('i.order_id', '=', 'o.id')
        .as('items'),
    )
    .where('o.created_at', '>=', page.start)
    .where('o.created_at', '<', page.end)
    .$if(page.locationId !== undefined, (q) => q.where('o.location_id', '=', page.locationId!))
    .where('o.id', '>', page.after)
    .orderBy('o.id')
    .limit(page.limit)
    .execute();
}

/** A page of one ledger's entries made in the period, with their customer. */
export async function ledgerPage(db: Database, ledger: 'points' | 'wallet', page: ExportPage) {
  const points = ledger === 'points';
  const { rows } = await sql<{
    id: number;
    at: string;
    customer_id: number;
    customer: string;
    phone: string | null;
    type: string;
    change: number;
    balance_after: number;
    reason: string;
    ref: string | null;
  }>`
    select l.id, ${localTime('l.created_at', page.timeZone)} as at, l.customer_id, c.name as customer, c.phone, l.type,
      ${sql.ref(points ? 'l.points' : 'l.amount')} as change, l.balance_after, l.reason, l.ref
    from ${sql.table(points ? 'points_ledger' : 'wallet_ledger')} l join customers c on c.id = l.customer_id
    where l.created_at >= ${page.start} and l.created_at < ${page.end} and l.id > ${page.after}
    order by l.id limit ${page.limit}`.execute(db);
  return rows;
}

/** A page of the gift cards sold in the period, with their buyer's and claimer's names (never the recipient's contact). */
export async function giftCardsPage(db: Database, page: ExportPage) {
  return db
    .selectFrom('gift_cards as g')
    .leftJoin('customers as b', 'b.id', 'g.buyer_id')
    .leftJoin('customers as c', 'c.id', 'g.claimed_by')
    .select([
      'g.id',
      'g.number',
      'g.amount',
      'g.paid_gift',
      'g.status',
      'g.expires_at',
      'g.delivered_at',
      'g.buyer_id',
      'b.name as buyer',
      'g.claimed_by',
      'c.name as claimer',
    ])
    .select([
      // a printed gift card is sold when activated at the counter (migration 0053), an eGift when bought
      sql<string | null>`to_char(coalesce(g.activated_at, g.created_at) at time zone ${page.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`.as('sold_at'),
      local('g.delivered_at', page.timeZone).as('delivered_local'),
      local('g.claimed_at', page.timeZone).as('claimed_at'),
      local('g.refunded_at', page.timeZone).as('refunded_at'),
      local('g.expires_at', page.timeZone).as('expires_local'),
    ])
    .where(sql<Date>`coalesce(g.activated_at, g.created_at)`, '>=', page.start)
    .where(sql<Date>`coalesce(g.activated_at, g.created_at)`, '<', page.end)
    .where('g.status', '!=', 'inactive')
    .where('g.id', '>', page.after)
    .orderBy('g.id')
    .limit(page.limit)
    .execute();
}
