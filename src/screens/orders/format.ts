/**
 * Dates for the order screens, always in an explicit time zone (the merchant's), never the
 * device's, so a page and its screenshot read the same everywhere; "now" comes from a prop.
 */
export function formatDateTime(iso: string, locale: string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

export function formatTime(iso: string, locale: string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** "3 hours ago", "yesterday", "just now": from `iso` to `now`. */
export function formatRelative(iso: string, now: string, locale: string): string {
  const seconds = Math.round((new Date(iso).getTime() - new Date(now).getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  return 'just now';
}

/** Items in an order or cart: "3 items". */
export function itemCount(lines: Array<{ qty: number }>): string {
  const n = lines.reduce((sum, l) => sum + l.qty, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}
