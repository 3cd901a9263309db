/**
 * The owner's editors in the merchant console (paths under `merchant/menu/`): the menu's categories
 * and products. Requests and answers as zod schemas; the types are inferred from them.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { id } from './fields';
import { imageUrl } from './merchant';
import { slug } from './rewards';

const categoryName = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');
const productName = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');
const description = z.string().trim().max(500, 'must be at most 500 characters');
/** minor units of the merchant's currency */
const price = z.number().int('must be a whole number of minor units').min(0, 'must be 0 or more').max(100_000_000, 'must be at most 100,000,000');

/** `merchant/menu/category/create` */
export const categoryCreateBody = z.object({ name: categoryName });
/** `merchant/menu/category/rename` */
export const categoryRenameBody = z.object({ id, name: categoryName });
/** `merchant/menu/category/reorder`: every category's id, in the new order. */
export const categoryReorderBody = z.object({ ids: z.array(id).min(1, 'must list the categories').max(200, 'must list at most 200 categories') });
/** `merchant/menu/category/delete`: only an empty category. */
export const categoryDeleteBody = z.object({ id });

/** `merchant/menu/product/create`: `image` is an uploaded image (`merchant/images`), a path on this site, or empty. */
export const productCreateBody = z.object({
  category_id: id,
  name: productName,
  description: description.default(''),
  price,
  image: imageUrl.default(''),
  available: z.boolean().default(true),
});
/** what a product form sends: every field of a product but its id and place */
export type ProductFields = z.infer<typeof productCreateBody>;
/** `merchant/menu/product/update`: the fields to change. A new price never changes an order already placed. */
export const productUpdateBody = z
  .object({ id, category_id: id.optional(), name: productName.optional(), description: description.optional(), price: price.optional(), image: imageUrl.optional(), available: z.boolean().optional() })
  .refine((b) => Object.keys(b).some((k) => k !== 'id'), { message: 'give at least one field to change', path: ['name'] });

const editorProduct = z
  .object({
    id: z.number().int(),
    category_id: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.number().int(),
    image: z.string(),
    available: z.boolean().meta({ description: 'false: sold out (shown, cannot be ordered)' }),
    position: z.number().int(),
  })
  .meta({ id: 'EditorProduct' });
export type EditorProduct = z.infer<typeof editorProduct>;

const editorCategory = z
  .object({ id: z.number().int(), name: z.string(), position: z.number().int(), products: z.array(editorProduct) })
  .meta({ id: 'EditorCategory' });


export const menuAnswer = z.object({ categories: z.array(editorCategory) });
export type MenuData = z.infer<typeof menuAnswer>;
export const categoryAnswer = z.object({ category: editorCategory.omit({ products: true }) });
export const productAnswer = z.object({ product: editorProduct });

// ---------------------------------------------------------------------------------------------
// The reward catalogue
// ---------------------------------------------------------------------------------------------

const rewardTitle = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');
const rewardFields = {
  title: rewardTitle,
  description,
  image: imageUrl,
  points_cost: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1,000,000'),
  /** how many can ever be redeemed, those already redeemed included; null: unlimited */
  stock_total: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1,000,000').nullable(),
  valid_days: z.number().int('must be a whole number').min(1, 'must be at least 1').max(3650, 'must be at most 3650'),
  per_customer_limit: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').nullable(),
  /** minor units off an order when the voucher is applied at checkout (0: a counter reward only) */
  discount_amount: price,
  /** false: retired (customers no longer see it; vouchers issued stay valid until their end) */
  active: z.boolean(),
};
/** `merchant/rewards/create` */
export const rewardCreateBody = z.object({
  ...rewardFields,
  description: description.default(''),
  image: imageUrl.default(''),
  per_customer_limit: rewardFields.per_customer_limit.default(null),
  discount_amount: price.default(0),
  active: z.boolean().default(true),
});
/** what a reward form sends */
export type RewardFields = z.infer<typeof rewardCreateBody>;
/** `merchant/rewards/update`: the reward (by its name) and the fields to change. */
export const rewardUpdateBody = z
  .object(rewardFields)
  .partial()
  .extend({ name: slug })
  .refine((b) => Object.keys(b).some((k) => k !== 'name'), { message: 'give at least one field to change', path: ['title'] });

const editorReward = z
  .object({
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
    active: z.boolean(),
  })
  .meta({ id: 'EditorReward' });
export type EditorReward = z.infer<typeof editorReward>;
export const rewardsEditorAnswer = z.object({ rewards: z.array(editorReward) });
export const rewardEditorAnswer = z.object({ reward: editorReward });

// ---------------------------------------------------------------------------------------------
// The wheel: published configurations, each kept
// ---------------------------------------------------------------------------------------------

/** At most this many free spins a day (one free spin per customer per day is what the data keeps). */
export const MAX_FREE_SPINS = 1;

const wheelSegmentInput = z.object({
  label: z.string().trim().min(1, 'is required').max(30, 'must be at most 30 characters'),
  prize_type: z.enum(['points', 'voucher', 'none'], { error: 'must be points, voucher or none' }),
  /** points won (prize_type points) */
  points: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'must be at most 100,000').optional(),
  /** the reward whose voucher is won (prize_type voucher): an active reward's name */
  reward: slug.optional(),
  weight: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1,000,000'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #9a4a1c').optional(),
});

/** `merchant/wheel/publish`: a whole new configuration; new odds apply from the next spin. */
export const wheelPublishBody = z
  .object({
    segments: z.array(wheelSegmentInput).min(1, 'must have at least one segment').max(24, 'must have at most 24 segments'),
    spin_cost_points: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'must be at most 100,000'),
    free_spins_per_day: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(MAX_FREE_SPINS, `must be at most ${MAX_FREE_SPINS}`),
  })
  .superRefine((b, ctx) => {
    b.segments.forEach((s, i) => {
      if (s.prize_type === 'points' && s.points === undefined) ctx.addIssue({ code: 'custom', path: ['segments', i, 'points'], message: 'is required for a points prize' });
      if (s.prize_type === 'voucher' && s.reward === undefined) ctx.addIssue({ code: 'custom', path: ['segments', i, 'reward'], message: 'is required for a voucher prize' });
    });
  });

/** a whole configuration, as `merchant/wheel/publish` takes it */
export type WheelConfig = z.infer<typeof wheelPublishBody>;

const wheelSegmentAnswer = z.object({
  label: z.string(),
  prize_type: z.enum(['points', 'voucher', 'none']),
  points: z.number().int().nullable(),
  reward: z.object({ name: z.string(), title: z.string(), active: z.boolean() }).nullable(),
  weight: z.number().int(),
  color: z.string().nullable(),
  probability: z.number().meta({ description: 'the chance customers are shown: weight/total, 4 decimals adding up to 1 (wheel-odds.ts)' }),
});
export const wheelVersionAnswer = z
  .object({
    version: z.number().int(),
    segments: z.array(wheelSegmentAnswer),
    spin_cost_points: z.number().int(),
    free_spins_per_day: z.number().int(),
    published_at: z.string().nullable().meta({ description: 'null: the first configuration, never published in the console' }),
    published_by: z.string().nullable(),
    spins: z.number().int().meta({ description: 'spins drawn with this configuration' }),
  })
  .meta({ id: 'WheelVersion' });
export type WheelVersion = z.infer<typeof wheelVersionAnswer>;
export const wheelEditorAnswer = z.object({
  current: wheelVersionAnswer,
  versions: z.array(wheelVersionAnswer).meta({ description: 'every published configuration, newest first (the current one included)' }),
});
export type WheelEditorData = z.infer<typeof wheelEditorAnswer>;
