import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { VoucherStatus, VoucherTab } from '#contract';
import { useProfile } from '../../api/customers';
import { useAllSettled } from '../../api/settled';
import { shows } from '../../api/shows';
import { useRefreshWhen } from '../../api/mutation';
import { useRewards, useVoucherCode, useVoucherStorage } from '../../api/rewards';
import { messageOf } from '../../shared/errors';
import { useLanguage } from '../../i18n/language';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { paths, to } from '#contract/routes';
import { useSite } from '../../app/settings';
import { RewardStorageScreen, VOUCHER_TABS } from './reward-storage-screen';

/**
 * Router state for /reward/storage/:name: a voucher to open at once (one just won or redeemed). A link
 * from outside the app's own navigation (a notification) names it in the query instead: `?voucher=33`
 * (to.voucher).
 */
export interface StorageState {
  voucherId?: number;
}

const isTab = (name: string | undefined): name is VoucherTab => VOUCHER_TABS.includes(name as VoucherTab);
/** The tab that lists a voucher of this status (Expired lists the cancelled ones too). */
const tabOf = (status: VoucherStatus): VoucherTab => (status === 'cancelled' ? 'expired' : status);

/**
 * /reward/storage/:name, where the name is the tab (active, used or expired; anything else goes to
 * active): the vouchers of that tab, each opening its code and QR code, and rewards to redeem.
 */
export default function RewardStoragePage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const back = useGoBack(paths.home);
  const { name } = useParams();
  const state = useLocation().state as StorageState | null;
  const [search, setSearch] = useSearchParams();
  const linked = Number(search.get('voucher'));
  const tab: VoucherTab = isTab(name) ? name : 'active';
  const vouchers = useVoucherStorage(tab, true, useLanguage());
  const rewards = useRewards(useLanguage());
  const profile = useProfile();
  const allIn = useAllSettled([vouchers, rewards, profile]);
  const initialId = typeof state?.voucherId === 'number' ? state.voucherId : Number.isSafeInteger(linked) && linked > 0 ? linked : null;
  // the open voucher's rotating code, while it is active (the answer says when a counter used it)
  const [openId, setOpenId] = useState<number | null>(initialId);
  const openListed = vouchers.data?.vouchers.find((v) => v.id === openId);
  // a link (`?voucher=`, a notification's, made when the voucher was new and since used) names a voucher
  // this tab does not list: its own answer says which tab does, and the page goes there with it open
  const linkedElsewhere = openId !== null && openId === linked && vouchers.data !== undefined && !openListed;
  const code = useVoucherCode(openId !== null && ((tab === 'active' && (openListed?.status ?? 'active') === 'active') || linkedElsewhere) ? openId : null);
  const movedTo = linkedElsewhere && code.data?.voucher_id === openId ? tabOf(code.data.status) : null;
  useEffect(() => {
    if (movedTo && movedTo !== tab && openId !== null) void navigate(to.voucher(openId, movedTo), { replace: true });
  }, [movedTo, tab, openId, navigate]);
  // the shop's word on the open voucher and the tab behind it disagree (a counter used it, or undid its
  // use): the tabs are read again, once for each change. An undone use brings it back to Active too.
  const listedStatus = vouchers.data ? (openListed?.status ?? 'not listed') : null;
  const changed =
    code.data && listedStatus !== null && code.data.voucher_id === openId && code.data.status !== listedStatus
      ? `${code.data.voucher_id}:${code.data.status}`
      : null;
  useRefreshWhen(changed, shows.vouchers);
  useEffect(() => setOpenId(initialId), [initialId]);

  if (!isTab(name)) return <Navigate to={to.rewardStorage('active')} replace />;
  return (
    <RewardStorageScreen
      tab={tab}
      onChangeTab={(t) => void navigate(to.rewardStorage(t))}
      vouchers={vouchers.data?.vouchers}
      loading={vouchers.isLoading}
      error={vouchers.error ? messageOf(vouchers.error) : null}
      onRetry={() => void vouchers.mutate()}
      defaultOpenVoucherId={initialId}
      onOpenVoucher={setOpenId}
      onCloseVoucher={() => {
        setOpenId(null);
        // closed: a reload or Back does not open it again
        if (search.has('voucher')) setSearch({}, { replace: true });
      }}
      voucherCode={code.data}
      voucherCodeError={code.error ? messageOf(code.error) : null}
      onRetryVoucherCode={() => void code.mutate()}
      onVoucherCodeStale={() => void code.mutate()}
      // the catalogue below the vouchers shows once the vouchers above it, the rewards and the balance have
      // all answered: it never moves as the list above it fills, nor as the balance marks what is in reach
      rewards={rewards.error || !allIn ? undefined : (rewards.data?.rewards ?? [])}
      points={profile.data?.points}
      onRedeemReward={(reward) => void navigate(to.rewardRedeem(reward))}
      onBack={back}
      nav={<AppNav />}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
