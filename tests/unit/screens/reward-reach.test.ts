import { describe, expect, it } from 'vitest';
import { byReach, missingText, reachOf } from '../../../src/screens/rewards/reward-reach';

const reward = (name: string, points_cost: number, stock: number | null = null) => ({ name, points_cost, stock });

describe('reachOf', () => {
  it('says whether a reward can be redeemed now, how many points are missing, or that it is sold out', () => {
    expect(reachOf(reward('a', 100), 100)).toEqual({ kind: 'ready' });
    expect(reachOf(reward('a', 150), 100)).toEqual({ kind: 'short', missing: 50 });
    expect(reachOf(reward('a', 50, 0), 100)).toEqual({ kind: 'sold-out' });
    expect(reachOf(reward('a', 50, 3), 100)).toEqual({ kind: 'ready' });
  });
});

describe('byReach (issue #25: rewards the customer can afford come first)', () => {
  const list = [reward('cake', 1800, 10), reward('latte', 150, 24), reward('pandesal', 120, 0), reward('croissant', 80), reward('tote', 1200, 5)];

  it('puts what can be redeemed now first, in the shop’s order; then the nearest; sold out last', () => {
    expect(byReach(list, 160).map((r) => r.name)).toEqual(['latte', 'croissant', 'tote', 'cake', 'pandesal']);
    expect(byReach(list, 0).map((r) => r.name)).toEqual(['croissant', 'latte', 'tote', 'cake', 'pandesal']);
  });

  it('keeps the shop’s order when everything is within reach, and leaves the list it was given alone', () => {
    const copy = [...list];
    expect(byReach(list, 5000).map((r) => r.name)).toEqual(['cake', 'latte', 'croissant', 'tote', 'pandesal']);
    expect(list).toEqual(copy);
  });
});

describe('missingText', () => {
  it('counts the points in the locale', () => {
    expect(missingText(1550, 'en-PH')).toBe('1,550 more points to go');
    expect(missingText(1, 'en-PH')).toBe('1 more point to go');
  });
});
