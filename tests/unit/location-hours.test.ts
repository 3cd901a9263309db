import { describe, expect, it } from 'vitest';
import type { OpeningPeriod, WeeklyHours } from '#contract/locations';
import { isPickupSlot, openIntervals, orderingState, pauseUntil, periodsToday, pickupSlots } from '../../server/provider/locations/hours';

/** The hours computation (server/provider/locations/hours.ts): known answers in zones with and without daylight saving. */

const every = (periods: OpeningPeriod[]): WeeklyHours => ({ mon: periods, tue: periods, wed: periods, thu: periods, fri: periods, sat: periods, sun: periods });
const at = (iso: string) => new Date(iso);
const spans = (list: { start: Date; end: Date }[]) => list.map((i) => `${i.start.toISOString()} – ${i.end.toISOString()}`);
const notPaused = { paused: false, paused_until: null };

describe('opening hours across a daylight-saving change (Europe/Berlin)', () => {
  const berlin = { timezone: 'Europe/Berlin', hours: every([{ open: '08:00', close: '18:00' }]), exceptions: [] };

  it('on 29 March 2026 (clocks forward at 02:00) 08:00–18:00 local is 06:00–16:00 UTC; the day before it was 07:00–17:00', () => {
    expect(spans(openIntervals(berlin, at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z')))).toEqual([
      '2026-03-28T07:00:00.000Z – 2026-03-28T17:00:00.000Z',
      '2026-03-29T06:00:00.000Z – 2026-03-29T16:00:00.000Z',
    ]);
  });

  it('on 25 October 2026 (clocks back at 03:00) 08:00–18:00 local is 07:00–17:00 UTC again', () => {
    expect(spans(openIntervals(berlin, at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z')))).toEqual([
      '2026-10-24T06:00:00.000Z – 2026-10-24T16:00:00.000Z',
      '2026-10-25T07:00:00.000Z – 2026-10-25T17:00:00.000Z',
    ]);
  });

  it('a night period over the spring change is an hour shorter, over the autumn change an hour longer', () => {
    const night = { ...berlin, hours: every([{ open: '22:00', close: '06:00' }]) };
    const [spring] = openIntervals(night, at('2026-03-28T22:00:00Z'), at('2026-03-29T03:00:00Z'));
    expect((spring!.end.getTime() - spring!.start.getTime()) / 3_600_000).toBe(7);
    const [autumn] = openIntervals(night, at('2026-10-24T21:00:00Z'), at('2026-10-25T03:00:00Z'));
    expect((autumn!.end.getTime() - autumn!.start.getTime()) / 3_600_000).toBe(9);
  });

  it('a period that opens in the skipped hour opens when the clocks have gone forward', () => {
    const odd = { ...berlin, hours: every([{ open: '02:30', close: '04:00' }]) };
    const [i] = openIntervals(odd, at('2026-03-29T00:00:00Z'), at('2026-03-29T12:00:00Z'));
    // 02:30 does not exist that night: 03:30 CEST (01:30 UTC) until 04:00 CEST (02:00 UTC)
    expect(spans([i!])).toEqual(['2026-03-29T01:30:00.000Z – 2026-03-29T02:00:00.000Z']);
  });

  it('pickup slots stay on the wall clock on the day the clocks change', () => {
    const days = pickupSlots({ ...berlin, prep_minutes: 0, slot_minutes: 60 }, at('2026-03-29T05:00:00Z'));
    expect(days[0]!.date).toBe('2026-03-29');
    // 08:00 … 17:00 CEST = 06:00 … 15:00 UTC
    expect(days[0]!.slots.map((s) => s.toISOString().slice(11, 16))).toEqual([
      '06:00',
      '07:00',
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
    ]);
  });
});

describe('periods past midnight and exceptions (Asia/Manila, no daylight saving)', () => {
  const bar = {
    timezone: 'Asia/Manila',
    hours: { ...every([{ open: '18:00', close: '02:00' }]), sun: [] },
    exceptions: [
      { date: '2026-12-25', periods: [] },
      { date: '2026-12-31', periods: [{ open: '10:00', close: '15:00' }] },
    ],
  };

  it('open at 01:00 on Sunday: Saturday night runs on past midnight, and closes at 02:00', () => {
    // Sunday 29 Nov 2026 01:00 in Manila = Saturday 17:00 UTC
    const s = orderingState({ ...bar, ...notPaused }, at('2026-11-28T17:00:00Z'));
    expect(s).toEqual({ state: 'open', closes_at: at('2026-11-28T18:00:00Z'), next_open_at: null, paused_until: null });
  });

  it('closed on Sunday evening (no hours on Sundays): opens Monday 18:00', () => {
    const s = orderingState({ ...bar, ...notPaused }, at('2026-11-29T11:00:00Z'));
    expect(s).toEqual({ state: 'closed', closes_at: null, next_open_at: at('2026-11-30T10:00:00Z'), paused_until: null });
  });

  it('closed all day on 25 December; the night of the 24th still ends at 02:00 on the 25th', () => {
    expect(orderingState({ ...bar, ...notPaused }, at('2026-12-24T17:30:00Z')).state).toBe('open');
    const s = orderingState({ ...bar, ...notPaused }, at('2026-12-25T04:00:00Z'));
    expect(s.state).toBe('closed');
    expect(s.next_open_at).toEqual(at('2026-12-26T10:00:00Z'));
  });

  it('short hours on 31 December replace the weekly ones', () => {
    expect(periodsToday(bar, at('2026-12-31T03:00:00Z'))).toEqual([{ open: '10:00', close: '15:00' }]);
    expect(orderingState({ ...bar, ...notPaused }, at('2026-12-31T03:00:00Z')).closes_at).toEqual(at('2026-12-31T07:00:00Z'));
    expect(orderingState({ ...bar, ...notPaused }, at('2026-12-31T12:00:00Z')).state).toBe('closed');
  });

  it('open all day every day is one opening: open, with no closing time in sight', () => {
    const always = { timezone: 'Asia/Manila', hours: every([{ open: '00:00', close: '00:00' }]), exceptions: [], ...notPaused };
    expect(orderingState(always, at('2026-11-26T19:00:00Z'))).toEqual({ state: 'open', closes_at: null, next_open_at: null, paused_until: null });
  });
});

describe('pausing', () => {
  const cafe = { timezone: 'Asia/Manila', hours: every([{ open: '07:00', close: '15:00' }]), exceptions: [] };
  const now = at('2026-11-26T04:00:00Z'); // 12:00 in Manila

  it('a 30-minute pause says when orders come back; once over, the location is open again', () => {
    const until = pauseUntil(cafe, '30_minutes', now);
    expect(until).toEqual(at('2026-11-26T04:30:00Z'));
    expect(orderingState({ ...cafe, paused: true, paused_until: until }, now)).toEqual({
      state: 'paused',
      closes_at: null,
      next_open_at: until,
      paused_until: until,
    });
    expect(orderingState({ ...cafe, paused: true, paused_until: until }, at('2026-11-26T04:30:00Z')).state).toBe('open');
  });

  it('until closing: back at the next opening, tomorrow 07:00', () => {
    const until = pauseUntil(cafe, 'until_closing', now);
    expect(until).toEqual(at('2026-11-26T07:00:00Z'));
    expect(orderingState({ ...cafe, paused: true, paused_until: until }, now).next_open_at).toEqual(at('2026-11-26T23:00:00Z'));
  });

  it('until resumed: no time to come back at', () => {
    expect(pauseUntil(cafe, 'until_resumed', now)).toBeNull();
    expect(orderingState({ ...cafe, paused: true, paused_until: null }, now)).toEqual({
      state: 'paused',
      closes_at: null,
      next_open_at: null,
      paused_until: null,
    });
  });
});

describe('pickup slots', () => {
  const cafe = { timezone: 'Asia/Manila', hours: every([{ open: '07:00', close: '15:00' }]), exceptions: [], prep_minutes: 10, slot_minutes: 15 };

  it('start after the preparation time on the quarter hour, end before closing, today and tomorrow', () => {
    // 14:22 in Manila: ready at 14:32 at the earliest, so 14:45 is the first and last slot today
    const [today, tomorrow] = pickupSlots(cafe, at('2026-11-26T06:22:00Z'));
    expect(today).toEqual({ date: '2026-11-26', slots: [at('2026-11-26T06:45:00Z')], note: null });
    expect(tomorrow!.date).toBe('2026-11-27');
    expect(tomorrow!.slots).toHaveLength(32);
    expect(tomorrow!.slots[0]).toEqual(at('2026-11-26T23:00:00Z'));
    expect(tomorrow!.slots.at(-1)).toEqual(at('2026-11-27T06:45:00Z'));
  });

  it('a time not on the list is not a slot: off the quarter hour, before the preparation time, after closing', () => {
    const now = at('2026-11-26T04:00:00Z');
    expect(isPickupSlot(cafe, now, at('2026-11-26T04:30:00Z'))).toBe(true);
    expect(isPickupSlot(cafe, now, at('2026-11-26T04:35:00Z'))).toBe(false);
    expect(isPickupSlot(cafe, now, at('2026-11-26T04:00:00Z'))).toBe(false);
    expect(isPickupSlot(cafe, now, at('2026-11-26T07:00:00Z'))).toBe(false);
  });
});
