/** Amounts as a person types them and as the API counts them (minor units), in the shop's currency. */
import { plural, t } from '@lingui/core/macro';
import { numberFormat } from '#contract/intl';

/** Digits after the decimal point, per locale and currency: made once, not on every keystroke. */
const digitsOf = new Map<string, number>();
function fractionDigits(currency: string, locale: string): number {
  const key = `${locale}|${currency}`;
  let digits = digitsOf.get(key);
  if (digits === undefined) {
    digits = numberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 0;
    digitsOf.set(key, digits);
  }
  return digits;
}

/** The amount as typed, without spaces and thousands' commas ("1,250.50" → "1250.50"). */
const bare = (text: string) => text.replace(/[\s,]/g, '');

/** "1,250.50" → 125050 (minor units), or null when it is not an amount. */
export function parseAmount(text: string, currency: string, locale: string): number | null {
  const digits = fractionDigits(currency, locale);
  const cleaned = bare(text);
  if (!cleaned) return null;
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(cleaned)) return null;
  const [whole, frac = ''] = cleaned.split('.');
  return Number(whole) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
}

/**
 * What is wrong with an amount typed with more digits after the point than the currency has (₱100.555), in
 * a whole sentence; null for anything else (an amount, or text that is no number at all: the range's words
 * say what to type then).
 */
export function decimalsProblem(text: string, currency: string, locale: string): string | null {
  const digits = fractionDigits(currency, locale);
  const decimals = /^\d*\.(\d+)$/.exec(bare(text))?.[1]?.length ?? 0;
  if (decimals <= digits) return null;
  return digits === 0
    ? t`Enter a whole amount, without decimals.`
    : plural(digits, { one: 'Use at most # digit after the decimal point.', other: 'Use at most # digits after the decimal point.' });
}

/** Minor units → the plain number a person types: 50000 → "500" (or "500.50"). */
export function toInput(amount: number, currency: string, locale: string): string {
  const digits = fractionDigits(currency, locale);
  const major = amount / 10 ** digits;
  return Number.isInteger(major) ? String(major) : major.toFixed(digits);
}
