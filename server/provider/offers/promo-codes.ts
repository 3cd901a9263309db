/**
 * A promo code at checkout (issue 50): whether it applies to an order and what it takes off, for the
 * order's pricing (orders/pricing.ts, the one place an order is priced), its use counted and given back
 * (orders/ calls these in the order's and the cancellation's transactions), and the limit on guessing.
 */
import {
  ITEM_KINDS,
  OFFER_GUESSES_MAX,
  OFFER_GUESSES_PER_ADDRESS_MAX,
  OFFER_GUESS_WINDOW_MINUTES,
  discountedItems,
  offerDiscount,
  type AppliedOffer,
  type OfferItems,
  type OfferLine,
  type PromoCodeReason,
  type PromoCodeRefusal,
} from '#contract/offers';
import { formatMoney } from '#contract/money';
import type { Fulfilment } from '#contract/order-lifecycle';
import { MINUTE } from '../../lib/clock';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, said, type Words } from '../http/errors';
import { errors } from '../i18n/errors';
import { assertUnderLimit, countUse, type UseLimit } from '../http/use-limit';
import type { MerchantRules } from '../settings/settings.service';
import { inWindow, nextStart } from './offer-window';
import { singleCodeExists, takeSingleCode } from './offer-codes.repo';
import { inSavepoint } from '../../db/savepoint';
import {
  codeKnown,
  giveBackOfferUse,
  menuNames,
  lockAutomaticOffer,
  lockGivenBackUse,
  offerAtCheckout,
  recordOfferUse,
  retakeUse,
  type OfferAtCheckout,
} from './offers.repo';

/**
 * Unknown codes a customer may give in a window; then every code is refused (429) until the window has
 * passed, known ones too, so guessing cannot go on and a refusal says nothing of the code guessed.
 */
export const PROMO_GUESSES: UseLimit = {
  scope: 'promo-code-unknown',
  limit: OFFER_GUESSES_MAX,
  windowMs: OFFER_GUESS_WINDOW_MINUTES * MINUTE,
  message: said(errors.promoGuesses, { minutes: OFFER_GUESS_WINDOW_MINUTES }),
};

/** The same, for every customer of one address together (http/client-key.ts): no guessing across many accounts. */
export const PROMO_GUESSES_BY_ADDRESS: UseLimit = { ...PROMO_GUESSES, scope: 'promo-code-unknown-address', limit: OFFER_GUESSES_PER_ADDRESS_MAX };

