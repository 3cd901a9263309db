import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { dateTimeFormat, relativeTimeFormat } from '#contract/intl';
/**
 * Date helpers for every screen. Every date is
 * formatted in an explicit time zone (the merchant's), never the device's, so a page and its
 * screenshot read the same on every machine; "now" always comes from a prop, never the clock.
 */

/** "20 Nov 2026" in the given locale and time zone. */
export function formatDate(iso: string, locale: string, timeZone = 'UTC'): string {
  return dateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(iso));
}

/** "20 Nov 2026, 5:30 PM" in the given locale and time zone ("5:30:15 PM" with `seconds`). */
export function formatDateTime(iso: string, locale: string, timeZone = 'UTC', { seconds = false }: { seconds?: boolean } = {}): string {
  return dateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    timeZone,
  }).format(new Date(iso));
}

/** How far apart two moments with the same wall-clock time can be when a zone's clock goes back (30 min to 2 h). */
const CLOCK_BACK_MINUTES = [30, 60, 120];

/**
 * A time of day as the shop's locale writes it, the app and the console alike: "7:00 PM" for en-PH,
 * "19:00" where the locale keeps a 24-hour clock. In the hour a zone's clock goes back,
 * which happens twice, the time names the zone or its offset ("1:30 AM EDT", then "1:30 AM EST"), so
 * two pickup times are never written alike.
 */
export function clockTime(iso: string, locale: string, timeZone: string): string {
  const h24 = /h2[34]/.test(dateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle ?? '');
  const options: Intl.DateTimeFormatOptions = { hour: h24 ? '2-digit' : 'numeric', minute: '2-digit', timeZone };
  const format = dateTimeFormat(locale, options);
  const at = new Date(iso).getTime();
  const plain = format.format(at);
  const repeated = CLOCK_BACK_MINUTES.some((m) => format.format(at - m * 60_000) === plain || format.format(at + m * 60_000) === plain);
  return repeated ? dateTimeFormat(locale, { ...options, timeZoneName: 'short' }).format(at) : plain;
}

/**
 * A wall-clock time typed as "14:00" (opening hours, happy hours, the campaigns' sending hours), written as
 * the shop's locale writes a time: "2:00 PM" for en-PH, "14:00" for en-GB. A time of day on no date
 * has no zone, so it is read on a plain day in UTC.
 */
export function wallClock(hhmm: string, locale: string): string {
  return clockTime(`2000-01-03T${hhmm}:00Z`, locale, 'UTC');
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "3 hours ago", "yesterday", "just now": the time from `iso` to `now`. These are words, not a date's
 * figures: they are said in the language the app speaks ("8 minuto ang nakalipas" in Filipino), as "just
 * now" is, with `locale` (the shop's) only before a language is active.
 */
export function formatRelative(iso: string, now: string, locale: string): string {
  const seconds = Math.round((new Date(iso).getTime() - new Date(now).getTime()) / 1000);
  const rtf = relativeTimeFormat(i18n.locale || locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return t`just now`;
}

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
const dayIn = (iso: string, timeZone: string) => dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** When a kept copy was read: "As of 9:41 AM" today, "As of Tue, Dec 1, 9:41 AM" (en-PH) another day. */
export function asOfWords(at: string, now: string | undefined, locale: string, timeZone: string): string {
  const clock = clockTime(at, locale, timeZone);
  if (now && dayIn(at, timeZone) === dayIn(now, timeZone)) return t`As of ${clock}`;
  const day = dateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(at));
  return t`As of ${day}, ${clock}`;
}
