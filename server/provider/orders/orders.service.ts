import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Order, OrderCreateBody, OrderCreateData, OrderListData, OrderStatus, ReorderData } from '#contract';
import { formatMoney } from '#contract/money';
import { to } from '#contract/routes';
import { reorderOf } from '#contract/reorder-rules';
import type { ProviderContext } from '../context';
import { AppError, notFound, said } from '../http/errors';
import type { Database } from '../../db';
import { recipientLanguage, sayIn } from '../i18n/translate';
import { deviceWrite, type Sighting } from '../http/device';
import { getMerchant, type Merchant, type MerchantRules } from '../settings/settings.service';
import { availablePayments, type PaymentStarter } from '../payment-port';
import { insufficientBalance, walletEntryWrites } from '../wallet/wallet.ledger';
import {
  findCustomerOrder,
  insertOrder,
  listCustomerOrders,
  markVoucherUsed,
  orderOf,
  withOptions,
  withWalletDebit,
  type NewLine,
  type NewOrder,
  type OrderRow,
  type OrderWrites,
} from './orders.repo';
import { assertTakingOrders, takePickupSlot } from '../locations/ordering';
import type { WithSlot } from '../locations/locations.repo';
import type { OnceKey, StoredAnswer } from '../http/idempotency';
import { assertCounterAllowed, priceOrder, quoteOf, type PricedOrder } from './pricing';
import { recordUses } from '../loyalty/loyalty.earn';
import { paidColumns, paidOrderWrites, type PaidWritten } from './lifecycle';
import { assertUnpaidRoom, holdEnd, UNPAID_HOLD_MINUTES } from './holds';
import { withClaimOffers } from './claim';
import { recordPromoUse, screenPromoCode } from '../offers/promo-codes';
import { readCatalog } from '../shop/shop.service';
import { emitEvents, giftSpentEvent, voucherUsedEvent, type WebhookEvent } from '../events/events.service';
import { errors } from '../i18n/errors';

/**
 * Orders as the customer places and reads them. Pricing is in pricing.ts, status changes and their
 * notices in lifecycle.ts; a gateway payment's result is settled by payments/ (order-payments.ts).
 */

export const ORDERS_PER_PAGE = 10;

// ---------------------------------------------------------------------------------------------
// Creating an order
// ---------------------------------------------------------------------------------------------

// Crockford's base32: no I, L, O, U, so a number read over the phone is not misheard.
const NAME_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The merchant's initials and 8 random symbols (40 bits): KS-7F3K9Q2M. */
export function newOrderName(company: string): string {
  const initials = company
    .split(/\s+/)
    .map((w) =>
      w
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .charAt(0)
        .toUpperCase(),
    )
    .join('')
    .slice(0, 3);
  let code = '';
  for (let i = 0; i < 8; i++) code += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return `${initials.length >= 2 ? initials : 'OR'}-${code}`;
}

/** What an order needs before its transaction: the payment gateway (when paid online) and the merchant. */
export interface OrderSetup {
  payments: PaymentStarter | null;
  merchant: Merchant;
  /** a guest's order (tables/guests.ts): the guest's first name; it earns nothing until a member claims it */
  guestName?: string | null;
}

/**
 * Paying online needs a payment gateway: without one, the order is refused before anything is written
 * (no order, no payment, no stored answer); paying from the wallet works either way. A promo code is
 * screened here (offers/promo-codes.ts screenPromoCode: the limit on guessing, an unknown code).
 */
export async function orderSetup(ctx: ProviderContext, customerId: number, body: OrderCreateBody, clientKey: string): Promise<OrderSetup> {
  const payments = body.payment_method === 'gateway' ? availablePayments(ctx) : null;
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  // at the counter: a table order, when the owner allows it (refused before anything is written)
  assertCounterAllowed(merchant.rules, body);
  // a code's guesses limited, and an unknown one refused, before the order's transaction (its count is its own)
  if (body.promo_code !== undefined) await screenPromoCode(ctx, merchant.rules, { customerId, clientKey }, body.promo_code);
  return { payments, merchant };
}

/** The order as the customer saw it: the total they were shown (409 PRICE_CHANGED with the new quote), and at least the minimum order. */
function assertPricedAsSeen(priced: PricedOrder, body: OrderCreateBody, rules: MerchantRules): void {
  if (body.expected_total !== undefined && priced.total !== body.expected_total) {
    const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
    throw new AppError(
      'PRICE_CHANGED',
      said(errors.priceChanged, { total: money(priced.total), expected: money(body.expected_total) }),
      { expected_total: `is now ${money(priced.total)}` },
      quoteOf(priced),
    );
  }
  if (priced.below_minimum_by > 0) {
    const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
    throw new AppError(
      'BELOW_MINIMUM',
      said(errors.belowMinimum, { minimum: money(priced.min_order), missing: money(priced.below_minimum_by) }),
      { items: 'are below the minimum order' },
      {
        min_order: priced.min_order,
        below_minimum_by: priced.below_minimum_by,
      },
    );
  }
}

