import useSWR from 'swr';
import { apiPost, fetcher } from './client';
import type { RedeemData, RewardListData, StorageData, VoucherStatus } from '#contract';

export const rewardsKey = 'reward/list';
export const storageKey = (status: VoucherStatus) => ['reward/storage', { status }] as const;
export const useRewards = () => useSWR<RewardListData>(rewardsKey, fetcher);
export const useVoucherStorage = (status: VoucherStatus) => useSWR<StorageData>(storageKey(status), fetcher);
export const redeemReward = (name: string, idempotencyKey: string) => apiPost<RedeemData>('reward/redeem', { name, idempotency_key: idempotencyKey });
