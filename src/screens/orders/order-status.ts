import type { Fulfilment, OrderStatus } from '#contract';
import type { BadgeTone } from '../../ui';

/** How each order status reads to a customer. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending_payment: 'Waiting for payment',
  paid: 'Paid',
  preparing: 'Preparing',
  ready: 'Ready',
  on_delivery: 'On the way',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const ORDER_STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  pending_payment: 'warning',
  paid: 'brand',
  preparing: 'brand',
  ready: 'brand',
  on_delivery: 'brand',
  completed: 'success',
  cancelled: 'danger',
};

/** What the step means for this order, shown under it on the timeline. */
export function statusDescription(status: OrderStatus, fulfilment: Fulfilment): string {
  switch (status) {
    case 'pending_payment':
      return 'We are waiting for your payment to go through.';
    case 'paid':
      return 'Payment received. Your order is in the queue.';
    case 'preparing':
      return 'The team is making your order.';
    case 'ready':
      return fulfilment === 'pickup'
        ? 'Ready for you at the counter.'
        : fulfilment === 'dine_in'
          ? 'Ready: on its way to your table.'
          : 'Packed and waiting for the rider.';
    case 'on_delivery':
      return 'A rider is bringing your order.';
    case 'completed':
      return fulfilment === 'delivery' ? 'Delivered. Enjoy!' : fulfilment === 'dine_in' ? 'Served. Enjoy!' : 'Picked up. Enjoy!';
    case 'cancelled':
      return 'This order was cancelled.';
  }
}
