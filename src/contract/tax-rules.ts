/**
 * The shop's taxes on an order (issue 51): one or more named rates, prices shown with the tax included
 * or with it added at checkout, and the tax number printed on receipts. Pure and free of zod, for the
 * provider's pricing, the app's pages and the console alike.
 *
 * The rules, as docs/areas/orders.md says them:
 * - **What is taxed:** what the customer pays for the order, tip aside: the items after every discount
 *   (voucher, promo code, offer) and the delivery fee. A tip is not the shop's sale and is never taxed.
 * - **Rounding: once per order, per rate**, half up to the minor unit, never per line: a basket of many
 *   small lines is taxed like one line of their sum, so the same basket costs the same however it is split.
 * - **Included** (`inclusive`, the usual way in the Philippines and Indonesia): prices already hold the tax;
 *   each rate's part is taken out of the base, `base × rate / (1 + all rates)`, and the total does not change.
 *   The parts are rounded so that they add up to the rounded whole (largest remainder), so receipts add up.
 * - **Added** (not inclusive): each rate's `base × rate`, rounded, is added to the total.
 * - **Refunds** give back what the customer paid, taxes included: the order's tax lines stay with it, and a
 *   cancelled order's tax no longer counts in the dashboard's or the export's tax collected.
 * Rates are in basis points (1,200 = 12 %), so no fraction of a percent is lost to floating point.
 */

export interface TaxRate {
  /** as printed: "VAT", "PB1", "Service tax" */
  name: string;
  /** basis points: 1200 = 12 % */
  rate: number;
}

export interface TaxSettings {
  /** none: the shop charges no tax (the default) */
  rates: TaxRate[];
  /** whether prices already include the taxes */
  inclusive: boolean;
}

export interface TaxLine extends TaxRate {
  /** minor units */
  amount: number;
}

export interface OrderTaxes {
  lines: TaxLine[];
  /** what the taxes add to the total: 0 when prices include them */
  added: number;
}

/** An order's taxes as it keeps and answers them: whether they were included in its prices, and each rate's part. */
export interface OrderTaxLines {
  included: boolean;
  lines: TaxLine[];
}

export const TAX_RATE_MAX = 5000;
export const TAX_RATES_MAX = 3;
const WHOLE = 10_000;

/** `n / d` rounded half up, for non-negative integers, in integers (no floating point rounding on .5). */
const roundHalfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/** The taxes of an order whose taxable base (minor units, see above) is `base`. */
export function orderTaxes(base: number, settings: TaxSettings): OrderTaxes {
  const rates = settings.rates.filter((r) => r.rate > 0);
  if (rates.length === 0 || base <= 0) return { lines: rates.map((r) => ({ ...r, amount: 0 })), added: 0 };
  if (!settings.inclusive) {
    const lines = rates.map((r) => ({ ...r, amount: roundHalfUp(base * r.rate, WHOLE) }));
    return { lines, added: lines.reduce((s, l) => s + l.amount, 0) };
  }
  const all = rates.reduce((s, r) => s + r.rate, 0);
  const whole = roundHalfUp(base * all, WHOLE + all);
  // each part floored, then the cents left over go to the parts with the largest remainders (first on ties)
  const exact = rates.map((r) => ({ r, floor: Math.floor((base * r.rate) / (WHOLE + all)), rest: (base * r.rate) % (WHOLE + all) }));
  let left = whole - exact.reduce((s, e) => s + e.floor, 0);
  const order = exact.map((e, i) => ({ i, rest: e.rest })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  const extra = new Set<number>();
  for (const o of order) if (left-- > 0) extra.add(o.i);
  return { lines: exact.map((e, i) => ({ ...e.r, amount: e.floor + (extra.has(i) ? 1 : 0) })), added: 0 };
}

/** "12 %", "0.5 %": a rate in words. */
export const ratePercent = (rate: number) => `${rate / 100} %`;
