import { plural, t } from '@lingui/core/macro';
import type { Reward } from '#contract';
import { formatPoints } from '../../ui';

/** Whether the customer can redeem a reward now, as a list shows it before its page does. */
export type Reach = { kind: 'ready' } | { kind: 'short'; missing: number } | { kind: 'locked'; tier: string } | { kind: 'limit' } | { kind: 'sold-out' };

type Reachable = Pick<Reward, 'points_cost' | 'stock' | 'early_access' | 'per_customer_limit' | 'redeemed'>;

/** Whether the customer redeemed it as often as one customer may (the catalogue says so when signed in). */
export const limitReached = (reward: Pick<Reward, 'per_customer_limit' | 'redeemed'>) =>
  reward.per_customer_limit != null && (reward.redeemed ?? 0) >= reward.per_customer_limit;

export function reachOf(reward: Reachable, points: number): Reach {
  if (reward.stock !== null && reward.stock <= 0) return { kind: 'sold-out' };
  // early access (issue 30): only customers of that tier or above can redeem it for now
  if (reward.early_access && !reward.early_access.unlocked) return { kind: 'locked', tier: reward.early_access.tier };
  if (limitReached(reward)) return { kind: 'limit' };
  if (points < reward.points_cost) return { kind: 'short', missing: reward.points_cost - points };
  return { kind: 'ready' };
}

const RANK: Record<Reach['kind'], number> = { ready: 0, short: 1, locked: 2, limit: 3, 'sold-out': 4 };

/**
 * Rewards in the order a customer wants them: those they can redeem now first (in the shop's order),
 * then those out of reach, fewest points missing first, then those for a higher tier, then those redeemed as
 * often as one customer may, then the sold-out ones.
 */
export function byReach<R extends Reachable>(rewards: readonly R[], points: number): R[] {
  const missing = (r: R) => {
    const reach = reachOf(r, points);
    return reach.kind === 'short' ? reach.missing : 0;
  };
  return rewards
    .map((r, i) => ({ r, i, rank: RANK[reachOf(r, points).kind], missing: missing(r) }))
    .sort((a, b) => a.rank - b.rank || a.missing - b.missing || a.i - b.i)
    .map((x) => x.r);
}

/** "550 more points to go", "1 more point to go". */
export function missingText(missing: number, locale: string): string {
  const count = formatPoints(missing, locale);
  return plural(missing, { one: `${count} more point to go`, other: `${count} more points to go` });
}

/** A reward redeemed as often as one customer may. */
export const limitText = () => t`Limit reached`;

/** "For Brew and above": a reward a higher tier can redeem early. */
export const lockedText = (tier: string) => t`For ${tier} and above`;
