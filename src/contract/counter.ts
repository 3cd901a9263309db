/**
 * The counter (merchant console, staff and owners): it looks a voucher's rotating code up (rewards.ts:
 * it changes every 30 seconds, so a screenshot of one is refused a minute later), redeems the voucher
 * once, undoes a mistake. Requests and answers as zod schemas, types inferred. The orders board is its
 * own area (board.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { time } from './answer-fields';
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
  .refine((b) => (b.code === undefined) !== (b.phone === undefined), { message: "give the member card's code or a phone number, one of them", path: ['code'] });
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

/**
 * `merchant/till/earn` (issue 52): a point-of-sale system records a purchase for a member, found by their
 * member card's code or their phone (one of the two), with an API key allowed `points:earn`. The counter's
 * earn otherwise: the same rate, earning rules, stamps and daily caps (the key counting as a member of staff).
 */
export const tillEarnBody = z
  .object({
    code: counterMemberBody.shape.code,
    phone: counterMemberBody.shape.phone,
    ...counterEarnBody.omit({ customer_id: true }).shape,
  })
  .refine((b) => (b.code === undefined) !== (b.phone === undefined), { message: "give the member card's code or a phone number, one of them", path: ['code'] });
export type TillEarnBody = z.input<typeof tillEarnBody>;
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
    .meta({
      description: "the rotating code the customer's app shows now (its QR code's text or the short code as typed); without it 403 MEMBER_CODE_REQUIRED",
    }),
  customer_id: id.optional().meta({
    description: "the customer the counter shows, checked against the code (another customer's code: 403 MEMBER_CODE_REQUIRED); never enough by itself",
  }),
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
    location_name: z.string().nullable().meta({ description: "the counter's location, when it was given" }),
    undo_until: time().meta({ description: 'until then any staff member may undo it; later only an owner' }),
    undone_at: time().nullable(),
    points_spent: z.number().int().nullable().meta({
      description:
        'the points spent on the reward at the counter, from the member card (its undo gives them back and cancels the voucher); null: a voucher the customer showed',
    }),
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
      free_product: z
        .string()
        .nullable()
        .meta({ description: 'the product to hand over free (archived ones too: the counter honours them); null: not a product reward' }),
    }),
    customer_first_name: z.string().meta({ description: "the first word of the customer's name; never a phone number or e-mail" }),
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
    points_left_today: z.number().int().meta({ description: "how many more points they may earn at the counter today (the owner's daily cap per customer)" }),
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
    stamps: z
      .array(stampsAddedAnswer)
      .meta({ description: "the stamps the sale's products gave, per stamp card programme (empty: none); an undo takes them back" }),
  })
  .meta({ id: 'CounterEarn' });
export type CounterEarn = z.infer<typeof counterEarnAnswer>;
export const counterMemberOnlyAnswer = z.object({ member: counterMemberAnswer });
export type CounterMemberData = z.infer<typeof counterMemberOnlyAnswer>;
export const counterEarnResultAnswer = z.object({ earn: counterEarnAnswer, member: counterMemberAnswer });
export type CounterEarnData = z.infer<typeof counterEarnResultAnswer>;
export const counterEarnQuoteAnswer = z.object({
  points: z.number().int().meta({
    description:
      "what the sale would earn now: the base at the shop's rate, times the customer's tier, with every earning rule that applies (happy hours, products)",
  }),
  points_breakdown: z.array(earnPartAnswer).meta({ description: 'points in named parts, as the earn would record them' }),
  points_left_today: z
    .number()
    .int()
    .meta({ description: 'the most the sale may earn today: the smaller of what the customer and the staff member may still earn at the counter' }),
  limit: z
    .enum(['customer', 'staff'])
    .nullable()
    .meta({ description: 'whose daily cap the sale goes over (the earn would be refused with 409 LIMIT_REACHED); null: within both' }),
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
  rewards: z
    .array(counterRewardAnswer)
    .meta({ description: "what their points buy now: active, in stock, within the per-customer limit; in the catalogue's order" }),
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