/**
 * The order written under a new order number (drawn again, up to 5 times, when one is taken), with the
 * writes `attempt` gives for that number (nothing of which is written when the number was taken).
 */
async function insertUnderFreshName<X extends object>(
  trx: Database,
  company: string,
  attempt: (name: string) => { row: NewOrder; also?: OrderWrites },
  lines: NewLine[],
  timeline: OrderStatus[],
  alongside: Parameters<typeof insertOrder>[4],
): Promise<OrderRow & X> {
  for (let n = 0; n < 5; n++) {
    const { row, also } = attempt(newOrderName(company));
    const inserted = await insertOrder<X>(trx, row, lines, timeline, alongside, also);
    if (inserted !== null) return inserted;
  }
  throw new Error('could not draw a free order number');
}

/** The order's row under `name`: paid at once (`paid`, paidColumns) or waiting for its payment. */
function newOrderRow(
  name: string,
  customerId: number,
  body: OrderCreateBody,
  priced: PricedOrder,
  paid: ReturnType<typeof paidColumns> | null,
  now: Date,
  guestName: string | null,
): NewOrder {
  const atCounter = body.payment_method === 'counter';
  return {
    name,
    customerId,
    status: paid ? paid.status : atCounter ? 'preparing' : 'pending_payment',
    fulfilment: body.fulfilment,
    paymentMethod: body.payment_method,
    address: priced.address,
    subtotal: priced.subtotal,
    discount: priced.discount,
    deliveryFee: priced.delivery_fee,
    total: priced.total,
    tip: priced.tip ?? 0,
    taxes: priced.taxes ?? null,
    pointsToEarn: priced.points_to_earn,
    pointsBreakdown: priced.points_breakdown,
    voucherId: priced.voucher?.id ?? null,
    offer: priced.promo ? { id: priced.promo.id, code: priced.promo.code, title: priced.promo.title, discount: priced.promo.discount } : null,
    locationId: priced.location.id,
    // a pickup's slot is taken last (placeOrder), and written with it
    pickupAt: null,
    tableLabel: priced.table_label,
    guestName,
    // a counter order holds nothing: it is made at once and paid at the till
    holdUntil: paid || atCounter ? null : holdEnd(now),
    at: now,
    paidAt: paid ? paid.paid_at : null,
    ...(paid ? { pointsEarned: paid.points_earned, nextAutoAt: paid.next_auto_at } : {}),
  };
}

/** The webhooks an order placed tells beside order.created: voucher.used, gift_card.spent. */
function orderEvents(o: OrderRow & PaidWritten, priced: PricedOrder, customerId: number, now: Date): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  const v = priced.voucher;
  if (v)
    events.push(
      voucherUsedEvent(
        { voucher_id: v.id, customer_id: customerId, reward: v.reward, title: v.title, used_on: 'order', order: o.name, location_id: o.location_id },
        now,
      ),
    );
  // the wallet's debit answers its gift money part (≤ 0): none for a gateway order or one without gift money
  const gift = -Number(o.gift_amount ?? 0);
  if (gift > 0) events.push(giftSpentEvent({ customer_id: customerId, amount: gift, order: o.name }, now));
  return events;
}

/** A placed order's answer, from what its transaction wrote (toOrders would read it all back). */
function placedAnswer(o: OrderRow, priced: PricedOrder, timeline: OrderStatus[], now: Date): Order {
  const { location } = priced;
  return orderOf(o, {
    items: priced.lines.map((l) => ({
      product_id: l.product_id,
      name: l.name,
      price: l.price,
      qty: l.qty,
      ...(l.image ? { image: l.image } : {}),
      ...withOptions(l.options.map((o) => ({ group: o.group, name: o.name, price_delta: o.price_delta }))),
    })),
    voucherCode: priced.voucher?.code ?? null,
    location: { id: location.id, name: location.name, address: location.address },
    timeline: timeline.map((status) => ({ status, at: now.toISOString(), note: null })),
  });
}

