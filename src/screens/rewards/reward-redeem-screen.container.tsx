import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiRequestError } from '../../api/client';
import type { Voucher } from '#contract';
import { useProfile } from '../../api/customers';
import { usePreloadVoucherCode, useRedeemReward, useRewards, useVoucherCode } from '../../api/rewards';
import { messageOf } from '../../shared/errors';
import { useLanguage } from '../../i18n/language';
import { useGoBack } from '../../app/go-back';
import { useKeyedAction } from '../../shared/action';
import { AppNav } from '../../app/nav';
import { to } from '#contract/routes';
import { useSite } from '../../app/settings';
import { RewardRedeemScreen } from './reward-redeem-screen';

/**
 * /reward/redeem/:name: the reward (by slug, from the catalogue) and the customer's points; the confirm
 * dialog redeems it once per tap and shows the voucher. The provider's refusals (not enough points,
 * out of stock: useRedeemReward updates what the page knows; limit reached: kept here) show the
 * reason in place.
 */
export default function RewardRedeemPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const back = useGoBack(to.rewardStorage('active'));
  const name = useParams().name ?? '';
  const rewards = useRewards(useLanguage());
  const profile = useProfile();
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  const [redeemed, setRedeemed] = useState(0);
  const redeemReward = useRedeemReward(useLanguage());
  const code = useVoucherCode(voucher?.id ?? null);
  const preloadCode = usePreloadVoucherCode();
  // the voucher's first code is read as part of redeeming: the success view shows its QR code at once
  const redeem = useKeyedAction(async (key) => {
    const answer = await redeemReward(name, key);
    await preloadCode(answer.voucher.id);
    return answer;
  });
  const reward = rewards.data?.rewards.find((r) => r.name === name) ?? null;
  const missing = !!rewards.data && !reward;

  const onRedeem = async () => {
    const outcome = await redeem.run();
    if (!outcome) return;
    if (outcome.ok) {
      setVoucher(outcome.value.voucher);
      return;
    }
    const err = outcome.error instanceof ApiRequestError ? outcome.error : null;
    if (err?.code === 'LIMIT_REACHED') {
      setRedeemed((err.data as { redeemed?: number } | null)?.redeemed ?? reward?.per_customer_limit ?? 1);
    }
  };

  const error = rewards.error ? messageOf(rewards.error) : profile.error ? messageOf(profile.error) : null;
  return (
    <RewardRedeemScreen
      reward={reward}
      points={profile.data?.points ?? 0}
      // the catalogue's count (a signed-in customer's), or the provider's refusal if that came first
      redeemedByCustomer={Math.max(redeemed, reward?.redeemed ?? 0)}
      gone={missing}
      loading={rewards.isLoading || profile.isLoading}
      error={error}
      onRetry={() => void Promise.all([rewards.mutate(), profile.mutate()])}
      redeeming={redeem.pending}
      redeemError={redeem.error ? messageOf(redeem.error) : null}
      voucher={voucher}
      voucherCode={code.data}
      voucherCodeError={code.error ? messageOf(code.error) : null}
      onRetryVoucherCode={() => void code.mutate()}
      onVoucherCodeStale={() => void code.mutate()}
      onRedeem={() => void onRedeem()}
      onOpenStorage={() => void navigate(to.rewardStorage('active'))}
      onBrowseRewards={() => void navigate(to.rewardStorage('active'))}
      onBack={back}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
