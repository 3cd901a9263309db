import { awaitsCounterPayment, forwardStep, nextStatuses, type OrderStatus } from '#contract';
import type { BoardAdvanceBody, BoardCancelBody, BoardData, BoardMarkPaidBody, BoardOrder, BoardQuery } from '#contract/board';
import { PICKUP_LATE_MINUTES } from '#contract/locations';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { firstName } from '../accounts/accounts.service';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { pendingStatusOfOrders, type PendingStatus } from '../points/points.pending';
import { startOfDay } from '../settings/settings.repo';
import { getMerchant } from '../settings/settings.service';
import { markCounterPaid, moveOrder } from '../orders/lifecycle';
import { appliedOfferOf, counterDueOf, lockOrderByName, refundOf, withOptions, type OrderAddress, type OrderRow } from '../orders/orders.repo';
import { settleRefund } from '../orders/refunds';
import { insertAudit } from '../staff/staff.repo';
import { assertInScope, locationScope, type LocationScope } from '../locations/access';
import { locationLabels } from '../locations/locations.repo';
import { awaitingPayment, boardCardParts, findOrderByName, finishedOrders, openOrders, vouchersCancelledWith, type BoardLocations } from './board.repo';

/**
 * The orders board: every open order, what finished today, one order for its ticket; moving an order
 * on (only from the status the staff member saw, so two tablets cannot skip a step) and cancelling it
 * with a reason and a refund the way it was paid. Read from the database at every call: every instance
 * answers the same board. Per location: a member limited to locations (locations/access.ts) sees and
 * moves only their orders (403 LOCATION_FORBIDDEN for another's); an owner sees every one.
 */

const OPEN: OrderStatus[] = ['paid', 'preparing', 'ready', 'on_delivery'];
const DONE_LIMIT = 30;
const OPEN_LIMIT = 300;
const AWAITING_LIMIT = 100;

const LATE_MS = PICKUP_LATE_MINUTES * 60_000;

/**
 * Where an order's points stand (the cancel dialog's words): none when it earned none, is unpaid or was
 * cancelled already (what its cancellation did is points_taken_back), else
 * as its pending row says; a paid order with points and no row is from before pending points, when an
 * order's points were credited at payment (orders/take-back.ts takes those back).
 */
function pointsState(r: Pick<OrderRow, 'points_earned' | 'paid_at' | 'status'>, pending: PendingStatus | undefined): BoardOrder['points_state'] {
  if (r.points_earned <= 0 || r.paid_at === null || r.status === 'cancelled') return 'none';
  if (pending === undefined || pending === 'credited') return 'given';
  return pending === 'pending' ? 'pending' : 'none';
}

