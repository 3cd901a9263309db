/**
 * The counter (merchant console, staff and owners): a voucher's rotating code looked up and redeemed
 * once, undone within 2 minutes. The orders board is its own area (board.ts).
 */
import useSWR from 'swr';
import type { CounterLookupData, CounterRecentData, CounterRedeemData, CounterUndoData } from '#contract/counter';
import { cached } from './cached';
import { apiPost, fetcher } from './client';
import { useMutation } from './mutation';

export const useCounterRecent = () => useSWR<CounterRecentData>(cached.counterRecent, fetcher, { refreshInterval: 15_000 });

export const useCounterLookup = () => useMutation((code: string) => apiPost<CounterLookupData>('merchant/counter/lookup', { code }), {});
export const useCounterRedeem = () => useMutation((code: string) => apiPost<CounterRedeemData>('merchant/counter/redeem', { code }), { refreshes: [cached.counterRecent, cached.audit] });
export const useCounterUndo = () => useMutation((id: number) => apiPost<CounterUndoData>('merchant/counter/undo', { redemption_id: id }), { refreshes: [cached.counterRecent, cached.audit] });

