/**
 * Offers and promo codes (issue 50): the owner's offers in the merchant console, the customer's "Offers
 * for you", and the code a customer gives at checkout (order/quote and order/create take `promo_code`;
 * their answers carry the offer applied). The schemas of the area's calls (offers.calls.ts declares them,
 * offers.spec.ts describes them) and the types inferred from them.
 *
 * An offer takes a percentage (with an optional cap) or an amount off the subtotal, or a percentage off
 * items of the basket (a free product; buy X get Y, the cheapest qualifying items: offer-rules.ts
 * discountedItems), once per order, when its code is given, or by itself when it has none (an automatic
 * offer: without a code, the one of those that takes the most off the order, ties to the one ending
 * soonest); one offer per order, so a code given replaces any automatic offer; with a reward voucher only when the offer says so; points are
 * earned on the total after it, as after a voucher. Its rules: when (starts_at, ends_at), where
 * (fulfilments, location_ids: empty for every location), for whom (audience), from how much (min_spend),
 * and how often (max_uses in all, max_discount_total in money, per_customer_limit). The order pricing
 * applies it (server/provider/orders/pricing.ts), and order/create counts its use under the offer's row
 * lock, so its limits hold whatever the concurrency; a cancelled order gives its use back.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, time } from './answer-fields';
import { id, minorUnits, optionalText, requiredText, wholeNumber } from './fields';
import { FULFILMENTS } from './order-lifecycle';
import { WEEKDAYS } from './locations';
import {
  OFFER_AUDIENCES,
  OFFER_CODE_MESSAGE,
  OFFER_CODE_PATTERN,
  OFFER_CODE_BATCH_MAX,
  OFFER_CUSTOMERS_MAX,
  OFFER_ITEMS_QTY_MAX,
  OFFER_KINDS,
  OFFER_STATES,
  OFFER_STATUSES,
  offerProblems,
  type OfferTerms,
} from './offer-rules';

// The rules (kinds, reasons, offerProblems, offerDiscount) live in a module free of zod, for the console.
export * from './offer-rules';

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** An offer's code as the owner gives it: trimmed, upper-cased, 3 to 20 letters and digits. */
export const offerCode = z.string({ error: OFFER_CODE_MESSAGE }).trim().toUpperCase().regex(OFFER_CODE_PATTERN, OFFER_CODE_MESSAGE);
/**
 * The code a customer types at checkout: trimmed and upper-cased. Any text of up to 40 characters is
 * taken: one that is no offer's code is refused as `unknown` (PROMO_CODE_INVALID), counted as a wrong try.
 */
export const promoCode = z.string({ error: 'must be text' }).trim().toUpperCase().min(1, 'is required').max(40, 'must be at most 40 characters');

const when = (what: string) => z.iso.datetime({ offset: true, error: `must be a date and time such as 2026-05-01T08:00:00+08:00 (${what})` });
const fulfilmentList = z
  .array(z.enum(FULFILMENTS, { error: `must be ${FULFILMENTS.join(' or ')}` }), { error: 'must be a list such as ["pickup"]' })
  .min(1, 'choose pickup, delivery or both')
  .max(FULFILMENTS.length, 'must name each way of ordering once');
const locationList = z.array(id, { error: 'must be a list of location ids' }).max(100, 'must be at most 100 locations');
const positiveMoney = minorUnits.min(1, 'must be at least 1');
const idList = (what: string) =>
  z
    .array(id, { error: `must be a list of ${what} ids` })
    .max(100, `must be at most 100 ${what}s`)
    .refine((l) => new Set(l).size === l.length, `must name each ${what} once`);
const clock = z.string({ error: 'must be a time such as 14:00' }).regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time such as 14:00');
/** The hours of the day an offer runs, in the shop's time zone. */
const offerHours = z.object({ start: clock, end: clock }, { error: 'must be an object such as {"start": "14:00", "end": "17:00"}' });
const dayList = z
  .array(z.enum(WEEKDAYS, { error: `must be days among ${WEEKDAYS.join(', ')}` }), { error: 'must be a list of days such as ["sat", "sun"]' })
  .max(7, 'must name each day once')
  .refine((l) => new Set(l).size === l.length, 'must name each day once');
/** An RFC 5545 recurrence rule without its start (the offer's start is): the provider checks it reads. */
const recurrence = z
  .string({ error: 'must be a rule such as FREQ=MONTHLY;BYMONTHDAY=1' })
  .trim()
  .toUpperCase()
  .regex(/^(RRULE:)?FREQ=[A-Z]+(;[A-Z]+=[A-Z0-9,+-]+)*$/, 'must be a rule such as FREQ=MONTHLY;BYMONTHDAY=1')
  .max(200, 'must be at most 200 characters');

