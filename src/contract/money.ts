/** Money: integer minor units → "₱1,234.50". Part of the contract: the app, the console and the provider format alike. */
/**
 * Amounts are integers of minor units. The number of fraction digits comes from Intl itself, so
 * IDR (0 digits) and USD (2) and BHD (3) all scale correctly. Building an Intl.NumberFormat costs
 * far more than using one, and a product shows one or two currencies: one per locale and currency
 * is kept.
 */
const formats = new Map<string, { format: Intl.NumberFormat; digits: number }>();

export function formatMoney(amount: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let f = formats.get(key);
  if (!f) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    f = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 0 };
    formats.set(key, f);
  }
  return f.format.format(amount / 10 ** f.digits);
}

/** How many minor units a currency's major unit has, as a power of ten (PHP 2, IDR 0). */
export function moneyDigits(currency: string, locale: string): number {
  formatMoney(0, currency, locale);
  return formats.get(`${locale}|${currency}`)!.digits;
}

/** How a currency is written: its code, its symbol and its narrow symbol in the locale (PHP, ₱). */
function currencyMarks(currency: string, locale: string): string[] {
  const symbol = (display: 'symbol' | 'narrowSymbol') => new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: display }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? '';
  return [...new Set([currency, symbol('symbol'), symbol('narrowSymbol')])].filter(Boolean).sort((a, b) => b.length - a.length);
}

/** An amount as a person types it ("35", "35.50", "1,200", "₱35.50") → minor units; null when it is not one. */
export function parseMoney(text: string, currency: string, locale: string): number | null {
  const digits = moneyDigits(currency, locale);
  let clean = text.replace(/[\s,]/g, '');
  // "₱65.50", "PHP 65.50", "65.50 PHP": the currency's symbol or code around the amount is understood
  for (const mark of currencyMarks(currency, locale)) if (clean.toUpperCase().startsWith(mark.toUpperCase())) clean = clean.slice(mark.length);
  for (const mark of currencyMarks(currency, locale)) if (clean.toUpperCase().endsWith(mark.toUpperCase())) clean = clean.slice(0, clean.length - mark.length);
  const m = new RegExp(digits > 0 ? `^(\\d+)(?:\\.(\\d{1,${digits}}))?$` : '^(\\d+)$').exec(clean);
  if (!m) return null;
  const minor = Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || 0);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the owner types them back into a field ("35.50", no symbol, no separators). */
export function moneyInput(amount: number, currency: string, locale: string): string {
  const digits = moneyDigits(currency, locale);
  return digits === 0 ? String(amount) : (amount / 10 ** digits).toFixed(digits);
}
