import type { Router } from 'express';
import { sql } from 'kysely';
import { dashboardQuery, exportQuery, type DashboardData, type DashboardFigures, type DashboardPeriod } from '#contract/dashboard';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { requireStaff, staffOf, type StaffOfRequest } from '../http/staff-session';
import { parse } from '../http/validate';
import { getMerchant } from '../settings/settings.service';
import { exportLedger, exportOrders } from './export';
import { insertAudit } from '../staff/staff.repo';

/**
 * The owner's dashboard: every figure is a query over the ledgers, orders, vouchers, spins and
 * payments of the period (the merchant's days, in its time zone), never a counter kept on the side.
 * For the period and the one before (to compare), one query for the counts and one for orders and
 * points day by day (the period's totals are the days' sums); one for the points liability.
 */

const DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

interface Window {
  from: Date;
  to: Date;
}

/** The first midnight of a period of `days` days ending today, in the merchant's time zone, and the one before it. */
async function windows(db: Database, now: Date, timeZone: string, days: number) {
  const { rows } = await sql<{ from: Date; before: Date; days: string[] }>`
    with t as (select date_trunc('day', ${now}::timestamptz at time zone ${timeZone}) as today)
    select ((today - ${days - 1} * interval '1 day') at time zone ${timeZone}) as "from",
           ((today - ${2 * days - 1} * interval '1 day') at time zone ${timeZone}) as "before",
           array(select to_char(d, 'YYYY-MM-DD') from generate_series(today - ${days - 1} * interval '1 day', today, interval '1 day') d) as days
    from t`.execute(db);
  const r = rows[0]!;
  return { current: { from: new Date(r.from), to: now }, previous: { from: new Date(r.before), to: new Date(r.from) }, days: r.days };
}

const n = (v: unknown) => Number(v ?? 0);

/**
 * Rows are first summed in quarter-hours (cheap: no time zone per row), then the quarters in the
 * merchant's days: every time zone's offset is a whole number of quarter-hours, daylight saving
 * included, so a quarter never straddles two of its days.
 */
const BIN_ORIGIN = '2000-01-01T00:00:00Z';

type Day = DashboardData['series'][number];
const emptyDay = (day: string): Day => ({ day, orders: 0, revenue: 0, points_issued: 0, points_redeemed: 0, points_taken_back: 0, cancelled_orders: 0, refunds: 0 });

/**
 * A window's figures, and its orders and points day by day (the totals are the days' sums, so each
 * table is read once per window). Spins are counted by their stored prize kind (`prize_type`).
 */
