import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { forwardStep, isTerminal, type merchantOrderStatusBody, nextStatuses, type Order, type OrderCreateBody, type OrderCreateData, type OrderListData, type OrderStatus, type QuoteBody, type QuoteData } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import { idempotent, type StoredAnswer } from '../http/idempotency';
import { lockCustomer } from '../customers/customers.repo';
import { findAddress } from '../addresses/addresses.repo';
import { findProducts } from '../catalog/catalog.repo';
import { getMerchant, type Merchant, type MerchantRules } from '../merchant/merchant.service';
import { notify } from '../notifications/notify';
import { adjustPoints, earnPoints } from '../points/points.ledger';
import { postWalletEntry } from '../wallet/wallet.ledger';
import { availableGateway } from '../payments/gateway';
import { insertPayment, settlePayment, type PaymentRow } from '../payments/payments.repo';
import { formatMoney } from '../payments/money';
import {
  findCustomerOrder,
  findCustomerVoucher,
  insertOrder,
  insertOrderEvent,
  insertOrderItems,
  listCustomerOrders,
  lockCustomerVoucher,
  lockOrderById,
  lockOrderByName,
  markVoucherUsed,
  releaseVoucher,
  toOrders,
  updateOrder,
  type OrderAddress,
  type OrderRow,
} from './orders.repo';
import { paths, to } from '#contract/routes';

export const ORDERS_PER_PAGE = 10;
const SECOND = 1000;

export const orderLink = to.order;

// ---------------------------------------------------------------------------------------------
// Pricing
// ---------------------------------------------------------------------------------------------

interface PricedOrder extends QuoteData {
  lines: Array<{ product_id: number; name: string; price: number; qty: number }>;
  address: OrderAddress | null;
  voucher: { id: number; code: string } | null;
}

/**
 * Prices a basket at current prices. Refusals name what is wrong: an unknown product (400 on
 * `items.N.product_id`), an unavailable one (409 PRODUCT_UNAVAILABLE), a delivery without an address
 * (400 ADDRESS_REQUIRED), someone else's address (404), a voucher that is not the customer's own,
 * active, unexpired discount (400 VOUCHER_INVALID). `lockVoucher` takes the voucher's row lock (create).
 */
async function priceOrder(db: Database, ctx: ProviderContext, rules: MerchantRules, customerId: number, body: QuoteBody, lockVoucher: boolean): Promise<PricedOrder> {
  const products = await findProducts(db, body.items.map((i) => i.product_id));
  const unknown: Record<string, string> = {};
  body.items.forEach((item, n) => {
    if (!products.has(item.product_id)) unknown[`items.${n}.product_id`] = 'is not on the menu';
  });
  if (Object.keys(unknown).length) throw validation(unknown, 'Some items are not on the menu any more.');
  const lines = body.items.map((item, n) => {
    const p = products.get(item.product_id)!;
    if (!p.available) {
      throw new AppError('PRODUCT_UNAVAILABLE', `${p.name} is not available right now. Remove it to continue.`, { [`items.${n}.product_id`]: 'is not available' }, {
        product_id: p.id,
        name: p.name,
      });
    }
    return { product_id: p.id, name: p.name, price: p.price, qty: item.qty };
  });
  const subtotal = lines.reduce((s, l) => s + l.price * l.qty, 0);

  let address: OrderAddress | null = null;
  if (body.fulfilment === 'delivery') {
    if (body.address_id === undefined) {
      throw new AppError('ADDRESS_REQUIRED', 'Choose a delivery address, or switch to pickup.', { address_id: 'is required for delivery' });
    }
    const found = await findAddress(db, customerId, body.address_id);
    if (!found) throw notFound('Address');
    const { id: _id, is_default: _d, ...snapshot } = found;
    address = snapshot;
  }

  let discount = 0;
  let voucher: PricedOrder['voucher'] = null;
  if (body.voucher_id !== undefined) {
    const v = lockVoucher ? await lockCustomerVoucher(db, customerId, body.voucher_id) : await findCustomerVoucher(db, customerId, body.voucher_id);
    const invalid = (why: string) => new AppError('VOUCHER_INVALID', `This voucher cannot be used: it ${why}.`, { voucher_id: why });
    if (!v) throw invalid('is not one of your vouchers');
    if (v.status === 'used') throw invalid('has been used already');
    if (v.status !== 'active' || v.expires_at.getTime() <= ctx.clock.now().getTime()) throw invalid('has expired');
    if (v.discount_amount <= 0) throw invalid('is not a discount (show it at the counter instead)');
    discount = Math.min(v.discount_amount, subtotal);
    voucher = { id: v.id, code: v.code };
  }

  const deliveryFee = body.fulfilment === 'delivery' ? rules.delivery_fee : 0;
  const total = subtotal - discount + deliveryFee;
  return {
    lines,
    address,
    voucher,
    subtotal,
    discount,
    delivery_fee: deliveryFee,
    total,
    points_to_earn: pointsFor(total, rules),
    min_order: rules.min_order,
    below_minimum_by: Math.max(0, rules.min_order - subtotal),
  };
}

