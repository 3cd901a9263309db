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