/** What the customer reads, and what `error.fields.promo_code` says, for each reason. */
function refusalWords(r: PromoCodeRefusal, rules: MerchantRules, detail: string | null): { message: Words; field: string } {
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  const at = (iso: string) =>
    new Intl.DateTimeFormat(rules.locale, { timeZone: rules.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const code = r.code;
  const notForYou = { limit: errors.promoLimit, tier: errors.promoTier, list: errors.promoList }[detail ?? ''] ?? errors.promoFirst;
  const notFor = detail === 'delivery' ? errors.promoNotDelivery : detail === 'dine_in' ? errors.promoNotDineIn : errors.promoNotPickup;
  const words: Record<PromoCodeReason, { message: Words; field: string }> = {
    unknown: { message: said(errors.promoUnknown, { code }), field: 'is not a code we know' },
    not_yet: {
      message: r.starts_at ? said(errors.promoStarts, { code, start: at(r.starts_at) }) : said(errors.promoStartsLater, { code }),
      field: 'has not started yet',
    },
    expired: { message: said(errors.promoEnded, { code }), field: 'has ended' },
    below_minimum: {
      message: said(errors.promoBelowMinimum, { code, minimum: money(r.min_spend ?? 0), missing: money(r.missing ?? 0) }),
      field: 'needs a larger order',
    },
    not_for_you: { message: said(notForYou, { code }), field: 'is not available to you' },
    used_up: { message: said(errors.promoUsedUp, { code }), field: 'has been used up' },
    not_here: { message: said(detail === 'location' ? errors.promoNotHere : notFor, { code }), field: 'cannot be used for this order' },
    paused: { message: said(errors.promoPaused, { code }), field: 'is paused' },
    not_with_voucher: { message: said(errors.promoNotWithVoucher, { code }), field: 'cannot be used with a voucher' },
    not_now: {
      message: r.next_start ? said(errors.promoNotNowUntil, { code, at: at(r.next_start) }) : said(errors.promoNotNow, { code }),
      field: 'is not on at this time',
    },
    missing_items: {
      message: r.needs ? said(errors.promoNeeds, { code, needs: r.needs }) : said(errors.promoNeedsOther, { code }),
      field: 'needs other items in the order',
    },
  };
  return words[r.reason];
}

/** 400 PROMO_CODE_INVALID: a plain sentence, `fields.promo_code`, and the refusal in `data`. */
function refused(r: PromoCodeRefusal, rules: MerchantRules, detail: string | null = null): AppError {
  const { message, field } = refusalWords(r, rules, detail);
  return new AppError('PROMO_CODE_INVALID', message, { promo_code: field }, r);
}

/**
 * Before a quote or an order with a code: refused (429) while the customer's unknown codes, or their
 * address's, reached the limit; a code no offer ever had (nor any single-use code) is counted as a wrong
 * guess of both and refused as `unknown`. Runs outside the order's transaction (its count is its own,
 * kept whatever the order does).
 */
export async function screenPromoCode(
  ctx: ProviderContext,
  rules: MerchantRules,
  asker: { customerId: number; clientKey: string },
  code: string,
): Promise<void> {
  const key = `customer:${asker.customerId}`;
  const now = ctx.clock.now();
  await assertUnderLimit(ctx.db, PROMO_GUESSES, key, now);
  await assertUnderLimit(ctx.db, PROMO_GUESSES_BY_ADDRESS, asker.clientKey, now);
  if ((await codeKnown(ctx.db, code)) || (await singleCodeExists(ctx.db, code))) return;
  await countUse(ctx.db, PROMO_GUESSES, key, now);
  await countUse(ctx.db, PROMO_GUESSES_BY_ADDRESS, asker.clientKey, now);
  throw refused({ reason: 'unknown', code }, rules);
}

/** What the order's pricing knows when it applies a code. */
export interface Basket {
  /** what was bought, before any discount */
  subtotal: number;
  /** its lines (a voucher's free item is not one), for the offers that discount items */
  lines: OfferLine[];
  /** a reward voucher's discount on the same order (0: none, or a free item) */
  voucherDiscount: number;
  hasVoucher: boolean;
  locationId: number;
  fulfilment: Fulfilment;
  now: Date;
  /** the location's time zone (the shop's when it has none of its own): an offer's days and hours are in it */
  timeZone: string;
}

/**
 * What an item offer needs in the basket, in words: "a Croissant", "2 of Latte or Drinks and 1 more of
 * Pastries", "3 of Drinks" (what is bought and got the same).
 */
async function itemsNeeded(db: Database, o: OfferAtCheckout): Promise<string> {
  const parts = [o.buy, o.get].filter((x): x is OfferItems => x !== null);
  const names = await menuNames(
    db,
    [...(o.product_id !== null ? [o.product_id] : []), ...parts.flatMap((p) => p.product_ids)],
    parts.flatMap((p) => p.category_ids),
  );
  const of = (i: OfferItems) =>
    [...i.product_ids.map((id) => names.products.get(id)), ...i.category_ids.map((id) => names.categories.get(id))].filter(Boolean).join(' or ') ||
    'other items';
  if (o.kind === 'free_product') return `a ${names.products.get(o.product_id!) ?? 'product that is no longer on the menu'}`;
  if (!o.buy || !o.get) return 'other items';
  if (of(o.buy) === of(o.get)) return `${o.buy.qty + o.get.qty} of ${of(o.buy)}`;
  return `${o.buy.qty} of ${of(o.buy)} and ${o.get.qty} more of ${of(o.get)}`;
}

/** The offer a code applies to an order: the answer's part (the contract's AppliedOffer), and what order/create records. */
export interface AppliedPromo extends AppliedOffer {
  id: number;
  /** the single-use code given (null: a public code or an automatic offer) */
  single_code_id: number | null;
  /** points on the total after its discount (true), or as if it took nothing off */
  points_on_discounted: boolean;
  /** the customer had no order that is not cancelled */
  first_order: boolean;
}

/** Why an offer does not apply to this basket (with the detail its words need), or null when it does. */
function whyNot(o: OfferAtCheckout, code: string, b: Basket): { refusal: PromoCodeRefusal; detail?: string } | null {
  const no = (reason: PromoCodeReason, more: Partial<PromoCodeRefusal> = {}, detail?: string) => ({ refusal: { reason, code, ...more }, detail });
  if (o.status === 'archived') return no('expired', { ends_at: null });
  if (o.status === 'paused') return no('paused');
  if (b.now.getTime() < o.starts_at.getTime()) return no('not_yet', { starts_at: o.starts_at.toISOString() });
  if (o.ends_at && o.ends_at.getTime() <= b.now.getTime()) return no('expired', { ends_at: o.ends_at.toISOString() });
  if (!inWindow(o, b.now, b.timeZone)) return no('not_now', { next_start: nextStart(o, b.now, b.timeZone)?.toISOString() ?? null });
  if (o.location_ids.length > 0 && !o.location_ids.includes(b.locationId)) return no('not_here', {}, 'location');
  if (!o.fulfilments.includes(b.fulfilment)) return no('not_here', {}, b.fulfilment);
  if (b.hasVoucher && !o.combines_with_voucher) return no('not_with_voucher');
  if ((o.audience === 'new_customers' || o.audience === 'first_order') && o.has_ordered) return no('not_for_you', {}, 'audience');
  if (o.audience === 'tier' && o.my_tier < (o.tier_position ?? 0)) return no('not_for_you', {}, 'tier');
  if (o.audience === 'customer_list' && !o.listed) return no('not_for_you', {}, 'list');
  if (o.per_customer_limit !== null && o.mine >= o.per_customer_limit) return no('not_for_you', { per_customer_limit: o.per_customer_limit }, 'limit');
  if (o.single_code?.used) return no('used_up');
  if (o.max_uses !== null && o.uses >= o.max_uses) return no('used_up');
  if (o.max_discount_total !== null && o.discount_given >= o.max_discount_total) return no('used_up');
  if (b.subtotal < o.min_spend) return no('below_minimum', { min_spend: o.min_spend, missing: o.min_spend - b.subtotal });
  return null;
}

/**
 * What an offer takes off this basket, or why it cannot: the offer's rules (whyNot), an item offer with
 * nothing to discount (missing_items), a discount its budget can no longer cover whole (used_up, never cut).
 */
function offerEffect(o: OfferAtCheckout, code: string, b: Basket): { discount: number } | { refusal: PromoCodeRefusal; detail?: string } {
  const no = whyNot(o, code, b);
  if (no) return no;
  // an item offer with nothing to take off: the basket lacks what it needs (its words are read when refused)
  if (ITEM_KINDS.includes(o.kind) && discountedItems(o, b.lines).length === 0) return { refusal: { reason: 'missing_items', code } };
  const discount = offerDiscount(o, b.subtotal - b.voucherDiscount, b.lines);
  if (o.max_discount_total !== null && o.discount_given + discount > o.max_discount_total) return { refusal: { reason: 'used_up', code } };
  return { discount };
}

const applied = (o: OfferAtCheckout, discount: number): AppliedPromo => ({
  id: o.id,
  code: o.code,
  title: o.title,
  discount,
  single_code_id: o.single_code?.id ?? null,
  points_on_discounted: o.points_on_discounted,
  first_order: !o.has_ordered,
});

/**
 * The offer this basket gets: the one `code` names, or 400 PROMO_CODE_INVALID saying why not; without a
 * code, the automatic offer (no code) that takes the most off it, when one fits (ties: the one ending
 * soonest, then the oldest); one offer per order, so a code given replaces any automatic offer. Its
 * discount is taken off the subtotal less a voucher's discount (never below zero). The automatic offers
 * come read, unlocked, with the pricing's facts (orders.repo pricingFactsRows). `lock` (order/create,
 * under the customer's row lock): the offer's row is locked until the order commits, so what its limits
 * count cannot change before this order's use is recorded (recordPromoUse); without a code only the
 * best automatic offer's row, checked again once locked, and when it is used up meanwhile the next best's.
 */
export async function applyPromoCode(
  db: Database,
  rules: MerchantRules,
  customerId: number,
  code: string | undefined,
  b: Basket,
  lock: boolean,
  automatic: readonly OfferAtCheckout[],
): Promise<AppliedPromo | null> {
  if (code === undefined) return lock ? lockBestAutomatic(db, customerId, automatic, b) : (rankAutomatic(automatic, b)[0] ?? null);
  const offer = await offerAtCheckout(db, code, customerId, lock);
  if (!offer) throw refused({ reason: 'unknown', code }, rules);
  const effect = offerEffect(offer, code, b);
  if ('refusal' in effect) {
    const { refusal, detail } = effect;
    if (refusal.reason === 'missing_items') refusal.needs = await itemsNeeded(db, offer);
    throw refused(refusal, rules, detail ?? null);
  }
  return applied({ ...offer, code: offer.code ?? code }, effect.discount);
}

/** What an automatic offer takes off this basket, or null when it does not fit or takes nothing off. */
function automaticEffect(offer: OfferAtCheckout, b: Basket): AppliedPromo | null {
  const effect = offerEffect(offer, offer.title, b);
  return 'refusal' in effect || effect.discount <= 0 ? null : applied(offer, effect.discount);
}

/**
 * The automatic offers that fit the basket, the best first: the most off, then the one ending soonest,
 * then the oldest (the list comes by id).
 */
function rankAutomatic(automatic: readonly OfferAtCheckout[], b: Basket): AppliedPromo[] {
  const ends = new Map(automatic.map((o) => [o.id, o.ends_at?.getTime() ?? Infinity]));
  return automatic
    .map((o) => automaticEffect(o, b))
    .filter((a): a is AppliedPromo => a !== null)
    .sort((x, y) => y.discount - x.discount || ends.get(x.id)! - ends.get(y.id)! || x.id - y.id);
}

/** Thrown in lockBestAutomatic's savepoint when the offer locked no longer fits: its lock is let go. */
class NoLongerFits extends Error {}

/**
 * order/create without a code: the best automatic offer chosen from the unlocked read, then its row
 * alone locked and checked again (its uses and budget as they are now); used up meanwhile (or changed),
 * its lock is let go (a savepoint rolled back) and the next best is tried, so an order never holds one
 * offer's row while it waits for another's, and orders on different offers never wait for each other.
 */
async function lockBestAutomatic(db: Database, customerId: number, automatic: readonly OfferAtCheckout[], b: Basket): Promise<AppliedPromo | null> {
  for (const candidate of rankAutomatic(automatic, b)) {
    const taken = await inSavepoint(
      db,
      'automatic_offer',
      async () => {
        const fresh = await lockAutomaticOffer(db, candidate.id, customerId);
        const now = fresh && automaticEffect(fresh, b);
        if (!now) throw new NoLongerFits();
        return now;
      },
      (err) => err instanceof NoLongerFits,
    );
    if (taken.ok) return taken.value;
  }
  return null;
}

/** order/create: the order's use of its offer, in its transaction (the offer's row locked by applyPromoCode). */
export async function recordPromoUse(trx: Database, promo: AppliedPromo, order: { id: number; customer_id: number }, now: Date): Promise<void> {
  // a single-use code, locked with its offer: read free, so taken here (a guard all the same)
  if (promo.single_code_id !== null && !(await takeSingleCode(trx, promo.single_code_id, order.id, now))) {
    throw new AppError(
      'PROMO_CODE_INVALID',
      said(errors.promoUsedUp, { code: promo.code }),
      { promo_code: 'has been used up' },
      { reason: 'used_up', code: promo.code },
    );
  }
  await recordOfferUse(trx, {
    singleCodeId: promo.single_code_id,
    offerId: promo.id,
    orderId: order.id,
    customerId: order.customer_id,
    discount: promo.discount,
    firstOrder: promo.first_order,
    now,
  });
}

/** A cancelled order's (or an unpaid one let go): its use given back, no longer counted by the offer's limits. */
export async function giveBackPromoUse(trx: Database, orderId: number, now: Date): Promise<void> {
  await giveBackOfferUse(trx, orderId, now);
}

/**
 * An unpaid order let go is paid after all (orders/holds.ts placeAgain): its use taken again when the
 * offer still has room for it (not archived, its uses, budget and the customer's own limit); false when
 * not (the caller puts the money in the wallet). True when it had none to take.
 */
export async function retakePromoUse(trx: Database, orderId: number, now: Date): Promise<boolean> {
  const use = await lockGivenBackUse(trx, orderId);
  if (!use) return true;
  const room =
    use.status !== 'archived' &&
    (use.max_uses === null || use.uses < use.max_uses) &&
    (use.max_discount_total === null || use.discount_given + use.discount <= use.max_discount_total) &&
    (use.per_customer_limit === null || (use.mine ?? 0) < use.per_customer_limit);
  if (!room) return false;
  // its single-use code, when no other order has taken it meanwhile
  if (use.single_code_id !== null && !(await takeSingleCode(trx, use.single_code_id, orderId, now))) return false;
  await retakeUse(trx, use);
  return true;
}
