import { describe, expect, it } from 'vitest';
import {
  NEW_OFFER_FORM,
  customerEntries,
  discountExample,
  formOf,
  localInputOf,
  readOfferForm,
  zonedIso,
  type FormFormat,
  type OfferForm,
} from '../../../src/screens/console/offers/offer-form';
import { ANY_TIME, NO_OFFER_ITEMS, type ConsoleOffer } from '#contract/offers';

const manila: FormFormat = { currency: 'PHP', locale: 'en-PH', timeZone: 'Asia/Manila' };
const form = (o: Partial<OfferForm>): OfferForm => ({ ...NEW_OFFER_FORM, title: '10% off this weekend', code: 'kopi10', ...o });

describe("the offer editor's times, in the shop's time zone", () => {
  it('writes a wall-clock time with the zone’s offset at that moment', () => {
    expect(zonedIso('2026-12-05T08:00', 'Asia/Manila')).toBe('2026-12-05T08:00:00+08:00');
    expect(zonedIso('2026-12-05T08:00', 'UTC')).toBe('2026-12-05T08:00:00+00:00');
    // New York: standard time in December, daylight saving time in July
    expect(zonedIso('2026-12-05T08:00', 'America/New_York')).toBe('2026-12-05T08:00:00-05:00');
    expect(zonedIso('2026-07-05T08:00', 'America/New_York')).toBe('2026-07-05T08:00:00-04:00');
    expect(zonedIso('2026-12-05T08:00', 'Asia/Kolkata')).toBe('2026-12-05T08:00:00+05:30');
  });

  it('refuses what is no time', () => {
    expect(zonedIso('', 'UTC')).toBeNull();
    expect(zonedIso('2026-02-30T08:00', 'UTC')).toBeNull();
    expect(zonedIso('2026-12-05 08:00', 'UTC')).toBeNull();
    expect(zonedIso('2026-12-05T25:00', 'UTC')).toBeNull();
  });

  it('shows a moment back as the field holds it, and round-trips', () => {
    expect(localInputOf('2026-11-19T16:00:00Z', 'Asia/Manila')).toBe('2026-11-20T00:00');
    expect(localInputOf('2026-07-05T12:00:00Z', 'America/New_York')).toBe('2026-07-05T08:00');
    expect(Date.parse(zonedIso(localInputOf('2026-11-22T15:59:00Z', 'Asia/Manila'), 'Asia/Manila')!)).toBe(Date.parse('2026-11-22T15:59:00Z'));
  });
});

