/**
 * The counter (merchant console, staff and owners): it looks a voucher's rotating code up (rewards.ts:
 * it changes every 30 seconds, so a screenshot of one is refused a minute later), redeems the voucher
 * once, undoes a mistake. Requests and answers as zod schemas, types inferred. The orders board is its
 * own area (board.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { time } from './answer-fields';
import { describe } from './api-spec';
import { counterApi } from './counter.calls';
import { id, idempotencyKey, phoneInput } from './fields';
import { slug, VOUCHER_STATUSES } from './rewards';
import { stampsAddedAnswer } from './stamps';
import { earnPartAnswer } from './loyalty';

const voucherStatus = z.enum(VOUCHER_STATUSES);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `merchant/counter/lookup` and `merchant/counter/redeem`: the QR code's text, or a short code as typed. */
export const counterCodeBody = z.object({
  code: z.string().trim().min(1, 'is required: scan the QR code or type the code under it').max(200, 'must be at most 200 characters'),
  /** the counter's location (recorded with the redemption); absent: the member's only location, or none */
  location_id: id.optional(),
});
/** `merchant/counter/undo` */
export const counterUndoBody = z.object({ redemption_id: id });
export type CounterCodeBody = z.infer<typeof counterCodeBody>;

/**
 * `merchant/counter/member` (issue 29): a customer's member card, by its rotating QR code or short code
 * (member.ts), or the customer's phone number as they say it; exactly one of the two.
 */
export const counterMemberBody = z
  .object({
    code: z.string().trim().min(1, 'is required: scan the member card or type the code under it').max(200, 'must be at most 200 characters').optional(),
    phone: phoneInput.optional(),
    location_id: id.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.phone === undefined), { message: 'give the member card\'s code or a phone number, one of them', path: ['code'] });
export type CounterMemberBody = z.input<typeof counterMemberBody>;
/** The most a walk-in sale can be, in minor units. */
export const COUNTER_SALE_MAX = 100_000_000;
/** `merchant/counter/earn`: points for a walk-in sale, under the same rate as app orders. */
export const counterEarnBody = z.object({
  customer_id: id,
  amount: z
    .number({ error: 'must be an amount in minor units' })
    .int('must be a whole number of minor units')
    .min(1, 'must be more than 0')
    .max(COUNTER_SALE_MAX, `must be at most ${COUNTER_SALE_MAX.toLocaleString('en')}`),
  /** optional: what was sold, for product rules and stamp cards; worth at most `amount` at the products' prices */
  items: z
    .array(z.object({ product_id: id, qty: z.number().int('must be a whole number').min(1, 'must be at least 1').max(99, 'must be at most 99') }))
    .max(50, 'must be at most 50 lines')
    .optional(),
  location_id: id.optional(),
  /** optional: the app order this sale is (its number): one purchase earns once */
  order_number: z
    .string({ error: 'must be an order number' })
    .trim()
    .max(20, 'must be at most 20 characters')
    .regex(/^[A-Za-z0-9]{2,3}-[A-Za-z0-9]{8}$/, 'must be an order number like KS-7F3K9Q2M')
    .optional(),
  idempotency_key: idempotencyKey,
});
export type CounterEarnBody = z.input<typeof counterEarnBody>;
/** `merchant/counter/earn/quote`: what a sale would earn, as it is typed; nothing is written. */
export const counterEarnQuoteBody = counterEarnBody.pick({ customer_id: true, amount: true, items: true, location_id: true });
export type CounterEarnQuoteBody = z.input<typeof counterEarnQuoteBody>;
/** `merchant/counter/earn/undo` */
export const counterEarnUndoBody = z.object({ earn_id: id });
export type CounterEarnUndoBody = z.infer<typeof counterEarnUndoBody>;
export type CounterUndoBody = z.infer<typeof counterUndoBody>;
/** `merchant/counter/member/rewards`: the rewards a customer found at the counter can have now. */
export const counterMemberRewardsBody = z.object({ customer_id: id, location_id: id.optional() });
export type CounterMemberRewardsBody = z.input<typeof counterMemberRewardsBody>;
/**
 * `merchant/counter/member/redeem`: a reward for the customer's points, handed over at once. Spending
 * needs the customer at the counter: the rotating code their app shows now (a customer found by phone,
 * or by a wallet card's fixed code, is not enough).
 */
