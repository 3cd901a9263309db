/**
 * The events outbound webhooks tell of (issue 52; the catalogue is src/contract/webhook-events.ts). The
 * areas where things happen call these inside the change's own transaction: the delivery rows are
 * written with the change (events.repo.ts), and the `webhooks` job sends them (webhooks/). This area sits
 * under every area that emits, and imports none.
 */
import { randomBytes } from 'node:crypto';
import type {
  WebhookCustomerErasedData,
  WebhookFeedbackData,
  WebhookEventType,
  WebhookGiftCardData,
  WebhookGiftSpentData,
  WebhookOrderData,
  WebhookPendingPointsData,
  WebhookPointsData,
  WebhookReferralData,
  WebhookStampCardData,
  WebhookTierChangedData,
  WebhookVoucherUsedData,
} from '#contract/webhook-events';
import type { RawBuilder } from 'kysely';
import type { Database } from '../../db';
import { deliveriesInsert, insertDeliveries, insertManyDeliveries, orderCreatedDeliveriesCte, type QueuedEvent } from './events.repo';
import { isoTime } from '../../lib/clock';

/** A Standard Webhooks message id: `msg_` and 24 random characters, the same on every try of the event. */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/** An event to queue: its type, its `data`, its time. */
export interface WebhookEvent {
  type: WebhookEventType;
  data: object;
  at: Date;
}

const queued = (e: WebhookEvent): QueuedEvent => ({
  type: e.type,
  messageId: newMessageId(),
  payload: JSON.stringify({ type: e.type, timestamp: isoTime(e.at), data: e.data }),
  at: e.at,
});

/** Queues `type` with its `data` for every endpoint that wants it, in `trx`. */
export async function emitEvent(trx: Database, type: WebhookEventType, data: object, at: Date): Promise<void> {
  const payload = JSON.stringify({ type, timestamp: isoTime(at), data });
  await insertDeliveries(trx, { type, messageId: newMessageId(), payload, at });
}

/**
 * Queues several events at once, in `trx`: ONE statement however many there are (an order that used a
 * voucher and gift money), and none when the list is empty.
 */
export const emitEvents = (trx: Database, events: readonly WebhookEvent[]): Promise<void> => insertManyDeliveries(trx, events.map(queued));

/**
 * `events`' deliveries as a CTE body of another statement, written only with the row of its CTE `gate`
 * (an order's INSERT `o`; the UPDATE of a balance): no round trip of their own. Null when there are none.
 */
export const eventsWith = (gate: string, events: readonly WebhookEvent[]): RawBuilder<unknown> | null =>
  events.length > 0 ? deliveriesInsert(events.map(queued), gate) : null;

/** The order's columns an order.* event carries as they are; its times are written as ISO 8601. */
const ORDER_FIELDS = [
  'name',
  'customer_id',
  'status',
  'fulfilment',
  'payment_method',
  'subtotal',
  'discount',
  'delivery_fee',
  'total',
  'points_to_earn',
  'location_id',
] as const satisfies readonly (keyof WebhookOrderData)[];

/** What an order.* event reads of an orders row. */
type OrderLike = Pick<WebhookOrderData, (typeof ORDER_FIELDS)[number]> & { created_at: Date | string; updated_at: Date | string };

function orderData(o: OrderLike, previous?: string): WebhookOrderData {
  const fields = Object.fromEntries(ORDER_FIELDS.map((k) => [k, o[k]])) as Pick<WebhookOrderData, (typeof ORDER_FIELDS)[number]>;
  return { ...fields, ...(previous !== undefined ? { previous_status: previous } : {}), created_at: isoTime(o.created_at), updated_at: isoTime(o.updated_at) };
}

/**
 * order.created, for the order the statement inserts (orders.repo.ts insertOrder): a CTE of that statement,
 * so placing an order takes no round trip more for its webhooks. Its payload is orderData's, built in SQL.
 */
export const orderCreatedCte = () => orderCreatedDeliveriesCte(newMessageId(), ORDER_FIELDS);

/** order.status_changed (and order.cancelled when it was cancelled), for an order's row as it now is. */
export async function emitOrderStatus(trx: Database, order: OrderLike, previous: string): Promise<void> {
  const at = new Date(order.updated_at);
  await emitEvent(trx, 'order.status_changed', { ...orderData(order, previous) }, at);
  if (order.status === 'cancelled') await emitEvent(trx, 'order.cancelled', { ...orderData(order, previous) }, at);
}

