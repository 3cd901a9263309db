import type { Language } from '#contract/languages';
import { sql } from 'kysely';
import type { QuoteBody, QuoteData } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation, said, type Words } from '../http/errors';
import { findAddress } from '../addresses/addresses.repo';
import { findProducts, holdOptionGroups, optionGroupsFrom, optionGroupsJson, productMap, productsQuery, type OrderedProduct } from '../shop/shop.repo';
import { getMerchant, type MerchantRules } from '../settings/settings.service';
import { holdLocation, type LocationRow } from '../locations/locations.repo';
import { cartPrep } from '../locations/hours';
import { pointsFor, saleEarning, type SaleEarning } from '../loyalty/loyalty.earn';
import type { RuleRow } from '../loyalty/loyalty.repo';
import {
  areaTerms,
  askedSlot,
  assertSoldAt,
  assertTakesTableOrders,
  deliveringLocation,
  effectiveTimezone,
  pickupLocation,
  quotedSlot,
  shopLocationsHolding,
  withPrep,
  type Locations,
} from '../locations/ordering';
import { findCustomerVoucher, lockCustomerVoucher, pricingFactsRows, type OrderAddress } from './orders.repo';
import { lineChoices, type ChosenOption } from './line-options';
import { voucherAtCheckout, type FreeItem } from './reward-lines';
import { applyPromoCode, screenPromoCode, type AppliedPromo } from '../offers/promo-codes';
import { automaticOffersOf, type OfferAtCheckout } from '../offers/offers.repo';
import { tipProblem } from '#contract/tips-rules';
import { orderTable } from '../tables/tables.service';
import { orderTaxes } from '#contract/tax-rules';
import { errors } from '../i18n/errors';

/** Pricing: a basket at current prices, its voucher discount, delivery fee, total and points to earn. */

export interface PricedOrder extends QuoteData {
  /** `price`: one's price, its options' deltas included */
  lines: Array<{ product_id: number; name: string; price: number; qty: number; options: ChosenOption[]; image: string }>;
  address: OrderAddress | null;
  /** the voucher used, with its reward's slug and title (voucher.used's webhook) */
  voucher: { id: number; code: string; reward: string; title: string } | null;
  /**
   * the location that makes it (in an order's transaction: held until commit, see holdLocation), its
   * preparation time the cart's (locations/ordering.ts withPrep): the pickup slot is taken with it
   */
  location: LocationRow;
  locations: Locations;
  /** pickup: the slot asked for (null: as soon as possible); for order/create to take */
  asked_slot: Date | null;
  /** dine-in: the table's label (null otherwise) */
  table_label: string | null;
  /** the customer's chosen language (null: none), read with the pricing facts, for what an order paid at once says */
  customer_language: Language | null;
  /** what the earning rules gave (points_to_earn and points_breakdown), for order/create to record their uses */
  earning: SaleEarning;
  /** the offer `promo_code` applies (its discount is part of `discount`), for order/create to record its use */
  promo: AppliedPromo | null;
}

/**
 * The voucher chosen, at checkout: its discount, or the free item it makes of a line (a product reward
 * takes one of it out of the basket when it is there, reward-lines.ts; a free line added to `lines`
 * otherwise). In an order's transaction the voucher is locked. 400 VOUCHER_INVALID when it cannot be used.
 */
async function voucherEffect(
  db: Database,
  customerId: number,
  voucherId: number | undefined,
  lines: Parameters<typeof voucherAtCheckout>[2],
  now: Date,
  lockVoucher: boolean,
) {
  if (voucherId === undefined) return { discount: 0, freeItem: null, freeProduct: null, voucher: null };
  const v = lockVoucher ? await lockCustomerVoucher(db, customerId, voucherId) : await findCustomerVoucher(db, customerId, voucherId);
  const invalid = (why: string, words: Words = `This voucher cannot be used: it ${why}.`) => new AppError('VOUCHER_INVALID', words, { voucher_id: why });
  if (!v) throw invalid('is not one of your vouchers', errors.voucherNotYours);
  if (v.status === 'used') throw invalid('has been used already', errors.voucherUsed);
  if (v.status !== 'active' || v.expires_at.getTime() <= now.getTime()) throw invalid('has expired', errors.voucherExpired);
  const effect = await voucherAtCheckout(db, v, lines, invalid);
  if (effect.line) lines.push(effect.line);
  return {
    discount: effect.discount,
    freeItem: effect.free as FreeItem | null,
    freeProduct: effect.product,
    voucher: { id: v.id, code: v.code, reward: v.name, title: v.title } as PricedOrder['voucher'],
  };
}