/** buy_x_get_y's `buy` and `get`: how many items, of which products or categories (either list may be empty, not both). */
const offerItems = z.object(
  {
    qty: wholeNumber(1, OFFER_ITEMS_QTY_MAX, 'items'),
    product_ids: idList('product').default([]),
    category_ids: idList('category').default([]),
  },
  { error: 'must be an object such as {"qty": 2, "product_ids": [1]}' },
);

/** The fields of an offer, each alone; offerProblems says what they must be together. */
const offerFields = {
  /** what customers read: "10% off this weekend" */
  title: requiredText(60),
  description: optionalText(200),
  kind: z.enum(OFFER_KINDS, { error: `must be one of ${OFFER_KINDS.join(', ')}` }),
  /** percent_off, free_product, buy_x_get_y: a percentage, 1–100 (100: the items free); amount_off: minor units */
  value: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000_000, 'must be at most 100,000,000'),
  /** percent_off only: the most one order gets off, in minor units; null: no cap */
  max_discount: positiveMoney.nullable(),
  /** free_product only: the product of which one is taken off (`value` percent of its price) when in the basket */
  product_id: id.nullable(),
  /** buy_x_get_y only: the items the basket must have, and the items it then gets at `value` percent off */
  buy: offerItems.nullable(),
  get: offerItems.nullable(),
  /** buy_x_get_y only: how many times one order may take it when its basket allows (null: once) */
  max_applications: wholeNumber(1, 100, 'times').nullable(),
  /** null: an automatic offer, applied without a code to the orders it fits (the best one for the customer) */
  code: offerCode.nullable(),
  /** the subtotal an order needs (minor units); 0: none */
  min_spend: minorUnits,
  starts_at: when('the start'),
  /** null: no end */
  ends_at: when('the end').nullable(),
  /** the weekdays it runs, in the shop's time zone; empty: every day */
  days: dayList,
  /** the hours of those days it runs, in the shop's time zone; null: all day */
  hours: offerHours.nullable(),
  /** an RFC 5545 rule of the days it runs besides (FREQ=MONTHLY;BYMONTHDAY=1: the 1st of each month), from its start; null: none */
  rrule: recurrence.nullable(),
  fulfilments: fulfilmentList,
  /** empty: every location */
  location_ids: locationList,
  audience: z.enum(OFFER_AUDIENCES, { error: `must be one of ${OFFER_AUDIENCES.join(', ')}` }),
  /** audience `tier`: the tier's position (0: the first); customers at it or above */
  tier_position: wholeNumber(0, 4, 'tiers').nullable(),
  /** audience `customer_list`: the customers, each by id (a whole number) or phone number as the shop has it; given, it replaces the list */
  customers: z
    .array(z.union([id, z.string().trim().min(3, 'must be a customer id or a phone number').max(20, 'must be a customer id or a phone number')]), {
      error: 'must be a list of customer ids or phone numbers',
    })
    .max(OFFER_CUSTOMERS_MAX, `must be at most ${OFFER_CUSTOMERS_MAX} customers`),
  /** uses in all (orders not cancelled); null: no limit */
  max_uses: wholeNumber(1, 1_000_000, 'uses').nullable(),
  /** the discount it may give in all, in minor units; null: no budget */
  max_discount_total: positiveMoney.nullable(),
  /** uses per customer; null: no limit */
  per_customer_limit: wholeNumber(1, 1000, 'uses').nullable(),
  /** whether a reward voucher may be used on the same order */
  combines_with_voucher: z.boolean({ error: 'must be true or false' }),
  /** true: no code of its own (`code` null) and never by itself: it applies with one of its single-use codes (merchant/offers/codes/create) */
  single_use: z.boolean({ error: 'must be true or false' }),
  /** true: points are earned on the total after the offer's discount; false: on it before the offer's discount */
  points_on_discounted: z.boolean({ error: 'must be true or false' }),
};

/** offerProblems as zod issues on their fields. */
function checkTogether(o: OfferTerms, ctx: z.core.$RefinementCtx): void {
  for (const [path, message] of Object.entries(offerProblems(o))) ctx.addIssue({ code: 'custom', message, path: [path] });
}

