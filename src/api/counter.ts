/**
 * The counter and the orders board (merchant console, staff and owners): a voucher's rotating code
 * looked up and redeemed once, undone within 2 minutes, and the day's open orders, asked again every
 * few seconds so every counter sees the same board.
 */
import useSWR from 'swr';
import type { BoardData, BoardOrder, CounterLookupData, CounterRecentData, CounterRedeemData, CounterUndoData } from '#contract/counter';
import type { OrderStatus } from '#contract/order-lifecycle';
import { cached } from './cached';
import { apiPost, fetcher } from './client';
import { useMutation } from './mutation';

/** the board is asked again this often: a new order shows within 5 s, whichever gateway answers */
export const BOARD_POLL_MS = 3000;

export const useBoard = () => useSWR<BoardData>(cached.board, fetcher, { refreshInterval: BOARD_POLL_MS, refreshWhenHidden: true, revalidateOnFocus: true });
export const useBoardOrder = (name: string) => useSWR<{ order: BoardOrder }>([cached.boardOrder, { name }], fetcher);
export const useCounterRecent = () => useSWR<CounterRecentData>(cached.counterRecent, fetcher, { refreshInterval: 15_000 });

export const useCounterLookup = () => useMutation((code: string) => apiPost<CounterLookupData>('merchant/counter/lookup', { code }), {});
export const useCounterRedeem = () => useMutation((code: string) => apiPost<CounterRedeemData>('merchant/counter/redeem', { code }), { refreshes: [cached.counterRecent, cached.audit] });
export const useCounterUndo = () => useMutation((id: number) => apiPost<CounterUndoData>('merchant/counter/undo', { redemption_id: id }), { refreshes: [cached.counterRecent, cached.audit] });

const boardChanged = { refreshes: [cached.board, cached.boardOrder, cached.audit], refreshesOnFailure: [cached.board] };
export const useAdvanceOrder = () => useMutation((name: string, from: OrderStatus) => apiPost<{ order: BoardOrder }>('merchant/orders/advance', { name, from }), boardChanged);
export const useCancelOrder = () => useMutation((name: string, reason: string) => apiPost<{ order: BoardOrder }>('merchant/orders/cancel', { name, reason }), boardChanged);