/**
 * Prices a basket at current prices, at the location that makes it (locations/ordering.ts): for pickup
 * the one asked for or the first, for delivery the first whose area holds the address (its fee and
 * minimum order). Refusals name what is wrong: an unknown product (400 on `items.N.product_id`), an
 * unavailable one or one the location does not sell (409 PRODUCT_UNAVAILABLE), a delivery without an
 * address (400 ADDRESS_REQUIRED), someone else's address (404), an address outside every delivery area
 * (409 OUTSIDE_DELIVERY_AREA), a pickup time not among the location's slots (400 on `pickup_at`), a
 * voucher that is not the customer's own, active, unexpired discount (400 VOUCHER_INVALID), a promo code
 * that does not apply (400 PROMO_CODE_INVALID, offers/promo-codes.ts: its discount is taken after the
 * voucher's, in an order under the offer's row lock, taken after the customer's; points are earned on the
 * total after both, or after the voucher's alone when the offer says so: `points_on_discounted` false).
 * `lockVoucher` is order/create: the customer's, the voucher's and the offer's row locks are taken and
 * the location held; the pickup slot is not looked up (placeOrder takes it). A quote answers the slot it
 * would take.
 */
export async function priceOrder(
  db: Database,
  ctx: ProviderContext,
  rules: MerchantRules,
  customerId: number,
  body: QuoteBody,
  lockVoucher: boolean,
): Promise<PricedOrder> {
  // in an order's transaction: a price or option change commits before these reads or waits for the order
  // (the products held as they are read, then their option groups)
  const ids = body.items.map((i) => i.product_id);
  const products = lockVoucher ? await lockCustomerHoldingProducts(db, customerId, ids) : await findProducts(db, ids);
  const unknown: Record<string, string> = {};
  body.items.forEach((item, n) => {
    if (!products.has(item.product_id)) unknown[`items.${n}.product_id`] = 'is not on the menu';
  });
  if (Object.keys(unknown).length) throw validation(unknown, errors.notOnMenu);
  // held in an order: products without option groups have no options to read
  const grouped = lockVoucher ? (await holdOptionGroups(db, ids)).length > 0 : true;
  // one statement: the lines' options, the locations and, for an order's pickup, the one that makes it
  // held (share: no pause or change of it commits before the order does), as it is once held; the
  // options were held above, so reading them here sees what reading them first saw
  // dine-in: the table's location, from its signed code (never the client's location_id)
  const table = body.fulfilment === 'dine_in' ? await dineInTable(db, ctx, rules, body.table_code) : null;
  const pickupHold = !lockVoucher ? null : table ? table.locationId : body.fulfilment === 'pickup' ? (body.location_id ?? 'first') : null;
  const read = await shopLocationsHolding(db, pickupHold, grouped ? optionGroupsJson(db, ids) : null);
  const choices = await lineChoices(db, body.items, products, grouped ? optionGroupsFrom(read.alongside) : new Map());
  const lines = body.items.map((item, n) => {
    const p = products.get(item.product_id)!;
    if (!p.available) {
      throw new AppError(
        'PRODUCT_UNAVAILABLE',
        said(errors.productUnavailable, { name: p.name }),
        { [`items.${n}.product_id`]: 'is not available' },
        {
          product_id: p.id,
          name: p.name,
        },
      );
    }
    return { product_id: p.id, name: p.name, price: p.price + choices[n]!.delta, qty: item.qty, options: choices[n]!.options, image: p.image };
  });

  const { locations } = read;
  const { chosen, address, terms } = await whereMade(db, customerId, body, rules, locations, table);
  // in an order's transaction: held, so no pause or change of the location commits before the order does
  // (a pickup's was held with the list; a delivery's is known once the address is read)
  const location = !lockVoucher ? chosen : pickupHold !== null && read.held?.id === chosen.id ? read.held : await holdLocation(db, chosen.id);
  // (removed since it was read: a shop has at least one location, so there were several)
  if (!location) throw notFound('Location');
  // one statement, after the hold: what the location does not sell, the customer's tier and the earning
  // rules (plain reads: under the customer's row lock, as the earning reads them)
  const now = ctx.clock.now();
  const facts = await pricingFacts(db, location.id, customerId, now);
  assertSoldAt(locations, location, facts.notSold, lines);
  const { discount: voucherDiscount, freeItem, freeProduct, voucher } = await voucherEffect(db, customerId, body.voucher_id, lines, now, lockVoucher);
  // a reward's free item is made with the rest: its preparation time counts
  const made = freeProduct ? [...products.values(), freeProduct] : [...products.values()];
  const { forCart, asked, pickupAt } = await pickupTimes(db, rules, location, made, body, now, lockVoucher);

  // what was bought (a voucher's free item is not), with its category, for the earning rules
  const paidLines = lines.filter((l) => l.price > 0);
  const subtotal = paidLines.reduce((s, l) => s + l.price * l.qty, 0);
  const sold = paidLines.map(({ product_id, price, qty }) => ({ product_id, category_id: products.get(product_id)!.category_id, price, qty }));
  const timeZone = effectiveTimezone(location, rules.timezone);
  const basket = { subtotal, lines: sold, voucherDiscount, hasVoucher: voucher !== null, locationId: location.id, fulfilment: body.fulfilment, now, timeZone };
  const promo = await applyPromoCode(db, rules, customerId, body.promo_code, basket, lockVoucher, facts.automatic);
  const discount = voucherDiscount + (promo?.discount ?? 0);
  const { deliveryFee, beforeTip, total, parts } = withTipAndTaxes(rules, { subtotal, discount, deliveryFee: terms.fee }, body.tip);
  // the earning rules, in the location's zone; in an order's transaction under the customer's row lock
  // (placeOrder), so the uses a limit counts cannot change before this order records its own
  const earning = await saleEarning(db, {
    customerId,
    base: pointsFor(promo && !promo.points_on_discounted ? beforeTip + promo.discount : beforeTip, deliveryFee, rules),
    points_per_amount: rules.points_per_amount,
    lines: sold,
    at: now,
    timeZone,
    order: true,
    // the customer's tier's multiplier, the breakdown's last part
    tier: facts.tier,
    rules: facts.rules,
  });
  return {
    lines,
    address,
    voucher,
    location: forCart,
    locations,
    asked_slot: asked,
    table_label: table?.label ?? null,
    // the customer's chosen language, read with the pricing facts: what an order paid at once says to them
    customer_language: facts.language,
    subtotal,
    discount,
    delivery_fee: deliveryFee,
    total,
    points_to_earn: earning.total,
    points_breakdown: earning.parts,
    earning,
    promo,
    min_order: terms.min_order,
    below_minimum_by: Math.max(0, terms.min_order - subtotal),
    location_id: location.id,
    pickup_at: pickupAt ? pickupAt.toISOString() : null,
    // only when a voucher makes something free: a quote without one is as it always was
    ...(freeItem ? { free_item: freeItem } : {}),
    ...parts,
  };
}

