/** The calls of orders, declared once (api.ts); their schemas are in orders.ts, their words in orders.spec.ts. */
import { call, consoleCalls } from './api';
import type {
  MerchantOrderStatusBody,
  OrderClaimBody,
  OrderClaimData,
  OrderCreateBody,
  OrderCreateData,
  OrderDetailData,
  OrderDetailQuery,
  OrderListData,
  PricingTryInput,
  QuoteBody,
  QuoteData,
  ReorderData,
} from './orders';
import type { PageQuery } from './wallet';

export const ordersApi = {
  // a guest at a table (tables/guests.ts) may quote, place, list and read its own orders: `guests: true`
  quote: call.customer.post<QuoteData, QuoteBody>('order/quote', { guests: true }),
  create: call.customer.post<OrderCreateData, OrderCreateBody>('order/create', { status: 201, idempotent: true, guests: true }),
  list: call.customer.get<OrderListData, PageQuery>('order/list', { guests: true }),
  detail: call.customer.get<OrderDetailData, OrderDetailQuery>('order/detail', { guests: true }),
  /** a member claims a guest order's points with its signed claim token, once, within a day of its payment */
  claim: call.customer.post<OrderClaimData, OrderClaimBody>('order/claim'),
  /** "Order again": the order's lines on today's menu, and what changed (reorder-rules.ts) */
  again: call.customer.get<ReorderData, OrderDetailQuery>('order/again'),
  /** the merchant's own system moves an order on (x-merchant-key); the app never makes it */
  status: call.merchantKey.post<OrderDetailData, MerchantOrderStatusBody>('merchant/order/status', { session: 'staff', scope: 'orders:write' }),
};

/** console calls: the customer app's build drops them */
export const ordersConsoleApi = consoleCalls(() => ({
  /** a sample pickup order priced as checkout prices it, for a new customer (owners) */
  tryPricing: call.owner.post<QuoteData, PricingTryInput>('merchant/pricing/try'),
}));
