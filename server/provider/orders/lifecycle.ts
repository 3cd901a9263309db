import { awaitsCounterPayment, forwardStep, isTerminal, type MerchantOrderStatusBody, nextStatuses, type Order, type OrderStatus } from '#contract';
import { formatMoney } from '#contract/money';
import { paths, to } from '#contract/routes';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound } from '../http/errors';
import { getMerchant, type Merchant } from '../settings/settings.service';
import { notify, noticesInsert, type Notice } from '../notifications/notify';
import { pendingEventData, pendingValues, releasePending } from '../points/points.pending';
import { findLocation, releaseSlot } from '../locations/locations.repo';
import { dropOrderUses, orderEarnReason, pointsFor } from '../loyalty/loyalty.earn';
import { giveOrderStamps, stampsSentence } from '../loyalty/stamps.service';
import { lockReferralOf, referralOrderCancelled, referralOrderPaid, settleReferral, type ReferralFacts } from '../referrals/referrals.service';
import { giftSpentOn, postWalletEntry } from '../wallet/wallet.ledger';
import {
  insertOrderEvent,
  insertOrderRefund,
  lockOrderByName,
  paidOrderWritesSql,
  paidPaymentOf,
  recordOrderTierRise,
  releaseVoucher,
  toOrders,
  updateOrder,
  writeForOrder,
  type OrderRow,
} from './orders.repo';
import { emitOrderStatus, eventsWith, pointsPendingEvent } from '../events/events.service';
import { settleRefund } from './refunds';
import { takeBackOrderPoints, vouchersCancelledWords } from './take-back';
import { placeAfterEarn, placeCustomer } from '../tiers/tiers.service';
import { insertMachineAudit } from '../staff/staff.repo';
import { giveBackPromoUse } from '../offers/promo-codes';
import { queueReceipts } from '../receipts/receipts.service';
import { sayToCustomer } from '../accounts/language';
import type { Say } from '../i18n/translate';
import { order as m, points as pointWords, takeBack as t } from '../i18n/messages';

/**
 * The order lifecycle on the provider: each status change with its timeline entry and the customer's
 * notice, what paying and cancelling take and give back, the merchant's moves and the demo's steps.
 * Which moves exist is the contract's (nextStatuses, forwardStep, isTerminal).
 */

const SECOND = 1000;

export const orderLink = to.order;

/** `collectAt`: the address of the order's location (null: an order older than locations, the shop's pickup address). In the customer's language (`say`). */
function statusNotice(
  say: Say,
  order: Pick<OrderRow, 'name' | 'total' | 'fulfilment'>,
  to: OrderStatus,
  merchant: Merchant,
  extra = '',
  collectAt: string | null = null,
): { title: string; body: string } {
  const n = { order: order.name };
  switch (to) {
    case 'paid':
      return {
        title: say(m.paidTitle, n),
        body: say(m.paidBody, { amount: formatMoney(order.total, merchant.rules.currency, merchant.rules.locale) }),
      };
    case 'preparing':
      return { title: say(m.preparingTitle, n), body: say(m.preparingBody) };
    case 'ready': {
      if (order.fulfilment === 'dine_in') return { title: say(m.readyTitle, n), body: say(m.readyTable) };
      const place = collectAt ?? merchant.settings.pickup_address;
      return order.fulfilment === 'pickup'
        ? { title: say(m.readyPickupTitle, n), body: place ? say(m.readyPickupAt, { place }) : say(m.readyPickupCounter) }
        : { title: say(m.readyTitle, n), body: say(m.readyRider) };
    }
    case 'on_delivery':
      return { title: say(m.onDeliveryTitle, n), body: say(m.onDeliveryBody) };
    case 'completed':
      return { title: say(m.completedTitle, n), body: `${say(m.completedBody)}${extra}` };
    case 'cancelled':
      return { title: say(m.cancelledTitle, n), body: `${say(m.cancelledBody)}${extra}` };
    default:
      return { title: say(m.updatedTitle, n), body: say(m.updatedBody) };
  }
}

