import useSWR from 'swr';
import { apiPost, fetcher } from './client';
import type { TopupData, TopupStatusData, WalletBalanceData, WalletHistoryData } from '#contract';

export const walletBalanceKey = 'wallet/balance';
export const walletHistoryKey = (page = 1) => ['wallet/history', { page }] as const;
export const topupStatusKey = (topupId: string) => ['wallet/topup/status', { topup_id: topupId }] as const;
export const useWalletBalance = () => useSWR<WalletBalanceData>(walletBalanceKey, fetcher);
export const useWalletHistory = (page = 1) => useSWR<WalletHistoryData>(walletHistoryKey(page), fetcher);
/** Polls while the payment is still pending: the result reaches the provider by webhook. */
export const useTopupStatus = (topupId: string | null) =>
  useSWR<TopupStatusData>(topupId ? topupStatusKey(topupId) : null, fetcher, {
    refreshInterval: (d) => (d && d.topup.status === 'pending' ? 2000 : 0),
  });
export const topUp = (amount: number, idempotencyKey: string, returnTo: 'profile' | 'order' = 'profile') =>
  apiPost<TopupData>('wallet/topup', { amount, idempotency_key: idempotencyKey, return_to: returnTo });
