/**
 * Product options on the customer's side (issue #27): the cart's lines (a product and its chosen
 * options), a cart saved before options, and the option sheet's rules (options.ts says them).
 */
import { describe, expect, it } from 'vitest';
import type { OptionGroup, Product } from '#contract';
import { optionWords } from '../../../src/screens/orders/format';
import { addLine, lineKey, setLineQty, type CartLine } from '../../../src/screens/shop/cart-lines';
import {
  chosenOptions,
  defaultsOf,
  isFull,
  isOneOf,
  missingGroup,
  missingText,
  ruleText,
  startPrice,
  toggle,
  unitPrice,
} from '../../../src/screens/shop/option-rules';

const option = (id: number, name: string, price_delta = 0, more: { is_default?: boolean; available?: boolean } = {}) => ({
  id,
  name,
  price_delta,
  is_default: false,
  available: true,
  ...more,
});
const size: OptionGroup = {
  id: 1,
  name: 'Size',
  min_choices: 1,
  max_choices: 1,
  options: [option(11, 'Regular', 0, { is_default: true }), option(12, 'Large', 2000)],
};
const milk: OptionGroup = {
  id: 2,
  name: 'Milk',
  min_choices: 1,
  max_choices: 1,
  options: [option(21, 'Whole', 0, { is_default: true }), option(22, 'Oat', 2500), option(23, 'Soy', 2500, { available: false })],
};
const extras: OptionGroup = {
  id: 3,
  name: 'Extras',
  min_choices: 0,
  max_choices: 2,
  options: [option(31, 'Extra shot', 3000), option(32, 'Vanilla', 1500), option(33, 'Caramel', 1500)],
};
const latte: Product = { id: 7, name: 'Latte', description: '', price: 16500, image: '', available: true, option_groups: [size, milk, extras] };

describe('the cart: a line is a product and its options', () => {
  it('keys a line by its product and its options in any order', () => {
    expect(lineKey({ product_id: 7, options: [22, 12] })).toBe('7:12,22');
    expect(lineKey({ product_id: 7, options: [12, 22] })).toBe(lineKey({ product_id: 7, options: [22, 12] }));
    expect(lineKey({ product_id: 7 })).toBe('7');
    expect(lineKey({ product_id: 7, options: [] })).toBe('7');
  });

  it('adds the same combination to its line, another combination as a line of its own', () => {
    let cart: CartLine[] = [];
    cart = addLine(cart, { product_id: 7, qty: 1, options: [12, 22] });
    cart = addLine(cart, { product_id: 7, qty: 2, options: [22, 12] });
    expect(cart).toEqual([{ product_id: 7, qty: 3, options: [12, 22] }]);
    cart = addLine(cart, { product_id: 7, qty: 1, options: [11, 21] });
    cart = addLine(cart, { product_id: 3, qty: 1 });
    expect(cart.map((l) => [lineKey(l), l.qty])).toEqual([
      ['3', 1],
      ['7:12,22', 3],
      ['7:11,21', 1],
    ]);
  });

  it('sets and removes one line, leaving the others of the product', () => {
    const cart: CartLine[] = [
      { product_id: 7, qty: 1, options: [12, 22] },
      { product_id: 7, qty: 1, options: [11, 21] },
    ];
    expect(setLineQty(cart, '7:12,22', 4)).toEqual([
      { product_id: 7, qty: 4, options: [12, 22] },
      { product_id: 7, qty: 1, options: [11, 21] },
    ]);
    expect(setLineQty(cart, '7:11,21', 0)).toEqual([{ product_id: 7, qty: 1, options: [12, 22] }]);
  });

  it('holds at most 99 of a line', () => {
    expect(addLine([{ product_id: 3, qty: 98 }], { product_id: 3, qty: 5 })).toEqual([{ product_id: 3, qty: 99 }]);
    expect(setLineQty([{ product_id: 3, qty: 1 }], '3', 120)).toEqual([{ product_id: 3, qty: 99 }]);
  });

  it('still reads a cart saved before options, and adds to its lines', () => {
    // what the previous version kept in session storage under "checkout"
    const saved = JSON.parse('{"cart":[{"product_id":3,"qty":2},{"product_id":12,"qty":1}],"fulfilment":"pickup"}') as { cart: CartLine[] };
    const cart = addLine(saved.cart, { product_id: 3, qty: 1 });
    expect(cart).toEqual([
      { product_id: 3, qty: 3 },
      { product_id: 12, qty: 1 },
    ]);
    expect(setLineQty(cart, '12', 0)).toEqual([{ product_id: 3, qty: 3 }]);
  });
});

describe('the option sheet: its rules', () => {
  it('says each rule in words', () => {
    expect(ruleText(size)).toBe('Choose 1');
    expect(ruleText(extras)).toBe('Optional · up to 2');
    expect(ruleText({ ...extras, max_choices: 1 })).toBe('Optional');
    expect(ruleText({ ...extras, min_choices: 1, max_choices: 3 })).toBe('Choose 1 to 3');
    expect(isOneOf(size)).toBe(true);
    expect(isOneOf(extras)).toBe(false);
  });

  it('starts with the defaults that are not sold out', () => {
    expect(defaultsOf(latte)).toEqual([11, 21]);
    const soyDefault: Product = { ...latte, option_groups: [{ ...milk, options: milk.options.map((o) => ({ ...o, is_default: o.id === 23 })) }] };
    expect(defaultsOf(soyDefault)).toEqual([]);
  });

  it('swaps a one-of choice and keeps it chosen when picked again', () => {
    expect(toggle(latte, [11, 21], 12)).toEqual([21, 12]);
    expect(toggle(latte, [12, 21], 12)).toEqual([12, 21]);
  });

  it('takes any-of choices up to the most, and no more', () => {
    let chosen = toggle(latte, [11, 21], 31);
    chosen = toggle(latte, chosen, 32);
    expect(isFull(extras, chosen)).toBe(true);
    expect(toggle(latte, chosen, 33)).toEqual(chosen);
    expect(toggle(latte, chosen, 31)).toEqual([11, 21, 32]);
    expect(isFull(size, [11])).toBe(false);
  });

  it('names the required group still without a choice', () => {
    expect(missingGroup(latte, [11, 21])).toBeUndefined();
    expect(missingGroup(latte, [21, 31])?.name).toBe('Size');
    expect(missingText(size)).toBe('Choose a Size');
    expect(missingText({ ...extras, name: 'Add-ons', min_choices: 1 })).toBe('Choose an Add-ons');
    expect(missingText({ ...extras, min_choices: 2 })).toBe('Choose 2 of Extras');
  });

  it('prices a line as the product plus its options', () => {
    expect(unitPrice(latte, [12, 22])).toBe(16500 + 2000 + 2500);
    expect(unitPrice(latte, [11, 21, 31, 32])).toBe(16500 + 3000 + 1500);
    expect(unitPrice({ ...latte, option_groups: undefined }, [12])).toBe(16500);
    // the cheapest way to take it: each required group's cheapest option
    expect(startPrice({ ...latte, option_groups: [{ ...size, options: [option(11, 'Small', 500), option(12, 'Large', 2000)] }, extras] })).toBe(17000);
    expect(startPrice(latte)).toBe(16500);
  });

  it('words the chosen options in the groups order, saying which are sold out', () => {
    const chosen = chosenOptions(latte, [31, 23, 12]);
    expect(optionWords(chosen)).toBe('Large · Soy · Extra shot');
    expect(chosen.filter((o) => !o.available).map((o) => o.name)).toEqual(['Soy']);
    expect(optionWords(undefined)).toBe('');
  });
});
