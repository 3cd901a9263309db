import useSWR from 'swr';
import { apiPost } from './client';
import type { PointHistoryData } from '#contract';

/** point/history is a POST in the contract; it is also the app's session check. */
export const pointHistory = (customerId: number, page = 1) => apiPost<PointHistoryData>('point/history', { customer_id: customerId, page });
export const pointHistoryKey = (customerId: number, page = 1) => ['point/history', { customer_id: customerId, page }] as const;
export function usePointHistory(customerId: number | null, page = 1) {
  return useSWR<PointHistoryData>(customerId ? pointHistoryKey(customerId, page) : null, () => pointHistory(customerId!, page));
}
