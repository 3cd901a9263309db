/**
 * Date helpers for every screen. Every date is
 * formatted in an explicit time zone (the merchant's), never the device's, so a page and its
 * screenshot read the same on every machine; "now" always comes from a prop, never the clock.
 */

/** "20 Nov 2026" in the given locale and time zone. */
export function formatDate(iso: string, locale: string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(iso));
}

/** "20 Nov 2026, 5:30 PM" in the given locale and time zone ("5:30:15 PM" with `seconds`). */
export function formatDateTime(iso: string, locale: string, timeZone = 'UTC', { seconds = false }: { seconds?: boolean } = {}): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    timeZone,
  }).format(new Date(iso));
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "just now": the time from `iso` to `now`. */
export function formatRelative(iso: string, now: string, locale: string): string {
  const seconds = Math.round((new Date(iso).getTime() - new Date(now).getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}