interface StatusChange {
  /** the timeline entry's note */
  note?: string | null;
  /** added to the customer's notification */
  extra?: string;
  /** other columns written with the status, in the same UPDATE */
  also?: { paid_at?: Date; points_earned?: number; cancel_reason?: string | null; points_taken_back?: number; hold_released_at?: Date };
  /** the customer's notice in place of the status's own (an unpaid order let go is not "cancelled" by anyone) */
  notice?: { title: string; body: string };
  /** the customer's words, when the caller has them already (sayToCustomer) */
  say?: Say;
}

/**
 * Writes one status change: the order row, a timeline entry and the customer's notification. The
 * demo's next automatic step is scheduled while the order is still moving.
 */
async function applyStatus(
  trx: Database,
  ctx: ProviderContext,
  merchant: Merchant,
  order: OrderRow,
  to: OrderStatus,
  change: StatusChange = {},
): Promise<OrderRow> {
  const { note = null, extra = '', also = {}, notice } = change;
  const now = ctx.clock.now();
  const say = change.say ?? (await sayToCustomer(trx, merchant.rules, order.customer_id));
  const moving = ctx.demoOrderProgress && !isTerminal(to) && to !== 'pending_payment';
  const updated = await updateOrder(trx, order.id, {
    ...also,
    status: to,
    updated_at: now,
    next_auto_at: moving ? new Date(now.getTime() + merchant.rules.demo_step_seconds * SECOND) : null,
  });
  await insertOrderEvent(trx, order.id, to, now, note);
  await emitOrderStatus(trx, updated, order.status);
  // a completed paid order's points, stamps, tier and receipts (a counter order not paid yet: when staff mark it paid)
  const points = to === 'completed' && !awaitsCounterPayment(order) ? await completedPaidEffects(trx, ctx, merchant, order, say) : '';
  // a paid order's cancellation (its points taken back) places the customer again; an unpaid one's
  // changes nothing and takes no customer lock
  if (to === 'cancelled' && order.status !== 'pending_payment' && !awaitsCounterPayment(order)) await placeCustomer(trx, ctx, order.customer_id);
  const collectAt =
    to === 'ready' && order.fulfilment === 'pickup' && order.location_id !== null ? ((await findLocation(trx, order.location_id))?.address ?? null) : null;
  await notify(trx, ctx.clock, order.customer_id, {
    type: 'order',
    ...(notice ?? statusNotice(say, order, to, merchant, extra + points, collectAt)),
    link: orderLink(order.name),
    push: to === 'preparing' || to === 'ready' ? 'order_status' : null,
    supersedes: true,
  });
  return updated;
}

/**
 * What a completed, paid order gives: its points, and its stamps (in addition to points; once: completed
 * is terminal, and a counter order is marked paid once), the customer's tier at once (the rise kept for a
 * refund to take back) and its receipts, queued for the job runner (receipts/receipts.send.ts). An order
 * refunded at the payment gateway before it completed earns none (orders/refunded.ts). Answers what the
 * completion notice adds.
 */
async function completedPaidEffects(trx: Database, ctx: ProviderContext, merchant: Merchant, order: OrderRow, say: Say): Promise<string> {
  // a guest's order not claimed: no stamps, points or tier (a guest earns nothing); its receipt only
  if (order.guest_name !== null && order.claimed_at === null) {
    await queueReceipts(trx, ctx, order);
    return '';
  }
  const stamps = order.earnings_back_at === null ? stampsSentence(say, await giveOrderStamps(trx, ctx, order)) : '';
  const points = (await releaseOrderPoints(trx, ctx, merchant, order, say)) + stamps;
  const rise = await placeAfterEarn(trx, ctx, order.customer_id);
  if (rise) await recordOrderTierRise(trx, order.id, rise);
  await queueReceipts(trx, ctx, order);
  return points;
}

