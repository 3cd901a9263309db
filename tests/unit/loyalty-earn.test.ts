import { describe, expect, it } from 'vitest';
import { BASE_LABEL, breakdownTotal, earnBreakdown, loyaltyRuleBody, zonedAt, type EarnInput, type RuleForEarning } from '#contract/loyalty';

/**
 * earnBreakdown, the one evaluation of a sale's points (issue 29): known answers for every kind, their
 * fixed order, multipliers that do not compound, the window's limits, rounding down, and zonedAt in
 * Manila and in a zone with daylight saving time.
 */

const PASTRY = 7;
const COFFEE = 2;
const CROISSANT = 11;
const LATTE = 12;

/** ₱1 = 100 minor units, 1 point per ₱10: a croissant ₱95 (pastry), a latte ₱160 (coffee). */
const sale = (over: Partial<EarnInput> = {}): EarnInput => ({
  base: 25,
  points_per_amount: 1000,
  lines: [
    { product_id: CROISSANT, category_id: PASTRY, qty: 1, price: 9500 },
    { product_id: LATTE, category_id: COFFEE, qty: 1, price: 16000 },
  ],
  at: { weekday: 'tue', minutes: 15 * 60 },
  first_order: false,
  uses: new Map(),
  ...over,
});

const rule = (id: number, fields: Record<string, unknown>) => ({ id, ...loyaltyRuleBody.parse(fields) }) as RuleForEarning;
const doubleTuesday = rule(1, { kind: 'window', name: 'Double points Tuesday', days: ['tue'], start: '14:00', end: '16:00', multiplier: 2, limit_per_day: 1 });
const pastries = rule(2, { kind: 'multiplier', name: '2× points on pastries', multiplier: 2, category_ids: [PASTRY] });
const seasonal = rule(3, { kind: 'bonus', name: '+10 on the seasonal latte', points: 10, product_ids: [LATTE] });
const welcome = rule(4, { kind: 'first_order', name: 'First order bonus', points: 50 });