/** 1 point per `points_per_amount` minor units of the total after discount. */
export function pointsFor(total: number, rules: Pick<MerchantRules, 'points_per_amount'>): number {
  return rules.points_per_amount > 0 ? Math.floor(total / rules.points_per_amount) : 0;
}

export async function quoteOrder(ctx: ProviderContext, customerId: number, body: QuoteBody): Promise<QuoteData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const { lines: _l, address: _a, voucher: _v, ...quote } = await priceOrder(ctx.db, ctx, rules, customerId, body, false);
  return quote;
}

// ---------------------------------------------------------------------------------------------
// Creating an order
// ---------------------------------------------------------------------------------------------

// Crockford's base32: no I, L, O, U, so a number read over the phone is not misheard.
const NAME_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The merchant's initials and 8 random symbols (40 bits): KS-7F3K9Q2M. */
export function newOrderName(company: string): string {
  const initials = company
    .split(/\s+/)
    .map((w) => w.normalize('NFD').replace(/[^A-Za-z]/g, '').charAt(0).toUpperCase())
    .join('')
    .slice(0, 3);
  let code = '';
  for (let i = 0; i < 8; i++) code += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return `${initials.length >= 2 ? initials : 'OR'}-${code}`;
}

/**
 * Places an order once per idempotency key. Everything happens in the one transaction `idempotent`
 * gives: under the customer's row lock (so one customer's orders take turns on their balance) the
 * basket is priced, the voucher locked and marked used, the order, its lines and timeline written,
 * and then either the wallet is debited and the order paid (points and notifications included), or
 * a gateway payment is opened and its URL returned. Any refusal rolls all of it back.
 */
