/** Orders: quotes, creation, the lifecycle of their statuses. Part of the contract (src/contract): free of React, of the browser and of Express. */
import { z } from 'zod';
import type { Address } from './addresses';
import { id, idempotencyKey } from './fields';
import { FULFILMENTS, ORDER_STATUSES, type Fulfilment, type OrderStatus } from './order-lifecycle';

// The lifecycle (statuses, their moves, isPaid, …) lives in a module free of zod, for the app.
export * from './order-lifecycle';

export const fulfilment = z.enum(FULFILMENTS);
export const orderItemsInput = z
  .array(z.object({ product_id: id, qty: z.number().int('must be a whole number').min(1, 'must be at least 1').max(99, 'must be at most 99') }))
  .min(1, 'add at least one item')
  .max(50, 'must be at most 50 lines');
export const quoteBody = z.object({
  items: orderItemsInput,
  fulfilment,
  address_id: id.optional(),
  voucher_id: id.optional(),
});
export type QuoteBody = z.infer<typeof quoteBody>;
export interface QuoteData {
  subtotal: number;
  discount: number;
  delivery_fee: number;
  total: number;
  points_to_earn: number;
  /** extension: the minimum subtotal, and what is missing to reach it */
  min_order: number;
  below_minimum_by: number;
}
export const paymentMethod = z.enum(['wallet', 'gateway']);
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const orderCreateBody = quoteBody.extend({ payment_method: paymentMethod, idempotency_key: idempotencyKey });
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

export const orderStatus = z.enum(ORDER_STATUSES);

export interface OrderItem {
  product_id: number;
  name: string;
  price: number;
  qty: number;
  image?: string;
}
export interface TimelineEntry {
  status: OrderStatus;
  at: string;
  note?: string | null;
}
export interface Order {
  name: string;
  status: OrderStatus;
  fulfilment: Fulfilment;
  payment_method: PaymentMethod;
  items: OrderItem[];
  subtotal: number;
  discount: number;
  delivery_fee: number;
  total: number;
  points_earned: number;
  address: Omit<Address, 'id' | 'is_default'> | null;
  voucher_code: string | null;
  created_at: string;
  timeline: TimelineEntry[];
  /** extension: a cancelled paid order's refund, in full, the way it was paid */
  refund?: OrderRefund | null;
  /** extension: a cancelled order's points taken back (of points_earned; the rest had been spent) */
  points_taken_back?: number;
  /** extension: unused vouchers bought with a cancelled order's points, cancelled to give them back */
  cancelled_vouchers?: Array<{ title: string; points: number }>;
}
export interface OrderRefund {
  method: PaymentMethod;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
}
export interface OrderCreateData {
  order: Order;
  payment_url?: string;
}
export interface OrderListData {
  orders: Order[];
  next_page: number | null;
}
export const orderName = z.string().regex(/^[A-Z0-9-]{4,40}$/, 'must be an order number');
export const orderDetailQuery = z.object({ name: orderName });
export interface OrderDetailData {
  order: Order;
}
export const merchantOrderStatusBody = z.object({ name: orderName, status: orderStatus, note: z.string().max(200).optional() });