async function toBoardOrders(db: Database, rows: OrderRow[], now: Date): Promise<BoardOrder[]> {
  if (rows.length === 0) return [];
  const { items, itemOptions, customers, refunds, givenBack } = await boardCardParts(db, rows);
  const pending = await pendingStatusOfOrders(
    db,
    rows.map((r) => r.id),
  );
  // a guest at a table (tables/guests.ts) shows as such: "Ana (guest)"
  const names = new Map(customers.map((c) => [c.id, c.guest_location_id === null ? firstName(c.name) : `${firstName(c.name)} (guest)`]));
  const places = await locationLabels(
    db,
    rows.map((r) => r.location_id),
  );
  return rows.map((r) => {
    const status = r.status as OrderStatus;
    const address = r.address as OrderAddress | null;
    const refund = refunds.find((f) => f.order_id === r.id);
    return {
      name: r.name,
      status,
      fulfilment: r.fulfilment,
      created_at: r.created_at.toISOString(),
      paid_at: r.paid_at ? r.paid_at.toISOString() : null,
      updated_at: r.updated_at.toISOString(),
      payment_method: r.payment_method,
      // to be paid at the till: the card's badge
      ...counterDueOf(r),
      customer_first_name: names.get(r.customer_id) ?? '',
      location: r.location_id !== null ? (places.get(r.location_id) ?? null) : null,
      pickup_at: r.pickup_at ? r.pickup_at.toISOString() : null,
      // only at a table
      ...(r.table_label !== null ? { table_label: r.table_label } : {}),
      // not collected a while after its time: the board flags it (someone may have forgotten it)
      pickup_late:
        r.fulfilment === 'pickup' &&
        r.pickup_at !== null &&
        status !== 'pending_payment' &&
        status !== 'completed' &&
        status !== 'cancelled' &&
        now.getTime() - r.pickup_at.getTime() > LATE_MS,
      hold_until: status === 'pending_payment' && r.hold_until ? r.hold_until.toISOString() : null,
      address:
        r.fulfilment === 'delivery' && address
          ? { text: [address.line1, `${address.city} ${address.postal_code}`.trim()].filter(Boolean).join(', '), notes: address.note ?? null }
          : null,
      items: items.filter((i) => i.order_id === r.id).map((i) => ({ name: i.name, qty: i.qty, price: i.price, ...withOptions(itemOptions.get(i.id)) })),
      subtotal: r.subtotal,
      discount: r.discount,
      offer: appliedOfferOf(r),
      delivery_fee: r.delivery_fee,
      ...(r.tip > 0 ? { tip: r.tip } : {}),
      total: r.total,
      points_earned: r.points_earned,
      next_status: forwardStep(status, r.fulfilment),
      can_cancel: status !== 'pending_payment' && nextStatuses(status, r.fulfilment).includes('cancelled'),
      cancel_reason: r.cancel_reason ?? null,
      refund: refundOf(refund),
      points_taken_back: r.points_taken_back,
      points_not_taken_back: status === 'cancelled' && r.paid_at ? r.points_earned - r.points_taken_back : 0,
      vouchers_cancelled: givenBack.filter((v) => v.cancelled_with_order === r.id).length,
      points_state: pointsState(r, pending.get(r.id)),
    };
  });
}

/** The orders a member's board lists: of the location asked for (403 outside their scope), or of all theirs. */
function boardLocations(scope: LocationScope, locationId: number | undefined): BoardLocations {
  if (locationId !== undefined) {
    assertInScope(scope, locationId);
    return { ids: [locationId], unplaced: false };
  }
  return scope === 'all' ? null : { ids: scope, unplaced: true };
}

export async function board(ctx: ProviderContext, staff: StaffOfRequest, query: BoardQuery): Promise<BoardData> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const only = boardLocations(await locationScope(ctx.db, staff), query.location_id);
  const now = ctx.clock.now();
  const since = await startOfDay(ctx.db, now, merchant.rules.timezone);
  const open = await openOrders(ctx.db, OPEN, only, OPEN_LIMIT);
  const done = await finishedOrders(ctx.db, since, only, DONE_LIMIT);
  // waiting for an online payment: shown (their slots are taken) but not to be made yet
  const awaiting = await awaitingPayment(ctx.db, only, AWAITING_LIMIT);
  return {
    orders: await toBoardOrders(ctx.db, open, now),
    awaiting_payment: await toBoardOrders(ctx.db, awaiting, now),
    done: await toBoardOrders(ctx.db, done, now),
    server_time: now.toISOString(),
    // the board says so when orders move without anyone's tap (a demo), lest staff think a colleague did it
    demo_progress: ctx.demoOrderProgress ? { step_seconds: merchant.rules.demo_step_seconds } : null,
  };
}

async function orderNamed(ctx: ProviderContext, name: string, scope: LocationScope): Promise<BoardOrder> {
  const row = await findOrderByName(ctx.db, name);
  if (!row || row.status === 'pending_payment') throw notFound('Order');
  assertInScope(scope, row.location_id);
  return (await toBoardOrders(ctx.db, [row], ctx.clock.now()))[0]!;
}

export const boardOrder = async (ctx: ProviderContext, staff: StaffOfRequest, name: string) => orderNamed(ctx, name, await locationScope(ctx.db, staff));