/**
 * A pay-at-the-counter order paid at the till (issue 54; board.service.ts markPaid, the row locked by
 * the caller and checked unpaid): from now on it is paid as an order paid online is (markOrderPaid): its
 * points (those it was quoted) pending, the notices, a referred friend's referral, with a `paid` entry
 * noting how. Its status does not change (the kitchen made it meanwhile); one already completed earns at
 * once what completing a paid order does (completedPaidEffects).
 */
export async function markCounterPaid(trx: Database, ctx: ProviderContext, merchant: Merchant, order: OrderRow, how: 'cash' | 'card'): Promise<OrderRow> {
  const now = ctx.clock.now();
  const { status: _s, next_auto_at: _n, ...columns } = paidColumns(ctx, merchant, order, now);
  const paid = await updateOrder(trx, order.id, { ...columns, counter_paid_with: how });
  await insertOrderEvent(trx, order.id, 'paid', now, how === 'cash' ? 'Paid at the counter in cash' : 'Paid at the counter by card');
  const say = await sayToCustomer(trx, merchant.rules, paid.customer_id);
  await paidOrderEffects(trx, ctx, merchant, paid, say);
  if (paid.status === 'completed') {
    const extra = await completedPaidEffects(trx, ctx, merchant, paid, say);
    if (extra)
      await notify(trx, ctx.clock, paid.customer_id, {
        type: 'order',
        title: say(m.completedTitle, { order: paid.name }),
        body: extra.trim(),
        link: orderLink(paid.name),
      });
  }
  return paid;
}

/**
 * A completed order's pending points (points.pending.ts): credited at once when the owner's hold is 0
 * (with the "You earned" notice), else due when the hold ends, which the completion notice says.
 * Answers what the completion notice adds.
 */
async function releaseOrderPoints(trx: Database, ctx: ProviderContext, merchant: Merchant, order: OrderRow, say: Say): Promise<string> {
  // a referred friend's: both customers' row locks first (lower id first), before the credit takes the friend's
  if (merchant.rules.points_hold_days <= 0) await lockReferralOf(trx, order.customer_id);
  const released = await releasePending(trx, ctx.clock, order.customer_id, `order:${order.name}`, merchant.rules);
  if (!released) return '';
  // credited: a referred friend's first order, completed and past the hold (a hold of 0), decides their referral
  if (released.state === 'credited') await settleReferral(trx, ctx, order.customer_id);
  const { points } = released;
  if (released.state === 'waiting') {
    const day = new Intl.DateTimeFormat(merchant.rules.locale, { timeZone: merchant.rules.timezone, dateStyle: 'medium' }).format(released.availableAt);
    return ` ${say(pointWords.spendFrom, { points, day })}`;
  }
  await notify(trx, ctx.clock, order.customer_id, {
    type: 'points_earned',
    title: say(pointWords.earnedTitle, { points }),
    body: say(pointWords.earnedBody, { order: order.name, days: merchant.rules.points_expiry_days }),
    link: paths.profilePoint,
    push: 'points',
  });
  return '';
}

/** The points a paid order earns: those it was quoted when placed (one placed before orders kept them, migration 0017: the rule of today). */
export function pointsOfOrder(order: Pick<OrderRow, 'points_to_earn' | 'total' | 'delivery_fee'>, merchant: Merchant): number {
  return order.points_to_earn ?? pointsFor(order.total, order.delivery_fee, merchant.rules);
}

/**
 * What paying changes on the order's row (applyStatus's columns for `paid`): for an order written paid at once.
 * A guest's order earns nothing when paid (points_earned 0, so nothing pending): a member may claim its points (orders/claim.ts).
 */
