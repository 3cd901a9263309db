/**
 * The spin-and-win wheel: the customer's wheel and spins, and the owner's wheel in the merchant console
 * (published configurations, each kept). The schemas of the area's calls (wheel.calls.ts declares
 * them), the types inferred from them (wheel.spec.ts describes the calls).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int } from './answer-fields';
import { idempotencyKey } from './fields';
import { slug, voucherAnswer } from './rewards';
import { languageQuery } from './translations';

// ---------------------------------------------------------------------------------------------
// The customer's wheel
// ---------------------------------------------------------------------------------------------

/** `wheel/spin`: `lang`, the reader's language, for a prize voucher answered (its reward's title and description in it). */
export const spinBody = z.object({ idempotency_key: idempotencyKey, lang: languageQuery });

const prizeType = z.enum(['points', 'voucher', 'none']);
export type PrizeType = z.infer<typeof prizeType>;

const wheelSegmentAnswer = z.object({
  id: int(),
  label: z.string(),
  probability: z.number().min(0).max(1).meta({ description: "disclosed probability; the segments' probabilities add up to 1" }),
  prize_type: prizeType,
  color: z.string().optional(),
});
export type WheelSegment = z.infer<typeof wheelSegmentAnswer>;

export const wheelConfigAnswer = z.object({
  segments: z.array(wheelSegmentAnswer),
  spins_left: int().meta({ description: 'spins the customer can take today: the free ones left, then as many paid spins as the points buy' }),
  spin_cost_points: int(),
  free_spins_left: int(),
  points: int(),
  odds_version: int(),
});
export type WheelConfigData = z.infer<typeof wheelConfigAnswer>;

const prizeAnswer = z.object({ type: prizeType, label: z.string(), points: int().optional(), voucher: voucherAnswer.optional() });
export type Prize = z.infer<typeof prizeAnswer>;

export const spinAnswer = z.object({
  segment_id: int(),
  prize: prizeAnswer,
  spins_left: int().meta({ description: 'spins the customer can take today: the free ones left, then as many paid spins as the points buy' }),
  free_spins_left: int(),
  points: int(),
});
export type SpinData = z.infer<typeof spinAnswer>;

// ---------------------------------------------------------------------------------------------
// The owner's wheel: published configurations, each kept
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
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #9a4a1c')
    .optional(),
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
      if (s.prize_type === 'points' && s.points === undefined)
        ctx.addIssue({ code: 'custom', path: ['segments', i, 'points'], message: 'is required for a points prize' });
      if (s.prize_type === 'voucher' && s.reward === undefined)
        ctx.addIssue({ code: 'custom', path: ['segments', i, 'reward'], message: 'is required for a voucher prize' });
    });
  });

/** a whole configuration, as `merchant/wheel/publish` takes it */
export type WheelConfig = z.infer<typeof wheelPublishBody>;

const editorSegmentAnswer = z.object({
  label: z.string(),
  prize_type: z.enum(['points', 'voucher', 'none']),
  points: z.number().int().nullable(),
  reward: z.object({ name: z.string(), title: z.string(), active: z.boolean() }).nullable(),
  weight: z.number().int(),
  color: z.string().nullable(),
  probability: z.number().meta({ description: 'the chance customers are shown: weight/total, 4 decimals adding up to 1 (wheel-odds.ts)' }),
});
const wheelVersionAnswer = z
  .object({
    version: z.number().int(),
    segments: z.array(editorSegmentAnswer),
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
