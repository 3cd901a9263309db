/**
 * The events outbound webhooks tell of (issue 52; the catalogue is src/contract/webhook-events.ts). The
 * areas where things happen call these inside the change's own transaction: the delivery rows are
 * written with the change (events.repo.ts), and the `webhooks` job sends them (webhooks/). This area sits
 * under every area that emits, and imports none.
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEventType, WebhookOrderData } from '#contract/webhook-events';
import type { Database } from '../../db';
import { insertDeliveries, orderCreatedDeliveriesCte } from './events.repo';

/** A Standard Webhooks message id: `msg_` and 24 random characters, the same on every try of the event. */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

const iso = (t: Date | string) => new Date(t).toISOString();

/** Queues `type` with its `data` for every endpoint that wants it, in `trx`. */
export async function emitEvent(trx: Database, type: WebhookEventType, data: Record<string, unknown>, at: Date): Promise<void> {
  const payload = JSON.stringify({ type, timestamp: iso(at), data });
  await insertDeliveries(trx, { type, messageId: newMessageId(), payload, at });
}

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
  return { ...fields, ...(previous !== undefined ? { previous_status: previous } : {}), created_at: iso(o.created_at), updated_at: iso(o.updated_at) };
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

/** customer.created: a new account (no e-mail until one is given). */
export const emitCustomerCreated = (trx: Database, c: { id: number; name: string; phone: string | null; email: string | null; created_at: string }, at: Date) =>
  emitEvent(trx, 'customer.created', { ...c }, at);

/** points.earned: points added to a balance (`ref`: what they came from, such as `order:K-1234`). */
export const emitPointsEarned = (trx: Database, e: { customer_id: number; points: number; balance: number; reason: string; ref: string | null }, at: Date) =>
  emitEvent(trx, 'points.earned', { ...e }, at);

/** reward.redeemed: points turned into a voucher. */
export const emitRewardRedeemed = (
  trx: Database,
  e: { customer_id: number; reward: string; title: string; points_cost: number; voucher_id: number },
  at: Date,
) => emitEvent(trx, 'reward.redeemed', { ...e }, at);
