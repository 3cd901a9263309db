/**
 * The owner's dashboard (`merchant/dashboard`): how the programme is doing over a period, every
 * figure computed from the ledgers and orders, never from counters kept on the side; and the CSV
 * exports of a period's orders and ledger entries. The schemas of the area's calls (dashboard.calls.ts
 * declares them; dashboard.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { id } from './fields';

export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const dashboardQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: 'must be today, 7d or 30d' }).default('today'),
  location_id: id.optional(),
});
export type DashboardQuery = z.input<typeof dashboardQuery>;

const int = (description: string) => z.number().int().meta({ description });

const figures = z
  .object({
    orders: int('paid orders placed in the period, cancelled ones left out'),
    revenue: int("their totals, in the currency's minor unit"),
    average_order: int('revenue / orders, rounded (0 without orders)'),
    tax_collected: int("the taxes those orders charged (their tax lines, added or included in the prices), in the currency's minor unit"),
    new_customers: int('customers who signed up in the period'),
    returning_customers: int('customers with a paid order in the period who also had one before it'),
    points_issued: int('points earned on orders and spins, and given by the owner'),
    points_redeemed: int('points spent on rewards and spins'),
    points_expired: int('points that expired'),
    points_reversed: int(
      'points taken back off balances: undone counter earns, cancelled orders, the owner’s deductions, less points given back (a cancelled voucher’s). Over a period holding every entry: issued − redeemed − expired − reversed = the points customers hold',
    ),
    vouchers_issued: int('vouchers redeemed with points or won on the wheel'),
    vouchers_redeemed_at_counter: int('counter redemptions not undone'),
    wheel_spins: int('spins'),
    wheel_prizes: z.object({ points: int('spins that won points'), voucher: int('spins that won a voucher'), none: int('spins that won nothing') }),
    topups: int('wallet top-ups paid'),
    topup_amount: int('their amount'),
    cancelled_orders: int('paid orders cancelled in the period (by when they were cancelled)'),
    refunds: int('money given back in the period: cancelled orders refunded in full, and refunds made at the payment gateway'),
    refunds_at_gateway: int('of refunds, those made at the payment gateway (in its own dashboard), not by a cancellation here'),
    topup_refunds_not_recovered: int('of top-ups refunded at the payment gateway, what had been spent and could not be taken out of the wallet'),
    disputes: int('paid payments a customer’s bank disputed (chargebacks)'),
    disputed_amount: int('the amount they dispute'),
    points_taken_back: int(
      'points the cancellations of the period took back or cancelled while still pending (the orders’ points, less those of vouchers cancelled with them)',
    ),
    points_not_taken_back: int('points those cancelled orders had earned that were spent already and could not be taken back'),
  })
  .meta({ id: 'DashboardFigures' });
export type DashboardFigures = z.infer<typeof figures>;

export const dashboardAnswer = z
  .object({
    period: z.object({
      name: z.enum(DASHBOARD_PERIODS),
      from: z.string().meta({ format: 'date-time', description: "the period's first midnight in the merchant's time zone" }),
      to: z.string().meta({ format: 'date-time', description: 'now' }),
      days: z.array(z.string()).meta({ description: "its days, 'YYYY-MM-DD' in the merchant's time zone" }),
    }),
    figures,
    previous: figures.meta({ description: 'the same figures for the period of the same length just before' }),
    series: z.array(
      z.object({
        day: z.string(),
        orders: z.number().int(),
        revenue: z.number().int(),
        points_issued: z.number().int(),
        points_redeemed: z.number().int(),
        points_taken_back: z.number().int(),
        cancelled_orders: z.number().int(),
        refunds: z.number().int(),
      }),
    ),
    liability: z.object({
      points: int('points customers can still redeem: what is left of their unexpired lots'),
      value_per_point: z.number().meta({
        description:
          "minor units a point is worth at the catalogue's current average: the mean of discount_amount / points_cost over active rewards with a discount (0 without one)",
      }),
      value: int('points × value_per_point, rounded'),
      expiring_30_days: int('of those points, what expires in the next 30 days'),
      wallets: int("customers' own money in their wallets (their top-ups and refunds), gift money left out"),
      gift_cards: int(
        'the outstanding gift-card balance: the value of cards not yet claimed nor refunded, and the gift money in wallets not yet spent (merchant/gift-cards/report has its parts)',
      ),
    }),
  })
  .meta({ id: 'Dashboard' });
export type DashboardData = z.infer<typeof dashboardAnswer>;

/** 'YYYY-MM-DD' of a day that exists (not 2026-02-30). */
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
export const day = z.string().refine(isDay, 'must be a date such as 2026-11-20');
/** `merchant/export/orders.csv`, `…/ledger.csv`, `…/gift-cards.csv`: the merchant's days from `from` to `to`, both included, at most 366. */
/**
 * A period's days: `to` on or after `from`, at most 366 days after (a bad date is named on its own: this
 * only compares real dates).
 */
export function checkDayRange(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isDay(q.from) || !isDay(q.to)) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', message: 'must be on or after from', path: ['to'] });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= 366)
    ctx.addIssue({ code: 'custom', message: 'must be at most 366 days after from', path: ['to'] });
}
export const exportQuery = z.object({ from: day, to: day, location_id: id.optional() }).superRefine(checkDayRange);
export type ExportQuery = z.input<typeof exportQuery>;