export function paidColumns(
  ctx: ProviderContext,
  merchant: Merchant,
  order: Pick<OrderRow, 'points_to_earn' | 'total' | 'delivery_fee' | 'guest_name'>,
  now: Date,
) {
  return {
    status: 'paid' as const,
    paid_at: now,
    points_earned: order.guest_name !== null ? 0 : pointsOfOrder(order, merchant),
    updated_at: now,
    // the demo's next automatic step, while the order is still moving
    next_auto_at: ctx.demoOrderProgress ? new Date(now.getTime() + merchant.rules.demo_step_seconds * SECOND) : null,
  };
}

/**
 * A pending order's payment arrived (the gateway's webhook): paid, its points (those it was quoted when
 * placed, whatever the rate now) recorded as pending until the order is completed (they cannot be spent
 * before), notifications. Call inside the transaction that took the money, with the order row locked.
 * Returns the order row as it now is.
 */
export async function markOrderPaid(trx: Database, ctx: ProviderContext, merchant: Merchant, order: OrderRow): Promise<OrderRow> {
  const now = ctx.clock.now();
  const paid = await updateOrder(trx, order.id, paidColumns(ctx, merchant, order, now));
  await insertOrderEvent(trx, order.id, 'paid', now);
  await emitOrderStatus(trx, paid, order.status);
  await paidOrderEffects(trx, ctx, merchant, paid, await sayToCustomer(trx, merchant.rules, paid.customer_id));
  return paid;
}

/**
 * What follows an order's payment once its row says paid (with its points) and its timeline has the
 * `paid` entry: markOrderPaid's. The points pending until the order is completed, a referred friend's
 * referral, and the customer's notices (the receipt; the points on their way), written together in one
 * statement (paidOrderWrites).
 */
export async function paidOrderEffects(trx: Database, ctx: ProviderContext, merchant: Merchant, paid: OrderRow, say: Say): Promise<void> {
  const writes = paidOrderWrites(trx, ctx, merchant, paid, say);
  const written = await writeForOrder<PaidWritten>(trx, paid.id, writes);
  await writes.after({ ...written, id: paid.id });
}

/** What paidOrderWrites' columns read, with the order's id (and the wallet's balance after, when a statement moved it). */
export type PaidWritten = {
  id: number;
  notice_ids: number[];
  referral: ReferralFacts | null;
  balance_after?: number | null;
  gift_amount?: number | string | null;
};

/**
 * paidOrderEffects' writes as CTEs (`p`, `n`) of a statement that has the order's id in a CTE `o`
 * (none there: nothing written, the order's own INSERT when its number is taken; placeOrder writes a
 * wallet order's with its row), the `columns` that statement selects (the notices' ids, the customer's
 * referral as a friend: the points pending change nothing it reads), and `after`, what follows with them
 * (the referral's change, the notices' pushes; no statement when there is none).
 */
export function paidOrderWrites(
  trx: Database,
  ctx: ProviderContext,
  merchant: Merchant,
  paid: Pick<OrderRow, 'name' | 'customer_id' | 'total' | 'fulfilment' | 'points_earned' | 'points_breakdown'>,
  say: Say,
) {
  const points = paid.points_earned;
  // the order's first notice (placing it writes none): nothing earlier to supersede, and no statement spent on it
  const notices: Notice[] = [{ type: 'order', ...statusNotice(say, paid, 'paid', merchant), link: orderLink(paid.name), push: null }];
  const pending = pendingValues(ctx.clock, {
    customerId: paid.customer_id,
    points,
    ...orderEarnReason(paid.name, paid.points_breakdown),
    ref: `order:${paid.name}`,
    availableAt: null,
    breakdown: paid.points_breakdown,
  });
  if (pending) {
    const hold = merchant.rules.points_hold_days;
    notices.push({
      type: 'points_earned',
      title: say(pointWords.comingTitle, { points }),
      body: hold > 0 ? say(pointWords.comingHeldBody, { order: paid.name, days: hold }) : say(pointWords.comingBody, { order: paid.name }),
      link: paths.profilePoint,
    });
  }
  const notes = noticesInsert(trx, ctx.clock, paid.customer_id, notices);
  // points.pending's webhooks, written by the same statement as the pending row: no round trip of their own
  const held = pending
    ? eventsWith('o', [
        pointsPendingEvent(
          pendingEventData({ customerId: paid.customer_id, points, reason: pending.reason, ref: pending.ref, availableAt: null }),
          pending.created_at,
        ),
      ])
    : null;
  return {
    ...paidOrderWritesSql(paid.customer_id, pending, notes.values, held),
    async after(written: PaidWritten): Promise<void> {
      await referralOrderPaid(trx, ctx, { id: written.id, customer_id: paid.customer_id, total: paid.total }, written.referral);
      await notes.queue(written.notice_ids);
    },
  };
}