/**
 * A pickup's times for the cart (issue 54): its slots start after its longest product's preparation time
 * (a reward's free item's included) when longer than the location's (hours.ts cartPrep). The slot asked for (askedSlot: one too early for
 * the cart says so), the one a quote answers (order/create takes its own), and the location as it makes
 * the cart (withPrep), with which placeOrder takes the slot.
 */
async function pickupTimes(
  db: Database,
  rules: MerchantRules,
  location: LocationRow,
  products: OrderedProduct[],
  body: QuoteBody,
  now: Date,
  lockVoucher: boolean,
): Promise<{ forCart: LocationRow; asked: Date | null; pickupAt: Date | null }> {
  const prep = cartPrep(location.prep_minutes, products);
  const forCart = withPrep(location, prep);
  if (body.fulfilment !== 'pickup') return { forCart, asked: null, pickupAt: null };
  const asked = askedSlot(location, rules, now, body.pickup_at, prep);
  return { forCart, asked, pickupAt: lockVoucher ? asked : await quotedSlot(db, forCart, rules, now, asked) };
}

/**
 * The location that makes an order, with a delivery's address (its snapshot) and terms: for delivery
 * the first whose area holds the address (its fee and minimum), for dine-in the table's, for pickup the
 * one asked for or the first.
 */
