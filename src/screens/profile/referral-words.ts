import { plural } from '@lingui/core/macro';
import type { ReferralLookupData } from '#contract/referrals';
import { rewardWords } from '#contract/reward-words';

/** What a referral gives both: "100 points", "a Free iced latte", "a voucher for ₱50 off your order"; null when the shop gives nothing now. */
export function referralRewardWords(reward: ReferralLookupData['reward']): string | null {
  if (reward?.kind === 'points' && reward.points) {
    const points = reward.points;
    const n = points.toLocaleString('en');
    return plural(points, { one: `${n} point`, other: `${n} points` });
  }
  if (reward?.kind === 'reward' && reward.title) return rewardWords(reward.title);
  return null;
}
