/** The calls of orders, declared once (api.ts); their schemas are in orders.ts, their words in orders.spec.ts. */
import { call, consoleCalls } from './api';
import type {
  MerchantOrderStatusBody,
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
  quote: call.customer.post<QuoteData, QuoteBody>('order/quote'),
  create: call.customer.post<OrderCreateData, OrderCreateBody>('order/create', { status: 201, idempotent: true }),
  list: call.customer.get<OrderListData, PageQuery>('order/list'),
  detail: call.customer.get<OrderDetailData, OrderDetailQuery>('order/detail'),
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
