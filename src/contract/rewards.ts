/**
 * Rewards, their redemption and vouchers, the vouchers' rotating codes for the counter, and the owner's
 * reward catalogue in the merchant console: the schemas of the area's calls (rewards.calls.ts declares
 * them), the types inferred from them (rewards.spec.ts describes the calls).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, time } from './answer-fields';
import { descriptionText, id, idempotencyKey, minorUnits } from './fields';
import { languageQuery, translatedText, translationsAnswer, translationsInput } from './translations';
import { imageUrl } from './media';

// ---------------------------------------------------------------------------------------------
// The catalogue, redeeming, vouchers
// ---------------------------------------------------------------------------------------------

export const slug = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a reward name such as free-coffee');
/** extension: `reward/detail`, one reward by its slug (the redeem page) */
export const rewardDetailQuery = z.object({ name: slug, lang: languageQuery });
/** `reward/list`: `lang`, the reader's language (an unknown code: 400). */
export const rewardListQuery = z.object({ lang: languageQuery });
export type RewardListQuery = z.input<typeof rewardListQuery>;
/** `reward/redeem`: `lang`, the reader's language, for the voucher answered (its reward's title and description in it). */
export const redeemBody = z.object({ name: slug, idempotency_key: idempotencyKey, lang: languageQuery });
export type RedeemBody = z.infer<typeof redeemBody>;

