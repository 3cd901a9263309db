import type { DashboardData, DashboardFigures, DashboardPeriod } from '#contract/dashboard';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import type { ProviderContext } from '../context';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { outstandingGiftBalance } from '../gift-cards/report';
import { liabilityRow, periodRows, periodWindows, type PeriodWindow } from './dashboard.repo';

/**
 * The owner's dashboard: every figure is a query over the ledgers, orders, vouchers, spins and
 * payments of the period (the merchant's days, in its time zone), never a counter kept on the side.
 * For the period and the one before (to compare), one query for the counts and one for orders and
 * points day by day (the period's totals are the days' sums); one for the points and wallets' liability,
 * and the outstanding gift-card balance (gift-cards/report.ts).
 * Of one location (`location_id`): what comes from orders is that location's (orders, revenue, average
 * order, returning customers, cancellations, their refunds and points taken back); the rest is
 * shop-wide, since points, the wallet, vouchers, spins, top-ups and new customers belong to no location.
 */

const DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

const n = (v: unknown) => Number(v ?? 0);

type Day = DashboardData['series'][number];
const emptyDay = (day: string): Day => ({
  day,
  orders: 0,
  revenue: 0,
  points_issued: 0,
  points_redeemed: 0,
  points_taken_back: 0,
  cancelled_orders: 0,
  refunds: 0,
});

/** A window's figures, and its orders and points day by day (the totals are the days' sums, so each table is read once per window). */
async function figuresOf(
  db: Database,
  w: PeriodWindow,
  timeZone: string,
  byDay: boolean,
  locationId: number | undefined,
): Promise<{ figures: DashboardFigures; days: Day[] }> {
  const { counts, ordersByDay, pointsByDay, cancelledByDay, gatewayByDay } = await periodRows(db, w, timeZone, byDay, locationId);
  const r = counts[0]!;
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
      tax_collected: sum(ordersByDay, 'tax'),
      new_customers: n(r.new_customers),
      returning_customers: n(r.returning_customers),
      points_issued: total('points_issued'),
      points_redeemed: total('points_redeemed'),
      points_expired: sum(pointsByDay, 'expired'),
      points_reversed: sum(pointsByDay, 'reversed'),
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
  const [r, gift] = await Promise.all([liabilityRow(db, now, soon), outstandingGiftBalance(db)]);
  const perPoint = Math.round((r.per_point ?? 0) * 10_000) / 10_000;
  const points = n(r.points);
  return {
    points,
    value_per_point: perPoint,
    value: Math.round(points * (r.per_point ?? 0)),
    expiring_30_days: n(r.expiring),
    wallets: n(r.wallets),
    gift_cards: gift.total,
  };
}

/** The dashboard of `merchantId` for the period ending `now`, of one location's orders or all (also what `npm run bench` times at volume). */
export async function dashboardAt(db: Database, merchantId: string, now: Date, period: DashboardPeriod, locationId?: number): Promise<DashboardData> {
  const { rules } = await getMerchant(db, merchantId);
  const w = await periodWindows(db, now, rules.timezone, DAYS[period]);
  // the period, the one before and the liability at once, each on a connection of its own
  const [current, previous, liability] = await Promise.all([
    figuresOf(db, w.current, rules.timezone, true, locationId),
    figuresOf(db, w.previous, rules.timezone, false, locationId),
    liabilityOf(db, now),
  ]);
  return {
    period: { name: period, from: w.current.from.toISOString(), to: now.toISOString(), days: w.days },
    figures: current.figures,
    previous: previous.figures,
    series: w.days.map((day) => current.days.find((d) => d.day === day) ?? emptyDay(day)),
    liability,
  };
}

/** A CSV download is in the activity log (who took the shop's orders or ledgers, for which days), before it starts. */
export async function recordDownload(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  action: 'export.orders' | 'export.ledger' | 'export.gift_cards',
  q: { from: string; to: string; location_id?: number },
): Promise<void> {
  const after = { from: q.from, to: q.to, ...(q.location_id !== undefined ? { location_id: q.location_id } : {}) };
  await insertAudit(ctx.db, { staffId: staff.id, action, target: null, before: null, after, now: ctx.clock.now() });
}