/** `merchant/offers/create`: an offer, active at once (from `starts_at`: absent, now). */
export const offerCreateBody = z
  .object({
    ...offerFields,
    description: offerFields.description.default(''),
    max_discount: offerFields.max_discount.default(null),
    product_id: offerFields.product_id.default(null),
    buy: offerFields.buy.default(null),
    get: offerFields.get.default(null),
    max_applications: offerFields.max_applications.default(null),
    min_spend: minorUnits.default(0),
    starts_at: offerFields.starts_at.optional(),
    ends_at: offerFields.ends_at.default(null),
    days: dayList.default([]),
    hours: offerFields.hours.default(null),
    rrule: offerFields.rrule.default(null),
    fulfilments: fulfilmentList.default(['pickup', 'delivery']),
    location_ids: locationList.default([]),
    audience: offerFields.audience.default('everyone'),
    tier_position: offerFields.tier_position.default(null),
    customers: offerFields.customers.optional(),
    max_uses: offerFields.max_uses.default(null),
    max_discount_total: offerFields.max_discount_total.default(null),
    per_customer_limit: offerFields.per_customer_limit.default(1),
    combines_with_voucher: offerFields.combines_with_voucher.default(false),
    single_use: offerFields.single_use.default(false),
    points_on_discounted: offerFields.points_on_discounted.default(true),
  })
  .superRefine((o, ctx) => checkTogether({ ...o, starts_at: o.starts_at ?? new Date(0).toISOString() }, ctx));
export type OfferCreateInput = z.input<typeof offerCreateBody>;
export type OfferFields = z.output<typeof offerCreateBody>;

/**
 * `merchant/offers/update`: the offer (by its id) and the fields to change, any of them; the provider
 * checks them together with the saved ones (offerProblems: 400 naming the field).
 */
export const offerUpdateBody = z
  .object(offerFields)
  .partial()
  .extend({ id })
  .refine((b) => Object.keys(b).some((k) => k !== 'id'), { message: 'give at least one field to change', path: ['title'] });
export type OfferUpdateInput = z.input<typeof offerUpdateBody>;
export type OfferChanges = z.output<typeof offerUpdateBody>;

/** `merchant/offers/status`: pause, resume (`active`) or archive; an archived offer stays archived. */
export const offerStatusBody = z.object({ id, status: z.enum(OFFER_STATUSES, { error: `must be one of ${OFFER_STATUSES.join(', ')}` }) });
export type OfferStatusInput = z.infer<typeof offerStatusBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** When in the week and the day an offer runs, as both the console and the customer read it. */
const windowAnswer = {
  days: z.array(z.enum(WEEKDAYS)).meta({ description: "the weekdays it runs, in the shop's time zone; empty: every day" }),
  hours: z
    .object({ start: z.string(), end: z.string() })
    .nullable()
    .meta({ description: "the hours of those days (HH:MM, the shop's time zone); null: all day" }),
  rrule: z.string().nullable().meta({ description: 'an RFC 5545 rule of the days it runs besides; null: none' }),
};

const offerItemsAnswer = z.object({ qty: int(), product_ids: z.array(int()), category_ids: z.array(int()) }).meta({ id: 'OfferItems' });

/** An offer as the console reads it: its fields, where it stands, and what it has done. */
export const consoleOfferAnswer = z
  .object({
    id: int(),
    title: z.string(),
    description: z.string(),
    kind: z.enum(OFFER_KINDS),
    value: int().meta({ description: 'amount_off: minor units; the other kinds: the percentage off' }),
    max_discount: money().nullable().meta({ description: 'percent_off: the most one order gets off; null: no cap' }),
    product_id: int().nullable().meta({ description: 'free_product: the product given; else null' }),
    buy: offerItemsAnswer.nullable().meta({ description: 'buy_x_get_y: what the basket must have; else null' }),
    get: offerItemsAnswer.nullable().meta({ description: 'buy_x_get_y: what it then gets at `value` percent off; else null' }),
    max_applications: int().nullable().meta({ description: 'buy_x_get_y: how many times one order may take it when its basket allows; else null' }),
    code: z.string().nullable().meta({ description: 'upper case; null: an automatic offer (applies by itself)' }),
    min_spend: money(),
    starts_at: time(),
    ends_at: time().nullable(),
    ...windowAnswer,
    fulfilments: z.array(z.enum(FULFILMENTS)),
    location_ids: z.array(int()).meta({ description: 'empty: every location' }),
    audience: z.enum(OFFER_AUDIENCES),
    tier_position: int().nullable().meta({ description: 'audience tier: the tier (0: the first); customers at it or above' }),
    customer_count: int().meta({ description: 'audience customer_list: how many customers the list holds' }),
    max_uses: int().nullable(),
    max_discount_total: money().nullable(),
    per_customer_limit: int().nullable(),
    combines_with_voucher: z.boolean(),
    single_use: z.boolean().meta({ description: 'true: no code of its own; it applies with one of its single-use codes' }),
    points_on_discounted: z.boolean().meta({ description: "true: points on the total after the offer's discount; false: before it" }),
    single_codes: int().meta({ description: 'single-use codes made for it' }),
    single_codes_used: int().meta({ description: 'of those, used on an order that is not cancelled' }),
    status: z.enum(OFFER_STATUSES),
    state: z.enum(OFFER_STATES).meta({ description: 'where it stands now: scheduled, running, ended, used_up (uses or budget spent), paused, archived' }),
    created_at: time(),
    updated_at: time(),
    uses: int().meta({ description: 'orders placed with it and not cancelled (what max_uses counts)' }),
    discount_given: money().meta({ description: 'the discount of those orders (what max_discount_total counts)' }),
    orders: int().meta({ description: 'of those, orders paid' }),
    new_customers: int().meta({ description: 'customers whose first order used it (of those it counts)' }),
  })
  .meta({ id: 'ConsoleOffer' });