/**
 * Places an order (run once per idempotency key, in its transaction `trx`): under the customer's row
 * lock (so one customer's orders take turns on their balance) the basket is priced, the voucher locked
 * and marked used, the order, its lines and timeline written, what the client was seen with (`device`:
 * its device cookie, address and user agent, as hashes) recorded, then either the wallet is debited and the order paid (points and notifications
 * included), or a gateway payment is started and its URL returned; a pickup's slot is taken last before
 * the gateway's page. An unpaid order holds its slot and voucher for a short time, and a customer has
 * only a few unpaid at once (holds.ts). Any refusal rolls all of it back. `store`: the call's idempotency key and its
 * answer's envelope, so that a paid pickup order stores its answer in the slot's statement (its last).
 */
export async function placeOrder(
  trx: Database,
  ctx: ProviderContext,
  setup: OrderSetup,
  customerId: number,
  body: OrderCreateBody,
  device: readonly Sighting[],
  store?: { key: OnceKey; envelope: (data: OrderCreateData, message: string) => StoredAnswer<OrderCreateData> },
): Promise<{ message: string; data: OrderCreateData }> {
  const { payments, merchant } = setup;
  const { rules } = merchant;
  // the customer's row locked first, in pricing's first statement (with the products)
  const priced = await priceOrder(trx, ctx, rules, customerId, body, true);
  const now = ctx.clock.now();
  const { location } = priced;
  // closed or paused: refused here, never at the quote (the app still shows prices); orders in flight go on;
  // closed, a pickup for a chosen time is taken ahead
  assertTakingOrders(
    location,
    { name: priced.locations.single ? merchant.settings.setting_company : location.name, single: priced.locations.single },
    rules,
    now,
    priced.asked_slot,
  );
  assertPricedAsSeen(priced, body, rules);
  // a zero total (a voucher covering a pickup order) needs no payment at all: written paid at once
  const payNow = body.payment_method === 'wallet' || priced.total === 0;
  const paid = payNow ? paidColumns(ctx, merchant, { ...priced, guest_name: setup.guestName ?? null }, now) : null;
  // waiting for payment: a few at once per customer (counted under the customer's row lock, taken by
  // pricing), each holding its slot and voucher for a short time (holds.ts)
  // paid at the counter (issue 54): made at once, not paid until staff mark it paid (lifecycle.ts markCounterPaid)
  const atCounter = !paid && body.payment_method === 'counter';
  if (!paid && !atCounter) await assertUnpaidRoom(trx, customerId, now);

  // its timeline: placed, and paid with it when paid at once (or straight to the kitchen, to be paid at the counter)
  const timeline: OrderStatus[] = paid ? ['pending_payment', 'paid'] : atCounter ? ['pending_payment', 'preparing'] : ['pending_payment'];
  // the device it was ordered on, for referrals' self-referral check (which also has the devices of
  // sign-up and sign-in), written by the order's statement, under the customer's row lock. Before it, the
  // row's foreign-key share lock, taken by two orders of one customer at once, deadlocked their updates.
  const devices = deviceWrite(trx, customerId, device, now);
  // paid at once: what paying writes (the wallet debited, points pending, notices; paidOrderWrites) goes
  // in the order's own statement, and what follows it once the statement ran (its notices in the customer's language)
  const effects: { after?: ReturnType<typeof paidOrderWrites>['after'] } = {};
  const say = paid ? sayIn(recipientLanguage(priced.customer_language, merchant.rules)) : null;
  const paying = { customer_id: customerId, total: priced.total, fulfilment: body.fulfilment, points_breakdown: priced.points_breakdown };
  const inserted = await insertUnderFreshName<PaidWritten>(
    trx,
    merchant.settings.setting_company,
    (name) => {
      const row = newOrderRow(name, customerId, body, priced, paid, now, setup.guestName ?? null);
      if (!paid) return { row };
      const writes = paidOrderWrites(trx, ctx, merchant, { ...paying, name, points_earned: paid.points_earned }, say!);
      effects.after = writes.after;
      if (priced.total === 0) return { row, also: writes };
      const wallet = walletEntryWrites(ctx.clock, customerId, { type: 'order', amount: -priced.total, reason: `Order ${name}`, ref: `order:${name}` }, 'o');
      return { row, also: withWalletDebit(wallet, writes) };
    },
    priced.lines,
    timeline,
    devices,
  );
  const { name } = inserted;
  const orderId = inserted.id;
  if (payNow && priced.total > 0 && inserted.balance_after === null) await insufficientBalance(trx, customerId, -priced.total);
  // the earning rules that applied: what their limits count from now on (a cancellation deletes them)
  await recordUses(trx, customerId, { order_id: orderId }, priced.earning, now);
  if (priced.voucher) await markVoucherUsed(trx, priced.voucher.id, orderId, now);
  // its voucher and the gift money it took, told in one statement (none when it has neither)
  await emitEvents(trx, orderEvents(inserted, priced, customerId, now));
  // the promo code's use, counted under the offer's row lock pricing took (its uses, budget, the customer's own)
  if (priced.promo) await recordPromoUse(trx, priced.promo, { id: orderId, customer_id: customerId }, now);
  // what paying does after its writes: the referral, the notices' pushes
  await effects.after?.(inserted);
  // the answer, from what this transaction wrote (toOrders would read it all back)
  const answerOf = (o: OrderRow) => placedAnswer(o, priced, timeline, now);
  const paidMessage = `Order ${name} is paid and confirmed.`;
  let order = inserted;
  if (body.fulfilment === 'pickup') {
    // the slot's place, in this transaction, after every other write and before the gateway's page: every
    // pickup order at the location wants the same first slot, and its row stays locked until commit. A
    // paid order's answer is stored in the same statement, its pickup time filled in there, so only the
    // commit follows the lock
    const storing = payNow ? store : undefined;
    const also = storing ? answerWithSlot(trx, storing.key, storing.envelope({ order: answerOf(inserted) }, paidMessage)) : undefined;
    order = { ...inserted, pickup_at: await takePickupSlot(trx, location, rules, now, priced.asked_slot, { orderId, also }) };
    storing?.key.stored();
  }
  const answer = answerOf(order);
  if (payNow) return { message: paidMessage, data: { order: answer } };
  if (atCounter) {
    const due = formatMoney(priced.total, rules.currency, rules.locale);
    return { message: `Order ${name} is on its way to the kitchen. Pay ${due} at the counter.`, data: { order: answer } };
  }

  // payment_method is 'gateway' here (a wallet order returned above), so `payments` was checked
  const { paymentUrl } = await payments!.start(trx, {
    id: randomUUID(),
    customerId,
    kind: 'order',
    orderId,
    amount: priced.total,
    currency: rules.currency,
    description: `Order ${name} at ${merchant.settings.setting_company}`,
    successPath: to.paymentSuccess(name),
    failPath: to.paymentFail(name),
    // the payment page closes with the hold where the gateway allows (Stripe: 30 minutes at the least)
    expiresInSeconds: UNPAID_HOLD_MINUTES * 60,
    at: now,
  });
  // nothing has changed the new row since it was written
  return { message: `Order ${name} is waiting for payment.`, data: { order: answer, payment_url: paymentUrl } };
}

