import { describe, expect, it } from 'vitest';
import { compactMoney, wholeAxis } from '../../../src/screens/console/dashboard/chart-axis';

describe('the axis of a count on the dashboard', () => {
  it('puts every tick on a whole number, from 0, at most five steps of 1, 2 or 5 times a power of ten', () => {
    for (let max = 0; max <= 5_000; max += max < 50 ? 1 : 37) {
      const { top, ticks } = wholeAxis(max);
      expect(top, `max ${max}`).toBeGreaterThanOrEqual(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBe(top);
      expect(ticks.every(Number.isInteger), `max ${max}: ${ticks}`).toBe(true);
      expect(ticks.length - 1, `max ${max}: ${ticks}`).toBeLessThanOrEqual(5);
      const step = ticks[1]! - ticks[0]!;
      expect(String(step), `max ${max}`).toMatch(/^[125]0*$/);
      // the axis is the same whether it is asked with the highest value or with its own top
      expect(wholeAxis(top)).toEqual({ top, ticks });
    }
  });

  it('shows 0 to 4 when there is little or nothing (never 0.25 orders)', () => {
    expect(wholeAxis(0)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(wholeAxis(1)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(wholeAxis(3)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
  });

  it('reads as people count: 7 → 0 2 4 6 8, 12 → 0 5 10 15, 46 → 0 10 … 50', () => {
    expect(wholeAxis(7).ticks).toEqual([0, 2, 4, 6, 8]);
    expect(wholeAxis(12).ticks).toEqual([0, 5, 10, 15]);
    expect(wholeAxis(46).ticks).toEqual([0, 10, 20, 30, 40, 50]);
  });
});

describe('money on a chart’s axis', () => {
  it('is short, in the major unit', () => {
    const peso = compactMoney('PHP', 'en-PH');
    expect(peso(100_000)).toBe('₱1K');
    expect(peso(39_020_300)).toBe('₱390.2K');
    expect(peso(0)).toBe('₱0');
  });
});