export type ConsoleOffer = z.infer<typeof consoleOfferAnswer>;
export const consoleOffersAnswer = z.object({ offers: z.array(consoleOfferAnswer) });
export type ConsoleOffersData = z.infer<typeof consoleOffersAnswer>;
export const consoleOfferOnlyAnswer = z.object({ offer: consoleOfferAnswer });
export type ConsoleOfferData = z.infer<typeof consoleOfferOnlyAnswer>;

/** An offer as a customer reads it in "Offers for you": never its limits, uses or budget. */
export const customerOfferAnswer = z
  .object({
    id: int(),
    title: z.string(),
    description: z.string(),
    code: z.string().nullable().meta({ description: 'the code to give at checkout; null: it applies by itself to the orders it fits' }),
    min_spend: money().meta({ description: 'the subtotal an order needs; 0: none' }),
    ends_at: time().nullable().meta({ description: 'null: no end' }),
    ...windowAnswer,
    fulfilments: z.array(z.enum(FULFILMENTS)),
    location_ids: z.array(int()).meta({ description: 'empty: every location' }),
    combines_with_voucher: z.boolean(),
  })
  .meta({ id: 'Offer' });
export type CustomerOffer = z.infer<typeof customerOfferAnswer>;
export const customerOffersAnswer = z.object({ offers: z.array(customerOfferAnswer) });
export type CustomerOffersData = z.infer<typeof customerOffersAnswer>;

/** The offer a quote applies and an order keeps (a snapshot: what it was when ordered). */
export const appliedOfferAnswer = z
  .object({
    code: z.string().nullable().meta({ description: 'null: an automatic offer, applied without a code' }),
    title: z.string(),
    discount: money().meta({ description: "what it took off (part of the answer's `discount`)" }),
  })
  .meta({ id: 'AppliedOffer' });
export type AppliedOffer = z.infer<typeof appliedOfferAnswer>;

// ---------------------------------------------------------------------------------------------
// Single-use codes
// ---------------------------------------------------------------------------------------------

/** `merchant/offers/codes/create`: a batch of `count` single-use codes for a single-use offer, each starting with `prefix`. */
export const offerCodeBatchBody = z.object({
  offer_id: id,
  count: wholeNumber(1, OFFER_CODE_BATCH_MAX, 'codes'),
  prefix: z
    .string({ error: 'must be text' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,8}$/, 'must be up to 8 letters and digits, such as FLYER')
    .default(''),
});
export type OfferCodeBatchInput = z.input<typeof offerCodeBatchBody>;

/** `merchant/offers/codes`: an offer's batches. */
export const offerCodeBatchesQuery = z.object({ offer_id: id });
export type OfferCodeBatchesInput = z.input<typeof offerCodeBatchesQuery>;

/** `merchant/offers/codes.csv`: one batch's codes. */
export const offerCodeCsvQuery = z.object({ batch_id: id });
export type OfferCodeCsvInput = z.input<typeof offerCodeCsvQuery>;

export const offerCodeBatchAnswer = z
  .object({
    id: int(),
    offer_id: int(),
    prefix: z.string(),
    count: int().meta({ description: 'codes in the batch' }),
    used: int().meta({ description: 'of them, used on an order that is not cancelled' }),
    created_at: time(),
  })
  .meta({ id: 'OfferCodeBatch' });
export type OfferCodeBatch = z.infer<typeof offerCodeBatchAnswer>;
export const offerCodeBatchesAnswer = z.object({ batches: z.array(offerCodeBatchAnswer) });
export type OfferCodeBatchesData = z.infer<typeof offerCodeBatchesAnswer>;
export const offerCodeBatchOnlyAnswer = z.object({ batch: offerCodeBatchAnswer });
export type OfferCodeBatchData = z.infer<typeof offerCodeBatchOnlyAnswer>;
