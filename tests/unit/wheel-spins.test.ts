import { describe, expect, it } from 'vitest';
import { spinOffer, spinsLeftToday } from '#contract/wheel-spins';

describe('spinsLeftToday', () => {
  it('counts the free spins, then the paid spins the points buy', () => {
    expect(spinsLeftToday({ free_spins_left: 1, points: 0, spin_cost_points: 20 })).toBe(1);
    expect(spinsLeftToday({ free_spins_left: 0, points: 60, spin_cost_points: 20 })).toBe(3);
    expect(spinsLeftToday({ free_spins_left: 1, points: 59, spin_cost_points: 20 })).toBe(3);
    expect(spinsLeftToday({ free_spins_left: 0, points: 19, spin_cost_points: 20 })).toBe(0);
  });
  it('counts no paid spins when the shop sells none', () => {
    expect(spinsLeftToday({ free_spins_left: 0, points: 5000, spin_cost_points: 0 })).toBe(0);
  });
});

describe('spinOffer', () => {
  const after = (points: number, spin_cost_points = 20) => {
    const a = { free_spins_left: 0, points, spin_cost_points };
    return spinOffer({ ...a, spins_left: spinsLeftToday(a) });
  };

  it('offers the free spin first', () => {
    expect(spinOffer({ free_spins_left: 1, points: 0, spin_cost_points: 20, spins_left: 1 })).toEqual({ kind: 'free' });
  });
  it('offers a paid spin after the free one while the points pay for it (issue #25: 60 points, 20 a spin)', () => {
    expect(after(60)).toEqual({ kind: 'paid', cost: 20 });
    expect(after(20)).toEqual({ kind: 'paid', cost: 20 });
  });
  it('says how many points are missing', () => {
    expect(after(12)).toEqual({ kind: 'short', cost: 20, missing: 8 });
    expect(after(0)).toEqual({ kind: 'short', cost: 20, missing: 20 });
  });
  it('says when the shop sells no extra spins', () => {
    expect(after(5000, 0)).toEqual({ kind: 'free-only' });
  });
  it('keeps to a provider’s daily limit: none left though the points would pay', () => {
    expect(spinOffer({ free_spins_left: 0, points: 500, spin_cost_points: 20, spins_left: 0 })).toEqual({ kind: 'limit' });
  });
});
