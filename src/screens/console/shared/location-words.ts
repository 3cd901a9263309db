/**
 * How the console writes a location's times and state: on the 24-hour clock the opening hours are
 * typed in, in the location's own time zone (effective_timezone), whatever the computer is set to.
 */
import type { MerchantLocation } from '#contract/locations';

type Zoned = { locale: string; timeZone: string };

const parts = (iso: string, { locale, timeZone }: Zoned) => {
  const f = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, weekday: p.weekday ?? '', clock: `${p.hour}:${p.minute}` };
};

/** "14:30" in the zone; another day than `now` there: "Mon 07:00". */
export function clockWords(iso: string, now: string, zoned: Zoned): string {
  const at = parts(iso, zoned);
  return at.day === parts(now, zoned).day ? at.clock : `${at.weekday} ${at.clock}`;
}

/** Whether it takes orders now, in words: "Open until 19:00", "Closed — opens Mon 07:00", "Paused until 14:30". */
export function stateWords(
  l: Pick<MerchantLocation, 'state' | 'closes_at' | 'next_open_at' | 'paused_until' | 'effective_timezone'>,
  now: string,
  locale: string,
): string {
  const zoned = { locale, timeZone: l.effective_timezone };
  const at = (iso: string) => clockWords(iso, now, zoned);
  if (l.state === 'open') return l.closes_at ? `Open until ${at(l.closes_at)}` : 'Open';
  if (l.state === 'paused') return l.paused_until ? `Paused until ${at(l.paused_until)}` : 'Paused until you resume';
  return l.next_open_at ? `Closed — opens ${at(l.next_open_at)}` : 'Closed — no opening hours in the next two weeks';
}

/** The pause banner's words: "Online orders paused until 14:30" / "… until you resume". */
export function pausedWords(l: Pick<MerchantLocation, 'paused_until' | 'effective_timezone'>, now: string, locale: string): string {
  return `Online orders paused ${l.paused_until ? `until ${clockWords(l.paused_until, now, { locale, timeZone: l.effective_timezone })}` : 'until you resume'}`;
}

/** A period typed in the hours editor, said back: past midnight, or all day and night. */
export function periodHint(open: string, close: string): string | undefined {
  if (!/^\d\d:\d\d$/.test(open) || !/^\d\d:\d\d$/.test(close)) return undefined;
  if (open === close) return 'Open all day and night.';
  return close < open ? `Runs past midnight: closes at ${close} the next day.` : undefined;
}
