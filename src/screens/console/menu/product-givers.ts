import type { EditorReward } from '#contract/rewards';
import type { WheelVersion } from '#contract/wheel';

/**
 * What gives each product away, in the owner's words, for the archive confirm: the offered rewards
 * that give it free ("the reward Free Luna latte") and the current wheel's prizes that win one of
 * those rewards' vouchers ("the wheel prize Luna latte"). Keyed by product id.
 */
export function productGivers(rewards: readonly EditorReward[], wheel: Pick<WheelVersion, 'segments'> | undefined): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  const productOf = new Map<string, number>();
  for (const r of rewards) {
    if (!r.product || !r.active) continue;
    productOf.set(r.name, r.product.id);
    (out[r.product.id] ??= []).push(`the reward ${r.title}`);
  }
  for (const s of wheel?.segments ?? []) {
    const product = s.prize_type === 'voucher' && s.reward ? productOf.get(s.reward.name) : undefined;
    if (product !== undefined) out[product]!.push(`the wheel prize ${s.label}`);
  }
  return out;
}

/** "The reward Free Luna latte and the wheel prize Luna latte give this product: …", or null when nothing does. */
export function giversSentence(givers: readonly string[] | undefined, locale: string): string | null {
  if (!givers?.length) return null;
  const names = new Intl.ListFormat(locale.startsWith('en') ? locale : 'en', { type: 'conjunction' }).format(givers);
  const many = givers.length > 1;
  return `${names.charAt(0).toUpperCase()}${names.slice(1)} ${many ? 'give' : 'gives'} this product. Once it is archived, ${many ? 'their' : 'its'} vouchers still work at the counter but not at checkout, until you give ${many ? 'those rewards' : 'that reward'} another product on Rewards.`;
}