/** A sentence ends once: the staff member's reason may end with its own full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Cancels an order. A paid one is refunded in full the way it was paid: a wallet payment back to the
 * wallet at once; a gateway payment through the gateway's refund, recorded here as pending and called
 * once this transaction has committed (refunds.ts: settleRefund), never inside it. Its points still
 * pending are voided; credited ones are taken back, cancelling unused vouchers bought with them when they
 * were spent (take-back.ts); the voucher it
 * used, its promo code's use and a pickup's slot are released either way. The customer's notice says all of it. Call inside a
 * transaction, with the order row locked. `note` is the reason, shown to the customer. `unpaid`: an
 * unpaid order let go when its hold ended (holds.ts): its own notice, and when that was.
 */
export async function cancelOrder(
  trx: Database,
  ctx: ProviderContext,
  merchant: Merchant,
  order: OrderRow,
  note: string | null,
  unpaid?: { notice: { title: string; body: string }; at: Date },
): Promise<OrderRow> {
  const say = await sayToCustomer(trx, merchant.rules, order.customer_id);
  let extra = note ? ` ${say(t.reason, { note: sentence(note) })}` : '';
  let pointsTakenBack = 0;
  // paid: refunded the way it was paid (a counter order not paid yet refunds nothing)
  if (order.status !== 'pending_payment' && !awaitsCounterPayment(order)) {
    if (order.total > 0) {
      const money = formatMoney(order.total, merchant.rules.currency, merchant.rules.locale);
      const now = ctx.clock.now();
      const payment = order.payment_method === 'gateway' && ctx.paymentGateway ? await paidPaymentOf(trx, order.id) : undefined;
      if (payment) {
        // the order's primary key is the refund's: a second cancellation cannot record a second refund
        await insertOrderRefund(trx, {
          order_id: order.id,
          method: 'gateway',
          payment_id: payment.id,
          amount: order.total,
          status: 'pending',
          created_at: now,
        });
        extra += ` ${say(t.refundCard, { amount: money })}`;
      } else {
        await insertOrderRefund(trx, {
          order_id: order.id,
          method: 'wallet',
          payment_id: null,
          amount: order.total,
          status: 'succeeded',
          created_at: now,
          settled_at: now,
        });
        await postWalletEntry(trx, ctx.clock, order.customer_id, {
          type: 'refund',
          amount: order.total,
          reason: `Refund for order ${order.name}`,
          ref: `order:${order.name}`,
          // the gift money the order took comes back as gift money
          gift: await giftSpentOn(trx, order.customer_id, `order:${order.name}`),
        });
        extra += ` ${say(t.refundWallet, { amount: money })}`;
      }
    }
    const back = await takeBackOrderPoints(trx, ctx, merchant, order);
    // what the console counts as not lost: taken back, or voided while still pending
    pointsTakenBack = back.taken + back.voided;
    extra += vouchersCancelledWords(say, back.vouchers);
    if (back.taken > 0) extra += ` ${say(t.taken, { points: back.taken })}`;
    if (back.voided > 0) extra += ` ${say(t.voided, { points: back.voided })}`;
  }
  if (order.voucher_id !== null) {
    await releaseVoucher(trx, order.voucher_id, ctx.clock.now());
    extra += ` ${say(t.voucherBack)}`;
  }
  if (order.offer_code !== null) extra += ` ${say(t.code, { code: order.offer_code })}`;
  else if (order.offer_title !== null) extra += ` ${say(t.offer, { offer: order.offer_title })}`;
  await dropOrderUses(trx, order.id);
  const cancelled = await applyStatus(trx, ctx, merchant, order, 'cancelled', {
    note,
    extra,
    also: { cancel_reason: note, points_taken_back: pointsTakenBack, ...(unpaid ? { hold_released_at: unpaid.at } : {}) },
    say,
    ...(unpaid ? { notice: unpaid.notice } : {}),
  });
  // a referral waiting for this order waits for the friend's next paid one
  await referralOrderCancelled(trx, ctx, order);
  // its promo code's use given back: the offer's row after every customer's row this takes (an order
  // takes its customer's first, then the offer's), before the slot's, which every order takes last
  if (order.offer_id !== null) await giveBackPromoUse(trx, order.id, ctx.clock.now());
  // its pickup slot's place, for someone else, last: every pickup order at the location takes the slot's
  // row after all its other rows (placeOrder), its customer's among them, so this holds it the least and
  // never waits for a customer's row while holding it
  if (order.location_id !== null && order.pickup_at !== null) await releaseSlot(trx, order.location_id, order.pickup_at);
  return cancelled;
}

