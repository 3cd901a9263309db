/**
 * Payments: the payment gateways' webhooks and the sandbox's Pay or Decline; the schemas of the area's
 * calls (payments.calls.ts declares them; payments.spec.ts describes them). The sandbox's page, script
 * and styles are not calls but files (payments.spec.ts has their rows too).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { paymentStatus } from './wallet';

/** A payment's id (a UUID), in the sandbox page's path. */
export const paymentIdParam = z.string().uuid('must be a payment id');
/** embedded provider: Pay or Decline on the sandbox payment page */
export const sandboxCompleteBody = z.object({
  /** a payment: pay or decline; a card being saved (issue 49): a card that works, one that will be declined, one that needs the customer, or decline */
  outcome: z.enum(['pay', 'decline', 'save', 'save_declines', 'save_needs_customer']),
});
/** A Stripe event as Stripe sends it (documented at https://docs.stripe.com/api/events/object); read by the Stripe library. */
export const stripeWebhookEvent = z.looseObject({
  id: z.string(),
  object: z.literal('event'),
  type: z.string(),
  created: z.number().int(),
  livemode: z.boolean(),
  data: z.looseObject({ object: z.looseObject({}) }),
});
/** The payment webhook's event (the sandbox gateway's format), checked after its signature. */
export const paymentWebhookEvent = z.object({
  id: z
    .string()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    // recorded as text: PostgreSQL cannot store U+0000, so it is refused here rather than failing there
    // eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
    .regex(/^[^\u0000]*$/, 'must not contain a NUL character'),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  payment_id: z.string().uuid('must be a payment id'),
  amount: z.number().int('must be a whole number').positive('must be positive'),
  /** the payment's currency; compared with the merchant's when given */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as PHP')
    .optional(),
  created: z.number().int('must be unix seconds'),
  /** issue 30: the gateway's fingerprint of the card paid with, when it gives one (a referral's self-referral check) */
  card_fingerprint: z
    .string()
    .regex(/^[A-Za-z0-9_-]{6,64}$/, 'must be a card fingerprint of 6 to 64 letters, digits, - and _')
    .optional(),
});
/** The header of the sandbox gateway's webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-sandbox-signature';
export type PaymentWebhookEvent = z.infer<typeof paymentWebhookEvent>;
export type StripeWebhookEvent = z.infer<typeof stripeWebhookEvent>;
export type SandboxCompleteBody = z.infer<typeof sandboxCompleteBody>;

/** The sandbox page's Pay or Decline (embedded provider only). */
export const sandboxCompleteAnswer = z.object({
  status: z.enum([...paymentStatus.options, 'saved']).meta({ description: "a payment's status, or saved: a card saved" }),
  redirect: z.string().meta({ description: 'the app page to go to next' }),
});
export type SandboxCompleteData = z.infer<typeof sandboxCompleteAnswer>;

/** A payment webhook's receipt. */
export const webhookAnswer = z.object({
  event_id: z.string().nullable().meta({ description: "null: an event the gateway's adapter does not use (answered 200 so it is not sent again)" }),
  applied: z.boolean().meta({ description: 'false: seen before, unknown payment, amount mismatch or settled already; recorded, nothing changed' }),
});
export type WebhookData = z.infer<typeof webhookAnswer>;
