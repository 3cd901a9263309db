/**
 * A saved card and wallet auto-reload (issue 49): the schemas of the area's calls (saved-card.calls.ts
 * declares them; saved-card.spec.ts describes them). The card is the payment gateway's: only what it
 * shows (brand, last 4, expiry) is here, never a number.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money } from './answer-fields';
import { TOPUP_MAX } from './limits';

export const savedCardAnswer = z.object({
  brand: z.string().meta({ description: "the card's brand as the gateway names it (visa, mastercard…)" }),
  last4: z.string().meta({ description: 'the last 4 digits' }),
  exp_month: int(),
  exp_year: int(),
});
export type SavedCard = z.infer<typeof savedCardAnswer>;

export const autoReloadPause = z.enum(['declined', 'needs_customer', 'unreachable']);
export type AutoReloadPause = z.infer<typeof autoReloadPause>;

/** Why a paused auto-reload is paused, in the customer's words. */
export const PAUSE_REASONS: Record<AutoReloadPause, string> = {
  declined: 'Your card was declined, so auto-reload is paused. Check your card or save another, then turn auto-reload back on.',
  needs_customer:
    'Your bank wants you to confirm the payment yourself, which it cannot ask while you are away, so auto-reload is paused. Save your card again or top up once, then turn auto-reload back on.',
  unreachable:
    'We could not reach the card payment service for about a day, so auto-reload is paused. Turn auto-reload back on to try again, or top up once yourself.',
};

export const autoReloadAnswer = z.object({
  /** false: the shop's payment gateway cannot save cards (or there is none) */
  available: z.boolean(),
  card: savedCardAnswer.nullable(),
  enabled: z.boolean(),
  threshold: money().nullable().meta({ description: 'add money when the balance falls below this; null until set' }),
  amount: money().nullable().meta({ description: 'how much each reload adds; null until set' }),
  paused: autoReloadPause.nullable().meta({
    description:
      'declined: the card was declined; needs_customer: the bank wants the customer (3-D Secure); unreachable: the card payment service could not be reached for about a day',
  }),
  paused_reason: z.string().nullable().meta({ description: 'why it is paused, in plain words' }),
  /** the shop's bounds for the two amounts */
  limits: z.object({ threshold_min: money(), threshold_max: money(), amount_min: money(), amount_max: money() }),
});
export type AutoReloadData = z.infer<typeof autoReloadAnswer>;

const amountField = z
  .number({ error: 'must be a number' })
  .int('must be a whole number of minor units')
  .min(1, 'must be more than 0')
  .max(TOPUP_MAX, `must be at most ${TOPUP_MAX}`);

/** On or off, and the line and the amount; turning it on again resumes a paused auto-reload. */
export const autoReloadBody = z.object({ enabled: z.boolean({ error: 'must be true or false' }), threshold: amountField, amount: amountField });
export type AutoReloadBody = z.infer<typeof autoReloadBody>;

export const cardSetupAnswer = z.object({
  setup_id: z.string().meta({ format: 'uuid' }),
  setup_url: z.string().meta({ description: "the payment gateway's page where the customer saves a card" }),
});
export type CardSetupData = z.infer<typeof cardSetupAnswer>;

export const cardConfirmBody = z.object({ setup_id: z.string().uuid('must be a card setup id') });
export type CardConfirmBody = z.infer<typeof cardConfirmBody>;
