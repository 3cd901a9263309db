import { describe, expect, it } from 'vitest';
import { givenWords, givesWords, rulesWords, usesWords, whenWords } from '../../../src/screens/console/offers/offer-words';

const f = { currency: 'PHP', locale: 'en-PH', timeZone: 'Asia/Manila' };
const rules = {
  audience: 'everyone' as const,
  min_spend: 0,
  fulfilments: ['pickup' as const, 'delivery' as const],
  location_ids: [],
  per_customer_limit: 1,
  combines_with_voucher: false,
};
const names = (id: number) => ({ 1: 'Makati', 2: 'Poblacion' })[id] ?? `Location ${id}`;

describe('an offer in the console’s words', () => {
  it('says what it gives', () => {
    expect(givesWords({ kind: 'percent_off', value: 10, max_discount: 10000 }, f)).toBe('10% off, at most ₱100.00');
    expect(givesWords({ kind: 'percent_off', value: 25, max_discount: null }, f)).toBe('25% off');
    expect(givesWords({ kind: 'amount_off', value: 5000, max_discount: null }, f)).toBe('₱50.00 off');
  });

  it('says each audience', () => {
    const who = (o: Partial<Parameters<typeof rulesWords>[0]>) => rulesWords({ ...rules, ...o }, f, names, (p) => ['Bean', 'Brew', 'Roast'][p]!).split(';')[0];
    expect(who({ audience: 'first_order' })).toBe("A customer's first order");
    expect(who({ audience: 'tier', tier_position: 1 })).toBe('Members of Brew and above');
    expect(who({ audience: 'customer_list', customer_count: 1234 })).toBe('1,234 listed customers');
  });

  it('names an item offer’s products and categories from the menu', () => {
    const menu = {
      categories: [
        { id: 1, name: 'Coffee', products: [{ id: 5, name: 'Spanish latte', price: 16500 }] },
        { id: 3, name: 'Pastries', products: [{ id: 12, name: 'Butter croissant', price: 9500 }] },
      ],
    };
    const item = { max_discount: null, buy: null, get: null, max_applications: null };
    expect(givesWords({ ...item, kind: 'free_product', value: 100, product_id: 12 }, f, menu)).toBe('A free Butter croissant');
    expect(givesWords({ ...item, kind: 'free_product', value: 50, product_id: 12 }, f, menu)).toBe('A Butter croissant at 50% off');
    const bxgy = {
      ...item,
      kind: 'buy_x_get_y' as const,
      product_id: null,
      buy: { qty: 2, product_ids: [], category_ids: [1] },
      get: { qty: 1, product_ids: [12], category_ids: [] },
    };
    expect(givesWords({ ...bxgy, value: 100, max_applications: 1 }, f, menu)).toBe('Buy 2 of Coffee, get 1 of Butter croissant free');
    expect(givesWords({ ...bxgy, value: 50, max_applications: 3 }, f, menu)).toBe(
      'Buy 2 of Coffee, get 1 of Butter croissant at 50% off, up to 3 times an order',
    );
    // the menu not loaded yet
    expect(givesWords({ ...item, kind: 'free_product', value: 100, product_id: 12 }, f)).toBe('A free product');
  });

  it('sets its uses and discount against its limits', () => {
    expect(usesWords({ uses: 1234, max_uses: 2000 }, 'en-PH')).toBe('1,234 of 2,000');
    expect(usesWords({ uses: 17, max_uses: null }, 'en-PH')).toBe('17 (no limit)');
    expect(givenWords({ discount_given: 198000, max_discount_total: 500000 }, f)).toBe('₱1,980.00 of ₱5,000.00');
    expect(givenWords({ discount_given: 0, max_discount_total: null }, f)).toBe('₱0.00 (no budget)');
  });

  it('says when it runs, in the shop’s time zone', () => {
    expect(whenWords({ starts_at: '2026-11-19T16:00:00Z', ends_at: '2026-11-22T15:59:00Z' }, f)).toBe('From Nov 20, 2026, 12:00 AM to Nov 22, 2026, 11:59 PM');
    expect(whenWords({ starts_at: '2026-11-19T16:00:00Z', ends_at: null }, f)).toBe('From Nov 20, 2026, 12:00 AM, no end');
  });

  it('says its rules in one sentence', () => {
    expect(rulesWords(rules, f, names)).toBe('Everyone; pickup and delivery, every location; once each. Not with a reward voucher.');
    expect(
      rulesWords(
        {
          ...rules,
          audience: 'new_customers',
          min_spend: 30000,
          fulfilments: ['pickup'],
          location_ids: [2, 9],
          per_customer_limit: 3,
          combines_with_voucher: true,
        },
        f,
        names,
      ),
    ).toBe('New customers (no order yet), on orders of ₱300.00 or more; pickup only, Poblacion, Location 9; up to 3 times each. Goes with a reward voucher.');
    expect(rulesWords({ ...rules, per_customer_limit: null }, f, names)).toContain('as often as they like');
  });
});
