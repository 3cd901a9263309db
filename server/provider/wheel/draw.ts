import { randomInt } from 'node:crypto';

/**
 * The wheel's draw and its disclosed odds, kept pure so they can be tested on their own.
 * The outcome comes from node:crypto's randomInt (uniform, unbiased over the range), never a predictable generator.
 */

export interface WeightedSegment {
  id: number;
  weight: number;
}

/** randomInt refuses ranges of 2^48 or more. */
const MAX_TOTAL = 2 ** 48 - 1;

function totalWeight(segments: readonly WeightedSegment[]): number {
  if (segments.length === 0) throw new Error('the wheel has no segments');
  let total = 0;
  for (const s of segments) {
    if (!Number.isSafeInteger(s.weight) || s.weight <= 0) throw new Error(`segment ${s.id} has a weight that is not a positive integer`);
    total += s.weight;
  }
  if (total > MAX_TOTAL) throw new Error('the wheel weights add up to more than 2^48');
  return total;
}

/**
 * Draws one segment with probability weight/total: a uniform integer in [0, total), then the first
 * segment whose cumulative weight exceeds it.
 */
export function drawSegment(segments: readonly WeightedSegment[], rng: (max: number) => number = randomInt): number {
  const total = totalWeight(segments);
  const r = rng(total);
  if (!Number.isInteger(r) || r < 0 || r >= total) throw new Error('the random source gave a value out of range');
  let cumulative = 0;
  for (const s of segments) {
    cumulative += s.weight;
    if (r < cumulative) return s.id;
  }
  // unreachable: r < total = the last cumulative weight
  throw new Error('draw fell off the wheel');
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
