/** Money: integer minor units → "₱1,234.50". Part of the contract: the app, the console and the provider format alike. */
/**
 * Amounts are integers of minor units. The number of fraction digits comes from Intl itself, so
 * IDR (0 digits) and USD (2) and BHD (3) all scale correctly. One formatter per locale and currency
 * is kept (intl.ts).
 */
import { numberFormat } from './intl';

const currencyFormat = (currency: string, locale: string) => numberFormat(locale, { style: 'currency', currency });

/** How many minor units a currency's major unit has, as a power of ten (PHP 2, IDR 0). */
export function moneyDigits(currency: string, locale: string): number {
  return currencyFormat(currency, locale).resolvedOptions().maximumFractionDigits ?? 0;
}

export function formatMoney(amount: number, currency: string, locale: string): string {
  return currencyFormat(currency, locale).format(amount / 10 ** moneyDigits(currency, locale));
}

/** How a currency is written: its code, its symbol and its narrow symbol in the locale (PHP, ₱). */
function currencyMarks(currency: string, locale: string): string[] {
  const symbol = (display: 'symbol' | 'narrowSymbol') =>
    numberFormat(locale, { style: 'currency', currency, currencyDisplay: display })
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? '';
  return [...new Set([currency, symbol('symbol'), symbol('narrowSymbol')])].filter(Boolean).sort((a, b) => b.length - a.length);
}

/** The amount's own characters, without spaces and the currency's symbol or code around it ("₱65.50", "PHP 65.50", "65.50 PHP"). */
function amountPart(text: string, currency: string, locale: string): string {
  let clean = text.replace(/\s/g, '');
  for (const mark of currencyMarks(currency, locale)) if (clean.toUpperCase().startsWith(mark.toUpperCase())) clean = clean.slice(mark.length);
  for (const mark of currencyMarks(currency, locale)) if (clean.toUpperCase().endsWith(mark.toUpperCase())) clean = clean.slice(0, clean.length - mark.length);
  return clean;
}

/**
 * An amount as a person types it ("35", "35.50", "1,200", "₱35.50") → minor units; null when it is not
 * one. A comma only groups thousands ("1,200"): "1,80" is no amount rather than ₱180.00 (issue 46).
 */
export function parseMoney(text: string, currency: string, locale: string): number | null {
  const digits = moneyDigits(currency, locale);
  let clean = amountPart(text, currency, locale);
  if (clean.includes(',')) {
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(clean)) return null;
    clean = clean.replace(/,/g, '');
  }
  const m = new RegExp(digits > 0 ? `^(\\d+)(?:\\.(\\d{1,${digits}}))?$` : '^(\\d+)$').exec(clean);
  if (!m) return null;
  const minor = Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || 0);
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * Why an amount as typed cannot be read, in the forms' words ("must …", after the field's name); null
 * when parseMoney reads it. `example`: minor units for "such as 35.50".
 */
export function moneyProblem(text: string, currency: string, locale: string, example: number): string | null {
  if (parseMoney(text, currency, locale) !== null) return null;
  const clean = amountPart(text, currency, locale);
  if (/^-\d/.test(clean)) return "can't be negative";
  const digits = moneyDigits(currency, locale);
  const cents = digits > 0 ? new RegExp(`^(\\d+),(\\d{1,${digits}})$`).exec(clean) : null;
  if (cents) return `must use a dot before the cents, such as ${cents[1]}.${cents[2]!.padEnd(digits, '0')}`;
  return `must be an amount such as ${moneyInput(example, currency, locale)}`;
}

/** Minor units as the owner types them back into a field ("35.50", no symbol, no separators). */
export function moneyInput(amount: number, currency: string, locale: string): string {
  const digits = moneyDigits(currency, locale);
  return digits === 0 ? String(amount) : (amount / 10 ** digits).toFixed(digits);
}
