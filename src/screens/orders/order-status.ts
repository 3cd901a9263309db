import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '#i18n/i18n';
import { msg, t } from '@lingui/core/macro';
import type { Fulfilment, OrderStatus } from '#contract';
import type { BadgeTone } from '../../ui';

const STATUS_WORDS: Record<OrderStatus, MessageDescriptor> = {
  pending_payment: msg`Waiting for payment`,
  paid: msg`Paid`,
  preparing: msg`Preparing`,
  ready: msg`Ready`,
  on_delivery: msg`On the way`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

/** How each order status reads to a customer, in the language spoken when it is read. */
export const ORDER_STATUS_LABEL = Object.defineProperties(
  {},
  Object.fromEntries(Object.entries(STATUS_WORDS).map(([status, words]) => [status, { get: () => i18n._(words), enumerable: true }])),
) as Readonly<Record<OrderStatus, string>>;

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
      return t`We are waiting for your payment to go through.`;
    case 'paid':
      return t`Payment received. Your order is in the queue.`;
    case 'preparing':
      return t`The team is making your order.`;
    case 'ready':
      return fulfilment === 'pickup'
        ? t`Ready for you at the counter.`
        : fulfilment === 'dine_in'
          ? t`Ready: on its way to your table.`
          : t`Packed and waiting for the rider.`;
    case 'on_delivery':
      return t`A rider is bringing your order.`;
    case 'completed':
      return fulfilment === 'delivery' ? t`Delivered. Enjoy!` : fulfilment === 'dine_in' ? t`Served. Enjoy!` : t`Picked up. Enjoy!`;
    case 'cancelled':
      return t`This order was cancelled.`;
  }
}