/**
 * The merchant moves a locked order along its lifecycle, or cancels it (with a refund, see
 * cancelOrder): the one way for the machine integration (`merchant/order/status`) and the console's
 * board alike. `paid` is never set by hand: only a payment makes an order paid.
 */
export async function moveOrder(
  trx: Database,
  ctx: ProviderContext,
  merchant: Merchant,
  order: OrderRow,
  target: OrderStatus,
  note: string | null,
): Promise<OrderRow> {
  const from = order.status as OrderStatus;
  const allowed: OrderStatus[] = nextStatuses(from, order.fulfilment).filter((s) => s !== 'paid');
  if (!allowed.includes(target)) {
    throw new AppError(
      'INVALID_TRANSITION',
      target === 'paid'
        ? 'An order becomes paid only when its payment succeeds.'
        : `Order ${order.name} is ${from.replace('_', ' ')}: it cannot become ${target.replace('_', ' ')}.`,
      { status: allowed.length ? `must be one of ${allowed.join(', ')}` : 'the order cannot change any more' },
      { from, to: target, allowed },
    );
  }
  return target === 'cancelled' ? cancelOrder(trx, ctx, merchant, order, note) : applyStatus(trx, ctx, merchant, order, target, { note });
}

/**
 * The machine integration's move (`merchant/order/status`, the merchant key): in the activity log as
 * the machine, in the move's transaction, like the board's moves are as their staff member.
 */
export async function merchantSetStatus(ctx: ProviderContext, body: MerchantOrderStatusBody): Promise<Order> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderByName(trx, body.name);
    if (!order) throw notFound('Order');
    const moved = await moveOrder(trx, ctx, merchant, order, body.status, body.note?.trim() || null);
    await insertMachineAudit(trx, { action: 'order.status', target: `order:${body.name}`, after: body, now: ctx.clock.now() });
    return moved;
  });
  if (updated.status === 'cancelled') await settleRefund(ctx, updated.id);
  const [answer] = await toOrders(ctx.db, [updated]);
  return answer!;
}

/**
 * One automatic step of the demo progression for an order locked by the caller. Returns the status
 * it moved to, or null when there is nothing further.
 */
export async function stepOrder(trx: Database, ctx: ProviderContext, merchant: Merchant, order: OrderRow): Promise<OrderStatus | null> {
  const to = forwardStep(order.status as OrderStatus, order.fulfilment);
  if (!to) {
    await updateOrder(trx, order.id, { next_auto_at: null });
    return null;
  }
  await applyStatus(trx, ctx, merchant, order, to);
  return to;
}
