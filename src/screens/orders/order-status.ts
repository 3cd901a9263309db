import type { Fulfilment, OrderStatus } from '../../api/contract';
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
      return fulfilment === 'pickup' ? 'Ready for you at the counter.' : 'Packed and waiting for the rider.';
    case 'on_delivery':
      return 'A rider is bringing your order.';
    case 'completed':
      return fulfilment === 'pickup' ? 'Picked up. Enjoy!' : 'Delivered. Enjoy!';
    case 'cancelled':
      return 'This order was cancelled.';
  }
}

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
