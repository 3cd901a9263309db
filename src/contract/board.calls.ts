/** The calls of the orders board, declared once (api.ts); their schemas are in board.ts, their words in board.spec.ts. */
import { call } from './api';
import type { BoardAdvanceBody, BoardCancelBody, BoardMarkPaidBody, BoardData, BoardOrderData, BoardOrderQuery, BoardQuery } from './board';

export const boardApi = {
  board: call.staff.get<BoardData, BoardQuery>('merchant/orders/board'),
  detail: call.staff.get<BoardOrderData, BoardOrderQuery>('merchant/orders/detail'),
  advance: call.staff.post<BoardOrderData, BoardAdvanceBody>('merchant/orders/advance'),
  cancel: call.staff.post<BoardOrderData, BoardCancelBody>('merchant/orders/cancel'),
  markPaid: call.staff.post<BoardOrderData, BoardMarkPaidBody>('merchant/orders/mark-paid'),
};
