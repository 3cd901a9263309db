/**
 * The counter (merchant console, staff and owners): a voucher's rotating code looked up and redeemed
 * once, undone within 2 minutes. The orders board is its own area (board.ts).
 */
import useSWR from 'swr';
import { staffApi } from '#contract/staff.calls';
import type { CounterRecentData } from '#contract/counter';
import { counterApi } from '#contract/counter.calls';
import { callApi, fetcher, keyOf } from './client';
import { useMutation } from './mutation';

export const useCounterRecent = () => useSWR<CounterRecentData>(keyOf(counterApi.recent), fetcher, { refreshInterval: 15_000 });

export const useCounterLookup = () => useMutation((code: string) => callApi(counterApi.lookup, { code }), {});
export const useCounterRedeem = () => useMutation((code: string) => callApi(counterApi.redeem, { code }), { refreshes: [counterApi.recent.path, staffApi.audit.path] });
export const useCounterUndo = () => useMutation((id: number) => callApi(counterApi.undo, { redemption_id: id }), { refreshes: [counterApi.recent.path, staffApi.audit.path] });
