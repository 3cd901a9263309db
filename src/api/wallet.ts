import { walletApi } from '#contract/wallet.calls';
import { shows } from './shows';
import { callApi } from './client';
import { pagesOf, useCall } from './use-call';
import { useMutation, useRefreshWhen } from './mutation';

/** The wallet's history, page by page. */
export const walletHistoryPages = pagesOf(walletApi.history, (page) => ({ page }));
/** `load` false (a guest at a table has no wallet): nothing is asked. */
export const useWalletBalance = (load = true) => useCall(load ? walletApi.balance : null);

/**
 * Polls while the payment is still pending: the result reaches the provider by webhook. Once it is
 * settled the wallet changed (paid) and a notification came (either way): they are read again.
 */
export function useTopupStatus(topupId: string | null) {
  const status = useCall(walletApi.topupStatus, topupId ? { topup_id: topupId } : null, {
    refreshInterval: (d) => (d && d.topup.status === 'pending' ? 2000 : 0),
  });
  const settled = status.data?.topup.status === 'paid' || status.data?.topup.status === 'failed';
  useRefreshWhen(settled ? `${status.data!.topup.id}:${status.data!.topup.status}` : null, shows.money);
  return status;
}

/**
 * Starts a top-up: the answer is the payment page to send the customer to. Nothing a page shows
 * changes until the payment arrives (useTopupStatus reads the wallet again then).
 */
const topUp = (amount: number, idempotencyKey: string, returnTo: 'profile' | 'order' = 'profile') =>
  callApi(walletApi.topup, { amount, idempotency_key: idempotencyKey, return_to: returnTo });
export const useTopUp = () => useMutation(topUp, { refreshes: [] });
