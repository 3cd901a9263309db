/**
 * The orders board (merchant console, staff and owners): the day's open orders, asked again every few
 * seconds so every counter sees the same board; one order's ticket; moving an order on, cancelling it.
 */
import { staffApi } from '#contract/staff.calls';
import { boardApi } from '#contract/board.calls';
import type { OrderStatus } from '#contract/order-lifecycle';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** the board is asked again this often: a new order shows within 5 s, whichever gateway answers */
export const BOARD_POLL_MS = 3000;

/** the board of one location, or (null) of every location the member works at */
export const useBoard = (locationId: number | null = null) =>
  useCall(boardApi.board, locationId === null ? {} : { location_id: locationId }, {
    refreshInterval: BOARD_POLL_MS,
    refreshWhenHidden: true,
    revalidateOnFocus: true,
  });
export const useBoardOrder = (name: string) => useCall(boardApi.detail, { name });

const boardChanged = { refreshes: [boardApi.board.path, boardApi.detail.path, staffApi.audit.path], refreshesOnFailure: [boardApi.board.path] };
export const useAdvanceOrder = () => useMutation((name: string, from: OrderStatus) => callApi(boardApi.advance, { name, from }), boardChanged);
export const useCancelOrder = () => useMutation((name: string, reason: string) => callApi(boardApi.cancel, { name, reason }), boardChanged);
/** A pay-at-the-counter order paid at the till (issue 54). */
export const useMarkOrderPaid = () => useMutation((name: string, how: 'cash' | 'card') => callApi(boardApi.markPaid, { name, how }), boardChanged);
