import { inSavepoint } from '../../db/savepoint';
import type { Database } from '../../db';
import { MINUTE } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { AppError, said } from '../http/errors';
import type { Merchant } from '../settings/settings.service';
import { sayToCustomer } from '../accounts/language';
import { hold as holdWords } from '../i18n/messages';
import { findLocation, orderProductPreps } from '../locations/locations.repo';
import { hoursOf, takePickupSlot, withPrep } from '../locations/ordering';
import { cartPrep, isPickupSlot } from '../locations/hours';
import { cancelOrder, markOrderPaid } from './lifecycle';
import { retakeVoucher, updateOrder, type OrderRow } from './orders.repo';
import { retakePromoUse } from '../offers/promo-codes';
import { errors } from '../i18n/errors';

/**
 * Unpaid orders' holds. An order paid online takes its pickup slot (and its voucher) when it is placed,
 * before it is paid; so that no one can hold a day's slots with orders they never pay:
 * - it holds them for UNPAID_HOLD_MINUTES (`orders.hold_until`): the payment page's own expiry is
 *   later (Stripe's is at least 30 minutes), so the hold is the shorter of the two;
 * - a customer has at most UNPAID_ORDERS_MAX unpaid orders still held at once (409 UNPAID_ORDERS_LIMIT,
 *   counted under the customer's row lock, so many orders at once cannot pass it together);
 * - when the hold ends the job runner (jobs.ts, `unpaid-orders`) cancels it as unpaid, gives its slot
 *   and voucher back, and tells the customer it was not placed (not that staff cancelled it);
 * - a payment that arrives after that (the page was still open) places it again when it can: its voucher
 *   still free, its pickup time (or else the first with room) taken again; otherwise the money goes to
 *   the wallet, as for any order cancelled before its payment arrived (payments/order-payments.ts).
 */

export const UNPAID_HOLD_MINUTES = 10;
export const UNPAID_ORDERS_MAX = 3;
/** the reason an unpaid order was let go: its timeline's note and the board's */
export const UNPAID_NOTE = `Not paid within ${UNPAID_HOLD_MINUTES} minutes`;

/** When an unpaid order placed at `now` stops holding its slot. */
export const holdEnd = (now: Date): Date => new Date(now.getTime() + UNPAID_HOLD_MINUTES * MINUTE);

/**
 * 409 UNPAID_ORDERS_LIMIT when the customer already has UNPAID_ORDERS_MAX orders waiting for payment
 * whose hold has not ended. Call under the customer's row lock (placeOrder's first statement), before
 * anything is written.
 */
export async function assertUnpaidRoom(trx: Database, customerId: number, now: Date): Promise<void> {
  const held = await trx
    .selectFrom('orders')
    .select('hold_until')
    .where('customer_id', '=', customerId)
    .where('status', '=', 'pending_payment')
    .where('hold_until', '>', now)
    .orderBy('hold_until')
    .execute();
  if (held.length < UNPAID_ORDERS_MAX) return;
  throw new AppError('UNPAID_ORDERS_LIMIT', said(errors.unpaidOrders, { max: UNPAID_ORDERS_MAX, minutes: UNPAID_HOLD_MINUTES }), undefined, {
    limit: UNPAID_ORDERS_MAX,
    next_free_at: held[0]!.hold_until!.toISOString(),
  });
}

/** The customer's notice for an unpaid order let go, in their language (a delivery has no pickup time to give back). */
async function notPlacedNotice(trx: Database, merchant: Merchant, order: OrderRow): Promise<{ title: string; body: string }> {
  const say = await sayToCustomer(trx, merchant.rules, order.customer_id);
  const minutes = { minutes: UNPAID_HOLD_MINUTES };
  const sentences = [
    say(order.fulfilment === 'pickup' ? holdWords.bodyPickup : holdWords.body, minutes),
    order.voucher_id !== null ? say(holdWords.voucher) : null,
    say(holdWords.later),
  ];
  return { title: say(holdWords.title, { order: order.name }), body: sentences.filter(Boolean).join(' ') };
}

