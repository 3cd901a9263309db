/**
 * Opening hours, pauses and pickup slots, computed in a location's time zone with the Temporal polyfill
 * (daylight-saving changes included: a period that starts in the hour a spring change skips starts when
 * the clocks have gone forward; one in the hour an autumn change repeats starts the first time).
 * Pure: a location's hours and an instant in, instants out; the service reads the rows and the clock.
 */
import { Temporal } from 'temporal-polyfill';
import { WEEKDAYS, type HoursException, type OpeningPeriod, type PauseChoice, type WeeklyHours } from '#contract/locations';

export interface LocationHours {
  /** the effective zone (the location's, or the shop's) */
  timezone: string;
  hours: WeeklyHours;
  exceptions: readonly HoursException[];
}
export interface PauseState {
  paused: boolean;
  /** paused: until then; null: until resumed */
  paused_until: Date | null;
}
/** An opening: from `start` until before `end`. */
export interface Interval {
  start: Date;
  end: Date;
}

/** How far ahead the next opening is looked for. */
export const HORIZON_DAYS = 14;
const DAY_MS = 86_400_000;

const instant = (z: Temporal.ZonedDateTime) => new Date(z.epochMilliseconds);
const zoned = (at: Date, tz: string) => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(tz);

/** The local date of an instant in the zone, `2026-12-25`. */
export function localDate(at: Date, tz: string): string {
  return zoned(at, tz).toPlainDate().toString();
}

/** A day's periods: its dated exception's if it has one, else its weekday's. */
export function periodsOn(l: LocationHours, date: Temporal.PlainDate): readonly OpeningPeriod[] {
  const iso = date.toString();
  const exception = l.exceptions.find((e) => e.date === iso);
  return exception ? exception.periods : l.hours[WEEKDAYS[date.dayOfWeek - 1]!];
}

/** Today's periods at `now` in the location's zone (for "Open today 07:00–15:00"). */
export function periodsToday(l: LocationHours, now: Date): readonly OpeningPeriod[] {
  return periodsOn(l, zoned(now, l.timezone).toPlainDate());
}

/**
 * The openings that overlap [from, to), merged where one ends as the next starts (open all day every
 * day is one opening). A period's close at or before its open ends the next day; open equal to close is
 * 24 hours.
 */
export function openIntervals(l: LocationHours, from: Date, to: Date): Interval[] {
  const first = zoned(from, l.timezone).toPlainDate().subtract({ days: 1 });
  const last = zoned(to, l.timezone).toPlainDate();
  const spans = periodSpans(l, first, last).filter((s) => s.end.getTime() > from.getTime() && s.start.getTime() < to.getTime());
  spans.sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: Interval[] = [];
  for (const s of spans) {
    const prev = merged[merged.length - 1];
    if (prev && s.start.getTime() <= prev.end.getTime()) {
      if (s.end.getTime() > prev.end.getTime()) prev.end = s.end;
    } else merged.push({ ...s });
  }
  return merged;
}

/**
 * Every period of the local dates first to last as instants, in the order of the days and their periods.
 * The same for the same hours, exceptions, zone and dates, so kept (a few hundred of them at most): an
 * order asks for them twice, each time with the zone's rules, the slowest part of placing it.
 */
const spanCache = new Map<string, readonly Interval[]>();
const SPAN_CACHE_ENTRIES = 256;

function periodSpans(l: LocationHours, first: Temporal.PlainDate, last: Temporal.PlainDate): Interval[] {
  const key = JSON.stringify([l.timezone, first.toString(), last.toString(), l.hours, l.exceptions]);
  let spans = spanCache.get(key);
  if (!spans) {
    const out: Interval[] = [];
    for (let d = first; Temporal.PlainDate.compare(d, last) <= 0; d = d.add({ days: 1 })) {
      for (const p of periodsOn(l, d)) {
        const open = Temporal.PlainTime.from(p.open);
        const close = Temporal.PlainTime.from(p.close);
        const start = d.toZonedDateTime({ timeZone: l.timezone, plainTime: open });
        const endDay = Temporal.PlainTime.compare(close, open) > 0 ? d : d.add({ days: 1 });
        const end = endDay.toZonedDateTime({ timeZone: l.timezone, plainTime: close });
        out.push({ start: instant(start), end: instant(end) });
      }
    }
    if (spanCache.size >= SPAN_CACHE_ENTRIES) spanCache.clear();
    spanCache.set(key, out);
    spans = out;
  }
  // copies: a caller may move an interval's end when merging
  return spans.map((s) => ({ start: s.start, end: s.end }));
}

export interface OrderingState {
  state: 'open' | 'closed' | 'paused';
  /** open: when the current opening ends (null: not within the horizon, open around the clock) */
  closes_at: Date | null;
  /** closed or paused: when orders are taken again (null: paused until resumed, or no opening within the horizon) */
  next_open_at: Date | null;
  /** paused: until when (null: until resumed, or not paused) */
  paused_until: Date | null;
}

/** Whether a pause is in force at `now` (one whose time is over has ended by itself). */
export function isPaused(p: PauseState, now: Date): boolean {
  return p.paused && (p.paused_until === null || p.paused_until.getTime() > now.getTime());
}

