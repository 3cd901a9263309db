import { describe, expect, it } from 'vitest';
import type { Location } from '#contract/locations';
import { dayWord, orderingWords, pickupWords, readyWords, type OrderingState } from '../../../src/screens/shop/ordering-notice';
import { clockTime } from '../../../src/ui/lib/dates';

// Friday 20 Nov 2026, 2:05 PM in Manila (UTC+8, no daylight saving)
const NOW = '2026-11-20T06:05:00Z';
const manila = (state: Location['state'], o: Partial<OrderingState> = {}): OrderingState => ({
  state,
  closes_at: null,
  next_open_at: null,
  paused_until: null,
  timezone: 'Asia/Manila',
  ...o,
});

describe('whether the shop takes orders, in words', () => {
  it('says until when a pause lasts, today', () => {
    expect(orderingWords(manila('paused', { paused_until: '2026-11-20T06:30:00Z' }), NOW, 'en-GB')).toBe('Not taking orders right now — back at 14:30');
  });

  it('says when it takes orders again, not when the pause ends, for a pause that ends while the shop is closed', () => {
    // paused at night for 30 minutes: the pause ends at 4:08 AM, the shop opens at 7:00 AM (a walk-through
    // saw "back at 4:08 AM")
    expect(orderingWords(manila('paused', { paused_until: '2026-11-20T20:08:00Z', next_open_at: '2026-11-20T23:00:00Z' }), NOW, 'en-GB')).toBe(
      'Not taking orders right now — back tomorrow at 07:00',
    );
  });

  it('falls back on the next opening for a pause until resumed, and says nothing more without one', () => {
    expect(orderingWords(manila('paused', { next_open_at: '2026-11-20T23:00:00Z' }), NOW, 'en-GB')).toBe(
      'Not taking orders right now — back tomorrow at 07:00',
    );
    expect(orderingWords(manila('paused'), NOW, 'en-GB')).toBe('Not taking orders right now');
  });

  it('says when a closed shop opens: later today, tomorrow, a weekday, a date further away', () => {
    expect(orderingWords(manila('closed', { next_open_at: '2026-11-20T09:00:00Z' }), NOW, 'en-GB')).toBe('Closed now — opens at 17:00');
    expect(orderingWords(manila('closed', { next_open_at: '2026-11-20T23:00:00Z' }), NOW, 'en-GB')).toBe('Closed now — opens tomorrow at 07:00');
    expect(orderingWords(manila('closed', { next_open_at: '2026-11-22T23:00:00Z' }), NOW, 'en-GB')).toBe('Closed now — opens Monday at 07:00');
    expect(orderingWords(manila('closed', { next_open_at: '2026-12-01T23:00:00Z' }), NOW, 'en-GB')).toBe('Closed now — opens 2 Dec at 07:00');
    expect(orderingWords(manila('closed'), NOW, 'en-GB')).toBe('Closed now');
  });

  it('counts "tomorrow" in the place\'s time zone, not UTC: 23:00 UTC is already the next morning in Manila', () => {
    expect(dayWord('2026-11-20T23:00:00Z', NOW, 'en', 'Asia/Manila')).toBe('tomorrow');
    expect(dayWord('2026-11-20T23:00:00Z', NOW, 'en', 'UTC')).toBe('today');
  });

  it("writes times as the shop's locale does", () => {
    expect(orderingWords(manila('open', { closes_at: '2026-11-20T11:00:00Z' }), NOW, 'en-PH')).toBe('Open until 7:00 PM');
    expect(orderingWords(manila('open'), NOW, 'en-PH')).toBe('Open now');
  });

  it('says when a pickup is', () => {
    expect(pickupWords('2026-11-20T04:30:00Z', NOW, 'en-GB', 'Asia/Manila')).toBe('Pickup at 12:30 today');
    expect(pickupWords('2026-11-21T00:15:00Z', NOW, 'en-GB', 'Asia/Manila')).toBe('Pickup at 08:15 tomorrow');
  });

  it('says when an order being made is ready: the day only when it is not today', () => {
    expect(readyWords('2026-11-20T06:40:00Z', NOW, 'en-PH', 'Asia/Manila')).toBe('Ready around 2:40 PM');
    expect(readyWords('2026-11-21T00:15:00Z', NOW, 'en-GB', 'Asia/Manila')).toBe('Ready around 08:15 tomorrow');
    expect(readyWords('2026-11-23T00:15:00Z', NOW, 'en-GB', 'Asia/Manila')).toBe('Ready around 08:15 on Monday');
  });
});

describe('a pickup time when the clock goes back (the autumn hour happens twice)', () => {
  // Sunday 1 Nov 2026 in New York: 01:00–01:59 EDT, then 01:00–01:59 again in EST
  const first = '2026-11-01T05:30:00Z';
  const second = '2026-11-01T06:30:00Z';

  it('names the zone (or its offset) in both, so the two 1:30s are told apart', () => {
    const a = clockTime(first, 'en-US', 'America/New_York');
    const b = clockTime(second, 'en-US', 'America/New_York');
    expect(a).not.toBe(b);
    expect(a).toBe('1:30 AM EDT');
    expect(b).toBe('1:30 AM EST');
    // Berlin on Sunday 25 October 2026, in a 24-hour locale: 02:30 twice
    const berlin = [clockTime('2026-10-25T00:30:00Z', 'en-GB', 'Europe/Berlin'), clockTime('2026-10-25T01:30:00Z', 'en-GB', 'Europe/Berlin')];
    expect(berlin[0]).not.toBe(berlin[1]);
    for (const t of berlin) expect(t).toMatch(/^02:30 \S+/);
  });

  it('keeps every other time plain, on that day too', () => {
    expect(clockTime('2026-11-01T05:00:00Z', 'en-US', 'America/New_York')).toBe('1:00 AM EDT');
    expect(clockTime('2026-11-01T04:30:00Z', 'en-US', 'America/New_York')).toBe('12:30 AM');
    expect(clockTime('2026-11-01T07:30:00Z', 'en-US', 'America/New_York')).toBe('2:30 AM');
    expect(clockTime('2026-11-20T06:05:00Z', 'en-GB', 'Asia/Manila')).toBe('14:05');
  });
});