/** An order for a move, locked: 404 for none (or one still waiting for payment), 403 for another location's. */
async function lockBoardOrder(trx: Database, name: string, scope: LocationScope): Promise<OrderRow> {
  const order = await lockOrderByName(trx, name);
  if (!order || order.status === 'pending_payment') throw notFound('Order');
  assertInScope(scope, order.location_id);
  return order;
}

/** One tap: the order moves to its next status, if it is still in the status the staff member saw. */
export async function advance(ctx: ProviderContext, staff: StaffOfRequest, body: BoardAdvanceBody): Promise<BoardOrder> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const scope = await locationScope(ctx.db, staff);
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockBoardOrder(trx, body.name, scope);
    const status = order.status as OrderStatus;
    if (status !== body.from) {
      throw new AppError('INVALID_TRANSITION', `Order ${order.name} is ${status.replace('_', ' ')} now: someone moved it a moment ago.`, undefined, {
        from: body.from,
        status,
      });
    }
    const target = forwardStep(status, order.fulfilment);
    if (!target)
      throw new AppError('INVALID_TRANSITION', `Order ${order.name} is ${status.replace('_', ' ')}: it does not move any further.`, undefined, { status });
    await moveOrder(trx, ctx, merchant, order, target, null);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'order.advance',
      target: `order:${order.name}`,
      before: { status },
      after: { status: target },
      now: ctx.clock.now(),
    });
  });
  return orderNamed(ctx, body.name, scope);
}

/** Cancels an order with a reason: refunded the way it was paid, points taken back, the customer told. */
export async function cancel(ctx: ProviderContext, staff: StaffOfRequest, body: BoardCancelBody): Promise<BoardOrder> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const scope = await locationScope(ctx.db, staff);
  const orderId = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockBoardOrder(trx, body.name, scope);
    const updated = await moveOrder(trx, ctx, merchant, order, 'cancelled', body.reason);
    const cancelledVouchers = await vouchersCancelledWith(trx, order.id);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'order.cancel',
      target: `order:${order.name}`,
      before: { status: order.status, total: order.total, payment_method: order.payment_method, points_earned: order.points_earned },
      after: {
        status: 'cancelled',
        reason: body.reason,
        // a pay-at-the-counter order not paid yet: nothing to refund (issue 54)
        ...(awaitsCounterPayment(order) ? { refunded: false } : {}),
        points_taken_back: updated.points_taken_back,
        // the shortfall: points already spent that no unused voucher could give back
        points_not_taken_back: order.paid_at ? order.points_earned - updated.points_taken_back : 0,
        vouchers_cancelled: cancelledVouchers,
      },
      now: ctx.clock.now(),
    });
    return updated.id;
  });
  // the gateway's refund, after the cancellation committed (a failure is retried by the hourly job)
  await settleRefund(ctx, orderId);
  return orderNamed(ctx, body.name, scope);
}

/**
 * A pay-at-the-counter order paid at the till (issue 54), in cash or by card: paid from now on, its
 * points earned as an online payment's are (lifecycle.ts markCounterPaid), audited. Under the order's
 * row lock: of two taps at once, the second finds it paid (409), so one payment and one credit.
 */
export async function markPaid(ctx: ProviderContext, staff: StaffOfRequest, body: BoardMarkPaidBody): Promise<BoardOrder> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const scope = await locationScope(ctx.db, staff);
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockBoardOrder(trx, body.name, scope);
    if (order.payment_method !== 'counter')
      throw new AppError('CONFLICT', `Order ${order.name} was paid when it was placed: there is nothing to take at the counter.`);
    if (order.status === 'cancelled') throw new AppError('CONFLICT', `Order ${order.name} is cancelled: there is nothing to take at the counter.`);
    if (!awaitsCounterPayment(order)) throw new AppError('CONFLICT', `Order ${order.name} is paid already: someone marked it a moment ago.`);
    const paid = await markCounterPaid(trx, ctx, merchant, order, body.how);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'order.mark_paid',
      target: `order:${order.name}`,
      before: { paid: false, total: order.total },
      after: { paid: true, how: body.how, total: order.total, points_earned: paid.points_earned },
      now: ctx.clock.now(),
    });
  });
  return orderNamed(ctx, body.name, scope);
}