export async function createOrder(ctx: ProviderContext, customerId: number, body: OrderCreateBody): Promise<StoredAnswer<OrderCreateData>> {
  // paying online needs a payment gateway: without one, refused before anything is written (no
  // order, no payment, no stored answer); paying from the wallet works either way
  const gateway = body.payment_method === 'gateway' ? availableGateway(ctx) : null;
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const { rules } = merchant;
  return idempotent<OrderCreateData>(ctx.db, ctx.clock, { customerId, scope: 'order/create', key: body.idempotency_key, body }, async (trx) => {
    await lockCustomer(trx, customerId);
    const priced = await priceOrder(trx, ctx, rules, customerId, body, true);
    if (priced.below_minimum_by > 0) {
      const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
      throw new AppError('BELOW_MINIMUM', `The minimum order is ${money(rules.min_order)}. Add ${money(priced.below_minimum_by)} more to continue.`, { items: 'are below the minimum order' }, {
        min_order: rules.min_order,
        below_minimum_by: priced.below_minimum_by,
      });
    }
    const now = ctx.clock.now();
    // a zero total (a voucher covering a pickup order) needs no payment at all
    const payNow = body.payment_method === 'wallet' || priced.total === 0;

    let name = '';
    let inserted: OrderRow | null = null;
    for (let attempt = 0; attempt < 5 && inserted === null; attempt++) {
      name = newOrderName(merchant.settings.setting_company);
      inserted = await insertOrder(trx, {
        name,
        customerId,
        status: 'pending_payment',
        fulfilment: body.fulfilment,
        paymentMethod: body.payment_method,
        address: priced.address,
        subtotal: priced.subtotal,
        discount: priced.discount,
        deliveryFee: priced.delivery_fee,
        total: priced.total,
        voucherId: priced.voucher?.id ?? null,
        at: now,
        paidAt: null,
      });
    }
    if (inserted === null) throw new Error('could not draw a free order number');
    const orderId = inserted.id;
    await insertOrderItems(trx, orderId, priced.lines);
    if (priced.voucher) await markVoucherUsed(trx, priced.voucher.id, orderId, now);
    await insertOrderEvent(trx, orderId, 'pending_payment', now);

    if (payNow) {
      if (priced.total > 0) {
        await postWalletEntry(trx, ctx.clock, customerId, { type: 'order', amount: -priced.total, reason: `Order ${name}`, ref: `order:${name}` });
      }
      const [order] = await toOrders(trx, [await markOrderPaid(trx, ctx, merchant, inserted)]);
      return { status: 201, message: `Order ${name} is paid and confirmed.`, data: { order: order! } };
    }

    const paymentId = randomUUID();
    await insertPayment(trx, { id: paymentId, customerId, kind: 'order', amount: priced.total, orderId, at: now });
    // payment_method is 'gateway' here (a wallet order returned above), so `gateway` was checked
    const { paymentUrl } = await gateway!.createPayment({
      paymentId,
      amount: priced.total,
      currency: rules.currency,
      description: `Order ${name} at ${merchant.settings.setting_company}`,
      successPath: to.paymentSuccess(name),
      failPath: to.paymentFail(name),
    });
    // nothing has changed the new row since it was written
    const [order] = await toOrders(trx, [inserted]);
    return { status: 201, message: `Order ${name} is waiting for payment.`, data: { order: order!, payment_url: paymentUrl } };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading orders
// ---------------------------------------------------------------------------------------------

export async function listOrders(ctx: ProviderContext, customerId: number, page = 1): Promise<OrderListData> {
  const rows = await listCustomerOrders(ctx.db, customerId, ORDERS_PER_PAGE + 1, (page - 1) * ORDERS_PER_PAGE);
  const orders = await toOrders(ctx.db, rows.slice(0, ORDERS_PER_PAGE));
  return { orders, next_page: rows.length > ORDERS_PER_PAGE ? page + 1 : null };
}

/** One of the customer's own orders; anyone else's is answered as not found. */
export async function orderDetail(ctx: ProviderContext, customerId: number, name: string): Promise<Order> {
  const row = await findCustomerOrder(ctx.db, customerId, name);
  if (!row) throw notFound('Order');
  const [order] = await toOrders(ctx.db, [row]);
  return order!;
}

// ---------------------------------------------------------------------------------------------
// Status changes
// ---------------------------------------------------------------------------------------------


function statusNotice(order: OrderRow, to: OrderStatus, merchant: Merchant, extra = ''): { title: string; body: string } {
  const n = order.name;
  switch (to) {
    case 'paid':
      return { title: `Order ${n} confirmed`, body: `We received your payment of ${formatMoney(order.total, merchant.rules.currency, merchant.rules.locale)}. We will start on it shortly.` };
    case 'preparing':
      return { title: `Order ${n} is being prepared`, body: 'Our baristas and kitchen are working on your order.' };
    case 'ready':
      return order.fulfilment === 'pickup'
        ? { title: `Order ${n} is ready for pickup`, body: `Collect it at ${merchant.settings.pickup_address ?? 'the counter'}.` }
        : { title: `Order ${n} is ready`, body: 'It is packed and waiting for the rider.' };
    case 'on_delivery':
      return { title: `Order ${n} is on its way`, body: 'The rider has picked up your order.' };
    case 'completed':
      return { title: `Order ${n} completed`, body: 'Enjoy! Thank you for ordering with us.' };
    case 'cancelled':
      return { title: `Order ${n} cancelled`, body: `Your order was cancelled.${extra}` };
    default:
      return { title: `Order ${n} updated`, body: 'Your order has a new status.' };
  }
}

interface StatusChange {
  /** the timeline entry's note */
  note?: string | null;
  /** added to the customer's notification */
  extra?: string;
  /** other columns written with the status, in the same UPDATE */
  also?: { paid_at?: Date; points_earned?: number };
}

/**
 * Writes one status change: the order row, a timeline entry and the customer's notification. The
 * demo's next automatic step is scheduled while the order is still moving.
 */
async function applyStatus(trx: Database, ctx: ProviderContext, merchant: Merchant, order: OrderRow, to: OrderStatus, change: StatusChange = {}): Promise<OrderRow> {
  const { note = null, extra = '', also = {} } = change;
  const now = ctx.clock.now();
  const moving = ctx.demoOrderProgress && !isTerminal(to) && to !== 'pending_payment';
  const updated = await updateOrder(trx, order.id, {
    ...also,
    status: to,
    updated_at: now,
    next_auto_at: moving ? new Date(now.getTime() + merchant.rules.demo_step_seconds * SECOND) : null,
  });
  await insertOrderEvent(trx, order.id, to, now, note);
  await notify(trx, ctx.clock, order.customer_id, { type: 'order', ...statusNotice(order, to, merchant, extra), link: orderLink(order.name) });
  return updated;
}

/**
 * A pending order's payment arrived (wallet debit done, or the gateway's webhook): paid, points
 * credited (1 per points_per_amount of the total), notifications. Call inside the transaction that
 * took the money, with the order row locked. Returns the order row as it now is.
 */
export async function markOrderPaid(trx: Database, ctx: ProviderContext, merchant: Merchant, order: OrderRow): Promise<OrderRow> {
  const now = ctx.clock.now();
  const points = pointsFor(order.total, merchant.rules);
  const paid = await applyStatus(trx, ctx, merchant, order, 'paid', { also: { paid_at: now, points_earned: points } });
  if (points > 0) {
    await earnPoints(trx, ctx.clock, order.customer_id, points, { reason: `Order ${order.name}`, ref: `order:${order.name}` }, merchant.rules.points_expiry_days);
    await notify(trx, ctx.clock, order.customer_id, {
      type: 'points_earned',
      title: `You earned ${points} points`,
      body: `For order ${order.name}. They are valid for ${merchant.rules.points_expiry_days} days.`,
      link: paths.profilePoint,
    });
  }
  return paid;
}

/**
 * Cancels an order. A paid one is refunded in full to the wallet (whatever paid it) and its points
 * are taken back as far as the balance allows; the voucher it used is released either way.
 */
async function cancelOrder(trx: Database, ctx: ProviderContext, merchant: Merchant, order: OrderRow, note: string | null): Promise<OrderRow> {
  let extra = '';
  if (order.status !== 'pending_payment') {
    if (order.total > 0) {
      await postWalletEntry(trx, ctx.clock, order.customer_id, { type: 'refund', amount: order.total, reason: `Refund for order ${order.name}`, ref: `order:${order.name}` });
      extra = ` ${formatMoney(order.total, merchant.rules.currency, merchant.rules.locale)} is back in your wallet.`;
    }
    if (order.points_earned > 0) {
      await adjustPoints(trx, ctx.clock, order.customer_id, -order.points_earned, {
        reason: `Order ${order.name} cancelled`,
        ref: `order:${order.name}`,
        lotRef: `order:${order.name}`,
      });
    }
  }
  if (order.voucher_id !== null) {
    await releaseVoucher(trx, order.voucher_id, ctx.clock.now());
    extra += ' Your voucher can be used again.';
  }
  return applyStatus(trx, ctx, merchant, order, 'cancelled', { note, extra });
}

export type MerchantOrderStatusBody = z.infer<typeof merchantOrderStatusBody>;

/**
 * The merchant moves an order along its lifecycle (or cancels it). `paid` is never set by hand:
 * only a payment makes an order paid.
 */
export async function merchantSetStatus(ctx: ProviderContext, body: MerchantOrderStatusBody): Promise<Order> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderByName(trx, body.name);
    if (!order) throw notFound('Order');
    const from = order.status as OrderStatus;
    const allowed: OrderStatus[] = nextStatuses(from, order.fulfilment).filter((s) => s !== 'paid');
    if (!allowed.includes(body.status)) {
      throw new AppError(
        'INVALID_TRANSITION',
        body.status === 'paid' ? 'An order becomes paid only when its payment succeeds.' : `An order that is ${from.replace('_', ' ')} cannot become ${body.status.replace('_', ' ')}.`,
        { status: allowed.length ? `must be one of ${allowed.join(', ')}` : 'the order cannot change any more' },
        { from, to: body.status, allowed },
      );
    }
    const note = body.note?.trim() || null;
    const updated = body.status === 'cancelled' ? await cancelOrder(trx, ctx, merchant, order, note) : await applyStatus(trx, ctx, merchant, order, body.status, { note });
    const [answer] = await toOrders(trx, [updated]);
    return answer!;
  });
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

// ---------------------------------------------------------------------------------------------
// Gateway payment results (called by the webhook, inside its transaction)
// ---------------------------------------------------------------------------------------------

/**
 * The gateway took the money for an order. A pending order becomes paid; if it was cancelled in
 * the meantime the money is not lost: it goes to the customer's wallet.
 */
export async function orderPaymentSucceeded(trx: Database, ctx: ProviderContext, payment: PaymentRow): Promise<void> {
  const merchant = await getMerchant(trx, ctx.merchantId);
  if (!(await settlePayment(trx, payment.id, 'paid', ctx.clock.now()))) return;
  const order = payment.order_id !== null ? await lockOrderById(trx, payment.order_id) : undefined;
  if (order && order.status === 'pending_payment') {
    await markOrderPaid(trx, ctx, merchant, order);
    return;
  }
  const label = order ? `order ${order.name}` : 'a cancelled order';
  await postWalletEntry(trx, ctx.clock, payment.customer_id, { type: 'refund', amount: payment.amount, reason: `Payment for ${label}, which was cancelled`, ref: `payment:${payment.id}` });
  await notify(trx, ctx.clock, payment.customer_id, {
    type: 'order',
    title: 'Payment moved to your wallet',
    body: `Your payment of ${formatMoney(payment.amount, merchant.rules.currency, merchant.rules.locale)} arrived after ${label} was cancelled, so it is in your wallet.`,
    link: order ? orderLink(order.name) : paths.profileWallet,
  });
}

/** The gateway declined an order's payment: the pending order is cancelled and its voucher released. */
export async function orderPaymentFailed(trx: Database, ctx: ProviderContext, payment: PaymentRow): Promise<void> {
  const merchant = await getMerchant(trx, ctx.merchantId);
  if (!(await settlePayment(trx, payment.id, 'failed', ctx.clock.now()))) return;
  const order = payment.order_id !== null ? await lockOrderById(trx, payment.order_id) : undefined;
  if (order && order.status === 'pending_payment') await cancelOrder(trx, ctx, merchant, order, 'Payment declined');
}
