import { t } from '@lingui/core/macro';
import type { Location } from '#contract/locations';
import { Notice } from '../../ui';
import { clockTime } from '../../ui/lib/dates';
import { dateTimeFormat } from '#contract/intl';

/**
 * Whether the shop takes orders now, in words, and the notice Home, the Shop and the checkout show
 * when it does not. The words live here only. Times are the location's (its time zone), in the shop's
 * locale; "today" and "tomorrow" are counted from `now` (the server's time, never the device's clock).
 */

/** What the words need of a location. */
export type OrderingState = Pick<Location, 'state' | 'closes_at' | 'next_open_at' | 'paused_until' | 'timezone'>;

/** The location whose state the page shows, the server's "now", and its name when the shop has more than one. */
export interface Ordering {
  location: OrderingState;
  now: string;
  name?: string;
}

const DAY_MS = 86_400_000;
/** The calendar date (YYYY-MM-DD) of a moment in a time zone. */
export const dateIn = (iso: string, timeZone: string) =>
  dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
/** The day of `iso` from `now`'s: "today", "tomorrow", its weekday within the week, else its date ("2 Dec"). */
export function dayWord(iso: string, now: string, locale: string, timeZone: string): string {
  const days = Math.round((Date.parse(dateIn(iso, timeZone)) - Date.parse(dateIn(now, timeZone))) / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  return dateTimeFormat(locale, days < 7 ? { weekday: 'long', timeZone } : { day: 'numeric', month: 'short', timeZone }).format(new Date(iso));
}

/** "Pickup at 12:30 PM today", "… tomorrow", "… on Monday". */
export function pickupWords(iso: string, now: string, locale: string, timeZone: string): string {
  const day = dayWord(iso, now, locale, timeZone);
  const time = clockTime(iso, locale, timeZone);
  if (day === 'today') return t`Pickup at ${time} today`;
  if (day === 'tomorrow') return t`Pickup at ${time} tomorrow`;
  return t`Pickup at ${time} on ${day}`;
}

/**
 * "Ready around 8:40 AM", "… tomorrow", "… on Monday": a pickup order being made, by its pickup time
 * (the slot the provider gave it: after the location's and its slowest item's preparation time).
 */
export function readyWords(iso: string, now: string, locale: string, timeZone: string): string {
  const day = dayWord(iso, now, locale, timeZone);
  const time = clockTime(iso, locale, timeZone);
  if (day === 'today') return t`Ready around ${time}`;
  if (day === 'tomorrow') return t`Ready around ${time} tomorrow`;
  return t`Ready around ${time} on ${day}`;
}

/** "Not taking orders right now — back at 2:30 PM", "… back tomorrow at 7:00 AM", "… back Monday at 7:00 AM". */
function pausedWords(back: string, now: string, locale: string, timeZone: string): string {
  const day = dayWord(back, now, locale, timeZone);
  const time = clockTime(back, locale, timeZone);
  if (day === 'today') return t`Not taking orders right now — back at ${time}`;
  if (day === 'tomorrow') return t`Not taking orders right now — back tomorrow at ${time}`;
  return t`Not taking orders right now — back ${day} at ${time}`;
}

/** "Closed now — opens at 5:00 PM", "… opens tomorrow at 7:00 AM", "… opens Monday at 7:00 AM". */
function closedWords(opens: string, now: string, locale: string, timeZone: string): string {
  const day = dayWord(opens, now, locale, timeZone);
  const time = clockTime(opens, locale, timeZone);
  if (day === 'today') return t`Closed now — opens at ${time}`;
  if (day === 'tomorrow') return t`Closed now — opens tomorrow at ${time}`;
  return t`Closed now — opens ${day} at ${time}`;
}

/** "Open until 7:00 PM", "Closed now — opens tomorrow at 7:00 AM", "Not taking orders right now — back at 2:30 PM". */
export function orderingWords(l: OrderingState, now: string, locale: string): string {
  if (l.state === 'open') {
    const until = l.closes_at ? clockTime(l.closes_at, locale, l.timezone) : null;
    return until ? t`Open until ${until}` : t`Open now`;
  }
  if (l.state === 'paused') {
    // when it takes orders again (the provider's: a pause that ends while the shop is closed waits for its opening)
    const back = l.next_open_at ?? l.paused_until;
    return back ? pausedWords(back, now, locale, l.timezone) : t`Not taking orders right now`;
  }
  return l.next_open_at ? closedWords(l.next_open_at, now, locale, l.timezone) : t`Closed now`;
}

/** The notice when the shop does not take orders now (nothing while it does). */
export function OrderingNotice({ ordering, locale, id, className }: { ordering?: Ordering | null; locale: string; id?: string; className?: string }) {
  if (!ordering || ordering.location.state === 'open') return null;
  return (
    <div id={id} className={className}>
      <Notice tone="warning" title={orderingWords(ordering.location, ordering.now, locale)}>
        {ordering.name ?? t`You can still look around, use your vouchers and top up your wallet.`}
      </Notice>
    </div>
  );
}