export const counterMemberRedeemBody = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'is required: scan the code in the customer’s app or type the 8 characters under it')
    .max(200, 'must be at most 200 characters')
    .optional()
    .meta({ description: "the rotating code the customer's app shows now (its QR code's text or the short code as typed); without it 403 MEMBER_CODE_REQUIRED" }),
  customer_id: id.optional().meta({ description: 'the customer the counter shows, checked against the code (another customer\'s code: 403 MEMBER_CODE_REQUIRED); never enough by itself' }),
  /** the reward's name (its slug), as `merchant/counter/member/rewards` lists it */
  reward: slug,
  location_id: id.optional(),
  idempotency_key: idempotencyKey,
});
export type CounterMemberRedeemBody = z.input<typeof counterMemberRedeemBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const counterRedemptionAnswer = z
  .object({
    id: z.number().int(),
    voucher_id: z.number().int(),
    reward_title: z.string(),
    customer_first_name: z.string(),
    redeemed_at: time(),
    staff_name: z.string(),
    location_name: z.string().nullable().meta({ description: 'the counter\'s location, when it was given' }),
    undo_until: time().meta({ description: 'until then any staff member may undo it; later only an owner' }),
    undone_at: time().nullable(),
    points_spent: z.number().int().nullable().meta({ description: 'the points spent on the reward at the counter, from the member card (its undo gives them back and cancels the voucher); null: a voucher the customer showed' }),
  })
  .meta({ id: 'CounterRedemption' });
export type CounterRedemption = z.infer<typeof counterRedemptionAnswer>;

export const counterVoucherAnswer = z
  .object({
    id: z.number().int(),
    reward: z.object({
      name: z.string(),
      title: z.string(),
      image: z.string(),
      description: z.string(),
      free_product: z.string().nullable().meta({ description: 'the product to hand over free (archived ones too: the counter honours them); null: not a product reward' }),
    }),
    customer_first_name: z.string().meta({ description: 'the first word of the customer\'s name; never a phone number or e-mail' }),
    status: voucherStatus,
    expires_at: time(),
    used_at: time().nullable(),
    usable: z.boolean().meta({ description: 'active and not past its date: it can be redeemed now' }),
    redemption: counterRedemptionAnswer.nullable().meta({ description: 'its counter redemption, when it was used at a counter (not undone)' }),
  })
  .meta({ id: 'CounterVoucher' });
export type CounterVoucher = z.infer<typeof counterVoucherAnswer>;

export const counterLookupAnswer = z.object({ voucher: counterVoucherAnswer });
export type CounterLookupData = z.infer<typeof counterLookupAnswer>;
export const counterRedeemAnswer = z.object({ voucher: counterVoucherAnswer, redemption: counterRedemptionAnswer });
export type CounterRedeemData = z.infer<typeof counterRedeemAnswer>;
export type CounterUndoData = CounterRedeemData;

/** A customer found by their member card or phone, as the counter sees them: first name and the phone's last 4 only. */
export const counterMemberAnswer = z
  .object({
    customer_id: z.number().int(),
    first_name: z.string(),
    phone_last4: z.string().meta({ description: 'the last 4 digits, to tell two Anas apart' }),
    points: z.number().int().meta({ description: 'their points balance now' }),
    points_left_today: z.number().int().meta({ description: 'how many more points they may earn at the counter today (the owner\'s daily cap per customer)' }),
  })
  .meta({ id: 'CounterMember' });
export type CounterMember = z.infer<typeof counterMemberAnswer>;
export const counterEarnAnswer = z
  .object({
    id: z.number().int(),
    customer_first_name: z.string(),
    amount: z.number().int().meta({ description: 'the sale, in minor units' }),
    points: z.number().int(),
    earned_at: time(),
    staff_name: z.string(),
    location_name: z.string().nullable(),
    undo_until: time().meta({ description: 'until then any staff member may undo it; later only an owner' }),
    undone_at: time().nullable(),
    stamps: z.array(stampsAddedAnswer).meta({ description: 'the stamps the sale\'s products gave, per stamp card programme (empty: none); an undo takes them back' }),
  })
  .meta({ id: 'CounterEarn' });
