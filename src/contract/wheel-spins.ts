/**
 * What a customer may spin now, free of zod: one rule for the provider (the `spins_left` it answers) and
 * the app (what the Spin button offers, and why not when it cannot).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

export interface SpinAllowance {
  /** today's free spins not yet taken */
  free_spins_left: number;
  /** the customer's points balance */
  points: number;
  /** what a spin after the free ones costs; 0: there are no paid spins */
  spin_cost_points: number;
}

/**
 * Spins the customer can take today: the free ones left, then as many paid spins as the points buy
 * (the provider sets no daily limit on paid spins; a cost of 0 means there are none).
 */
export function spinsLeftToday(a: SpinAllowance): number {
  const paid = a.spin_cost_points > 0 ? Math.floor(Math.max(0, a.points) / a.spin_cost_points) : 0;
  return Math.max(0, a.free_spins_left) + paid;
}

export type SpinOffer =
  /** today's free spin */
  | { kind: 'free' }
  /** a spin for `cost` points */
  | { kind: 'paid'; cost: number }
  /** a paid spin, but the points are `missing` short */
  | { kind: 'short'; cost: number; missing: number }
  /** the free spin is taken and the shop sells no extra spins */
  | { kind: 'free-only' }
  /** the provider says no more spins today (`spins_left` 0) although the points would pay */
  | { kind: 'limit' };

/**
 * What the Spin button offers: the free spin first, then a paid one while the points and the
 * provider's `spins_left` allow it; otherwise why not.
 */
export function spinOffer(a: SpinAllowance & { spins_left: number }): SpinOffer {
  if (a.free_spins_left > 0) return { kind: 'free' };
  const cost = a.spin_cost_points;
  if (cost <= 0) return { kind: 'free-only' };
  if (a.points < cost) return { kind: 'short', cost, missing: cost - a.points };
  if (a.spins_left <= 0) return { kind: 'limit' };
  return { kind: 'paid', cost };
}