describe('earnBreakdown', () => {
  it('gives the base alone without rules, and nothing for nothing', () => {
    expect(earnBreakdown([], sale())).toEqual([{ rule_id: null, label: BASE_LABEL, points: 25 }]);
    expect(earnBreakdown([], sale({ base: 0 }))).toEqual([]);
  });

  it("a multiplier adds (multiplier − 1) × the chosen lines' own base, rounded down", () => {
    // the croissant's ₱95 is 9 points of base: ×2 adds 9
    expect(earnBreakdown([pastries], sale())).toEqual([
      { rule_id: null, label: BASE_LABEL, points: 25 },
      { rule_id: 2, label: '2× points on pastries', points: 9 },
    ]);
    // ×1.5 of 9: 4.5, rounded down to 4; three croissants: ₱285, 28 points of base, ×1.5 adds 14
    const half = rule(5, { kind: 'multiplier', name: 'Half again on pastries', multiplier: 1.5, product_ids: [CROISSANT] });
    expect(earnBreakdown([half], sale()).at(-1)!.points).toBe(4);
    expect(earnBreakdown([half], sale({ lines: [{ product_id: CROISSANT, category_id: PASTRY, qty: 3, price: 9500 }] })).at(-1)!.points).toBe(14);
    // 1.1 × 10 points: 1 (no floating point 0.9999)
    const tenth = rule(6, { kind: 'multiplier', name: 'A tenth more', multiplier: 1.1, product_ids: [LATTE] });
    expect(earnBreakdown([tenth], sale({ lines: [{ product_id: LATTE, category_id: COFFEE, qty: 1, price: 10000 }] })).at(-1)!.points).toBe(1);
  });

  it('a bonus gives its points per qualifying item', () => {
    const lines = [{ product_id: LATTE, category_id: COFFEE, qty: 3, price: 16000 }];
    expect(earnBreakdown([seasonal], sale({ lines }))).toContainEqual({ rule_id: 3, label: '+10 on the seasonal latte', points: 30 });
    // nothing sold (a counter earn without items): product rules do nothing
    expect(earnBreakdown([seasonal, pastries], sale({ lines: [] }))).toEqual([{ rule_id: null, label: BASE_LABEL, points: 25 }]);
  });

  it('a window applies inside its days and hours only, as a multiplier of the whole base or a fixed bonus', () => {
    expect(earnBreakdown([doubleTuesday], sale())).toContainEqual({ rule_id: 1, label: 'Double points Tuesday', points: 25 });
    expect(earnBreakdown([doubleTuesday], sale({ at: { weekday: 'tue', minutes: 14 * 60 } }))).toHaveLength(2);
    // its end is not in it
    expect(earnBreakdown([doubleTuesday], sale({ at: { weekday: 'tue', minutes: 16 * 60 } }))).toHaveLength(1);
    expect(earnBreakdown([doubleTuesday], sale({ at: { weekday: 'tue', minutes: 13 * 60 + 59 } }))).toHaveLength(1);
    expect(earnBreakdown([doubleTuesday], sale({ at: { weekday: 'wed', minutes: 15 * 60 } }))).toHaveLength(1);
    const happyHour = rule(7, { kind: 'window', name: 'Happy hour', days: ['mon', 'tue'], start: '15:00', end: '17:00', points: 15, limit_per_day: 0 });
    expect(earnBreakdown([happyHour], sale({ base: 3 }))).toContainEqual({ rule_id: 7, label: 'Happy hour', points: 15 });
  });

  it("counts a window's uses against its limits per day and in all", () => {
    const used = (today: number, total: number) => new Map([[1, { today, total }]]);
    expect(earnBreakdown([doubleTuesday], sale({ uses: used(1, 1) }))).toHaveLength(1);
    expect(earnBreakdown([doubleTuesday], sale({ uses: used(0, 40) }))).toHaveLength(2);
    const twiceEver = rule(8, {
      kind: 'window',
      name: 'Twice ever',
      days: ['tue'],
      start: '00:00',
      end: '24:00',
      multiplier: 3,
      limit_per_day: 0,
      limit_total: 2,
    });
    expect(earnBreakdown([twiceEver], sale({ uses: new Map([[8, { today: 5, total: 1 }]]) })).at(-1)).toEqual({ rule_id: 8, label: 'Twice ever', points: 50 });
    expect(earnBreakdown([twiceEver], sale({ uses: new Map([[8, { today: 0, total: 2 }]]) }))).toHaveLength(1);
  });

  it('gives a first order bonus on the first order only', () => {
    expect(earnBreakdown([welcome], sale({ first_order: true }))).toContainEqual({ rule_id: 4, label: 'First order bonus', points: 50 });
    expect(earnBreakdown([welcome], sale())).toHaveLength(1);
  });

  it('applies every kind in the defined order, whatever order the rules come in, and multipliers never compound', () => {
    const parts = earnBreakdown([welcome, doubleTuesday, seasonal, pastries], sale({ first_order: true }));
    expect(parts.map((p) => p.rule_id)).toEqual([null, 2, 3, 1, 4]);
    // the window doubles the base (25), not the base plus the pastry multiplier's 9
    expect(parts.map((p) => p.points)).toEqual([25, 9, 10, 25, 50]);
    expect(breakdownTotal(parts)).toBe(119);
    // two multipliers on the same line each add to the base alone
    const triple = rule(9, { kind: 'multiplier', name: '3× on croissants', multiplier: 3, product_ids: [CROISSANT] });
    expect(earnBreakdown([pastries, triple], sale()).map((p) => p.points)).toEqual([25, 9, 18]);
  });
});

describe('zonedAt', () => {
  it('is the weekday and minutes in Manila (no daylight saving)', () => {
    // Tuesday 24 November 2026, 15:00 in Manila is 07:00 UTC
    expect(zonedAt(new Date('2026-11-24T07:00:00Z'), 'Asia/Manila')).toEqual({ weekday: 'tue', minutes: 900 });
    // 23:30 UTC on Monday is already Tuesday 07:30 in Manila
    expect(zonedAt(new Date('2026-11-23T23:30:00Z'), 'Asia/Manila')).toEqual({ weekday: 'tue', minutes: 450 });
    // midnight is 0, not 24:00
    expect(zonedAt(new Date('2026-11-24T16:00:00Z'), 'Asia/Manila')).toEqual({ weekday: 'wed', minutes: 0 });
  });

  it('follows daylight saving time in New York', () => {
    // 19:00 UTC is 15:00 in summer (EDT, −4) and 14:00 in winter (EST, −5)
    expect(zonedAt(new Date('2026-07-14T19:00:00Z'), 'America/New_York')).toEqual({ weekday: 'tue', minutes: 900 });
    expect(zonedAt(new Date('2026-11-24T19:00:00Z'), 'America/New_York')).toEqual({ weekday: 'tue', minutes: 840 });
    // the night the clocks go forward (8 March 2026): 07:30 UTC is 03:30 EDT
    expect(zonedAt(new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toEqual({ weekday: 'sun', minutes: 210 });
  });
});
