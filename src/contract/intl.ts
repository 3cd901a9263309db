/**
 * Intl's formatters, one per locale and options. A page formats dozens of numbers and dates in a handful of
 * ways, and building a formatter costs far more than using one: measured in Chromium, the first of a page
 * about 20 ms (the ICU data it loads, paid once whatever is done), each further one 0.1–0.3 ms, where a
 * format is microseconds. Home built one per points figure and per date. The app, the console and the
 * provider share these.
 */
const kept = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = kept.get(key) as T | undefined;
  if (!format) {
    format = make();
    kept.set(key, format);
  }
  return format;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  once('n', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  once('d', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat =>
  once('r', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
