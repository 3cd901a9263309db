/**
 * Amounts are integers of minor units. The number of fraction digits comes from Intl itself, so
 * IDR (0 digits) and USD (2) and BHD (3) all scale correctly.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
  return format.format(amount / 10 ** digits);
}
