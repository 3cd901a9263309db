/**
 * How a customer's tier is worked out (issue 30), free of zod so the app and the console can say it in
 * words and the provider can compute with it: the one definition of "qualifies", "next tier" and "what is
 * still needed". tiers.ts has the schemas and the calls' words.
 */

/** What counts towards a tier over the last 12 months: points earned (credited, not spent; points taken
 *  back count against it), or visits (completed app orders and counter sales not undone). */
export const TIER_BASES = ['points', 'visits'] as const;
export type TierBasis = (typeof TIER_BASES)[number];
export const TIERS_MAX = 5;
/** The period a tier is held for once reached, and the notice before it can drop. */
export const TIER_PERIOD_MONTHS = 12;
export const TIER_NOTICE_DAYS = 30;

/** A tier as the rules see it: ordered by threshold, the first at 0. */
export interface TierForRules {
  name: string;
  threshold: number;
}

/** The index of the highest tier `value` qualifies for (tiers ascending, the first at 0). */
export function tierFor(tiers: readonly TierForRules[], value: number): number {
  let at = 0;
  tiers.forEach((t, i) => {
    if (value >= t.threshold) at = i;
  });
  return at;
}

/** The next tier above `index` and what is still needed to reach it; null at the top. */
export function nextTier(
  tiers: readonly TierForRules[],
  index: number,
  value: number,
): { index: number; name: string; threshold: number; remaining: number } | null {
  const next = tiers[index + 1];
  return next ? { index: index + 1, name: next.name, threshold: next.threshold, remaining: Math.max(0, next.threshold - value) } : null;
}

/** "120 more points to Brew" / "3 more visits to Brew". */
export function progressWords(basis: TierBasis, remaining: number, name: string): string {
  const unit = basis === 'points' ? (remaining === 1 ? 'point' : 'points') : remaining === 1 ? 'visit' : 'visits';
  return `${remaining.toLocaleString('en')} more ${unit} to ${name}`;
}
