/**
 * The wheel's disclosed odds, free of zod: one computation for the provider (what customers are
 * shown, what the draw must hold to) and the merchant console (the chances shown as the owner edits
 * the weights, exactly as customers will see them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

export interface WeightedSegment {
  id: number;
  weight: number;
}

/** randomInt refuses ranges of 2^48 or more. */
const MAX_TOTAL = 2 ** 48 - 1;

export function totalWeight(segments: readonly WeightedSegment[]): number {
  if (segments.length === 0) throw new Error('the wheel has no segments');
  let total = 0;
  for (const s of segments) {
    if (!Number.isSafeInteger(s.weight) || s.weight <= 0) throw new Error(`segment ${s.id} has a weight that is not a positive integer`);
    total += s.weight;
  }
  if (total > MAX_TOTAL) throw new Error('the wheel weights add up to more than 2^48');
  return total;
}

export const ODDS_DECIMALS = 4;

/**
 * The disclosed probability of each segment, weight/total rounded to 4 decimals. Rounding uses the
 * largest-remainder method so the shown values add up to exactly 1 (in units of 0.0001) and each is
 * within 0.0001 of the true odds.
 */
export function publishedOdds<T extends WeightedSegment>(segments: readonly T[]): Array<T & { probability: number }> {
  const total = totalWeight(segments);
  const scale = 10 ** ODDS_DECIMALS;
  const exact = segments.map((s) => (s.weight * scale) / total);
  const units = exact.map(Math.floor);
  let left = scale - units.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    units[i]! += 1;
    left -= 1;
  }
  return segments.map((s, i) => ({ ...s, probability: units[i]! / scale }));
}
