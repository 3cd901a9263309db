/**
 * The spec of the dashboard calls: their declarations (dashboard.calls.ts) joined to their schemas
 * (dashboard.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { dashboardQuery, dashboardAnswer, exportQuery } from './dashboard';
import { dashboardApi } from './dashboard.calls';

export const dashboardSpec = /* @__PURE__ */ describe('Merchant console', dashboardApi, {
  dashboard: {
    summary: 'How the programme is doing: today, the last 7 or 30 days',
    description:
      "Every figure computed in SQL from the ledgers, orders, vouchers, spins and payments of the period (the merchant's days), with the same figures for the period before, a daily series, and the liabilities: the points, customers' own money in wallets, and the outstanding gift-card balance. With `location_id`, what comes from orders is that location's (orders, revenue, average order, tax collected, returning customers, cancelled orders, their refunds and points taken back); the rest is shop-wide (new customers, points issued, redeemed and expired, vouchers, counter redemptions, wheel spins, top-ups, disputes, refunds made at the payment gateway, the points liability), since points, the wallet and spins belong to no location.",
    inContract: false,
    query: dashboardQuery,
    data: dashboardAnswer,
    answer: 'The dashboard.',
    message: 'The dashboard.',
  },
  exportOrders: {
    summary: 'The orders of a period, as CSV',
    description:
      "Orders placed on the merchant's days `from` to `to` (both included, at most 366 days): one row each with its times in the merchant's time zone (named in the header, `YYYY-MM-DD HH:MM:SS`), the customer's name and phone, its items, the currency and its amounts in the currency's major unit (`210.50`), its location and pickup time, a cancelled order's refund and points taken back, and the cancellation reason; with `location_id`, that location's orders only. Every text cell quoted, none a formula. A download (`content-disposition: attachment`), written as it is read.",
    inContract: false,
    query: exportQuery,
    file: 'csv',
    answer: 'The orders.',
  },
  exportLedger: {
    summary: 'The points and wallet ledger entries of a period, as CSV',
    description:
      "Every entry of both ledgers made on the merchant's days `from` to `to` (both included, at most 366 days), the points ledger first: its time in the merchant's time zone, the customer's name and phone, the change and the balance after it (points, or money in the currency's major unit) and their unit (`points` or the currency). Shop-wide whatever `location_id` says: points and the wallet belong to no location.",
    inContract: false,
    query: exportQuery,
    file: 'csv',
    answer: 'The entries.',
  },
  exportGiftCards: {
    summary: 'The gift cards sold in a period, as CSV',
    description:
      "Every gift card sold on the merchant's days `from` to `to` (both included, at most 366 days), one row each: its number's last four characters (never the whole number), when it was sold, delivered, claimed, refunded and expires (the merchant's time zone), its amount and how much of it was paid with gift money (the currency's major unit), who bought it and who claimed it (customer ids and names: never the recipient's phone or e-mail), and where it stands. A last row, `outstanding`, gives the outstanding gift-card balance when the file was made. Shop-wide whatever `location_id` says.",
    inContract: false,
    query: exportQuery,
    file: 'csv',
    answer: 'The cards.',
  },
});
