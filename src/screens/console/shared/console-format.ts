import type { SiteSettings } from '#contract';
import { formatMoney } from '#contract/money';
import { formatDate, formatDateTime, wallClock } from '../../../ui/lib/dates';
import type { ActivityFormat } from '../activity/activity-text';

/**
 * How the console writes times: one way on every page ("20 Nov 2026, 5:30 PM", as the counter does),
 * in the shop's locale and time zone (the merchant's settings), whatever the computer it is opened on is set to.
 */
export function consoleTimeFormat(settings: Pick<SiteSettings, 'locale' | 'timezone'> | undefined): (iso: string, options?: { seconds?: boolean }) => string {
  const locale = settings?.locale || 'en';
  return (iso, options) => formatDateTime(iso, locale, settings?.timezone || 'UTC', options);
}

/** Money, counts, days and times of day as the shop writes them, for the activity log's sentences. */
export function activityFormat(settings: Pick<SiteSettings, 'locale' | 'currency' | 'timezone'> | undefined): ActivityFormat {
  const locale = settings?.locale || 'en';
  const currency = settings?.currency || 'PHP';
  return {
    when: consoleTimeFormat(settings),
    money: (minor) => formatMoney(minor, currency, locale),
    count: (n) => n.toLocaleString(locale),
    // a shop's day ('YYYY-MM-DD') is a calendar date: written as it is, whatever the zone
    day: (day) => formatDate(`${day}T00:00:00Z`, locale, 'UTC'),
    clock: (hhmm) => wallClock(hhmm, locale),
  };
}

/**
 * When a one-time link (an invitation, the set-up link, a password reset) stops working, with the shop's
 * time zone named, as the console writes times: whoever opens the link may be in another zone
 * ("3 Dec 2026, 5:00 PM (Asia/Manila)").
 */
export function linkExpiryFormat(settings: Pick<SiteSettings, 'locale' | 'timezone'> | undefined): (iso: string) => string {
  const when = consoleTimeFormat(settings);
  const zone = settings?.timezone || 'UTC';
  return (iso) => `${when(iso)} (${zone})`;
}
