/**
 * The order lifecycle, free of zod: one definition for the provider (what may happen), the app (what
 * to show and when to poll) and the merchant console. orders.ts builds its schemas from these lists and
 * re-exports all of it; the app imports it without loading the schema library.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

export const FULFILMENTS = ['delivery', 'pickup', 'dine_in'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/**
 * How an order is paid: from the wallet, through the payment gateway, or at the counter (issue 54: a
 * dine-in order the owner lets the customer pay at the till; made at once, paid when staff mark it paid).
 */
export const PAYMENT_METHODS = ['wallet', 'gateway', 'counter'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

export const ORDER_STATUSES = ['pending_payment', 'paid', 'preparing', 'ready', 'on_delivery', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order may go from each status (`paid` is set only by a payment, never by hand). */
export function nextStatuses(status: OrderStatus, fulfilment: Fulfilment): OrderStatus[] {
  switch (status) {
    case 'pending_payment':
      return ['paid', 'cancelled'];
    case 'paid':
      return ['preparing', 'cancelled'];
    case 'preparing':
      return ['ready', 'cancelled'];
    case 'ready':
      return fulfilment === 'delivery' ? ['on_delivery'] : ['completed'];
    case 'on_delivery':
      return ['completed'];
    default:
      return [];
  }
}

/** The next step forward (the demo's progression, the console's one-tap move), or null at the end of the line. */
export function forwardStep(status: OrderStatus, fulfilment: Fulfilment): OrderStatus | null {
  if (status === 'pending_payment') return null;
  return nextStatuses(status, fulfilment).find((s) => s !== 'cancelled') ?? null;
}

/** Statuses an order never leaves. */
export const TERMINAL_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled'];
export const isTerminal = (status: OrderStatus): boolean => TERMINAL_STATUSES.includes(status);

/** Statuses from which an order may still become ready: what "a message when it is ready" is for. */
const READY_AHEAD: readonly OrderStatus[] = ['pending_payment', 'paid', 'preparing'];
export const canStillBeReady = (status: OrderStatus): boolean => READY_AHEAD.includes(status);

/** The happy path for a fulfilment: pickup orders skip `on_delivery`. */
export function statusSteps(fulfilment: Fulfilment): OrderStatus[] {
  return fulfilment === 'delivery'
    ? ['pending_payment', 'paid', 'preparing', 'ready', 'on_delivery', 'completed']
    : ['pending_payment', 'paid', 'preparing', 'ready', 'completed'];
}

/** A paid order is any status after payment other than cancelled. */
export function isPaid(status: OrderStatus): boolean {
  return status !== 'pending_payment' && status !== 'cancelled';
}

/**
 * A pay-at-the-counter order not paid yet (issue 54): it is made at once (its status moves as any
 * other's) but it is not paid until staff mark it paid, so it earns no points, counts no revenue,
 * sends no receipt and a cancellation refunds nothing. Every other order is paid once past
 * `pending_payment` (isPaid).
 */
export function awaitsCounterPayment(order: { payment_method: string; paid_at: string | Date | null }): boolean {
  return order.payment_method === 'counter' && order.paid_at === null;
}

/**
 * The customer's view of an order (`counter_due`: present while a pay-at-the-counter order is unpaid
 * and not cancelled): whether it may still change without the customer doing anything. It moves on
 * until it is completed or cancelled, and a counter order waits for staff to mark it paid, even once
 * served. What the order page polls for.
 */
export function mayStillChange(order: { status: OrderStatus; counter_due?: number }): boolean {
  return !isTerminal(order.status) || order.counter_due !== undefined;
}

/** The customer's view of an order: paid, so its points are on their way (a counter order once staff marked it paid). */
export function paidForByCustomer(order: { status: OrderStatus; counter_due?: number }): boolean {
  return isPaid(order.status) && order.counter_due === undefined;
}
