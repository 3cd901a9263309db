import type { QuoteBody, QuoteData } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import { findAddress } from '../addresses/addresses.repo';
import { findProducts, holdPricedRows, optionGroupsOf } from '../shop/shop.repo';
import { getMerchant, type MerchantRules } from '../settings/settings.service';
import { findCustomerVoucher, lockCustomerVoucher, type OrderAddress } from './orders.repo';
import { lineChoices, type ChosenOption } from './line-options';
import { voucherAtCheckout } from './reward-lines';

/** Pricing: a basket at current prices, its voucher discount, delivery fee, total and points to earn. */

export interface PricedOrder extends QuoteData {
  /** `price`: one's price, its options' deltas included */
  lines: Array<{ product_id: number; name: string; price: number; qty: number; options: ChosenOption[] }>;
  address: OrderAddress | null;
  voucher: { id: number; code: string } | null;
}

/**
 * Prices a basket at current prices. Refusals name what is wrong: an unknown product (400 on
 * `items.N.product_id`), an unavailable one (409 PRODUCT_UNAVAILABLE), a delivery without an address
 * (400 ADDRESS_REQUIRED), someone else's address (404), a voucher that is not the customer's own,
 * active, unexpired discount (400 VOUCHER_INVALID). `lockVoucher` takes the voucher's row lock (create).
 */
export async function priceOrder(db: Database, ctx: ProviderContext, rules: MerchantRules, customerId: number, body: QuoteBody, lockVoucher: boolean): Promise<PricedOrder> {
  // in an order's transaction: a price or option change commits before these reads or waits for the order
  if (lockVoucher) await holdPricedRows(db, body.items.map((i) => i.product_id));
  const products = await findProducts(db, body.items.map((i) => i.product_id));
  const unknown: Record<string, string> = {};
  body.items.forEach((item, n) => {
    if (!products.has(item.product_id)) unknown[`items.${n}.product_id`] = 'is not on the menu';
  });
  if (Object.keys(unknown).length) throw validation(unknown, 'Some items are not on the menu any more.');
  const choices = await lineChoices(db, body.items, products, await optionGroupsOf(db, body.items.map((i) => i.product_id)));
  const lines = body.items.map((item, n) => {
    const p = products.get(item.product_id)!;
    if (!p.available) {
      throw new AppError('PRODUCT_UNAVAILABLE', `${p.name} is not available right now. Remove it to continue.`, { [`items.${n}.product_id`]: 'is not available' }, {
        product_id: p.id,
        name: p.name,
      });
    }
    return { product_id: p.id, name: p.name, price: p.price + choices[n]!.delta, qty: item.qty, options: choices[n]!.options };
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
    const effect = await voucherAtCheckout(db, v, subtotal, invalid);
    discount = effect.discount;
    if (effect.line) lines.push(effect.line);
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
    points_to_earn: pointsFor(total, deliveryFee, rules),
    min_order: rules.min_order,
    below_minimum_by: Math.max(0, rules.min_order - subtotal),
  };
}

/**
 * 1 point per `points_per_amount` minor units of what was bought: the total after discount without the
 * delivery fee, unless the merchant's `delivery_fee_earns_points` counts the fee too.
 */
export function pointsFor(total: number, deliveryFee: number, rules: Pick<MerchantRules, 'points_per_amount' | 'delivery_fee_earns_points'>): number {
  const earning = rules.delivery_fee_earns_points ? total : total - deliveryFee;
  return rules.points_per_amount > 0 ? Math.floor(Math.max(0, earning) / rules.points_per_amount) : 0;
}

export async function quoteOrder(ctx: ProviderContext, customerId: number, body: QuoteBody): Promise<QuoteData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const { lines: _l, address: _a, voucher: _v, ...quote } = await priceOrder(ctx.db, ctx, rules, customerId, body, false);
  return quote;
}