export type CounterEarn = z.infer<typeof counterEarnAnswer>;
export const counterMemberOnlyAnswer = z.object({ member: counterMemberAnswer });
export type CounterMemberData = z.infer<typeof counterMemberOnlyAnswer>;
export const counterEarnResultAnswer = z.object({ earn: counterEarnAnswer, member: counterMemberAnswer });
export type CounterEarnData = z.infer<typeof counterEarnResultAnswer>;
export const counterEarnQuoteAnswer = z.object({
  points: z.number().int().meta({ description: 'what the sale would earn now: the base at the shop\'s rate, times the customer\'s tier, with every earning rule that applies (happy hours, products)' }),
  points_breakdown: z.array(earnPartAnswer).meta({ description: 'points in named parts, as the earn would record them' }),
  points_left_today: z.number().int().meta({ description: 'the most the sale may earn today: the smaller of what the customer and the staff member may still earn at the counter' }),
  limit: z.enum(['customer', 'staff']).nullable().meta({ description: 'whose daily cap the sale goes over (the earn would be refused with 409 LIMIT_REACHED); null: within both' }),
});
export type CounterEarnQuoteData = z.infer<typeof counterEarnQuoteAnswer>;
export const counterEarnsAnswer = z.object({ earns: z.array(counterEarnAnswer) });
export type CounterEarnsData = z.infer<typeof counterEarnsAnswer>;
/** A reward as the counter offers it for a member's points. */
export const counterRewardAnswer = z
  .object({
    name: z.string().meta({ description: 'the reward slug, for `merchant/counter/member/redeem`' }),
    title: z.string(),
    image: z.string(),
    points_cost: z.number().int(),
    free_product: z.string().nullable().meta({ description: 'the product to hand over free; null: not a product reward' }),
    stock: z.number().int().nullable().meta({ description: 'units left; null: unlimited' }),
  })
  .meta({ id: 'CounterReward' });
export type CounterReward = z.infer<typeof counterRewardAnswer>;
export const counterMemberRewardsAnswer = z.object({
  member: counterMemberAnswer,
  rewards: z.array(counterRewardAnswer).meta({ description: 'what their points buy now: active, in stock, within the per-customer limit; in the catalogue\'s order' }),
  next: counterRewardAnswer
    .extend({ points_short: z.number().int().meta({ description: 'the points they still need' }) })
    .nullable()
    .meta({ description: 'the cheapest reward they cannot afford yet (in stock, within its limit); null: none' }),
});
export type CounterMemberRewardsData = z.infer<typeof counterMemberRewardsAnswer>;
export const counterMemberRedeemAnswer = z.object({ voucher: counterVoucherAnswer, redemption: counterRedemptionAnswer, member: counterMemberAnswer });
export type CounterMemberRedeemData = z.infer<typeof counterMemberRedeemAnswer>;
export const counterRecentAnswer = z.object({ redemptions: z.array(counterRedemptionAnswer) });
export type CounterRecentData = z.infer<typeof counterRecentAnswer>;

