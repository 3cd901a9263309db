/**
 * The outbound webhooks' event catalogue (issue 52): the events an owner's endpoint may ask for, what
 * each means, and the `data` each carries. Zod-free, so the console (the endpoint form's checkboxes),
 * the provider (the areas that emit them) and the docs (docs/areas/integrations.md) read one list.
 *
 * Every delivery's body is `{ "type": "<event>", "timestamp": "<ISO 8601 UTC>", "data": { … } }`, signed
 * per the Standard Webhooks specification (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

export const WEBHOOK_EVENTS = [
  'order.created',
  'order.status_changed',
  'order.cancelled',
  'customer.created',
  'customer.erased',
  'points.earned',
  'points.pending',
  'points.confirmed',
  'points.spent',
  'points.expired',
  'reward.redeemed',
  'voucher.used',
  'tier.changed',
  'stamp_card.completed',
  'referral.qualified',
  'gift_card.sold',
  'gift_card.claimed',
  'gift_card.spent',
  'feedback.received',
] as const;
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
  { type: 'customer.erased', label: 'Customer deleted', description: 'A customer’s account was deleted for good. Only its number is sent.' },
  { type: 'points.earned', label: 'Points earned', description: "Points were added to a customer's balance (an order, the counter, a rule, a prize)." },
  { type: 'points.pending', label: 'Points on hold', description: 'Points were earned but are on hold until the order is completed or the waiting time ends.' },
  { type: 'points.confirmed', label: 'Points confirmed', description: 'Points on hold became ready to spend.' },
  { type: 'points.spent', label: 'Points spent', description: 'A customer spent points on a reward or a spin of the wheel.' },
  { type: 'points.expired', label: 'Points expired', description: 'Some of a customer’s points reached their end date.' },
  { type: 'reward.redeemed', label: 'Reward redeemed', description: 'A customer turned points into a reward voucher.' },
  { type: 'voucher.used', label: 'Voucher used', description: 'A voucher was used on an order or at the counter.' },
  { type: 'tier.changed', label: 'Tier changed', description: 'A customer moved up or down a tier.' },
  { type: 'stamp_card.completed', label: 'Stamp card full', description: 'A customer filled a stamp card.' },
  { type: 'referral.qualified', label: 'Referral rewarded', description: 'A friend someone invited made their first order, and the referral was rewarded.' },
  { type: 'gift_card.sold', label: 'Gift card sold', description: 'A customer bought a gift card.' },
  { type: 'gift_card.claimed', label: 'Gift card claimed', description: 'Someone added a gift card to their wallet.' },
  { type: 'gift_card.spent', label: 'Gift money spent', description: 'A customer paid for an order with gift card money.' },
  { type: 'feedback.received', label: 'Feedback received', description: 'A customer rated a completed order, 1 to 5, with reasons and a comment.' },
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

/** customer.erased: the account's number and when; nothing else of it is kept. */
export interface WebhookCustomerErasedData {
  customer_id: number;
  erased_at: string;
}

/** points.earned, points.spent (burnt on a reward or a spin of the wheel) and points.expired. */
export interface WebhookPointsData {
  customer_id: number;
  /** how many points: always positive (the balance went up for earned, down for spent and expired) */
  points: number;
  /** the spendable balance after it */
  balance: number;
  reason: string;
  ref: string | null;
}

/** points.pending and points.confirmed: points held, then ready (`ref`: their source, `order:K-1234` or `counter:12`). */
export interface WebhookPendingPointsData {
  customer_id: number;
  points: number;
  reason: string;
  ref: string;
  /** points.pending: when they become spendable, or null while they wait for their order to be completed */
  available_at?: string | null;
}

/** voucher.used: where it was used (`order` with its name, or `counter` with its location). */
export interface WebhookVoucherUsedData {
  voucher_id: number;
  customer_id: number;
  reward: string;
  title: string;
  used_on: 'order' | 'counter';
  order: string | null;
  location_id: number | null;
}

/** tier.changed: tier names (a customer never placed before moves from the first tier). */
export interface WebhookTierChangedData {
  customer_id: number;
  from: string | null;
  to: string;
  direction: 'up' | 'down';
}

/** stamp_card.completed: one per card filled. */
export interface WebhookStampCardData {
  customer_id: number;
  program_id: number;
  program: string;
  card_id: number;
  /** the voucher the full card gave (null: its reward was retired or sold out) */
  voucher_id: number | null;
}

/** referral.qualified: `status` rewarded (both) or capped (the friend only: the referrer had the month's cap). */
export interface WebhookReferralData {
  referral_id: number;
  referrer_id: number;
  friend_id: number;
  order_id: number;
  status: 'rewarded' | 'capped';
}

/** gift_card.sold and gift_card.claimed (the recipient's contact details are never sent). */
export interface WebhookGiftCardData {
  gift_card_id: number;
  amount: number;
  /** gift_card.sold: the buyer; gift_card.claimed: who claimed it */
  customer_id: number;
  /** null: the buyer's account was deleted since */
  buyer_id: number | null;
  deliver_at?: string;
  expires_at: string | null;
}

/** gift_card.spent: gift money an order took from the wallet. */
export interface WebhookGiftSpentData {
  customer_id: number;
  amount: number;
  order: string;
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

/** feedback.received: a customer's rating of one of their completed orders. */
export interface WebhookFeedbackData {
  customer_id: number;
  order_name: string;
  rating: number;
  reasons: string[];
  comment: string;
  created_at: string;
}
