import type { Database } from '../../db';
import { AppError } from '../http/errors';
import { findProducts, optionGroupsOf } from '../shop/shop.repo';
import type { ChosenOption } from './line-options';

/**
 * What a voucher does at checkout (issue 27): an amount off the subtotal, or, for a reward that gives a
 * product, that product once at 0, as a line of its own (`price: 0`), which changes neither the subtotal
 * (nor so the minimum order) nor the points. A product reward whose product was archived or is sold out
 * cannot be used on an order (VOUCHER_INVALID); the counter still honours it. The free product comes with its
 * default options (those not sold out), kept on the line at no charge (`price_delta` 0).
 */

export interface CheckoutVoucher {
  discount_amount: number;
  /** the product the reward gives free; null: an amount off */
  product_id: number | null;
}

export interface FreeLine {
  product_id: number;
  name: string;
  price: number;
  qty: number;
  options: ChosenOption[];
  /** the product's picture, for the order's answer */
  image: string;
}

export async function voucherAtCheckout(
  db: Database,
  v: CheckoutVoucher,
  subtotal: number,
  invalid: (why: string) => AppError,
): Promise<{ discount: number; line: FreeLine | null }> {
  if (v.product_id === null) {
    if (v.discount_amount <= 0) throw invalid('is not a discount (show it at the counter instead)');
    return { discount: Math.min(v.discount_amount, subtotal), line: null };
  }
  // findProducts answers only products on the menu: an archived one is not found
  const product = (await findProducts(db, [v.product_id])).get(v.product_id);
  const refuse = (message: string, why: string) => new AppError('VOUCHER_INVALID', message, { voucher_id: why });
  if (!product) throw refuse('This voucher cannot be used on an order: its product is not on the menu any more. Show it at the counter instead.', 'the product is not on the menu any more');
  if (!product.available) throw refuse(`${product.name} is sold out right now: keep this voucher for another time.`, 'the product is sold out right now');
  const groups = (await optionGroupsOf(db, [product.id])).get(product.id) ?? [];
  const options = groups.flatMap((g) => g.options.filter((o) => o.is_default && o.available).map((o) => ({ option_id: o.id, group: g.name, name: o.name, price_delta: 0 })));
  return { discount: 0, line: { product_id: product.id, name: product.name, price: 0, qty: 1, options, image: product.image } };
}
