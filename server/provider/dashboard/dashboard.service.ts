import type { Router } from 'express';
import { sql } from 'kysely';
import { dashboardQuery, exportQuery, type DashboardData, type DashboardFigures, type DashboardPeriod } from '#contract/dashboard';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { requireStaff } from '../http/staff-session';
import { parse } from '../http/validate';
import { getMerchant } from '../merchant/merchant.service';
import { exportLedger, exportOrders } from './export';

/**
 * The owner's dashboard: every figure is a query over the ledgers, orders, vouchers, spins and
 * payments of the period (the merchant's days, in its time zone), never a counter kept on the side.
 * One query for the period's figures (run again for the period before, to compare), one for the
 * daily series, one for the points liability.
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

async function figuresOf(db: Database, w: Window): Promise<DashboardFigures> {
  const { from, to } = w;
  const { rows } = await sql<Record<string, unknown>>`
    with paid as (
      select customer_id, total from orders where paid_at >= ${from} and paid_at < ${to} and status <> 'cancelled'
    ), pts as (
      select
        coalesce(sum(points) filter (where type = 'earn' or (type = 'owner' and points > 0)), 0) as issued,
        coalesce(-sum(points) filter (where type = 'burn'), 0) as redeemed,
        coalesce(-sum(points) filter (where type = 'expire'), 0) as expired
      from points_ledger where created_at >= ${from} and created_at < ${to}
    ), spins as (
      select count(*) as spins,
        count(*) filter (where prize->>'type' = 'points') as points,
        count(*) filter (where prize->>'type' = 'voucher') as voucher,
        count(*) filter (where prize->>'type' = 'none') as none
      from wheel_spins where created_at >= ${from} and created_at < ${to}
    ), topups as (
      select count(*) as n, coalesce(sum(amount), 0) as amount
      from payments where kind = 'topup' and status = 'paid' and settled_at >= ${from} and settled_at < ${to}
    )
    select
      (select count(*) from paid) as orders,
      (select coalesce(sum(total), 0) from paid) as revenue,
      (select count(*) from customers where created_at >= ${from} and created_at < ${to}) as new_customers,
      (select count(distinct p.customer_id) from paid p
        where exists (select 1 from orders o where o.customer_id = p.customer_id and o.paid_at < ${from} and o.status <> 'cancelled')) as returning_customers,
      pts.issued, pts.redeemed, pts.expired,
      (select count(*) from vouchers where created_at >= ${from} and created_at < ${to}) as vouchers_issued,
      (select count(*) from counter_redemptions where redeemed_at >= ${from} and redeemed_at < ${to} and undone_at is null) as counter,
      spins.spins, spins.points as prize_points, spins.voucher as prize_voucher, spins.none as prize_none,
      topups.n as topups, topups.amount as topup_amount
    from pts, spins, topups`.execute(db);
  const r = rows[0]!;
  const orders = n(r.orders);
  const revenue = n(r.revenue);
  return {
    orders,
    revenue,
    average_order: orders ? Math.round(revenue / orders) : 0,
    new_customers: n(r.new_customers),
    returning_customers: n(r.returning_customers),
    points_issued: n(r.issued),
    points_redeemed: n(r.redeemed),
    points_expired: n(r.expired),
    vouchers_issued: n(r.vouchers_issued),
    vouchers_redeemed_at_counter: n(r.counter),
    wheel_spins: n(r.spins),
    wheel_prizes: { points: n(r.prize_points), voucher: n(r.prize_voucher), none: n(r.prize_none) },
    topups: n(r.topups),
    topup_amount: n(r.topup_amount),
  };
}

async function seriesOf(db: Database, w: Window, timeZone: string, days: string[]) {
  const { rows: orders } = await sql<{ day: string; orders: string; revenue: string }>`
    select to_char(paid_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*) as orders, coalesce(sum(total), 0) as revenue
    from orders where paid_at >= ${w.from} and paid_at < ${w.to} and status <> 'cancelled' group by 1`.execute(db);
  const { rows: points } = await sql<{ day: string; issued: string; redeemed: string }>`
    select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
      coalesce(sum(points) filter (where type = 'earn' or (type = 'owner' and points > 0)), 0) as issued,
      coalesce(-sum(points) filter (where type = 'burn'), 0) as redeemed
    from points_ledger where created_at >= ${w.from} and created_at < ${w.to} group by 1`.execute(db);
  return days.map((day) => {
    const o = orders.find((x) => x.day === day);
    const p = points.find((x) => x.day === day);
    return { day, orders: n(o?.orders), revenue: n(o?.revenue), points_issued: n(p?.issued), points_redeemed: n(p?.redeemed) };
  });
}

async function liabilityOf(db: Database, now: Date) {
  const soon = new Date(now.getTime() + 30 * DAY);
  const { rows } = await sql<{ points: string; expiring: string; per_point: number | null }>`
    select
      (select coalesce(sum(remaining), 0) from points_ledger where remaining > 0 and expires_at > ${now}) as points,
      (select coalesce(sum(remaining), 0) from points_ledger where remaining > 0 and expires_at > ${now} and expires_at <= ${soon}) as expiring,
      (select avg(discount_amount::float8 / points_cost) from rewards where active and discount_amount > 0) as per_point`.execute(db);
  const r = rows[0]!;
  const perPoint = Math.round((r.per_point ?? 0) * 10_000) / 10_000;
  const points = n(r.points);
  return { points, value_per_point: perPoint, value: Math.round(points * (r.per_point ?? 0)), expiring_30_days: n(r.expiring) };
}

export async function dashboard(ctx: ProviderContext, period: DashboardPeriod): Promise<DashboardData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const now = ctx.clock.now();
  const w = await windows(ctx.db, now, rules.timezone, DAYS[period]);
  return {
    period: { name: period, from: w.current.from.toISOString(), to: now.toISOString(), days: w.days },
    figures: await figuresOf(ctx.db, w.current),
    previous: await figuresOf(ctx.db, w.previous),
    series: await seriesOf(ctx.db, w.current, rules.timezone, w.days),
    liability: await liabilityOf(ctx.db, now),
  };
}

export function dashboardRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();
  r.get('/merchant/dashboard', requireStaff(ctx, 'owner'), async (req, res) => {
    const q = parse(dashboardQuery, req.query);
    send(res, 200, 'The dashboard.', await dashboard(ctx, q.period));
  });
  r.get('/merchant/export/orders.csv', requireStaff(ctx, 'owner'), async (req, res) => {
    const q = parse(exportQuery, req.query);
    await exportOrders(ctx.db, res, q, (await getMerchant(ctx.db, ctx.merchantId)).rules.timezone);
  });
  r.get('/merchant/export/ledger.csv', requireStaff(ctx, 'owner'), async (req, res) => {
    const q = parse(exportQuery, req.query);
    await exportLedger(ctx.db, res, q, (await getMerchant(ctx.db, ctx.merchantId)).rules.timezone);
  });
  return r;
}
