/**
 * Offers and promo codes (issue 50), free of zod: the kinds, statuses and audiences, the reasons a code
 * is refused, the rules an offer's fields keep together (offerProblems) and what an offer takes off a
 * basket (offerDiscount), the one computation the provider prices with and the console may preview with.
 * offers.ts builds its schemas from these and re-exports all of it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/**
 * What an offer gives. Each kind reads `value` its own way: `percent_off` a percentage (1–100, with an
 * optional cap `max_discount`), `amount_off` an amount in minor units. Kinds to come (`free_product`,
 * `buy_x_get_y`) join this list with fields of their own.
 */
export const OFFER_KINDS = ['percent_off', 'amount_off'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** `active` and `paused` any time; `archived` for good (its code may then be given to a new offer). */
export const OFFER_STATUSES = ['active', 'paused', 'archived'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** `new_customers`: customers with no order yet that is not cancelled. */
export const OFFER_AUDIENCES = ['everyone', 'new_customers'] as const;
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
 * `not_with_voucher` (a reward voucher on the same order, and the offer does not combine with one).
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
}

/** A code: 3 to 20 letters A–Z and digits, kept and matched in upper case. */
export const OFFER_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;
export const OFFER_CODE_MESSAGE = 'must be 3 to 20 letters and digits, such as KOPI10';
/** At most this many offers that are not archived. */
export const OFFERS_MAX = 200;
/** Wrong (unknown) codes a customer may try in OFFER_GUESS_WINDOW_MINUTES before every code is refused (429). */
export const OFFER_GUESSES_MAX = 10;
export const OFFER_GUESS_WINDOW_MINUTES = 15;

/** The fields that decide what an offer takes off, and when it may run. */
export interface OfferTerms {
  kind: OfferKind;
  value: number;
  max_discount: number | null;
  starts_at: string;
  ends_at: string | null;
  fulfilments: readonly string[];
}

/**
 * What is wrong with an offer's fields taken together (each field alone is the schema's): by field, empty
 * when nothing is. The create schema refines with it, and the provider checks an update's fields merged
 * with the saved offer.
 */
export function offerProblems(o: OfferTerms): Record<string, string> {
  const problems: Record<string, string> = {};
  if (o.kind === 'percent_off' && o.value > 100) problems.value = 'must be a percentage from 1 to 100';
  if (o.kind !== 'percent_off' && o.max_discount !== null) problems.max_discount = 'applies to a percentage off only: leave it empty';
  if (o.ends_at !== null && Date.parse(o.ends_at) <= Date.parse(o.starts_at)) problems.ends_at = 'must be after the start';
  if (new Set(o.fulfilments).size !== o.fulfilments.length) problems.fulfilments = 'must name each way of ordering once';
  return problems;
}

/**
 * What an offer takes off `base` (minor units: the subtotal, less a reward voucher's discount when both
 * apply): a percentage rounded down, at most its cap; an amount, at most the base. Never below zero.
 */
export function offerDiscount(o: Pick<OfferTerms, 'kind' | 'value' | 'max_discount'>, base: number): number {
  if (base <= 0) return 0;
  const off = o.kind === 'percent_off' ? Math.floor((base * o.value) / 100) : o.value;
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