describe('the offer form as a call’s body', () => {
  it('reads money into minor units, the code into capitals, empty limits into none', () => {
    const read = readOfferForm(
      form({
        kind: 'amount_off',
        value: '50',
        min_spend: '1,200.50',
        max_uses: '100',
        max_discount_total: '',
        per_customer_limit: '',
        ends_at: '2026-12-06T23:59',
      }),
      manila,
      true,
    );
    expect(read).toEqual({
      offer: expect.objectContaining({
        code: 'KOPI10',
        kind: 'amount_off',
        value: 5000,
        max_discount: null,
        min_spend: 120050,
        max_uses: 100,
        max_discount_total: null,
        per_customer_limit: null,
        ends_at: '2026-12-06T23:59:00+08:00',
        fulfilments: ['pickup', 'delivery'],
      }),
    });
    // a new offer with no start: the provider starts it now
    expect('offer' in read && read.offer.starts_at).toBeUndefined();
  });

  it('names each field that is wrong, in the contract’s words', () => {
    const read = readOfferForm(
      form({
        title: ' ',
        code: 'K1',
        value: '150',
        max_discount: 'lots',
        pickup: false,
        delivery: false,
        starts_at: '2026-12-05T08:00',
        ends_at: '2026-12-01T08:00',
      }),
      manila,
      true,
    );
    expect(read).toEqual({
      problems: {
        title: 'is required',
        code: 'must be 3 to 20 letters and digits, such as KOPI10',
        value: 'must be a percentage from 1 to 100',
        max_discount: 'must be an amount such as 50.00',
        fulfilments: 'choose pickup, delivery or both',
        ends_at: 'must be after the start',
      },
    });
  });

  it('refuses a number that is not whole, and a saved offer without a start', () => {
    expect(readOfferForm(form({ max_uses: '1.5', per_customer_limit: 'once' }), manila, true)).toEqual({
      problems: { max_uses: 'must be a whole number, or empty', per_customer_limit: 'must be a whole number, or empty' },
    });
    expect(readOfferForm(form({ starts_at: '' }), manila, false)).toEqual({ problems: { starts_at: 'is required' } });
    expect(readOfferForm(form({ value: '' }), manila, false)).toMatchObject({ problems: { value: 'is required' } });
  });

  it('shows a saved offer as typed, and reads it back unchanged', () => {
    const saved: ConsoleOffer = {
      id: 7,
      title: '10% off this weekend',
      description: '',
      kind: 'percent_off',
      value: 10,
      max_discount: 10000,
      ...NO_OFFER_ITEMS,
      ...ANY_TIME,
      code: 'KOPI10',
      min_spend: 30000,
      starts_at: '2026-11-19T16:00:00Z',
      ends_at: '2026-11-22T15:59:00Z',
      fulfilments: ['pickup'],
      location_ids: [2],
      audience: 'new_customers',
      tier_position: null,
      customer_count: 0,
      max_uses: 200,
      max_discount_total: 500000,
      per_customer_limit: 1,
      combines_with_voucher: true,
      single_use: false,
      points_on_discounted: false,
      single_codes: 0,
      single_codes_used: 0,
      status: 'active',
      state: 'running',
      created_at: '2026-11-18T02:00:00Z',
      updated_at: '2026-11-18T02:00:00Z',
      uses: 0,
      discount_given: 0,
      orders: 0,
      new_customers: 0,
    };
    const shown = formOf(saved, manila);
    expect(shown).toMatchObject({ value: '10', max_discount: '100.00', min_spend: '300.00', starts_at: '2026-11-20T00:00', pickup: true, delivery: false });
    const read = readOfferForm(shown, manila, false);
    expect('offer' in read && read.offer).toMatchObject({
      value: 10,
      max_discount: 10000,
      min_spend: 30000,
      fulfilments: ['pickup'],
      location_ids: [2],
      audience: 'new_customers',
      max_uses: 200,
      max_discount_total: 500000,
      per_customer_limit: 1,
      combines_with_voucher: true,
      single_use: false,
      points_on_discounted: false,
    });
    expect('offer' in read && Date.parse(read.offer.starts_at!)).toBe(Date.parse(saved.starts_at));
  });
});

describe('the audiences in the editor', () => {
  it('reads a tier, and a pasted list of ids and phone numbers; an empty list on a saved offer keeps it', () => {
    expect(customerEntries('12\n0917 123 4567, +639181112222;\n\n 7 ')).toEqual([12, '0917 123 4567', '+639181112222', 7]);
    const tier = readOfferForm(form({ audience: 'tier', tier_position: '2' }), manila, true);
    expect('offer' in tier && tier.offer).toMatchObject({ audience: 'tier', tier_position: 2 });
    const list = readOfferForm(form({ audience: 'customer_list', customers: '12\n0917 123 4567', tier_position: '2' }), manila, true);
    expect('offer' in list && list.offer).toMatchObject({ audience: 'customer_list', tier_position: null, customers: [12, '0917 123 4567'] });
    const kept = readOfferForm(form({ audience: 'customer_list', customers: '' }), manila, false);
    expect('offer' in kept && 'customers' in kept.offer).toBe(false);
    expect(readOfferForm(form({ audience: 'tier' }), manila, true)).toEqual({ problems: { tier_position: 'choose the tier' } });
  });
});

