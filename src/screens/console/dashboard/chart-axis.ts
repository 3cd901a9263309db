/** The dashboard charts' axes, as pure functions (uPlot draws them; tests read them here). */
import { moneyDigits } from '#contract/money';
import { numberFormat } from '#contract/intl';

/**
 * The axis of a count: from 0 to a whole top, ticks on whole numbers only (never 0.25 orders), at most
 * five steps, each 1, 2 or 5 times a power of ten. Zero all along still shows 0 to 4.
 */
export function wholeAxis(max: number): { top: number; ticks: number[] } {
  const wanted = Math.max(max, 4) / 5;
  let step = 1;
  for (let base = 1; step < wanted; base *= 10) step = [1, 2, 5, 10].map((m) => m * base).find((s) => s >= wanted) ?? base * 10;
  const top = Math.max(step * Math.ceil(max / step), step * Math.ceil(4 / step));
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, i) => i * step) };
}

/** Money on a chart's axis, short: "₱1K", "₱390K" (the legend and the table give it in full). */
export function compactMoney(currency: string, locale: string): (minor: number) => string {
  const digits = moneyDigits(currency, locale);
  const f = numberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  return (minor) => f.format(minor / 10 ** digits);
}
