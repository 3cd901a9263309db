/**
 * Offers and promo codes (issue 50), free of zod: the kinds, statuses and audiences, the reasons a code
 * is refused, the rules an offer's fields keep together (offerProblems) and what an offer takes off a
 * basket (offerDiscount), the one computation the provider prices with and the console may preview with.
 * offers.ts builds its schemas from these and re-exports all of it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/**
 * What an offer gives. Each kind reads `value` its own way: `percent_off` a percentage (1–100, with an
 * optional cap `max_discount`), `amount_off` an amount in minor units; `free_product` one of the product
 * `product_id` off when the basket has it, and `buy_x_get_y` the `get` items of a basket that also has the
 * `buy` items, both at `value` percent off (100: free).
 */
export const OFFER_KINDS = ['percent_off', 'amount_off', 'free_product', 'buy_x_get_y'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** `active` and `paused` any time; `archived` for good (its code may then be given to a new offer). */
export const OFFER_STATUSES = ['active', 'paused', 'archived'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** The kinds that take their discount off items of the basket, not off its subtotal. */
export const ITEM_KINDS: readonly OfferKind[] = ['free_product', 'buy_x_get_y'];

/**
 * `new_customers`: customers with no order yet that is not cancelled. `first_order`: the customer's first
 * order, which is the same rule (an order is a customer's first when they have no other that is not
 * cancelled): kept as the owner chose it, checked alike. `tier`: customers at the tier `tier_position` or
 * a higher one (a customer who moves up keeps it). `customer_list`: the customers the owner listed
 * (`customers`, by id or phone number; kept in offer_customers).
 */
export const OFFER_AUDIENCES = ['everyone', 'new_customers', 'first_order', 'tier', 'customer_list'] as const;
/** The most customers one offer's list may name. */
export const OFFER_CUSTOMERS_MAX = 5000;
export type OfferAudience = (typeof OFFER_AUDIENCES)[number];

/**
 * Where an offer stands now, for the console's list: `scheduled` (active, not started), `running`,
 * `ended` (past its end), `used_up` (its uses or its budget spent), `paused`, `archived`.
 */
export const OFFER_STATES = ['scheduled', 'running', 'ended', 'used_up', 'paused', 'archived'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/**
 * Why a promo code does not apply (the `reason` of a 400 PROMO_CODE_INVALID): `unknown` (no such code),
 * `not_yet` (`starts_at`), `expired` (`ends_at`), `below_minimum` (`missing`: how much more to spend),
 * `not_for_you` (the audience, or the customer's own limit reached), `used_up` (its uses or budget
 * spent), `not_here` (not at this location, or not for this way of ordering), `paused`,
 * `not_with_voucher` (a reward voucher on the same order, and the offer does not combine with one),
 * `missing_items` (a free product or buy X get Y offer: the basket lacks what it needs), `not_now` (outside
 * the offer's days, hours or recurring rule, in the shop's time zone; `next_start`: when it opens next).
 */
export const PROMO_CODE_REASONS = [
  'unknown',
  'not_yet',
  'expired',
  'below_minimum',
  'not_for_you',
  'used_up',
  'not_here',
  'paused',
  'not_with_voucher',
  'missing_items',
  'not_now',
] as const;
export type PromoCodeReason = (typeof PROMO_CODE_REASONS)[number];

/** What a 400 PROMO_CODE_INVALID carries in `data`. */
export interface PromoCodeRefusal {
  reason: PromoCodeReason;
  /** the code as it was matched (upper case) */
  code: string;
  /** not_yet: when it starts */
  starts_at?: string;
  /** expired: when it ended (null: archived by the shop) */
  ends_at?: string | null;
  /** below_minimum: the offer's minimum spend, and how much more the basket needs */
  min_spend?: number;
  missing?: number;
  /** missing_items: what the order needs, in words ("a Croissant", "2 of Drinks and 1 more of Pastries") */
  needs?: string;
  /** not_now: when it opens next (null: not again before it ends) */
  next_start?: string | null;
  /** not_for_you because the customer has used it as many times as each customer may: how many that is */
  per_customer_limit?: number;
}

/** An offer's hours in the day, in the shop's time zone: from `start` to `end` ("14:00", "24:00"). */
export interface OfferHours {
  start: string;
  end: string;
}

/** Minutes since midnight of "14:30". */
export const minutesOfClock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A code: 3 to 20 letters A–Z and digits, kept and matched in upper case. */
export const OFFER_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;
export const OFFER_CODE_MESSAGE = 'must be 3 to 20 letters and digits, such as KOPI10';
/** At most this many offers that are not archived. */
export const OFFERS_MAX = 200;
/** The most single-use codes one batch may hold, and one offer in all. */
export const OFFER_CODE_BATCH_MAX = 10_000;
export const OFFER_SINGLE_CODES_MAX = 100_000;
/**
 * A single-use code's letters: no 0, O, 1 or I (read aloud or off a flyer, they are mistaken for each
 * other); 32 of them, so each is 5 bits, and OFFER_SINGLE_CODE_LENGTH of them 65 bits: never guessed.
 */
export const SINGLE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const OFFER_SINGLE_CODE_LENGTH = 13;
/** Wrong (unknown) codes a customer may try in OFFER_GUESS_WINDOW_MINUTES before every code is refused (429). */
export const OFFER_GUESSES_MAX = 10;
/** Wrong codes one address (all its customers together) may give in the window before every code is refused (429). */
export const OFFER_GUESSES_PER_ADDRESS_MAX = 30;
export const OFFER_GUESS_WINDOW_MINUTES = 15;

/** At most this many of a basket's items in a buy X get Y offer's `buy` or `get`. */
export const OFFER_ITEMS_QTY_MAX = 20;

/** Which items of a basket count (a product named, or one of a category named), and how many. */
export interface OfferItems {
  qty: number;
  product_ids: number[];
  category_ids: number[];
}

/** A line of the basket as an offer reads it: one item's price (its options' included) and how many. */
export interface OfferLine {
  product_id: number;
  /** null: a product without a category (none on a menu today; kept as the basket reads it) */
  category_id: number | null;
  price: number;
  qty: number;
}

/** The item fields of an offer that takes its discount off the subtotal (percent_off, amount_off). */
export const NO_OFFER_ITEMS = { product_id: null, buy: null, get: null, max_applications: null } as const;

/**
 * An offer's days and hours in words, for the console and the app: "Sat and Sun, 14:00–17:00",
 * "Mon only" · "14:00–17:00 only" · "on set days (FREQ=…)"; null when it runs at every hour of its dates.
 */
export function windowWords(w: { days: readonly string[]; hours: OfferHours | null; rrule: string | null }): string | null {
  const names: Record<string, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
  const order = Object.keys(names);
  const days = [...w.days].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((d) => names[d] ?? d);
  const dayWords = days.length === 0 ? null : days.length === 1 ? days[0]! : `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;
  const hours = w.hours ? `${w.hours.start}–${w.hours.end}` : null;
  const parts = [dayWords, hours].filter((p): p is string => p !== null);
  const rule = w.rrule ? `on the days of the rule ${w.rrule}` : null;
  if (parts.length === 0 && !rule) return null;
  return [parts.length ? `${parts.join(', ')} only` : null, rule].filter(Boolean).join(', ');
}

/** The window of an offer that runs at every hour of its dates. */
export const ANY_TIME: { days: never[]; hours: null; rrule: null } = { days: [], hours: null, rrule: null };

/** The fields that decide what an offer takes off, and when it may run. */
export interface OfferTerms {
  kind: OfferKind;
  value: number;
  max_discount: number | null;
  /** free_product: the product given; else null */
  product_id: number | null;
  /** buy_x_get_y: what the basket must have, and what it gets at `value` percent off; else null */
  buy: OfferItems | null;
  get: OfferItems | null;
  /** buy_x_get_y: how many times one order may take it when its basket allows (null: once) */
  max_applications: number | null;
  /** the hours of its days it runs (null: all day) */
  hours: OfferHours | null;
  /** who: the audience, and the tier of `tier` (null otherwise) */
  audience: OfferAudience;
  tier_position: number | null;
  starts_at: string;
  ends_at: string | null;
  fulfilments: readonly string[];
  /** its code (null: none) and whether it applies with single-use codes instead (absent: false) */
  code?: string | null;
  single_use?: boolean;
}

/**
 * What is wrong with an offer's fields taken together (each field alone is the schema's): by field, empty
 * when nothing is. The create schema refines with it, and the provider checks an update's fields merged
 * with the saved offer.
 */
export function offerProblems(o: OfferTerms): Record<string, string> {
  const problems: Record<string, string> = {};
  if (o.kind !== 'amount_off' && o.value > 100) problems.value = 'must be a percentage from 1 to 100';
  if (o.kind !== 'percent_off' && o.max_discount !== null) problems.max_discount = 'applies to a percentage off only: leave it empty';
  if (o.kind === 'free_product' && o.product_id === null) problems.product_id = 'must be chosen';
  if (o.kind !== 'free_product' && o.product_id !== null) problems.product_id = 'applies to a free product only: leave it empty';
  for (const part of ['buy', 'get'] as const) {
    const items = o[part];
    if (o.kind === 'buy_x_get_y' && items === null) problems[part] = `choose what the order must ${part === 'buy' ? 'have' : 'get'}`;
    else if (o.kind === 'buy_x_get_y' && items && items.product_ids.length + items.category_ids.length === 0)
      problems[part] = 'choose at least one product or category';
    else if (o.kind !== 'buy_x_get_y' && items !== null) problems[part] = 'applies to buy X get Y only: leave it empty';
  }
  if (o.kind !== 'buy_x_get_y' && o.max_applications !== null) problems.max_applications = 'applies to buy X get Y only: leave it empty';
  if (o.ends_at !== null && Date.parse(o.ends_at) <= Date.parse(o.starts_at)) problems.ends_at = 'must be after the start';
  if (new Set(o.fulfilments).size !== o.fulfilments.length) problems.fulfilments = 'must name each way of ordering once';
  if (o.audience === 'tier' && o.tier_position === null) problems.tier_position = 'choose the tier';
  if (o.audience !== 'tier' && o.tier_position !== null) problems.tier_position = 'applies to a tier audience only: leave it empty';
  if (o.hours && minutesOfClock(o.hours.end) <= minutesOfClock(o.hours.start)) problems.hours = 'must end after they start';
  if (o.single_use && o.code) problems.code = 'a single-use offer has no code of its own: leave it empty';
  return problems;
}

const counts = (items: OfferItems, l: OfferLine) =>
  items.product_ids.includes(l.product_id) || (l.category_id !== null && items.category_ids.includes(l.category_id));

/**
 * The items an item offer discounts in this basket: the prices of the items it takes `value` percent
 * off, cheapest first, or empty when the basket lacks what it needs. A free product is one of it (its
 * cheapest line). Buy X get Y applies as many times as the basket allows, up to `max_applications` (null: once): each
 * time `buy.qty` items are bought and `get.qty` more are got; the items that count only as bought are
 * taken as bought first, then the dearest of the others, so the cheapest qualifying items are the ones
 * discounted, and an item is never both bought and got.
 */
export function discountedItems(o: Pick<OfferTerms, 'kind' | 'product_id' | 'buy' | 'get' | 'max_applications'>, lines: readonly OfferLine[]): number[] {
  const units = lines.flatMap((l) => Array.from({ length: l.qty }, () => l)).sort((a, b) => a.price - b.price);
  if (o.kind === 'free_product') {
    const one = units.find((u) => u.product_id === o.product_id);
    return one ? [one.price] : [];
  }
  if (o.kind !== 'buy_x_get_y' || !o.buy || !o.get) return [];
  const { buy, get } = o;
  const buyOnly = units.filter((u) => counts(buy, u) && !counts(get, u)).length;
  // the items that count as got, cheapest first (those that also count as bought among them)
  const gettable = units.filter((u) => counts(get, u));
  const shared = gettable.filter((u) => counts(buy, u)).length;
  let times = 0;
  for (;;) {
    const next = times + 1;
    if (next > (o.max_applications ?? 1)) break;
    const sharedBought = Math.max(0, next * buy.qty - buyOnly);
    if (sharedBought > shared || gettable.length - sharedBought < next * get.qty) break;
    times = next;
  }
  if (times === 0) return [];
  // the dearest shared items are bought: drop them from the gettable, from the dear end
  let sharedBought = Math.max(0, times * buy.qty - buyOnly);
  const left: OfferLine[] = [];
  for (const u of [...gettable].reverse()) {
    if (sharedBought > 0 && counts(buy, u)) sharedBought -= 1;
    else left.unshift(u);
  }
  return left.slice(0, times * get.qty).map((u) => u.price);
}

/**
 * What an offer takes off `base` (minor units: the subtotal, less a reward voucher's discount when both
 * apply) for a basket of `lines`: a percentage rounded down, at most its cap; an amount; for the item
 * kinds `value` percent of the items discountedItems finds, rounded down. Never more than the base, never
 * below zero. The provider prices orders with it (orders/pricing.ts through offers/promo-codes.ts), and
 * the console previews with it.
 */
export function offerDiscount(
  o: Pick<OfferTerms, 'kind' | 'value' | 'max_discount' | 'product_id' | 'buy' | 'get' | 'max_applications'>,
  base: number,
  lines: readonly OfferLine[],
): number {
  if (base <= 0) return 0;
  let off: number;
  if (o.kind === 'percent_off') off = Math.floor((base * o.value) / 100);
  else if (o.kind === 'amount_off') off = o.value;
  else off = Math.floor((discountedItems(o, lines).reduce((s, p) => s + p, 0) * o.value) / 100);
  return Math.max(0, Math.min(base, off, o.kind === 'percent_off' && o.max_discount !== null ? o.max_discount : Infinity));
}

/**
 * An order's (or a quote's) `discount` in its two parts: the reward voucher's and the promo code's offer's.
 * The offer's discount is part of `discount` (order pricing), so the voucher's is what is left of it.
 */
export function discountParts(o: { discount: number; offer?: { discount: number } | null }): { voucher: number; offer: number } {
  const offer = o.offer?.discount ?? 0;
  return { voucher: o.discount - offer, offer };
}