/** cancelled: bought with the points of an order that was cancelled later, and its points given back */
export const VOUCHER_STATUSES = ['active', 'used', 'expired', 'cancelled'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
/** The tabs of the customer's vouchers: `expired` lists cancelled ones too (neither can be used). */
export const voucherTab = z.enum(['active', 'used', 'expired']);
export type VoucherTab = z.infer<typeof voucherTab>;
export const storageQuery = z.object({ status: voucherTab.default('active'), lang: languageQuery });
/** extension: `reward/voucher`, one of the customer's vouchers */
export const voucherDetailQuery = z.object({ id, lang: languageQuery });

export const rewardAnswer = z
  .object({
    name: z.string().meta({ description: 'the reward slug, e.g. free-coffee' }),
    title: z.string(),
    description: z.string(),
    points_cost: int(),
    image: z.string(),
    stock: int().nullable().meta({ description: 'null: unlimited' }),
    valid_days: int(),
    per_customer_limit: int().nullable().optional(),
    redeemed: int().optional().meta({
      description:
        'in the catalogue of a signed-in customer (reward/list), a reward with a per-customer limit: how many times they redeemed it (vouchers cancelled with an order left out), so the app says "Limit reached" before they try',
    }),
    discount_amount: money().optional(),
    free_product: z.string().nullable().optional().meta({
      description: 'the name of the product this reward gives free (once, at 0) at checkout or at the counter; null: an amount off, or a counter reward',
    }),
    early_access: z
      .object({
        tier: z.string().meta({ description: 'the lowest tier that can redeem it for now' }),
        unlocked: z.boolean().meta({ description: "whether this customer's tier can" }),
      })
      .nullable()
      .optional()
      .meta({ description: 'issue 30: a reward a tier can redeem early; absent or null: everyone can' }),
  })
  .meta({ id: 'Reward' });
export type Reward = z.infer<typeof rewardAnswer>;

export const voucherAnswer = z
  .object({
    id: int(),
    code: z.string(),
    reward: z.object({
      name: z.string(),
      title: z.string(),
      image: z.string(),
      description: z.string(),
      discount_amount: money().optional(),
      free_product: z
        .string()
        .nullable()
        .optional()
        .meta({ description: 'the product this voucher gives free (once, at 0); null: an amount off, or a counter reward' }),
    }),
    status: z.enum(VOUCHER_STATUSES).meta({ description: 'cancelled: bought with the points of an order that was cancelled later, its points given back' }),
    expires_at: time(),
    created_at: time().optional(),
    used_at: time().nullable().optional(),
    cancelled_at: time().nullable().optional(),
    cancelled_with_order: z.string().nullable().optional().meta({ description: 'the order number whose cancellation cancelled it' }),
  })
  .meta({ id: 'Voucher' });
export type Voucher = z.infer<typeof voucherAnswer>;

export const rewardListAnswer = z.object({ rewards: z.array(rewardAnswer) });
export type RewardListData = z.infer<typeof rewardListAnswer>;
export const rewardOnlyAnswer = z.object({ reward: rewardAnswer });
export type RewardData = z.infer<typeof rewardOnlyAnswer>;
export const voucherOnlyAnswer = z.object({ voucher: voucherAnswer });
export type VoucherData = z.infer<typeof voucherOnlyAnswer>;
export type RedeemData = VoucherData;
export const storageAnswer = z.object({ vouchers: z.array(voucherAnswer) });
export type StorageData = z.infer<typeof storageAnswer>;

// ---------------------------------------------------------------------------------------------
// A voucher's rotating code for the counter
// ---------------------------------------------------------------------------------------------

/** How long a rotating code lasts, in seconds. */
export const CODE_STEP_SECONDS = 30;
/** A typed short code: 8 characters of Crockford's base32. */
export const SHORT_CODE_LENGTH = 8;

/** `reward/voucher/code`: one of the caller's own vouchers. */
export const voucherCodeQuery = z.object({ id });

export const rotatingCode = z.object({
  qr: z.string().meta({ description: "the QR code's text: the voucher, the time step and a signature" }),
  short_code: z.string().meta({ description: `${SHORT_CODE_LENGTH} characters to type by hand (Crockford base32: no I, L, O or U)` }),
});

export const voucherCodeAnswer = z
  .object({
    voucher_id: z.number().int(),
    status: z.enum(VOUCHER_STATUSES),
    used_at: time().nullable(),
    step_seconds: z.number().int().meta({ description: 'how long a code lasts' }),
    seconds_left: z.number().int().meta({ description: "seconds until `current` gives way to `next` (relative: the phone's clock may be wrong)" }),
    current: rotatingCode.nullable().meta({ description: 'null unless the voucher is active' }),
    next: rotatingCode.nullable(),
  })
  .meta({ id: 'VoucherCode' });
export type VoucherCodeData = z.infer<typeof voucherCodeAnswer>;

// ---------------------------------------------------------------------------------------------
// The owner's reward catalogue
// ---------------------------------------------------------------------------------------------

const rewardTitle = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');
const rewardFields = {
  title: rewardTitle,
  description: descriptionText,
  image: imageUrl,
  points_cost: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1,000,000'),
  /** how many can ever be redeemed, those already redeemed included; null: unlimited */
  stock_total: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1,000,000').nullable(),
  valid_days: z.number().int('must be a whole number').min(1, 'must be at least 1').max(3650, 'must be at most 3650'),
  per_customer_limit: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').nullable(),
  /** minor units off an order when the voucher is applied at checkout (0: a counter reward only) */
  discount_amount: minorUnits,
  /** a product of the menu given free (once, at 0) instead of an amount off; null: none */
  product_id: id.nullable(),
  /** false: retired (customers no longer see it; vouchers issued stay valid until their end) */
  active: z.boolean(),
  /** its title and description in other languages (translations.ts); left out of an update: kept */
  translations: translationsInput({ title: translatedText(80), description: translatedText(500) }),
};
/** `merchant/rewards/create` */
export const rewardCreateBody = z
  .object({
    ...rewardFields,
    description: descriptionText.default(''),
    image: imageUrl.default(''),
    per_customer_limit: rewardFields.per_customer_limit.default(null),
    discount_amount: minorUnits.default(0),
    product_id: id.nullable().default(null),
    active: z.boolean().default(true),
    translations: rewardFields.translations.default({}),
  })
  .refine((b) => b.product_id === null || b.discount_amount === 0, { message: 'must be 0 when the reward is a free product', path: ['discount_amount'] });
/** what a reward form sends */
export type RewardFields = z.infer<typeof rewardCreateBody>;
/** `merchant/rewards/update`: the reward (by its name) and the fields to change. */
export const rewardUpdateBody = z
  .object(rewardFields)
  .partial()
  .extend({ name: slug })
  .refine((b) => Object.keys(b).some((k) => k !== 'name'), { message: 'give at least one field to change', path: ['title'] });
export type RewardUpdateInput = z.infer<typeof rewardUpdateBody>;

const editorReward = z
  .object({
    id: z.number().int().meta({ description: 'what a stamp card programme names as its reward_id' }),
    name: z.string(),
    title: z.string(),
    description: z.string(),
    image: z.string(),
    points_cost: z.number().int(),
    stock_total: z.number().int().nullable().meta({ description: 'how many can ever be redeemed; null: unlimited' }),
    stock_left: z.number().int().nullable(),
    issued: z.number().int().meta({ description: 'vouchers redeemed with points so far' }),
    used: z.number().int().meta({ description: 'of those, used (at a counter or on an order)' }),
    valid_days: z.number().int(),
    per_customer_limit: z.number().int().nullable(),
    discount_amount: z.number().int(),
    product: z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() }).nullable().meta({
      description: 'the product it gives free (archived: no longer redeemable at checkout, still at the counter); null: an amount off, or a counter reward',
    }),
    active: z.boolean(),
    translations: translationsAnswer(),
  })
  .meta({ id: 'EditorReward' });
export type EditorReward = z.infer<typeof editorReward>;
export const rewardsEditorAnswer = z.object({ rewards: z.array(editorReward) });
export type RewardsEditorData = z.infer<typeof rewardsEditorAnswer>;
export const rewardEditorAnswer = z.object({ reward: editorReward });
export type RewardEditorData = z.infer<typeof rewardEditorAnswer>;
