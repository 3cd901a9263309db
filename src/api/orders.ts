import useSWR from 'swr';
import { apiPost, fetcher } from './client';
import { isTerminal, type OrderCreateBody, type OrderCreateData, type OrderDetailData, type OrderListData, type QuoteBody, type QuoteData } from '#contract';

export const orderListKey = (page = 1) => ['order/list', { page }] as const;
export const orderDetailKey = (name: string) => ['order/detail', { name }] as const;
export const useOrders = (page = 1) => useSWR<OrderListData>(orderListKey(page), fetcher);
/** Refreshes while the order is moving, so the customer sees it progress. */
export const useOrder = (name: string | null) =>
  useSWR<OrderDetailData>(name ? orderDetailKey(name) : null, fetcher, {
    refreshInterval: (d) => (d && !isTerminal(d.order.status) ? 5000 : 0),
  });
export const quoteOrder = (body: QuoteBody) => apiPost<QuoteData>('order/quote', body);
export const useQuote = (body: QuoteBody | null) =>
  useSWR<QuoteData>(body ? ['order/quote', JSON.stringify(body)] : null, () => quoteOrder(body!), { shouldRetryOnError: false });
export const createOrder = (body: OrderCreateBody) => apiPost<OrderCreateData>('order/create', body);
