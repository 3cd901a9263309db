import { describe, expect, it } from 'vitest';
import { ANY_TIME, NO_OFFER_ITEMS, windowWords, discountedItems, offerDiscount, offerProblems, type OfferLine, type OfferTerms } from '#contract/offer-rules';

/**
 * What an offer takes off a basket (offer-rules.ts, the one computation the provider prices orders with
 * and the console previews with): the subtotal kinds, and the item kinds' choice of items.
 */

const latte: OfferLine = { product_id: 1, category_id: 10, price: 16_500, qty: 1 };
const americano: OfferLine = { product_id: 2, category_id: 10, price: 12_000, qty: 1 };
const croissant: OfferLine = { product_id: 3, category_id: 20, price: 9500, qty: 1 };
const ensaymada: OfferLine = { product_id: 4, category_id: 20, price: 8500, qty: 1 };
const n = (l: OfferLine, qty: number): OfferLine => ({ ...l, qty });

const bxgy = (buy: Partial<OfferTerms['buy']>, get: Partial<OfferTerms['get']>, max_applications: number | null = 1) => ({
  kind: 'buy_x_get_y' as const,
  value: 100,
  max_discount: null,
  product_id: null,
  buy: { qty: 1, product_ids: [], category_ids: [], ...buy },
  get: { qty: 1, product_ids: [], category_ids: [], ...get },
  max_applications,
});

describe('offerDiscount', () => {
  it('takes a percentage (at most its cap) or an amount off the base, never more than the base', () => {
    expect(offerDiscount({ ...NO_OFFER_ITEMS, kind: 'percent_off', value: 10, max_discount: null }, 33_000, [])).toBe(3300);
    expect(offerDiscount({ ...NO_OFFER_ITEMS, kind: 'percent_off', value: 10, max_discount: 2000 }, 33_000, [])).toBe(2000);
    expect(offerDiscount({ ...NO_OFFER_ITEMS, kind: 'amount_off', value: 50_000, max_discount: null }, 33_000, [])).toBe(33_000);
    expect(offerDiscount({ ...NO_OFFER_ITEMS, kind: 'amount_off', value: 5000, max_discount: null }, 0, [])).toBe(0);
  });

  it('a free product: its cheapest line, once, at its percentage; nothing without it', () => {
    const free = { ...NO_OFFER_ITEMS, kind: 'free_product' as const, value: 100, max_discount: null, product_id: 3 };
    expect(offerDiscount(free, 50_000, [n(latte, 2), n(croissant, 3)])).toBe(9500);
    expect(offerDiscount({ ...free, value: 50 }, 50_000, [n(croissant, 1)])).toBe(4750);
    expect(offerDiscount(free, 50_000, [latte])).toBe(0);
    // never more than the base (a voucher took most of the order)
    expect(offerDiscount(free, 1000, [croissant])).toBe(1000);
  });

  it('buy X get Y: the cheapest gettable items, value percent of them, rounded down', () => {
    const coffeePastry = bxgy({ qty: 2, category_ids: [10] }, { qty: 1, category_ids: [20] }, 2);
    expect(discountedItems(coffeePastry, [n(latte, 2), croissant, ensaymada])).toEqual([8500]);
    expect(discountedItems(coffeePastry, [n(latte, 4), croissant, ensaymada])).toEqual([8500, 9500]);
    expect(discountedItems(coffeePastry, [n(latte, 6), n(croissant, 3)])).toHaveLength(2);
    expect(discountedItems(coffeePastry, [latte, croissant])).toEqual([]);
    expect(offerDiscount({ ...coffeePastry, value: 33 }, 100_000, [n(latte, 2), croissant])).toBe(Math.floor((9500 * 33) / 100));
  });

  it('buy X get Y on the same items: an item is bought or got, never both; the dearest bought, the cheapest got', () => {
    const third = bxgy({ qty: 2, category_ids: [10] }, { qty: 1, category_ids: [10] }, null);
    expect(discountedItems(third, [n(latte, 2)])).toEqual([]);
    expect(discountedItems(third, [n(latte, 2), americano])).toEqual([12_000]);
    // null: once
    expect(discountedItems(third, [n(latte, 3), n(americano, 3)])).toEqual([12_000]);
    expect(discountedItems({ ...third, max_applications: 2 }, [n(latte, 3), n(americano, 3)])).toEqual([12_000, 12_000]);
  });

  it('buy X get Y: items that count only as bought are taken as bought first, so the rest can be got', () => {
    // buy a coffee, get any item: the latte is bought, the croissant got, though the latte counts for both
    const any = bxgy({ category_ids: [10] }, { category_ids: [10, 20] });
    expect(discountedItems(any, [latte, croissant])).toEqual([9500]);
    // buy a pastry, get a coffee: only the americano can be got, the croissant is only bought
    expect(discountedItems(bxgy({ category_ids: [20] }, { category_ids: [10] }), [croissant, americano, latte])).toEqual([12_000]);
  });
});

describe('windowWords', () => {
  it('says an offer’s days and hours, and its rule', () => {
    expect(windowWords(ANY_TIME)).toBeNull();
    expect(windowWords({ days: ['sun', 'sat'], hours: { start: '14:00', end: '17:00' }, rrule: null })).toBe('Sat and Sun, 14:00–17:00 only');
    expect(windowWords({ days: ['mon'], hours: null, rrule: null })).toBe('Mon only');
    expect(windowWords({ days: [], hours: null, rrule: 'FREQ=MONTHLY;BYMONTHDAY=1' })).toBe('on the days of the rule FREQ=MONTHLY;BYMONTHDAY=1');
  });
});

describe('offerProblems', () => {
  const base = {
    ...NO_OFFER_ITEMS,
    hours: null,
    audience: 'everyone' as const,
    tier_position: null,
    kind: 'percent_off' as const,
    value: 10,
    max_discount: null,
    starts_at: '2026-12-01T00:00:00Z',
    ends_at: null,
    fulfilments: ['pickup'],
  };
  it('asks each kind for its own fields, and refuses the others’', () => {
    expect(offerProblems(base)).toEqual({});
    expect(offerProblems({ ...base, kind: 'free_product' })).toEqual({ product_id: 'must be chosen' });
    expect(offerProblems({ ...base, kind: 'free_product', product_id: 1, value: 101 })).toEqual({ value: 'must be a percentage from 1 to 100' });
    expect(Object.keys(offerProblems({ ...base, kind: 'buy_x_get_y' }))).toEqual(['buy', 'get']);
    expect(Object.keys(offerProblems({ ...base, product_id: 1, max_applications: 2 }))).toEqual(['product_id', 'max_applications']);
    const empty = { qty: 1, product_ids: [], category_ids: [] };
    expect(offerProblems({ ...base, kind: 'buy_x_get_y', buy: empty, get: { ...empty, product_ids: [1] } })).toEqual({
      buy: 'choose at least one product or category',
    });
  });
});
