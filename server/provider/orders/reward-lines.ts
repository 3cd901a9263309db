import type { Database } from '../../db';
import { AppError, said, type Words } from '../http/errors';
import { findProducts, optionGroupsOf, type OrderedProduct } from '../shop/shop.repo';
import type { ChosenOption } from './line-options';
import { errors } from '../i18n/errors';

/**
 * What a voucher does at checkout (issue 27): an amount off the subtotal, or, for a reward that gives a
 * product, that product free as a line of its own at 0 (`price: 0`), which changes neither the subtotal
 * (nor so the minimum order) nor the points, nor gives a stamp. When the basket holds the product, one of
 * it is made free, as the customer chose it (its options, their extra cost included: "any size, any milk"),
 * the dearest if several lines hold it: that one leaves its line for the free one (issue 46: it used to
 * stay paid beside a second one added free). Otherwise the product is added once with its default options
 * (those not sold out). A product reward whose product was archived or is sold out cannot be used on an
 * order (VOUCHER_INVALID); the counter still honours it. The quote says which it is (`free_item`). The
 * free product is answered too: it is made with the rest, so its preparation time counts (hours.ts cartPrep).
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

/** A basket line as pricing holds it: `price` is one's, its options' deltas included. */
type PricedLine = FreeLine;

export async function voucherAtCheckout(
  db: Database,
  v: CheckoutVoucher,
  lines: PricedLine[],
  invalid: (why: string, words?: Words) => AppError,
): Promise<{ discount: number; line: FreeLine | null; free: FreeItem | null; product: OrderedProduct | null }> {
  const subtotal = lines.reduce((s, l) => s + l.price * l.qty, 0);
  if (v.product_id === null) {
    if (v.discount_amount <= 0) throw invalid('is not a discount (show it at the counter instead)', errors.voucherNotDiscount);
    return { discount: Math.min(v.discount_amount, subtotal), line: null, free: null, product: null };
  }
  // findProducts answers only products on the menu: an archived one is not found
  const product = (await findProducts(db, [v.product_id])).get(v.product_id);
  const refuse = (message: Words, why: string) => new AppError('VOUCHER_INVALID', message, { voucher_id: why });
  if (!product) throw refuse(errors.voucherProductGone, 'the product is not on the menu any more');
  if (!product.available) throw refuse(said(errors.voucherProductSoldOut, { name: product.name }), 'the product is sold out right now');
  const atZero = (options: ChosenOption[]) => options.map((o) => ({ ...o, price_delta: 0 }));
  const inBasket = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.product_id === product.id && l.price > 0);
  const dearest = inBasket.sort((a, b) => b.l.price - a.l.price)[0];
  if (dearest) {
    const { l, i } = dearest;
    // one of it leaves its line (removed when it was the only one)
    if (l.qty > 1) lines[i] = { ...l, qty: l.qty - 1 };
    else lines.splice(i, 1);
    const line = { ...l, price: 0, qty: 1, options: atZero(l.options) };
    return { discount: 0, line, free: freeItem(line, l.price, true), product };
  }
  const groups = (await optionGroupsOf(db, [product.id])).get(product.id) ?? [];
  const defaults = groups.flatMap((g) =>
    g.options.filter((o) => o.is_default && o.available).map((o) => ({ option_id: o.id, group: g.name, name: o.name, price_delta: o.price_delta })),
  );
  const line = { product_id: product.id, name: product.name, price: 0, qty: 1, options: atZero(defaults), image: product.image };
  return { discount: 0, line, free: freeItem(line, product.price + defaults.reduce((s, o) => s + o.price_delta, 0), false), product };
}

/** The quote's `free_item`: what the voucher makes free, what it would cost, and whether it came from the basket. */
export interface FreeItem {
  product_id: number;
  name: string;
  options: string[];
  value: number;
  in_cart: boolean;
}

const freeItem = (line: FreeLine, value: number, inCart: boolean): FreeItem => ({
  product_id: line.product_id,
  name: line.name,
  options: line.options.map((o) => o.name),
  value,
  in_cart: inCart,
});
