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

/** `locationId`: the counter's location (null: none chosen, the member's only one) */
const codeBody = (code: string, locationId: number | null) => (locationId === null ? { code } : { code, location_id: locationId });
export const useCounterLookup = () => useMutation((code: string, locationId: number | null = null) => callApi(counterApi.lookup, codeBody(code, locationId)), {});
export const useCounterRedeem = () =>
  useMutation((code: string, locationId: number | null = null) => callApi(counterApi.redeem, codeBody(code, locationId)), { refreshes: [counterApi.recent.path, staffApi.audit.path] });
export const useCounterUndo = () => useMutation((id: number) => callApi(counterApi.undo, { redemption_id: id }), { refreshes: [counterApi.recent.path, staffApi.audit.path] });
