import { t } from '@lingui/core/macro';
import type { EditorReward } from '#contract/rewards';
import type { WheelVersion } from '#contract/wheel';

/** What gives a product away: the offered rewards (their titles) and how many wheel prizes win one of them. */
export interface ProductGivers {
  rewards: string[];
  prizes: number;
}

/**
 * What gives each product away, for the archive confirm: the offered rewards that give it free and the
 * current wheel's prizes that win one of those rewards' vouchers. Keyed by product id.
 */
export function productGivers(rewards: readonly EditorReward[], wheel: Pick<WheelVersion, 'segments'> | undefined): Record<number, ProductGivers> {
  const out: Record<number, ProductGivers> = {};
  const productOf = new Map<string, number>();
  for (const r of rewards) {
    if (!r.product || !r.active) continue;
    productOf.set(r.name, r.product.id);
    (out[r.product.id] ??= { rewards: [], prizes: 0 }).rewards.push(r.title);
  }
  for (const s of wheel?.segments ?? []) {
    const product = s.prize_type === 'voucher' && s.reward ? productOf.get(s.reward.name) : undefined;
    if (product !== undefined) out[product]!.prizes += 1;
  }
  return out;
}

/**
 * "The reward “Free latte” and a wheel prize use it. …", "2 rewards use it: “Free latte” and “Latte for
 * two”. …", or null when nothing does. A wheel prize wins one of those rewards' vouchers, so the fix is
 * always on the rewards: "that reward" for one, "those rewards" for more.
 */
export function giversSentence(givers: ProductGivers | undefined, locale: string): string | null {
  const n = givers?.rewards.length ?? 0;
  if (!givers || n === 0) return null;
  const quoted = givers.rewards.map((title) => `“${title}”`);
  const prizes = givers.prizes.toLocaleString(locale);
  const rewards = n.toLocaleString(locale);
  const reward = quoted[0]!;
  const list = new Intl.ListFormat(locale.startsWith('en') ? locale : 'en', { type: 'conjunction' }).format(quoted);
  // one whole sentence per case: each language says "uses" and "and a wheel prize" its own way
  let who: string;
  if (n === 1) {
    if (givers.prizes === 0) who = t`The reward ${reward} uses it.`;
    else if (givers.prizes === 1) who = t`The reward ${reward} and a wheel prize use it.`;
    else who = t`The reward ${reward} and ${prizes} wheel prizes use it.`;
  } else if (givers.prizes === 0) who = t`${rewards} rewards use it: ${list}.`;
  else if (givers.prizes === 1) who = t`${rewards} rewards and a wheel prize use it: ${list}.`;
  else who = t`${rewards} rewards and ${prizes} wheel prizes use it: ${list}.`;
  const then =
    n === 1
      ? t`Once it is archived, vouchers for it still work at the counter but not at checkout, until you give that reward another product on Rewards.`
      : t`Once it is archived, vouchers for it still work at the counter but not at checkout, until you give those rewards another product on Rewards.`;
  return `${who} ${then}`;
}
