import { describe, expect, it } from 'vitest';
import { pointsFor } from '../../server/provider/loyalty/loyalty.earn';

/** The base points of a sale: the one rule orders and counter earns share (server/provider/loyalty/loyalty.earn.ts). */
describe('pointsFor', () => {
  const rules = { points_per_amount: 1_000, delivery_fee_earns_points: false };

  it('gives one point per whole points_per_amount, rounding down', () => {
    expect(pointsFor(12_999, 0, rules)).toBe(12);
    expect(pointsFor(999, 0, rules)).toBe(0);
  });

  it('leaves the delivery fee out unless the shop counts it', () => {
    expect(pointsFor(15_000, 4_900, rules)).toBe(10);
    expect(pointsFor(15_000, 4_900, { ...rules, delivery_fee_earns_points: true })).toBe(15);
  });

  it('gives nothing when the rate is off or the fee is more than the total', () => {
    expect(pointsFor(15_000, 0, { ...rules, points_per_amount: 0 })).toBe(0);
    expect(pointsFor(1_000, 4_900, rules)).toBe(0);
  });
});
