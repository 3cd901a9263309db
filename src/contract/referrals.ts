/**
 * Referrals (issue 30): each customer has a code and a link to share (`/register?ref=CODE`). A friend who
 * signs up through it (the code goes with `auth/register` or `auth/google` as `referral_code`) and whose
 * first paid order is completed and past the points' hold (not cancelled) gives both of them the owner's
 * referral reward (points, or a catalogue reward as a voucher: the shop settings' `referral_*`).
 * Guarded: one reward per new phone number (an account that existed before is never a referred friend),
 * never for referring oneself (the friend's device cookie, as the gateway forwards it, or the card their
 * order was paid with, by the gateway's fingerprint, seen on the referrer's account: refused), at most the
 * owner's monthly cap of rewards per referrer (over it, the friend still gets theirs: `capped`); the owner
 * sees every referral in the console and can void one (audited; what it gave is taken back as far as it
 * can be: points still there, vouchers unused).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, time } from './answer-fields';
import { id, requiredText } from './fields';

/** A referral code: 6–12 letters and digits, any case (shown upper case). */
export const referralCode = z
  .string({ error: 'must be a referral code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,12}$/, 'must be a referral code of 6 to 12 letters and digits');

/**
 * Where a referral stands: `signed_up` (the friend has an account, no qualifying order yet), `ordered`
 * (their first paid order, waiting for completion and the hold), `review` (the order qualified, but a
 * fraud signal matched: held for the owner, nobody rewarded yet), `rewarded` (both got the reward),
 * `capped` (the friend got theirs, the referrer was over the monthly cap), `refused` (self-referral, or
 * rejected by the owner: `reason` says why; nobody got it), `void` (the owner voided it).
 */
export const REFERRAL_STATUSES = ['signed_up', 'ordered', 'review', 'rewarded', 'capped', 'refused', 'void'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** What a customer is seen with (sign-in, sign-up, an order, a push subscription), kept as a keyed hash. */
export const SIGHTING_KINDS = ['device', 'address', 'agent', 'push'] as const;
export type SightingKind = (typeof SIGHTING_KINDS)[number];

/**
 * Why a referral is held for review: the friend and the referrer share `device` (the gateway's device
 * cookie), `address` (a client address: IPv4, or an IPv6 /64), `agent` (the same user agent from the same
 * address), `push` (a browser's push endpoint), or `phone_block` (phone numbers equal but for the last 3
 * digits: REFERRAL_PHONE_BLOCK_DIGITS).
 */
export const REFERRAL_SIGNALS = [...SIGHTING_KINDS, 'phone_block'] as const;
export type ReferralSignal = (typeof REFERRAL_SIGNALS)[number];
/** Two phone numbers are one block when they differ only in this many last digits (a run of SIM cards bought together). */
export const REFERRAL_PHONE_BLOCK_DIGITS = 3;

export const referralLookupQuery = z.object({ code: referralCode });
export type ReferralLookupQuery = z.input<typeof referralLookupQuery>;

/** `merchant/loyalty/referrals/void` */
export const referralVoidBody = z.object({ id, reason: requiredText(200) });
export type ReferralVoidInput = z.input<typeof referralVoidBody>;

/** `merchant/loyalty/referrals/approve`, `…/reject`: a referral held for review */
export const referralReviewBody = z.object({ id });
export type ReferralReviewInput = z.input<typeof referralReviewBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** What both get: points, or a reward's voucher; null: the shop has referrals off. */
export const referralRewardAnswer = z
  .object({
    kind: z.enum(['points', 'reward']),
    points: int().nullable(),
    title: z.string().nullable().meta({ description: "the reward's title, for `reward`" }),
  })
  .meta({ id: 'ReferralReward' });

export const referralStatusAnswer = z
  .object({
    enabled: z.boolean().meta({ description: 'false: the shop gives no referral reward now (the code still works for sign-ups)' }),
    code: z.string(),
    path: z.string().meta({ description: "the link's path (`/register?ref=CODE`): the app puts its own origin before it" }),
    reward: referralRewardAnswer.nullable(),
    monthly_cap: int().meta({ description: "rewards a referrer can have in a month (the shop's time zone)" }),
    rewarded_this_month: int(),
    referrals: z.array(
      z.object({
        id: int(),
        friend: z.string().meta({ description: "the friend's first name" }),
        status: z.enum(REFERRAL_STATUSES),
        signed_up_at: time(),
        rewarded_at: time().nullable(),
      }),
    ),
  })
  .meta({ id: 'ReferralStatus' });
export type ReferralStatusData = z.infer<typeof referralStatusAnswer>;

export const referralLookupAnswer = z.object({
  referrer: z.string().meta({ description: 'the first name of who invited' }),
  reward: referralRewardAnswer.nullable(),
});
export type ReferralLookupData = z.infer<typeof referralLookupAnswer>;

export const referralAnswer = z
  .object({
    id: int(),
    referrer: z.object({ id: int(), name: z.string() }),
    friend: z.object({ id: int(), name: z.string() }),
    status: z.enum(REFERRAL_STATUSES),
    reason: z.string().nullable().meta({ description: "refused: why (same card, rejected by the owner); void: the owner's reason" }),
    signals: z
      .array(z.enum(REFERRAL_SIGNALS))
      .meta({ description: 'the fraud signals matched when the order qualified (empty: none); a referral with any is held for review' }),
    order: z
      .object({ name: z.string(), total: money() })
      .nullable()
      .meta({ description: "the friend's order it waits for, is held with, or was rewarded for" }),
    signed_up_at: time(),
    rewarded_at: time().nullable(),
    voided_at: time().nullable(),
  })
  .meta({ id: 'Referral' });
export type Referral = z.infer<typeof referralAnswer>;
export const referralOnlyAnswer = z.object({ referral: referralAnswer });
export type ReferralData = z.infer<typeof referralOnlyAnswer>;
export const referralsConsoleAnswer = z.object({
  referrals: z.array(referralAnswer).meta({ description: 'newest first, at most 200' }),
  totals: z.object({ signed_up: int(), review: int(), rewarded: int(), refused: int(), void: int() }),
});
export type ReferralsConsoleData = z.infer<typeof referralsConsoleAnswer>;
export const referralReviewAnswer = z.object({
  referrals: z.array(referralAnswer).meta({ description: 'the referrals held for review, oldest first, at most 200' }),
});
export type ReferralReviewData = z.infer<typeof referralReviewAnswer>;