/** Whether the location takes orders at `now`, and when that changes. */
export function orderingState(l: LocationHours & PauseState, now: Date): OrderingState {
  const horizon = new Date(now.getTime() + HORIZON_DAYS * DAY_MS);
  const intervals = openIntervals(l, now, horizon);
  const current = intervals.find((i) => i.start.getTime() <= now.getTime() && now.getTime() < i.end.getTime());
  const openingAtOrAfter = (t: Date): Date | null => {
    const i = intervals.find((x) => x.end.getTime() > t.getTime());
    if (!i) return null;
    return i.start.getTime() > t.getTime() ? i.start : t;
  };
  if (isPaused(l, now)) {
    return { state: 'paused', closes_at: null, next_open_at: l.paused_until ? openingAtOrAfter(l.paused_until) : null, paused_until: l.paused_until };
  }
  if (current) return { state: 'open', closes_at: current.end.getTime() >= horizon.getTime() ? null : current.end, next_open_at: null, paused_until: null };
  return { state: 'closed', closes_at: null, next_open_at: openingAtOrAfter(now), paused_until: null };
}

/**
 * Until when a pause asked for at `now` lasts: 15, 30 or 60 minutes; until the current opening ends (or,
 * closed now, until the next one ends); null until resumed. `resume` is not a pause (the caller ends it).
 */
export function pauseUntil(l: LocationHours, choice: Exclude<PauseChoice, 'resume'>, now: Date): Date | null {
  switch (choice) {
    case '15_minutes':
      return new Date(now.getTime() + 15 * 60_000);
    case '30_minutes':
      return new Date(now.getTime() + 30 * 60_000);
    case '60_minutes':
      return new Date(now.getTime() + 60 * 60_000);
    case 'until_resumed':
      return null;
    case 'until_closing': {
      const horizon = new Date(now.getTime() + HORIZON_DAYS * DAY_MS);
      const i = openIntervals(l, now, horizon).find((x) => x.end.getTime() > now.getTime());
      // open around the clock: until local midnight
      if (!i || i.end.getTime() >= horizon.getTime())
        return instant(zoned(now, l.timezone).toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone: l.timezone }));
      return i.end;
    }
  }
}

export interface SlotRules {
  prep_minutes: number;
  slot_minutes: number;
}
export interface SlotDay {
  /** the local date */
  date: string;
  slots: Date[];
  /** the note of the date's special hours (closed for Christmas Day), null when it has none */
  note: string | null;
}

/** What a cart needs before its first pickup slot (issue 54). */
export interface CartPrep {
  /** the longest of the location's preparation time and the cart's products' own */
  minutes: number;
  /** the product whose time that is, when it is longer than the location's (null: the location's time counts) */
  product: { id: number; name: string } | null;
}

/**
 * The preparation a cart needs: the location's time, or its longest product's when that is longer (a
 * product without its own time, null, takes the location's). A product's time never shortens the wait.
 */
export function cartPrep(locationMinutes: number, products: Iterable<{ id: number; name: string; prep_minutes: number | null }>): CartPrep {
  let out: CartPrep = { minutes: locationMinutes, product: null };
  for (const p of products) {
    if (p.prep_minutes !== null && p.prep_minutes > out.minutes) out = { minutes: p.prep_minutes, product: { id: p.id, name: p.name } };
  }
  return out;
}

/**
 * The pickup slots of today and tomorrow (local dates): on the wall clock's multiples of `slot_minutes`
 * (07:00, 07:15 …), inside an opening, not before `now` plus the preparation time. A slot is a time an
 * order is ready to collect; the last is before the opening ends.
 */
export function pickupSlots(l: LocationHours & SlotRules, now: Date): SlotDay[] {
  const today = zoned(now, l.timezone).toPlainDate();
  const earliest = now.getTime() + l.prep_minutes * 60_000;
  const days: SlotDay[] = [];
  for (const date of [today, today.add({ days: 1 })]) {
    const dayStart = instant(date.toZonedDateTime({ timeZone: l.timezone }));
    const dayEnd = instant(date.add({ days: 1 }).toZonedDateTime({ timeZone: l.timezone }));
    const slots: Date[] = [];
    for (const i of openIntervals(l, dayStart, dayEnd)) {
      const from = Math.max(i.start.getTime(), dayStart.getTime(), earliest);
      const until = Math.min(i.end.getTime(), dayEnd.getTime());
      if (from >= until) continue;
      // adding minutes to a zoned time is exact time (Temporal adds time units to the instant), so the
      // slots after the first are plain steps of slot_minutes
      const step = l.slot_minutes * 60_000;
      for (let t = alignUp(new Date(from), l.timezone, l.slot_minutes).epochMilliseconds; t < until; t += step) slots.push(new Date(t));
    }
    const note = l.exceptions.find((e) => e.date === date.toString())?.note?.trim();
    days.push({ date: date.toString(), slots, note: note || null });
  }
  return days;
}

/** The first wall-clock multiple of `minutes` at or after `at` in the zone. */
function alignUp(at: Date, tz: string, minutes: number): Temporal.ZonedDateTime {
  const z = zoned(at, tz);
  return minutes >= 60
    ? z.round({ smallestUnit: 'hour', roundingMode: 'ceil' })
    : z.round({ smallestUnit: 'minute', roundingIncrement: minutes, roundingMode: 'ceil' });
}

/** Whether `at` is one of the pickup slots at `now` (a time the customer may choose). */
export function isPickupSlot(l: LocationHours & SlotRules, now: Date, at: Date): boolean {
  return pickupSlots(l, now).some((d) => d.slots.some((s) => s.getTime() === at.getTime()));
}
