import { randomInt } from 'node:crypto';
import { totalWeight, type WeightedSegment } from '#contract/wheel-odds';

/**
 * The wheel's draw, kept pure so it can be tested on its own (its disclosed odds are the contract's:
 * wheel-odds.ts). The outcome comes from node:crypto's randomInt (uniform, unbiased over the range),
 * never a predictable generator.
 */

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