async function whereMade(
  db: Database,
  customerId: number,
  body: QuoteBody,
  rules: MerchantRules,
  locations: Locations,
  table: { locationId: number } | null,
): Promise<{ chosen: LocationRow; address: OrderAddress | null; terms: { fee: number; min_order: number } }> {
  const terms = { fee: 0, min_order: rules.min_order };
  if (body.fulfilment === 'delivery') {
    if (body.address_id === undefined) {
      throw new AppError('ADDRESS_REQUIRED', errors.addressRequired, { address_id: 'is required for delivery' });
    }
    const found = await findAddress(db, customerId, body.address_id);
    if (!found) throw notFound('Address');
    const { id: _id, is_default: _d, ...snapshot } = found;
    const delivering = deliveringLocation(locations, found);
    return { chosen: delivering.location, address: snapshot, terms: areaTerms(delivering.area, rules) };
  }
  if (table) {
    const at = locations.all.find((l) => l.id === table.locationId);
    if (!at) throw notFound('Location');
    return { chosen: at, address: null, terms };
  }
  return { chosen: pickupLocation(locations, body.location_id), address: null, terms };
}

/**
 * A dine-in order's table (issue 54): the shop must take orders at the table (locations/ordering.ts
 * assertTakesTableOrders), and the code must name a table that is there and on (tables/: 404 on
 * `table_code`). No delivery fee and no slot: made as soon as possible at the table's location.
 */
async function dineInTable(db: Database, ctx: ProviderContext, rules: MerchantRules, code: string | undefined) {
  assertTakesTableOrders(rules);
  return orderTable(db, ctx.secret, code);
}

/**
 * The total with the tip asked for on top (issue 51), after every discount, and the shop's taxes: the tip
 * is never discounted nor taxed, and earns nothing (points are earned on `beforeTip`). The tip is checked against the shop's tip settings
 * (tips-rules.ts tipProblem) on the items' subtotal after discounts: 400 VALIDATION on `tip` when tips are
 * off, or it is neither a preset nor an allowed custom amount. `parts`: the quote's `tip` and `taxes`, each
 * only when there is one (a quote without is as it always was).
 */
function withTipAndTaxes(rules: MerchantRules, sums: { subtotal: number; discount: number; deliveryFee: number }, asked: number | undefined) {
  const tip = asked ?? 0;
  const problem = tip === 0 ? null : tipProblem(rules.tips, sums.subtotal - sums.discount, tip);
  if (problem) throw validation({ tip: problem }, rules.tips.enabled ? errors.tipNotAllowed : errors.tipsOff);
  const beforeTip = sums.subtotal - sums.discount + sums.deliveryFee;
  // the shop's taxes on what is paid for the order, tip aside (tax-rules.ts): added ones go on top
  const taxes = rules.tax_rates.length > 0 ? orderTaxes(beforeTip, { rates: rules.tax_rates, inclusive: rules.tax_inclusive }) : null;
  return {
    deliveryFee: sums.deliveryFee,
    beforeTip,
    total: beforeTip + (taxes?.added ?? 0) + tip,
    parts: { ...(tip > 0 ? { tip } : {}), ...(taxes ? { taxes: { included: rules.tax_inclusive, lines: taxes.lines } } : {}) },
  };
}

/**
 * In an order's transaction, one statement: the customer's row locked until commit (so one customer's
 * orders take turns on their balance), and the products held (share) as findProducts holds them. Which
 * of the two PostgreSQL takes first does not matter: nothing else locks both. 404 when the customer is
 * gone.
 */
async function lockCustomerHoldingProducts(db: Database, customerId: number, ids: number[]) {
  const { rows } = await sql<Omit<ProductRead, 'id'> & { customer: number; id: number | null }>`
    select c.id as customer, p.id, p.name, p.description, p.price, p.image, p.available, p.category_id, p.prep_minutes
    from (select id from customers where id = ${customerId}::integer for update) as c
    left join (${productsQuery(db, ids, true)}) as p on true`.execute(db);
  if (rows.length === 0) throw notFound('Customer');
  return productMap(rows.filter((r): r is typeof r & { id: number } => r.id !== null));
}

