/**
 * When an offer runs within its dates (issue 50): its weekdays, its hours of them and its RFC 5545 rule of
 * days (the `rrule` package), in the shop's time zone (the location's when it has its own), with the
 * Temporal polyfill as the locations' hours are computed; and when it opens next, for a refusal's
 * `next_start`.
 */
import type * as RRulePackage from 'rrule';
import type { RRule as RRuleType } from 'rrule';
import { Temporal } from 'temporal-polyfill';
import { WEEKDAYS, type Weekday } from '#contract/locations';
import { minutesOfClock, type OfferHours } from '#contract/offer-rules';
import { lazyPackage } from '../../lib/lazy-package';

// rrule ships its ES module for bundlers only: Node, which runs the built server, loads its CommonJS
// build, whose names an `import { RRule }` cannot see; loaded when an offer first has a rule
const rrule = lazyPackage<typeof RRulePackage>('rrule');

/** What an offer's window is made of. */
export interface OfferWindow {
  days: readonly Weekday[];
  hours: OfferHours | null;
  rrule: string | null;
  starts_at: Date;
  ends_at: Date | null;
}

const zoned = (at: Date, tz: string) => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(tz);
const weekdayOf = (d: Temporal.PlainDate): Weekday => WEEKDAYS[d.dayOfWeek - 1]!;
/** A local date as the rule's floating time: that date's midnight in UTC (rrule computes in UTC). */
const floating = (d: Temporal.PlainDate) => new Date(Date.UTC(d.year, d.month - 1, d.day));

/** The rule as the rrule package reads it, from the offer's first local day; null when it does not read as one. */
export function readRule(text: string, first: Temporal.PlainDate): RRuleType | null {
  try {
    const { RRule } = rrule();
    const options = RRule.parseString(text.replace(/^RRULE:/, ''));
    if (options.freq === undefined || options.dtstart) return null;
    return new RRule({ ...options, dtstart: floating(first) });
  } catch {
    return null;
  }
}

/** Whether the rule has a day on this local date. */
function ruleHas(rule: RRuleType, day: Temporal.PlainDate): boolean {
  const from = floating(day);
  return rule.between(from, new Date(from.getTime() + 86_400_000 - 1), true).length > 0;
}

/** Whether the offer runs on this local date (its weekdays and rule; not its dates, checked apart). */
function runsOn(w: OfferWindow, day: Temporal.PlainDate, rule: RRuleType | null): boolean {
  return (w.days.length === 0 || w.days.includes(weekdayOf(day))) && (rule === null || ruleHas(rule, day));
}

/** Whether the offer's window holds `now`, in `timeZone` (its dates are checked apart). */
export function inWindow(w: OfferWindow, now: Date, timeZone: string): boolean {
  if (w.days.length === 0 && w.hours === null && w.rrule === null) return true;
  const local = zoned(now, timeZone);
  const rule = w.rrule === null ? null : readRule(w.rrule, zoned(w.starts_at, timeZone).toPlainDate());
  if (!runsOn(w, local.toPlainDate(), rule)) return false;
  if (!w.hours) return true;
  const minutes = local.hour * 60 + local.minute;
  return minutes >= minutesOfClock(w.hours.start) && minutes < minutesOfClock(w.hours.end);
}

/** When the window opens next after `now` (within a year and before the offer ends), or null. */
export function nextStart(w: OfferWindow, now: Date, timeZone: string): Date | null {
  const today = zoned(now, timeZone).toPlainDate();
  const rule = w.rrule === null ? null : readRule(w.rrule, zoned(w.starts_at, timeZone).toPlainDate());
  const start = Temporal.PlainTime.from(w.hours?.start ?? '00:00');
  for (let n = 0; n <= 366; n++) {
    const day = today.add({ days: n });
    if (!runsOn(w, day, rule)) continue;
    const at = new Date(day.toZonedDateTime({ timeZone, plainTime: start }).epochMilliseconds);
    if (w.ends_at && at.getTime() >= w.ends_at.getTime()) return null;
    if (at.getTime() > now.getTime()) return at.getTime() < w.starts_at.getTime() ? w.starts_at : at;
  }
  return null;
}
