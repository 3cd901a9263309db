import { describe, expect, it } from 'vitest';
import { byReach, lockedText, missingText, reachOf } from '../../../src/screens/rewards/reward-reach';

const reward = (name: string, points_cost: number, stock: number | null = null) => ({ name, points_cost, stock });

describe('reachOf', () => {
  it('says whether a reward can be redeemed now, how many points are missing, or that it is sold out', () => {
    expect(reachOf(reward('a', 100), 100)).toEqual({ kind: 'ready' });
    expect(reachOf(reward('a', 150), 100)).toEqual({ kind: 'short', missing: 50 });
    expect(reachOf(reward('a', 50, 0), 100)).toEqual({ kind: 'sold-out' });
    expect(reachOf(reward('a', 50, 3), 100)).toEqual({ kind: 'ready' });
  });

  it('locks a reward a higher tier can redeem early, whatever the points; sold out still wins; unlocked is as usual', () => {
    const early = (unlocked: boolean, stock: number | null = null) => ({ ...reward('a', 50, stock), early_access: { tier: 'Brew', unlocked } });
    expect(reachOf(early(false), 5000)).toEqual({ kind: 'locked', tier: 'Brew' });
    expect(reachOf(early(false, 0), 5000)).toEqual({ kind: 'sold-out' });
    expect(reachOf(early(true), 5000)).toEqual({ kind: 'ready' });
    expect(reachOf(early(true), 10)).toEqual({ kind: 'short', missing: 40 });
    expect(lockedText('Brew')).toBe('For Brew and above');
  });
});

describe('reachOf with a per-customer limit', () => {
  it('says the limit is reached once the customer redeemed it as often as allowed, whatever the points; sold out still wins', () => {
    const limited = (redeemed: number | undefined, stock: number | null = null) => ({ ...reward('a', 50, stock), per_customer_limit: 1, redeemed });
    expect(reachOf(limited(1), 5000)).toEqual({ kind: 'limit' });
    expect(reachOf(limited(1), 10)).toEqual({ kind: 'limit' });
    expect(reachOf(limited(1, 0), 5000)).toEqual({ kind: 'sold-out' });
    expect(reachOf(limited(0), 5000)).toEqual({ kind: 'ready' });
    // a guest's catalogue has no count: nothing is said before a try
    expect(reachOf(limited(undefined), 5000)).toEqual({ kind: 'ready' });
    expect(byReach([limited(1), reward('b', 80)], 60).map((r) => r.name)).toEqual(['b', 'a']);
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

describe('byReach with early access (issue 30)', () => {
  it('puts a reward for a higher tier after those within points’ reach, before the sold-out ones', () => {
    const list = [
      { ...reward('tasting', 10), early_access: { tier: 'Barista', unlocked: false } },
      reward('pandesal', 120, 0),
      reward('cake', 1800),
      reward('latte', 150),
    ];
    expect(byReach(list, 160).map((r) => r.name)).toEqual(['latte', 'cake', 'tasting', 'pandesal']);
  });
});

describe('missingText', () => {
  it('counts the points in the locale', () => {
    expect(missingText(1550, 'en-PH')).toBe('1,550 more points to go');
    expect(missingText(1, 'en-PH')).toBe('1 more point to go');
  });
});
