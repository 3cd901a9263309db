/**
 * Tiers (issue 30): up to five levels (Bean, Brew, Barista) a customer reaches by the points they earned,
 * or their visits, over the last 12 months, each with benefits: an earn multiplier (applied after the
 * earning rules, never compounding: loyalty-earn.ts), a welcome reward given once when the tier is first
 * reached, a birthday reward of its own (instead of the shop's birthday treat), and early access to chosen
 * rewards (only customers of that tier or above can redeem them). A tier is held for 12 months from when it
 * was reached; it can drop only at the end of that period, with 30 days' notice in the app; reaching the
 * next tier is at once (on every earn) and the nightly run settles the rest. The owner can turn tiers off.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { id, requiredText, wholeNumber } from './fields';
import { TIER_BASES, TIERS_MAX } from './tiers-rules';

export * from './tiers-rules';

const multiplier = z
  .number({ error: 'must be a number such as 1 or 1.5' })
  .min(1, 'must be at least 1 (1: no extra points)')
  .max(5, 'must be at most 5')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most two decimals, such as 1.25');

/** One tier of the programme. */
export const tierBody = z.object({
  name: requiredText(30),
  /** points earned, or visits, in the last 12 months; the first tier's is 0 */
  threshold: wholeNumber(0, 10_000_000, 'points or visits'),
  multiplier: multiplier.default(1),
  /** a catalogue reward given as a voucher (no points spent) the first time a customer reaches the tier */
  welcome_reward_id: id.nullable().default(null),
  /** a catalogue reward given as a voucher on the birthday instead of the shop's birthday treat */
  birthday_reward_id: id.nullable().default(null),
  /** rewards only customers of this tier or above can redeem */
  early_reward_ids: z.array(id, { error: 'must be a list of reward ids' }).max(20, 'must be at most 20 rewards').default([]),
});

/** `merchant/loyalty/tiers/update`: the whole programme. */
export const tierProgramBody = z
  .object({
    enabled: z.boolean({ error: 'must be true or false' }),
    basis: z.enum(TIER_BASES, { error: `must be one of ${TIER_BASES.join(', ')}` }),
    tiers: z.array(tierBody).min(1, 'must have at least one tier').max(TIERS_MAX, `must be at most ${TIERS_MAX} tiers`),
  })
  .superRefine((p, ctx) => {
    if (p.tiers[0] && p.tiers[0].threshold !== 0) ctx.addIssue({ code: 'custom', message: 'the first tier starts at 0', path: ['tiers', 0, 'threshold'] });
    p.tiers.forEach((t, i) => {
      const before = p.tiers[i - 1];
      if (i > 0 && before && t.threshold <= before.threshold)
        ctx.addIssue({
          code: 'custom',
          message: `must be more than ${before.name}'s ${before.threshold.toLocaleString('en')}`,
          path: ['tiers', i, 'threshold'],
        });
      if (p.tiers.findIndex((o) => o.name.toLowerCase() === t.name.toLowerCase()) !== i)
        ctx.addIssue({ code: 'custom', message: 'another tier has this name', path: ['tiers', i, 'name'] });
    });
  });
export type TierProgramInput = z.input<typeof tierProgramBody>;
export type TierProgramFields = z.output<typeof tierProgramBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const rewardRef = z.object({ id: int(), title: z.string() });

/** A tier as the customer sees what it gives. */
export const tierInfoAnswer = z
  .object({
    index: int().meta({ description: '0 for the first tier' }),
    name: z.string(),
    threshold: int(),
    multiplier: z.number(),
    welcome_reward: z.string().nullable().meta({ description: "the welcome reward's title; null: none" }),
    birthday_reward: z.string().nullable().meta({ description: "the tier's own birthday reward's title; null: the shop's birthday treat" }),
    early_rewards: z.array(z.string()).meta({ description: 'titles of the rewards this tier (and those above) can redeem early' }),
  })
  .meta({ id: 'TierInfo' });
export type TierInfo = z.infer<typeof tierInfoAnswer>;

export const tierStatusAnswer = z
  .object({
    enabled: z.boolean().meta({ description: 'false: the shop has no tiers (the rest is empty)' }),
    basis: z.enum(TIER_BASES),
    tier: tierInfoAnswer.nullable().meta({ description: "the customer's tier now" }),
    value: int().meta({ description: 'points earned (or visits) in the last 12 months' }),
    next: z
      .object({ name: z.string(), threshold: int(), remaining: int() })
      .nullable()
      .meta({ description: 'the next tier and what is still needed; null: the top tier' }),
    held_until: time().nullable().meta({ description: 'the end of the 12 months the tier is held for (it cannot drop before)' }),
    notice: z
      .object({
        to: z.string().meta({ description: 'the tier it would drop to' }),
        on: time(),
        remaining: int().meta({ description: 'what is still needed by then to keep the tier' }),
      })
      .nullable()
      .meta({ description: 'within 30 days of held_until, when the tier would drop: the notice the app shows' }),
    tiers: z.array(tierInfoAnswer),
  })
  .meta({ id: 'TierStatus' });
export type TierStatusData = z.infer<typeof tierStatusAnswer>;

/** A tier as the owner edits it: the reward ids and their titles. */
export const tierAnswer = z
  .object({
    name: z.string(),
    threshold: int(),
    multiplier: z.number(),
    welcome_reward: rewardRef.nullable(),
    birthday_reward: rewardRef.nullable(),
    early_rewards: z.array(rewardRef),
    customers: int().meta({ description: 'customers in this tier now' }),
  })
  .meta({ id: 'Tier' });

export const tiersConsoleAnswer = z.object({
  enabled: z.boolean(),
  basis: z.enum(TIER_BASES),
  tiers: z.array(tierAnswer),
  close: z
    .array(z.object({ customer_id: int(), name: z.string(), tier: z.string(), next: z.string(), value: int(), remaining: int() }))
    .meta({ description: 'up to 20 customers closest to their next tier, closest first' }),
});
export type TiersConsoleData = z.infer<typeof tiersConsoleAnswer>;