export const counterSpec = /* @__PURE__ */ describe('Merchant console', counterApi, {
  lookup: {
    summary: 'What a scanned or typed voucher code is, before anything happens',
    description:
      "The QR code's text or the short code as typed (any case, spaces and dashes allowed). A used or expired voucher is answered too (`usable: false`). Refusals: a code whose time is over 409 CODE_STALE, another shop's 404 OTHER_MERCHANT, the voucher's fixed reference code 400 REFERENCE_CODE, anything else 404 CODE_UNKNOWN. A staff session's 30 unknown codes in a minute: 429 RATE_LIMITED until the minute is over (with an entry in Activity). A `location_id` the member does not work at: 403 LOCATION_FORBIDDEN; one that does not exist: 404 NOT_FOUND.",
    inContract: false,
    body: counterCodeBody,
    data: counterLookupAnswer,
    answer: 'The voucher.',
    message: 'The voucher.',
    errors: ['CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT', 'REFERENCE_CODE', 'RATE_LIMITED', 'LOCATION_FORBIDDEN', 'NOT_FOUND'],
  },
  redeem: {
    summary: 'Redeem a voucher at the counter, once',
    description:
      'One transaction: of many counters redeeming the same voucher at once, one gets 201 and the others 409 VOUCHER_USED. The customer is notified; the audit log records the staff member and the location (`location_id`; a location the member does not work at: 403 LOCATION_FORBIDDEN).',
    inContract: false,
    body: counterCodeBody,
    data: counterRedeemAnswer,
    answer: 'The voucher, used, and its redemption.',
    // the route answers with the reward's title
    message: 'Redeemed: <reward>.',
    errors: ['CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT', 'REFERENCE_CODE', 'VOUCHER_USED', 'VOUCHER_EXPIRED', 'RATE_LIMITED', 'LOCATION_FORBIDDEN', 'NOT_FOUND'],
  },
  undo: {
    summary: 'Undo a counter redemption',
    description:
      'Any staff member within 2 minutes of the redemption, an owner at any time (else 403 ROLE_FORBIDDEN). A voucher the customer showed is active again (expired if its date has passed since). A reward redeemed from the member card (`points_spent`) is cancelled instead: the points and the unit of stock go back (a redemption at a location the member does not work at: 403 LOCATION_FORBIDDEN). Audited; the customer is notified.',
    inContract: false,
    body: counterUndoBody,
    data: counterRedeemAnswer,
    answer: 'The voucher and the undone redemption.',
    // a reward redeemed from the member card: the route says the points are back
    message: 'The redemption is undone: the voucher can be used again.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'ROLE_FORBIDDEN', 'LOCATION_FORBIDDEN'],
  },
  memberRewards: {
    summary: 'The rewards a customer found at the counter can have now',
    description:
      "For a customer found by `merchant/counter/member`: their points, the rewards those points buy now (active, in stock, within the reward's per-customer limit) and the cheapest one they cannot afford yet. No such customer: 404 NOT_FOUND; a `location_id` the member does not work at: 403 LOCATION_FORBIDDEN.",
    inContract: false,
    body: counterMemberRewardsBody,
    data: counterMemberRewardsAnswer,
    answer: 'The customer and the rewards they can have.',
    message: 'The rewards.',
    errors: ['NOT_FOUND', 'LOCATION_FORBIDDEN'],
  },
  memberRedeem: {
    summary: "A reward for a customer's points, handed over at the counter",
    description:
      "One transaction, once per `idempotency_key`: the points spent and the unit of stock taken as the app's redemption does (409 INSUFFICIENT_POINTS, OUT_OF_STOCK, LIMIT_REACHED for the reward's per-customer limit; no such reward or customer: 404 NOT_FOUND), its voucher issued and used at once with a counter redemption (who and where: a location the member does not work at, 403 LOCATION_FORBIDDEN). The customer is the one whose app shows `code` now (a QR code or short code of their member card: a code whose time is over 409 CODE_STALE, about a minute after it was shown; anything else 404 CODE_UNKNOWN, counted as the look-up's). Without that code (a bare `customer_id` from a phone look-up, a wallet card's fixed `LP1.…` code, or a code of another customer than `customer_id`): 403 MEMBER_CODE_REQUIRED, and nothing is spent. `merchant/counter/undo` within 2 minutes gives the points and the stock back and cancels the voucher. Audited (`counter.reward_redeem`); the customer is notified.",
    inContract: false,
    body: counterMemberRedeemBody,
    data: counterMemberRedeemAnswer,
    answer: 'The voucher, used, its redemption and the customer as they are now.',
    // the route answers with the reward's title and the customer's first name
    message: '<reward> for <first name>.',
    errors: ['MEMBER_CODE_REQUIRED', 'CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT', 'RATE_LIMITED', 'NOT_FOUND', 'TIER_REQUIRED', 'INSUFFICIENT_POINTS', 'OUT_OF_STOCK', 'LIMIT_REACHED', 'LOCATION_FORBIDDEN'],
  },
  member: {
    summary: "Find a customer at the counter by their member card or phone number",
    description:
      "The member card's rotating QR code or short code (as vouchers' are: a code whose time is over 409 CODE_STALE, another shop's 404 OTHER_MERCHANT, anything else 404 CODE_UNKNOWN, and 30 unknown codes in a minute 429), the static member code of their Apple or Google Wallet card (`LP1.…`, found like a phone number; a card the customer turned off finds nobody: 404 CODE_UNKNOWN), or their phone number (no such customer: 404 NOT_FOUND). Answers their first name, the phone's last 4 digits, their points and what they may still earn today. Found by phone or by a wallet card, the customer can be given points, not spend them (`merchant/counter/member/redeem` needs their app's rotating code).",
    inContract: false,
    body: counterMemberBody,
    data: counterMemberOnlyAnswer,
    answer: 'The customer.',
    message: 'The customer.',
    errors: ['CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT', 'NOT_FOUND', 'RATE_LIMITED', 'LOCATION_FORBIDDEN'],
  },
  earn: {
    summary: 'Points for a walk-in sale',
    description:
      "The sale's amount earns points at the shop's rate (one point per `points_per_amount`), credited at once and the customer notified. `items` worth more than `amount` at the products' prices: 400 VALIDATION naming `items`, nothing written (stamps follow what was paid). The owner's daily caps (points per customer, points per staff member, at the counter) refuse more with 409 LIMIT_REACHED (`data.points_left_today`) and an entry in Activity; so do the daily stamp caps (stamps per customer, per staff member: `data.stamps_left_today`), counting the stamps the items would give on every active stamp card. With `order_number` (the app order this sale is): 409 CONFLICT when that order earned its points in the app or another earn not undone names it, 400 when it is no order of this customer. Audited (`counter.earn`) with who and where (a location the member does not work at: 403 LOCATION_FORBIDDEN).",
    inContract: false,
    body: counterEarnBody,
    data: counterEarnResultAnswer,
    answer: 'The earn and the customer as they are now.',
    // the route answers with the points and the customer's first name
    message: '<points> points for <first name>.',
    errors: ['NOT_FOUND', 'LIMIT_REACHED', 'LOCATION_FORBIDDEN'],
  },
  earnQuote: {
    summary: 'What a walk-in sale would earn',
    description:
      "The points `merchant/counter/earn` would give for this sale now, worked out the same way (the shop's rate, the customer's tier, the earning rules that apply at this time and location, the items' product rules), and whether a daily cap would refuse it. Nothing is written: no earn, no use of a rule's limit, no Activity entry. Validated as the earn is (an amount that earns no points, unknown items, items worth more than the amount: 400 VALIDATION).",
    inContract: false,
    body: counterEarnQuoteBody,
    data: counterEarnQuoteAnswer,
    answer: 'The points and what is left today.',
    message: 'The points the sale would earn.',
    errors: ['NOT_FOUND', 'LOCATION_FORBIDDEN'],
  },
  undoEarn: {
    summary: 'Undo points given at the counter',
    description:
      'Any staff member within 2 minutes, an owner at any time (else 403 ROLE_FORBIDDEN); an earn at a location the member does not work at: 403 LOCATION_FORBIDDEN. The points are taken back; if the customer has spent some of them already: 409 INSUFFICIENT_POINTS. Its stamps are taken back too, and a voucher they filled a card for is cancelled; the tier it reached is taken back (the customer placed as if it never happened) and the welcome voucher of that tier cancelled. If one of those vouchers was used already: 409 CONFLICT naming it (`data.voucher_id`), nothing changed. Undone already: 409 INVALID_TRANSITION. Audited; the customer is notified.',
    inContract: false,
    body: counterEarnUndoBody,
    data: counterEarnResultAnswer,
    answer: 'The undone earn and the customer as they are now.',
    message: 'The points are taken back.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'INSUFFICIENT_POINTS', 'CONFLICT', 'ROLE_FORBIDDEN', 'LOCATION_FORBIDDEN'],
  },
  earns: {
    summary: "Today's points given at the counter",
    description: "Since midnight in the merchant's time zone, newest first, at most 50; a staff member limited to locations sees theirs.",
    inContract: false,
    data: counterEarnsAnswer,
    answer: 'The earns.',
    message: 'Today’s points at the counter.',
  },
  recent: {
    summary: "Today's counter redemptions",
    description: "Since midnight in the merchant's time zone, newest first, at most 50.",
    inContract: false,
    data: counterRecentAnswer,
    answer: 'The redemptions.',
    message: 'Today’s redemptions.',
  },
});