async function figuresOf(db: Database, w: Window, timeZone: string, byDay: boolean): Promise<{ figures: DashboardFigures; days: Day[] }> {
  const { from, to } = w;
  // the period before is compared in totals only: its rows are summed without sorting them into days
  const bin = (column: string) => (byDay ? sql`date_bin('15 minutes', ${sql.ref(column)}, ${BIN_ORIGIN}::timestamptz)` : sql`${to}::timestamptz`);
  const [{ rows }, { rows: ordersByDay }, { rows: pointsByDay }, { rows: cancelledByDay }, { rows: gatewayByDay }] = await Promise.all([
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
      (select count(*) from customers where created_at >= ${from} and created_at < ${to}) as new_customers,
      (select count(distinct p.customer_id) from orders p
        where p.paid_at >= ${from} and p.paid_at < ${to} and p.status <> 'cancelled'
          and exists (select 1 from orders o where o.customer_id = p.customer_id and o.paid_at < ${from} and o.status <> 'cancelled')) as returning_customers,
      (select count(*) from vouchers where created_at >= ${from} and created_at < ${to}) as vouchers_issued,
      (select count(*) from counter_redemptions where redeemed_at >= ${from} and redeemed_at < ${to} and undone_at is null) as counter,
      spins.spins, spins.points as prize_points, spins.voucher as prize_voucher, spins.none as prize_none,
      topups.n as topups, topups.amount as topup_amount,
      disputes.n as disputes, disputes.amount as disputed_amount
    from spins, topups, disputes`.execute(db),
    sql<{ day: string; orders: unknown; revenue: unknown }>`
    select to_char(bin at time zone ${timeZone}, 'YYYY-MM-DD') as day, sum(orders) as orders, sum(revenue) as revenue from (
      select ${bin('paid_at')} as bin, count(*) as orders, sum(total) as revenue
      from orders where paid_at >= ${from} and paid_at < ${to} and status <> 'cancelled' group by 1
    ) b group by 1`.execute(db),
    sql<{ day: string; issued: unknown; redeemed: unknown; expired: unknown }>`
    select to_char(bin at time zone ${timeZone}, 'YYYY-MM-DD') as day, sum(issued) as issued, sum(redeemed) as redeemed, sum(expired) as expired from (
      select ${bin('created_at')} as bin,
        coalesce(sum(points) filter (where type = 'earn' or (type = 'owner' and points > 0)), 0) as issued,
        coalesce(-sum(points) filter (where type = 'burn'), 0) as redeemed,
        coalesce(-sum(points) filter (where type = 'expire'), 0) as expired
      from points_ledger where created_at >= ${from} and created_at < ${to} group by 1
    ) b group by 1`.execute(db),
    // paid orders cancelled in the window (a cancelled order never changes again: updated_at is when),
    // their refunds, what their cancellations took back (less the points of vouchers cancelled with
    // them) and what they could not
    sql<{ day: string; cancelled: unknown; refunds: unknown; taken_back: unknown; not_taken_back: unknown }>`
    select to_char(bin at time zone ${timeZone}, 'YYYY-MM-DD') as day, sum(cancelled) as cancelled, sum(refunds) as refunds, sum(taken_back) as taken_back, sum(not_taken_back) as not_taken_back from (
      select ${bin('o.updated_at')} as bin, count(*) as cancelled,
        coalesce(sum((select r.amount from order_refunds r where r.order_id = o.id)), 0) as refunds,
        coalesce(sum(o.points_taken_back - (select coalesce(sum(v.points_paid), 0) from vouchers v where v.cancelled_with_order = o.id)), 0) as taken_back,
        coalesce(sum(o.points_earned - o.points_taken_back), 0) as not_taken_back
      from orders o where o.status = 'cancelled' and o.paid_at is not null and o.updated_at >= ${from} and o.updated_at < ${to} group by 1
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
  const r = rows[0]!;
  const days = [...new Set([...ordersByDay, ...pointsByDay, ...cancelledByDay, ...gatewayByDay].map((d) => d.day))].map((day): Day => {
    const o = ordersByDay.find((d) => d.day === day);
    const p = pointsByDay.find((d) => d.day === day);
    const c = cancelledByDay.find((d) => d.day === day);
    const g = gatewayByDay.find((d) => d.day === day);
    return {
      day,
      orders: n(o?.orders),
      revenue: n(o?.revenue),
      points_issued: n(p?.issued),
      points_redeemed: n(p?.redeemed),
      points_taken_back: n(c?.taken_back),
      cancelled_orders: n(c?.cancelled),
      refunds: n(c?.refunds) + n(g?.refunds),
    };
  });
  const total = (k: Exclude<keyof Day, 'day'>) => days.reduce((sum, d) => sum + d[k], 0);
  const sum = (list: Array<Record<string, unknown>>, k: string) => list.reduce((a, d) => a + n(d[k]), 0);
  const orders = total('orders');
  const revenue = total('revenue');
  return {
    figures: {
      orders,
      revenue,
      average_order: orders ? Math.round(revenue / orders) : 0,
      new_customers: n(r.new_customers),
      returning_customers: n(r.returning_customers),
      points_issued: total('points_issued'),
      points_redeemed: total('points_redeemed'),
      points_expired: pointsByDay.reduce((sum, d) => sum + n(d.expired), 0),
      vouchers_issued: n(r.vouchers_issued),
      vouchers_redeemed_at_counter: n(r.counter),
      wheel_spins: n(r.spins),
      wheel_prizes: { points: n(r.prize_points), voucher: n(r.prize_voucher), none: n(r.prize_none) },
      topups: n(r.topups),
      topup_amount: n(r.topup_amount),
      cancelled_orders: total('cancelled_orders'),
      refunds: total('refunds'),
      refunds_at_gateway: sum(gatewayByDay, 'refunds'),
      topup_refunds_not_recovered: sum(gatewayByDay, 'not_recovered'),
      disputes: n(r.disputes),
      disputed_amount: n(r.disputed_amount),
      points_taken_back: total('points_taken_back'),
      points_not_taken_back: sum(cancelledByDay, 'not_taken_back'),
    },
    days,
  };
}

async function liabilityOf(db: Database, now: Date) {
  const soon = new Date(now.getTime() + 30 * DAY);
  const { rows } = await sql<{ points: string; expiring: string; per_point: number | null }>`
    with lots as (
      select coalesce(sum(remaining), 0) as points, coalesce(sum(remaining) filter (where expires_at <= ${soon}), 0) as expiring
      from points_ledger where remaining > 0 and expires_at > ${now}
    )
    select lots.points, lots.expiring, (select avg(discount_amount::float8 / points_cost) from rewards where active and discount_amount > 0) as per_point from lots`.execute(db);
  const r = rows[0]!;
  const perPoint = Math.round((r.per_point ?? 0) * 10_000) / 10_000;
  const points = n(r.points);
  return { points, value_per_point: perPoint, value: Math.round(points * (r.per_point ?? 0)), expiring_30_days: n(r.expiring) };
}

/** The dashboard of `merchantId` for the period ending `now` (also what `npm run bench` times at volume). */
export async function dashboardAt(db: Database, merchantId: string, now: Date, period: DashboardPeriod): Promise<DashboardData> {
  const { rules } = await getMerchant(db, merchantId);
  const w = await windows(db, now, rules.timezone, DAYS[period]);
  // the period, the one before and the liability at once, each on a connection of its own
  const [current, previous, liability] = await Promise.all([figuresOf(db, w.current, rules.timezone, true), figuresOf(db, w.previous, rules.timezone, false), liabilityOf(db, now)]);
  return {
    period: { name: period, from: w.current.from.toISOString(), to: now.toISOString(), days: w.days },
    figures: current.figures,
    previous: previous.figures,
    series: w.days.map((day) => current.days.find((d) => d.day === day) ?? emptyDay(day)),
    liability,
  };
}

/** A CSV download is in the activity log (who took the shop's orders or ledgers, for which days), before it starts. */
async function recordDownload(ctx: ProviderContext, staff: StaffOfRequest, action: 'export.orders' | 'export.ledger', q: { from: string; to: string }): Promise<void> {
  await insertAudit(ctx.db, { staffId: staff.id, action, target: null, before: null, after: { from: q.from, to: q.to }, now: ctx.clock.now() });
}

export function dashboardRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();
  r.get('/merchant/dashboard', requireStaff(ctx, 'owner'), async (req, res) => {
    const q = parse(dashboardQuery, req.query);
    send(res, 200, 'The dashboard.', await dashboardAt(ctx.db, ctx.merchantId, ctx.clock.now(), q.period));
  });
  r.get('/merchant/export/orders.csv', requireStaff(ctx, 'owner'), async (req, res) => {
    const q = parse(exportQuery, req.query);
    await recordDownload(ctx, staffOf(res), 'export.orders', q);
    await exportOrders(ctx.db, res, q, (await getMerchant(ctx.db, ctx.merchantId)).rules);
  });
  r.get('/merchant/export/ledger.csv', requireStaff(ctx, 'owner'), async (req, res) => {
    const q = parse(exportQuery, req.query);
    await recordDownload(ctx, staffOf(res), 'export.ledger', q);
    await exportLedger(ctx.db, res, q, (await getMerchant(ctx.db, ctx.merchantId)).rules);
  });
  return r;
}