/** customer.erased: only the account's number and the time; the rest of it is gone. */
export const emitCustomerErased = (trx: Database, customerId: number, at: Date) =>
  emitEvent(trx, 'customer.erased', { customer_id: customerId, erased_at: isoTime(at) } satisfies WebhookCustomerErasedData, at);

/** customer.created: a new account (no e-mail until one is given). */
export const emitCustomerCreated = (trx: Database, c: { id: number; name: string; phone: string | null; email: string | null; created_at: string }, at: Date) =>
  emitEvent(trx, 'customer.created', { ...c }, at);

/** points.earned: points added to a balance (`ref`: what they came from, such as `order:K-1234`). */
export const emitPointsEarned = (trx: Database, e: WebhookPointsData, at: Date) => emitEvent(trx, 'points.earned', { ...e }, at);

/** points.spent: points burnt on a reward or a spin (`points` positive: how many). */
export const emitPointsSpent = (trx: Database, e: WebhookPointsData, at: Date) => emitEvent(trx, 'points.spent', { ...e }, at);

/** points.expired as an event for a statement that writes it (its CTE `gate`): `points` positive. */
export const pointsExpiredEvent = (e: WebhookPointsData, at: Date): WebhookEvent => ({ type: 'points.expired', data: { ...e }, at });

/** points.pending as an event (for a statement that writes it with the pending row, or emitEvents). */
export const pointsPendingEvent = (e: WebhookPendingPointsData, at: Date): WebhookEvent => ({ type: 'points.pending', data: { ...e }, at });

/** points.pending: points held, spendable later. */
export const emitPointsPending = (trx: Database, e: WebhookPendingPointsData, at: Date) => emitEvents(trx, [pointsPendingEvent(e, at)]);

/** points.confirmed: held points credited (points.earned follows with the balance). */
export const emitPointsConfirmed = (trx: Database, e: WebhookPendingPointsData, at: Date) => emitEvent(trx, 'points.confirmed', { ...e }, at);

/** voucher.used, as an event (an order writes it with its others in one statement: emitEvents). */
export const voucherUsedEvent = (e: WebhookVoucherUsedData, at: Date): WebhookEvent => ({ type: 'voucher.used', data: { ...e }, at });

/** voucher.used at the counter. */
export const emitVoucherUsed = (trx: Database, e: WebhookVoucherUsedData, at: Date) => emitEvents(trx, [voucherUsedEvent(e, at)]);

/** gift_card.spent: gift money an order took. */
export const giftSpentEvent = (e: WebhookGiftSpentData, at: Date): WebhookEvent => ({ type: 'gift_card.spent', data: { ...e }, at });

/** tier.changed: a customer's tier up or down. */
export const emitTierChanged = (trx: Database, e: WebhookTierChangedData, at: Date) => emitEvent(trx, 'tier.changed', { ...e }, at);

/** stamp_card.completed, one per card filled, in one statement. */
export const emitStampCardsCompleted = (trx: Database, cards: readonly WebhookStampCardData[], at: Date) =>
  emitEvents(
    trx,
    cards.map((c) => ({ type: 'stamp_card.completed', data: { ...c }, at })),
  );

/** referral.qualified: a referral rewarded. */
export const emitReferralQualified = (trx: Database, e: WebhookReferralData, at: Date) => emitEvent(trx, 'referral.qualified', { ...e }, at);

/** gift_card.sold: a card bought. */
export const emitGiftCardSold = (trx: Database, e: WebhookGiftCardData, at: Date) => emitEvent(trx, 'gift_card.sold', { ...e }, at);

/** gift_card.claimed: a card added to a wallet. */
export const emitGiftCardClaimed = (trx: Database, e: WebhookGiftCardData, at: Date) => emitEvent(trx, 'gift_card.claimed', { ...e }, at);

/** reward.redeemed: points turned into a voucher. */
export const emitRewardRedeemed = (
  trx: Database,
  e: { customer_id: number; reward: string; title: string; points_cost: number; voucher_id: number },
  at: Date,
) => emitEvent(trx, 'reward.redeemed', { ...e }, at);

/** feedback.received: a customer rated one of their completed orders. */
export const emitFeedbackReceived = (trx: Database, e: WebhookFeedbackData, at: Date) => emitEvent(trx, 'feedback.received', { ...e }, at);
