import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { profileKey } from '../api/customer';
import { notificationsKey } from '../api/notifications';
import { useTopupStatus, walletBalanceKey, walletHistoryKey } from '../api/wallet';
import { messageOf } from './errors';
import { pagesKey } from './use-pages';

/**
 * /top-up-success, /top-up-success/order and /top-up-fail: the gateway's return names the top-up in
 * `?topup_id=`; what the page says comes from the provider's wallet/topup/status (polled while the
 * payment is pending), never from which page the gateway chose. Once it is settled, the wallet, the
 * profile and the notifications are read again.
 */
export function useTopupResult() {
  const [params] = useSearchParams();
  const topupId = params.get('topup_id') || null;
  const { data, error, isLoading, mutate } = useTopupStatus(topupId);
  const { mutate: refresh } = useSWRConfig();
  const status = data?.topup.status ?? null;

  useEffect(() => {
    if (status !== 'paid' && status !== 'failed') return;
    for (const key of [walletBalanceKey, profileKey, pagesKey(walletHistoryKey), notificationsKey(1), pagesKey(notificationsKey)]) void refresh(key);
  }, [status, refresh]);

  return {
    result: data ?? null,
    status,
    loading: isLoading,
    error: !topupId ? 'This page needs a top-up reference. Your wallet shows every top-up.' : error ? messageOf(error) : null,
    onRetry: () => void mutate(),
  };
}
