/**
 * The outbound webhooks' event catalogue (issue 52): the events an owner's endpoint may ask for, what
 * each means, and the `data` each carries. Zod-free, so the console (the endpoint form's checkboxes),
 * the provider (the areas that emit them) and the docs (docs/areas/integrations.md) read one list.
 *
 * Every delivery's body is `{ "type": "<event>", "timestamp": "<ISO 8601 UTC>", "data": { … } }`, signed
 * per the Standard Webhooks specification (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

export const WEBHOOK_EVENTS = ['order.created', 'order.status_changed', 'order.cancelled', 'customer.created', 'points.earned', 'reward.redeemed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export interface WebhookEventInfo {
  type: WebhookEventType;
  /** what the console's checkbox reads */
  label: string;
  /** when it is sent */
  description: string;
}

export const WEBHOOK_EVENT_INFO: readonly WebhookEventInfo[] = [
  { type: 'order.created', label: 'Order placed', description: 'A customer placed an order (paid from the wallet, or waiting for an online payment).' },
  {
    type: 'order.status_changed',
    label: 'Order status changed',
    description: 'An order moved on: paid, preparing, ready, on its way, completed or cancelled.',
  },
  { type: 'order.cancelled', label: 'Order cancelled', description: 'An order was cancelled by the shop, or let go unpaid.' },
  { type: 'customer.created', label: 'Customer signed up', description: 'A new customer account was made.' },
  { type: 'points.earned', label: 'Points earned', description: "Points were added to a customer's balance (an order, the counter, a rule, a prize)." },
  { type: 'reward.redeemed', label: 'Reward redeemed', description: 'A customer turned points into a reward voucher.' },
];

/** The order's fields in order.* events' `data`. */
export interface WebhookOrderData {
  name: string;
  customer_id: number;
  status: string;
  /** order.status_changed and order.cancelled: the status before */
  previous_status?: string;
  fulfilment: string;
  payment_method: string;
  subtotal: number;
  discount: number;
  delivery_fee: number;
  total: number;
  points_to_earn: number | null;
  location_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The longest excerpt of an endpoint's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT = 1000;
/** The most endpoints a shop may have. */
export const WEBHOOKS_MAX = 20;
/**
 * The wait before each retry of a failed delivery (seconds): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h and
 * 20 h, about two days and a quarter after the first try; nine tries in all. After the last, the endpoint
 * is switched off and the owner e-mailed.
 */
export const WEBHOOK_RETRY_DELAYS_S = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000] as const;
/** How long a rotated secret still signs beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
