import { forwardStep, nextStatuses, type OrderStatus } from '#contract';
import type { BoardAdvanceBody, BoardCancelBody, BoardData, BoardOrder } from '#contract/board';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { firstName } from '../accounts/accounts.service';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { startOfDay } from '../settings/settings.repo';
import { getMerchant } from '../settings/settings.service';
import { moveOrder } from '../orders/lifecycle';
import { lockOrderByName, refundOf, withOptions, type OrderAddress, type OrderRow } from '../orders/orders.repo';
import { settleRefund } from '../orders/refunds';
import { insertAudit } from '../staff/staff.repo';
import { boardCardParts, findOrderByName, finishedOrders, openOrders, vouchersCancelledWith } from './board.repo';

/**
 * The orders board: every open order, what finished today, one order for its ticket; moving an order
 * on (only from the status the staff member saw, so two tablets cannot skip a step) and cancelling it
 * with a reason and a refund the way it was paid. Read from the database at every call: every instance
 * answers the same board.
 */

const OPEN: OrderStatus[] = ['paid', 'preparing', 'ready', 'on_delivery'];
const DONE_LIMIT = 30;
const OPEN_LIMIT = 300;

async function toBoardOrders(db: Database, rows: OrderRow[]): Promise<BoardOrder[]> {
  if (rows.length === 0) return [];
  const { items, itemOptions, customers, refunds, givenBack } = await boardCardParts(db, rows);
  const names = new Map(customers.map((c) => [c.id, c.name]));
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
      customer_first_name: firstName(names.get(r.customer_id) ?? ''),
      address: r.fulfilment === 'delivery' && address ? { text: [address.line1, `${address.city} ${address.postal_code}`.trim()].filter(Boolean).join(', '), notes: address.note ?? null } : null,
      items: items.filter((i) => i.order_id === r.id).map((i) => ({ name: i.name, qty: i.qty, price: i.price, ...withOptions(itemOptions.get(i.id)) })),
      subtotal: r.subtotal,
      discount: r.discount,
      delivery_fee: r.delivery_fee,
      total: r.total,
      points_earned: r.points_earned,
      next_status: forwardStep(status, r.fulfilment),
      can_cancel: status !== 'pending_payment' && nextStatuses(status, r.fulfilment).includes('cancelled'),
      cancel_reason: r.cancel_reason ?? null,
      refund: refundOf(refund),
      points_taken_back: r.points_taken_back,
      points_not_taken_back: status === 'cancelled' && r.paid_at ? r.points_earned - r.points_taken_back : 0,
      vouchers_cancelled: givenBack.filter((v) => v.cancelled_with_order === r.id).length,
    };
  });
}

export async function board(ctx: ProviderContext): Promise<BoardData> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const now = ctx.clock.now();
  const since = await startOfDay(ctx.db, now, merchant.rules.timezone);
  const open = await openOrders(ctx.db, OPEN, OPEN_LIMIT);
  const done = await finishedOrders(ctx.db, since, DONE_LIMIT);
  return {
    orders: await toBoardOrders(ctx.db, open),
    done: await toBoardOrders(ctx.db, done),
    server_time: now.toISOString(),
    // the board says so when orders move without anyone's tap (a demo), lest staff think a colleague did it
    demo_progress: ctx.demoOrderProgress ? { step_seconds: merchant.rules.demo_step_seconds } : null,
  };
}

async function orderNamed(db: Database, name: string): Promise<BoardOrder> {
  const row = await findOrderByName(db, name);
  if (!row || row.status === 'pending_payment') throw notFound('Order');
  return (await toBoardOrders(db, [row]))[0]!;
}

export const boardOrder = (ctx: ProviderContext, name: string) => orderNamed(ctx.db, name);

/** One tap: the order moves to its next status, if it is still in the status the staff member saw. */
export async function advance(ctx: ProviderContext, staff: StaffOfRequest, body: BoardAdvanceBody): Promise<BoardOrder> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderByName(trx, body.name);
    if (!order || order.status === 'pending_payment') throw notFound('Order');
    const status = order.status as OrderStatus;
    if (status !== body.from) {
      throw new AppError('INVALID_TRANSITION', `Order ${order.name} is ${status.replace('_', ' ')} now: someone moved it a moment ago.`, undefined, { from: body.from, status });
    }
    const target = forwardStep(status, order.fulfilment);
    if (!target) throw new AppError('INVALID_TRANSITION', `Order ${order.name} is ${status.replace('_', ' ')}: it does not move any further.`, undefined, { status });
    await moveOrder(trx, ctx, merchant, order, target, null);
    await insertAudit(trx, { staffId: staff.id, action: 'order.advance', target: `order:${order.name}`, before: { status }, after: { status: target }, now: ctx.clock.now() });
  });
  return orderNamed(ctx.db, body.name);
}

/** Cancels an order with a reason: refunded the way it was paid, points taken back, the customer told. */
export async function cancel(ctx: ProviderContext, staff: StaffOfRequest, body: BoardCancelBody): Promise<BoardOrder> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const orderId = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderByName(trx, body.name);
    if (!order || order.status === 'pending_payment') throw notFound('Order');
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
  return orderNamed(ctx.db, body.name);
}
