/**
 * reorderOf (src/contract/reorder-rules.ts), the cases the provider's test does not reach with a menu of
 * its own: a voucher's free line, lines that become one, the most of a line, a group new since the order
 * taking its default, and each change in words (src/screens/orders/reorder-words.ts).
 */
import { describe, expect, it } from 'vitest';
import type { OrderItem, Product } from '#contract';
import { reorderOf } from '#contract/reorder-rules';
import { reorderChangeText } from '../../src/screens/orders/reorder-words';
import { sizeGroup as size } from '../../stories/fixtures/shop';

const latte: Product = { id: 7, name: 'Latte', description: '', price: 15_000, image: '', available: true, option_groups: [size] };
const bun: Product = { id: 8, name: 'Bun', description: '', price: 6_000, image: '', available: true };
const menu = new Map([latte, bun].map((p) => [p.id, p]));
const item = (p: Product, qty: number, price: number, options: OrderItem['options'] = []): OrderItem => ({
  product_id: p.id,
  name: p.name,
  price,
  qty,
  options,
});

describe('order again', () => {
  it("leaves a voucher's free item out and names it; the paid line of the same product stays", () => {
    const r = reorderOf([item(latte, 1, 15_000, [{ group: 'Size', name: 'Regular', price_delta: 0 }]), item(latte, 1, 0)], menu);
    expect(r).toEqual({ lines: [{ product_id: 7, qty: 1, options: [101] }], changes: [{ kind: 'reward', name: 'Latte' }] });
  });

  it('makes lines of the same product and options one, at most 99', () => {
    const large = [{ group: 'Size', name: 'Large', price_delta: 2_000 }];
    const r = reorderOf([item(latte, 60, 17_000, large), item(bun, 2, 6_000), item(latte, 60, 17_000, large)], menu);
    expect(r).toEqual({
      lines: [
        { product_id: 7, qty: 99, options: [102] },
        { product_id: 8, qty: 2 },
      ],
      changes: [],
    });
  });

  it('a group the product did not have then takes its default, and a new price that brings is named', () => {
    expect(reorderOf([item(latte, 1, 14_000)], menu)).toEqual({
      lines: [{ product_id: 7, qty: 1, options: [101] }],
      changes: [{ kind: 'price_changed', name: 'Latte', was: 14_000, now: 15_000 }],
    });
  });

  it('says each change in plain words', () => {
    const money = (n: number) => `₱${(n / 100).toFixed(2)}`;
    expect(
      [
        { kind: 'gone', name: 'Bun' },
        { kind: 'sold_out', name: 'Bun' },
        { kind: 'reward', name: 'Latte' },
        { kind: 'option_gone', name: 'Latte', option: 'Milk: Oat' },
        { kind: 'choose_options', name: 'Latte', group: 'Milk' },
        { kind: 'price_changed', name: 'Tea', was: 8_000, now: 8_500 },
      ].map((c) => reorderChangeText(c as Parameters<typeof reorderChangeText>[0], money)),
    ).toEqual([
      'Bun is no longer on the menu, so it was left out.',
      'Bun is sold out right now, so it was left out.',
      'Latte was free with a reward last time, so it was left out.',
      'Milk: Oat is no longer offered for Latte, so it was left out.',
      'Latte needs a choice of Milk now, so it was left out. Add it from the menu.',
      'Tea now costs ₱85.00 (was ₱80.00).',
    ]);
  });
});