/** An unpaid order whose hold has ended, locked (one another transaction holds is skipped); none: undefined. */
async function lockHoldEnded(trx: Database, now: Date): Promise<OrderRow | undefined> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending_payment')
    .where('hold_until', '<=', now)
    .orderBy('hold_until')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** At most this many orders a run: the next run, seconds later, takes the rest. */
const RUN_LIMIT = 200;

/**
 * The job: every unpaid order whose hold has ended is cancelled as unpaid, one per transaction (its slot
 * row is the last lock it takes, as an order's is), taken `for update skip locked` so two instances never
 * release one twice. Answers how many were released.
 */
export async function releaseEndedHolds(ctx: ProviderContext, merchant: Merchant): Promise<number> {
  let released = 0;
  while (released < RUN_LIMIT) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const order = await lockHoldEnded(trx, ctx.clock.now());
      if (!order) return false;
      await cancelOrder(trx, ctx, merchant, order, UNPAID_NOTE, { notice: await notPlacedNotice(trx, merchant, order), at: ctx.clock.now() });
      return true;
    });
    if (!done) break;
    released++;
  }
  if (released > 0) ctx.logger.info({ released }, 'unpaid orders released: their holds ended');
  return released;
}

/** Thrown inside placeAgain when the order cannot stand again: its savepoint is rolled back. */
class NoRoom extends Error {}

/**
 * A payment arrived for an order let go unpaid (`hold_released_at`): placed again when it can be, in the
 * payment's transaction (the order row locked). Its voucher taken again if still free (and its promo
 * code's use if the offer still has room for it), the order paid
 * (points on their way, notices) and, last (every pickup order takes its slot last), its pickup time
 * taken again if it still is one with room, else the first with room. Should any of it fail for want of
 * room, everything since the savepoint is undone and null answered: the caller puts the money in the
 * wallet.
 */
export async function placeAgain(trx: Database, ctx: ProviderContext, merchant: Merchant, order: OrderRow): Promise<OrderRow | null> {
  const now = ctx.clock.now();
  const again = await inSavepoint(
    trx,
    'place_again',
    async () => {
      if (order.voucher_id !== null && !(await retakeVoucher(trx, order.voucher_id, order.id, now))) throw new NoRoom();
      const waiting = await updateOrder(trx, order.id, { status: 'pending_payment', cancel_reason: null, hold_released_at: null, updated_at: now });
      const paid = await markOrderPaid(trx, ctx, merchant, waiting);
      // its promo code's use, if the offer still has room for it (after the customer's rows, before the slot's)
      if (order.offer_id !== null && !(await retakePromoUse(trx, order.id, now))) throw new NoRoom();
      if (order.fulfilment !== 'pickup' || order.location_id === null) return paid;
      const found = await findLocation(trx, order.location_id);
      if (!found) throw new NoRoom();
      // as it makes this order: its slots after its longest product's preparation time (issue 54)
      const location = withPrep(found, cartPrep(found.prep_minutes, await orderProductPreps(trx, order.id)));
      const before = order.pickup_at;
      const still = before !== null && isPickupSlot(hoursOf(location, merchant.rules.timezone), now, before) ? before : null;
      return { ...paid, pickup_at: await slotAgain(trx, location, merchant, now, still, order.id) };
    },
    (err) => err instanceof NoRoom,
  );
  return again.ok ? again.value : null;
}

/** The order's own pickup time when it is still one with room, else the first with room; NoRoom when none has. */
async function slotAgain(
  trx: Database,
  location: NonNullable<Awaited<ReturnType<typeof findLocation>>>,
  merchant: Merchant,
  now: Date,
  asked: Date | null,
  orderId: number,
): Promise<Date> {
  const full = (err: unknown) => err instanceof AppError && err.code === 'SLOT_FULL';
  for (const at of asked === null ? [null] : [asked, null]) {
    try {
      return await takePickupSlot(trx, location, merchant.rules, now, at, { orderId });
    } catch (err) {
      if (!full(err)) throw err;
    }
  }
  throw new NoRoom();
}
