import { useSearchParams } from 'react-router-dom';
import { t } from '@lingui/core/macro';
import { useTopupStatus } from '../api/wallet';
import { ApiRequestError } from '../api/client';
import { messageOf } from '../shared/errors';

/**
 * /top-up-success, /top-up-success/order and /top-up-fail: the gateway's return names the top-up in
 * `?topup_id=`; what the page says comes from the provider's wallet/topup/status (polled while the
 * payment is pending), never from which page the gateway chose. Once it is settled, useTopupStatus
 * reads the wallet, the profile and the notifications again.
 */
export function useTopupResult() {
  const [params] = useSearchParams();
  const topupId = params.get('topup_id') || null;
  const { data, error, isLoading, mutate } = useTopupStatus(topupId);
  const status = data?.topup.status ?? null;
  // no reference, or one the provider does not know (mistyped, another account's): asking again cannot help
  const unknown = !topupId || (error instanceof ApiRequestError && (error.code === 'VALIDATION' || error.code === 'NOT_FOUND'));

  return {
    result: data ?? null,
    status,
    loading: isLoading,
    error: !topupId
      ? t`This page needs a top-up reference. Your wallet shows every top-up.`
      : unknown
        ? t`We couldn't find this top-up. Your wallet shows every top-up.`
        : error
          ? messageOf(error)
          : null,
    onRetry: unknown ? undefined : () => void mutate(),
  };
}