/**
 * A paid pickup order's answer (`stored`, written before its slot is known: no pickup time) stored as
 * the key's, with the slot the same statement takes as its pickup time, in the ISO form the answer
 * gives it (toISOString's): written only when a slot was taken.
 */
function answerWithSlot(trx: Database, key: OnceKey, stored: StoredAnswer<OrderCreateData>): WithSlot {
  return (slotAt) =>
    key
      .storing(
        trx,
        stored.status,
        sql<string>`jsonb_set(${JSON.stringify(stored)}::jsonb, '{data,order,pickup_at}', to_jsonb(to_char(${slotAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`,
      )
      .where(sql<boolean>`${slotAt} is not null`);
}

// ---------------------------------------------------------------------------------------------
// Reading orders
// ---------------------------------------------------------------------------------------------

export async function listOrders(ctx: ProviderContext, customerId: number, page = 1): Promise<OrderListData> {
  const rows = await listCustomerOrders(ctx.db, customerId, ORDERS_PER_PAGE + 1, (page - 1) * ORDERS_PER_PAGE);
  const orders = await withClaimOffers(ctx, ctx.db, rows.slice(0, ORDERS_PER_PAGE));
  return { orders, next_page: rows.length > ORDERS_PER_PAGE ? page + 1 : null };
}

/** One of the customer's own orders; anyone else's is answered as not found. */
export async function orderDetail(ctx: ProviderContext, customerId: number, name: string): Promise<Order> {
  const row = await findCustomerOrder(ctx.db, customerId, name);
  if (!row) throw notFound('Order');
  // a guest's paid order: with its offer to join and claim its points (claim.ts)
  const [order] = await withClaimOffers(ctx, ctx.db, [row]);
  return order!;
}

/** "Order again" (issue 51): the order's lines on the menu customers see now (its cached copy), what changed named. */
export async function orderAgain(ctx: ProviderContext, customerId: number, name: string): Promise<ReorderData> {
  const [order, { data: catalog }] = await Promise.all([orderDetail(ctx, customerId, name), readCatalog(ctx)]);
  const products = new Map(catalog.categories.flatMap((c) => c.products).map((p) => [p.id, p]));
  return reorderOf(order.items, products);
}