/** A product as productsQuery reads it. */
type ProductRead = Awaited<ReturnType<ReturnType<typeof productsQuery>['execute']>>[number];

/**
 * What pricing reads once the location is held, in one statement: the products the location does not
 * sell (locations.repo unavailableAt), the customer's tier for earning (tiers earnTier), the active
 * earning rules (loyalty saleEarning's) and the automatic offers running (offers.repo), read without a
 * lock (an order locks the one it takes: promo-codes.ts applyPromoCode), each as its own query reads it.
 */
async function pricingFacts(
  db: Database,
  locationId: number,
  customerId: number,
  now: Date,
): Promise<{
  notSold: number[];
  tier: { name: string; multiplier: number } | null;
  rules: RuleRow[];
  automatic: OfferAtCheckout[];
  language: Language | null;
}> {
  const { rows } = await pricingFactsRows(db, { locationId, customerId, now });
  const first = rows[0]!;
  return {
    notSold: first.not_sold,
    tier: first.tier_name === null ? null : { name: first.tier_name, multiplier: Number(first.tier_multiplier) },
    rules: rows
      .filter((r) => r.id !== null && r.id !== undefined)
      .map(({ not_sold: _n, tier_name: _t, tier_multiplier: _m, auto_offers: _a, ...rule }) => rule as RuleRow),
    automatic: automaticOffersOf(first.auto_offers),
    language: first.customer_language,
  };
}

/** `clientKey`: the caller's address as a limit counts it (http/client-key.ts), for the limit on guessing codes. */
export async function quoteOrder(ctx: ProviderContext, customerId: number, body: QuoteBody, clientKey: string): Promise<QuoteData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  // a code's guesses limited, and an unknown one refused, before the basket is priced
  if (body.promo_code !== undefined) await screenPromoCode(ctx, rules, { customerId, clientKey }, body.promo_code);
  const quote = quoteOf(await priceOrder(ctx.db, ctx, rules, customerId, body, false));
  // at a table: whether the customer may pay at the counter (issue 54); other orders' quotes as they always were
  return body.fulfilment === 'dine_in' ? { ...quote, pay_at_counter: rules.pay_at_counter } : quote;
}

/**
 * Paying at the counter (issue 54, payment_method counter): only for a dine-in order, and only when the
 * owner allows it (400 VALIDATION on `payment_method` otherwise); pickup and delivery are paid when ordered.
 */
export function assertCounterAllowed(rules: MerchantRules, body: Pick<QuoteBody, 'fulfilment'> & { payment_method: string }): void {
  if (body.payment_method !== 'counter') return;
  if (body.fulfilment !== 'dine_in')
    throw validation(
      { payment_method: 'counter is for table orders only' },
      'Paying at the counter is for orders at a table. Pay now with your wallet or card.',
    );
  if (!rules.pay_at_counter)
    throw validation(
      { payment_method: 'this shop does not take payment at the counter' },
      'This shop does not take payment at the counter. Pay now with your wallet or card.',
    );
}

/** A priced order as order/quote answers it. */
export function quoteOf(priced: PricedOrder): QuoteData {
  const {
    lines: _l,
    address: _a,
    voucher: _v,
    location: _p,
    locations: _s,
    asked_slot: _k,
    table_label: _t,
    earning: _e,
    customer_language: _c,
    promo,
    ...quote
  } = priced;
  // only when a code applies: a quote without one is as it always was
  return promo ? { ...quote, offer: { code: promo.code, title: promo.title, discount: promo.discount } } : quote;
}

/**
 * `merchant/pricing/try`: a sample pickup order priced by priceOrder, as a quote, for a customer who has
 * none of anything (no order, no tier, no use of an offer: the id 0 is no customer's). Nothing is written.
 */
export async function tryPricing(ctx: ProviderContext, body: { items: QuoteBody['items']; location_id?: number; promo_code?: string }): Promise<QuoteData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  return quoteOf(await priceOrder(ctx.db, ctx, rules, NO_CUSTOMER, { ...body, fulfilment: 'pickup' }, false));
}

/** The customer a sample order is priced for: no row has this id. */
const NO_CUSTOMER = 0;
