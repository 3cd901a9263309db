/**
 * "View my shop as a customer" shows the app's Home as a customer sees it, and a customer's Home shows
 * their tier and their stamp cards when the shop has them on: the preview makes up a sample customer's,
 * from the shop's own tiers and programmes (the first tier part of the way to the next; each active
 * programme's card part filled), so the owner sees the blocks their customers see.
 */
import type { Category, Reward } from '#contract';
import type { StampCard, StampProgram } from '#contract/stamps';
import type { TierInfo, TiersConsoleData, TierStatusData } from '#contract/tiers';

type Tier = TiersConsoleData['tiers'][number];

const tierInfo = (t: Tier, index: number): TierInfo => ({
  index,
  name: t.name,
  threshold: t.threshold,
  multiplier: t.multiplier,
  welcome_reward: t.welcome_reward?.title ?? null,
  birthday_reward: t.birthday_reward?.title ?? null,
  early_rewards: t.early_rewards.map((r) => r.title),
});

/** The sample customer's tier: the first, 60% of the way to the second; null when the shop has no tiers. */
export function sampleTier(program: Pick<TiersConsoleData, 'enabled' | 'basis' | 'tiers'> | undefined): TierStatusData | null {
  const first = program?.tiers[0];
  if (!program?.enabled || !first) return null;
  const second = program.tiers[1];
  const value = second ? Math.floor(first.threshold + (second.threshold - first.threshold) * 0.6) : first.threshold;
  return {
    enabled: true,
    basis: program.basis,
    tier: tierInfo(first, 0),
    value,
    next: second ? { name: second.name, threshold: second.threshold, remaining: second.threshold - value } : null,
    held_until: null,
    notice: null,
    tiers: program.tiers.map(tierInfo),
  };
}

/** The sample customer's cards: one per active programme, a little over half filled. */
export function sampleStampCards(programs: readonly StampProgram[] | undefined, categories: readonly Category[], rewards: readonly Reward[]): StampCard[] {
  const products = new Map(categories.flatMap((c) => c.products.map((p) => [p.id, p.name] as const)));
  const categoryNames = new Map(categories.map((c) => [c.id, c.name] as const));
  return (programs ?? [])
    .filter((p) => p.status === 'active')
    .map((p) => ({
      program_id: p.id,
      name: p.name,
      status: 'active' as const,
      per: p.per,
      stamps: Math.ceil(p.stamps_needed * 0.6),
      stamps_needed: p.stamps_needed,
      reward_title: p.reward_title,
      reward_image: rewards.find((r) => r.title === p.reward_title)?.image ?? '',
      qualifying: [...p.product_ids.flatMap((id) => products.get(id) ?? []), ...p.category_ids.flatMap((id) => categoryNames.get(id) ?? [])],
      qualifying_categories: p.category_ids.flatMap((id) => categoryNames.get(id) ?? []),
      expires_at: null,
      cards_filled: 0,
    }));
}
