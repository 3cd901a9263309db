/**
 * How the console writes a location's times and state: with the clock the app writes them in
 * (clockTime: "7:00 PM" for an en-PH shop, "19:00" for en-GB), in the location's own time zone
 * (effective_timezone), whatever the computer is set to.
 */
import { msg, t } from '@lingui/core/macro';
import type { MerchantLocation, Weekday } from '#contract/locations';
import { clockTime, wallClock } from '../../../ui/lib/dates';
import { spoken } from './spoken';
import { dateTimeFormat } from '#contract/intl';

type Zoned = { locale: string; timeZone: string };

const dayOf = (iso: string, timeZone: string) => dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** "7:00 PM" in the zone; another day than `now` there: "Mon 7:00 AM". */
export function clockWords(iso: string, now: string, { locale, timeZone }: Zoned): string {
  const clock = clockTime(iso, locale, timeZone);
  if (dayOf(iso, timeZone) === dayOf(now, timeZone)) return clock;
  return `${dateTimeFormat(locale, { weekday: 'short', timeZone }).format(new Date(iso))} ${clock}`;
}

/** Whether it takes orders now, in words: "Open until 7:00 PM", "Closed — opens Mon 7:00 AM", "Paused until 2:30 PM". */
export function stateWords(
  l: Pick<MerchantLocation, 'state' | 'closes_at' | 'next_open_at' | 'paused_until' | 'effective_timezone'>,
  now: string,
  locale: string,
): string {
  const zoned = { locale, timeZone: l.effective_timezone };
  const at = (iso: string) => clockWords(iso, now, zoned);
  if (l.state === 'open') {
    if (!l.closes_at) return t`Open`;
    const time = at(l.closes_at);
    return t`Open until ${time}`;
  }
  if (l.state === 'paused') {
    if (!l.paused_until) return t`Paused until you resume`;
    const time = at(l.paused_until);
    return t`Paused until ${time}`;
  }
  if (!l.next_open_at) return t`Closed — no opening hours in the next two weeks`;
  const time = at(l.next_open_at);
  return t`Closed — opens ${time}`;
}

/** The pause banner's words: "Online orders paused until 2:30 PM" / "… until you resume". */
export function pausedWords(l: Pick<MerchantLocation, 'paused_until' | 'effective_timezone'>, now: string, locale: string): string {
  if (!l.paused_until) return t`Online orders paused until you resume`;
  const time = clockWords(l.paused_until, now, { locale, timeZone: l.effective_timezone });
  return t`Online orders paused until ${time}`;
}

/** A period typed in the hours editor, said back on the shop's clock: past midnight, or all day and night. */
export function periodHint(open: string, close: string, locale: string): string | undefined {
  if (!/^\d\d:\d\d$/.test(open) || !/^\d\d:\d\d$/.test(close)) return undefined;
  if (open === close) return t`Open all day and night.`;
  if (close > open) return undefined;
  const time = wallClock(close, locale);
  return t`Runs past midnight: closes at ${time} the next day.`;
}

/** Each day of the week by name, Monday first: the hours editor, the loyalty rules and Activity. */
export const WEEKDAY_NAMES = spoken<Weekday>({
  mon: msg`Monday`,
  tue: msg`Tuesday`,
  wed: msg`Wednesday`,
  thu: msg`Thursday`,
  fri: msg`Friday`,
  sat: msg`Saturday`,
  sun: msg`Sunday`,
});
