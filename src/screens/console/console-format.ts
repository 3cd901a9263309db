import type { SiteSettings } from '#contract';
import { formatMoney } from '#contract/money';
import type { ActivityFormat } from './activity-text';

/**
 * How the console writes times and days: one way on every page ("24 Nov 2026, 14:05"), in the shop's
 * locale and time zone (the merchant's settings), whatever the computer it is opened on is set to.
 */
export function consoleTimeFormat(settings: Pick<SiteSettings, 'locale' | 'timezone'> | undefined): (iso: string) => string {
  const f = new Intl.DateTimeFormat(settings?.locale || 'en', { dateStyle: 'medium', timeStyle: 'short', ...(settings?.timezone ? { timeZone: settings.timezone } : {}) });
  return (iso) => f.format(new Date(iso));
}

/** Money, counts and days as the shop writes them, for the activity log's sentences. */
export function activityFormat(settings: Pick<SiteSettings, 'locale' | 'currency'> | undefined): ActivityFormat {
  const locale = settings?.locale || 'en';
  const currency = settings?.currency || 'PHP';
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    money: (minor) => formatMoney(minor, currency, locale),
    count: (n) => n.toLocaleString(locale),
    day: (day) => days.format(new Date(`${day}T00:00:00Z`)),
  };
}