describe('the item kinds in the editor', () => {
  it('reads a free product and a buy X get Y as the create call takes them, with only their own fields', () => {
    const free = readOfferForm(form({ kind: 'free_product', value: '100', product_id: 12, max_discount: '30' }), manila, true);
    expect('offer' in free && free.offer).toMatchObject({ kind: 'free_product', value: 100, product_id: 12, max_discount: null, buy: null, get: null });
    const both = readOfferForm(
      form({
        kind: 'buy_x_get_y',
        value: '50',
        product_id: 12,
        buy: { qty: '2', product_ids: [], category_ids: [1] },
        get: { qty: '1', product_ids: [12], category_ids: [] },
        max_applications: '3',
      }),
      manila,
      true,
    );
    expect('offer' in both && both.offer).toMatchObject({
      kind: 'buy_x_get_y',
      value: 50,
      product_id: null,
      buy: { qty: 2, product_ids: [], category_ids: [1] },
      get: { qty: 1, product_ids: [12], category_ids: [] },
      max_applications: 3,
    });
  });

  it('says what an item offer lacks, by field', () => {
    expect(readOfferForm(form({ kind: 'free_product', value: '100' }), manila, true)).toEqual({ problems: { product_id: 'must be chosen' } });
    expect(readOfferForm(form({ kind: 'buy_x_get_y', value: '100', buy: { qty: '', product_ids: [1], category_ids: [] } }), manila, true)).toMatchObject({
      problems: { 'buy.qty': 'is required' },
    });
    expect(readOfferForm(form({ kind: 'buy_x_get_y', value: '100' }), manila, true)).toEqual({
      problems: { buy: 'choose at least one product or category', get: 'choose at least one product or category' },
    });
    // no example: an item offer's discount depends on the basket
    expect(discountExample(form({ kind: 'free_product', value: '100', product_id: 12 }), manila)).toBeNull();
  });

  it('shows a saved buy X get Y as typed', () => {
    const shown = formOf(
      {
        ...({} as ConsoleOffer),
        ...NO_OFFER_ITEMS,
        ...ANY_TIME,
        title: 'Coffee and a pastry',
        description: '',
        kind: 'buy_x_get_y',
        value: 100,
        buy: { qty: 2, product_ids: [], category_ids: [1] },
        get: { qty: 1, product_ids: [], category_ids: [3] },
        max_applications: 2,
        code: 'PAIR',
        min_spend: 0,
        starts_at: '2026-11-19T16:00:00Z',
        ends_at: null,
        fulfilments: ['pickup', 'delivery'],
        location_ids: [],
        max_uses: null,
        max_discount_total: null,
        per_customer_limit: null,
      },
      manila,
    );
    expect(shown).toMatchObject({ value: '100', buy: { qty: '2', category_ids: [1] }, get: { qty: '1', category_ids: [3] }, max_applications: '2' });
  });
});

describe("the editor's example", () => {
  it('prices the offer as typed on its minimum, or on ₱500.00, as the provider would', () => {
    expect(discountExample(form({ value: '10' }), manila)).toEqual({ order: 50000, off: 5000 });
    expect(discountExample(form({ value: '10', max_discount: '30' }), manila)).toEqual({ order: 50000, off: 3000 });
    expect(discountExample(form({ kind: 'amount_off', value: '50', min_spend: '800' }), manila)).toEqual({ order: 80000, off: 5000 });
    // an amount never takes off more than the order
    expect(discountExample(form({ kind: 'amount_off', value: '900' }), manila)).toEqual({ order: 50000, off: 50000 });
  });

  it('shows none while what it gives cannot be read', () => {
    expect(discountExample(form({ value: '' }), manila)).toBeNull();
    expect(discountExample(form({ value: '150' }), manila)).toBeNull();
    expect(discountExample(form({ value: '10', max_discount: 'lots' }), manila)).toBeNull();
  });
});
