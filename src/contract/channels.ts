/**
 * Going live: how payments and messages are configured (never a secret: a key's mode, never the key; a
 * sending number's last 4 digits; an SMTP host and from address, never its password), what going live
 * still needs, a test message to the owner, and the Overview's set-up checklist. The schemas of the
 * area's calls (channels.calls.ts declares them; channels.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { time } from './answer-fields';
import { phoneInput } from './fields';

/** `merchant/channels/test-message`: an e-mail to the signed-in owner's own address, or a text message to a phone. */
export const testMessageBody = z
  .strictObject({
    channel: z.enum(['email', 'sms'], { error: 'must be email or sms' }),
    phone: phoneInput.optional().meta({ description: 'the phone a text message goes to (sms only)' }),
  })
  .superRefine((v, ctx) => {
    if (v.channel === 'sms' && v.phone === undefined) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'is required for a text message' });
  });
export type TestMessageInput = z.infer<typeof testMessageBody>;

/** The services an owner can connect from the console (issue 46). */
export const CONNECTABLE = ['stripe', 'twilio', 'smtp'] as const;
export type Connectable = (typeof CONNECTABLE)[number];

/** a key, token or URL as the service issues it: printable ASCII, no spaces (a NUL or a line break never reaches a service) */
const secretText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces');
/** `merchant/channels/connect/stripe`: tested with a real call (GET /v1/balance) before it is saved. */
export const connectStripeBody = z.strictObject({
  secret_key: secretText(300).pipe(
    z.string().regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_live_…, sk_test_…) or a restricted key (rk_…)'),
  ),
  webhook_secret: secretText(300).pipe(z.string().regex(/^whsec_\S+$/, 'must be the signing secret of the Stripe webhook endpoint (whsec_…)')),
});
export type ConnectStripeInput = z.infer<typeof connectStripeBody>;
/** `merchant/channels/connect/twilio`: tested with a real call (GET the account) before it is saved. */
export const connectTwilioBody = z.strictObject({
  account_sid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an Account SID (AC followed by 32 hex digits)'),
  auth_token: secretText(200),
  from: z
    .string()
    .trim()
    .regex(
      /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/,
      'must be a Twilio number in E.164 (such as +14155550100) or a Messaging Service SID (MG followed by 32 hex digits)',
    ),
});
export type ConnectTwilioInput = z.infer<typeof connectTwilioBody>;
/** `merchant/channels/connect/smtp`: tested (the server's greeting, TLS, sign-in) before it is saved. */
export const connectSmtpBody = z.strictObject({
  url: secretText(500).pipe(
    z.string().regex(/^smtps?:\/\/[^/?#\s]+$/, 'must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465'),
  ),
  from: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters')
    .regex(
      /^(?:[^<>"\r\n]*?\s*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/,
      'must be an e-mail address, or a name and an address such as Kopi Senja <no-reply@kopisenja.id>',
    ),
});
export type ConnectSmtpInput = z.infer<typeof connectSmtpBody>;
/** What the owner pasted for one service, with which service it is (the console's form; each goes to its own call). */
export type ConnectInput =
  ({ service: 'stripe' } & ConnectStripeInput) | ({ service: 'twilio' } & ConnectTwilioInput) | ({ service: 'smtp' } & ConnectSmtpInput);
export const disconnectBody = z.strictObject({ service: z.enum(CONNECTABLE, { error: 'must be stripe, twilio or smtp' }) });
export type DisconnectInput = z.infer<typeof disconnectBody>;

/** Where a service's settings come from, and what may be shown of them: never a secret in full. */
const connectionAnswer = z.object({
  source: z
    .enum(['environment', 'console', 'none'])
    .meta({ description: "environment: set by the server's environment (the console cannot change it); console: connected by an owner; none" }),
  shown: z.string().nullable().meta({
    description:
      "what identifies it without revealing it: a key's prefix and last 4 characters (sk_live_…4242), a sending number's last 4 digits, an SMTP host",
  }),
  connected_at: time().nullable(),
  connected_by: z.string().nullable().meta({ description: "the owner's name" }),
  problem: z
    .string()
    .nullable()
    .meta({ description: "why a connected service is not in use (its settings cannot be opened with this server's secret): connect it again" }),
});
export type ConnectionData = z.infer<typeof connectionAnswer>;

const paymentsAnswer = z.object({
  kind: z.enum(['none', 'sandbox', 'stripe']).meta({
    description: 'none: no payment gateway (top-ups and paying online answer 503); sandbox: its page pays anything (a test shop); stripe: Stripe Checkout',
  }),
  mode: z.enum(['live', 'test']).nullable().meta({ description: "Stripe's mode, read from the key's prefix (sk_live_/sk_test_); null without Stripe" }),
  webhook_url: z.string().nullable().meta({
    description: "where the gateway's webhooks arrive (add it in the Stripe Dashboard); null when the shop's public address is unknown or there is no gateway",
  }),
  last_event_at: time().nullable().meta({ description: 'when the last payment webhook arrived; null: none yet' }),
});
const smsAnswer = z.object({
  kind: z.enum(['twilio', 'outbox', 'none']).meta({ description: 'twilio; outbox: the development outbox; none: no SMS service (messages are only logged)' }),
  from: z.string().nullable().meta({ description: "Twilio's sending number or Messaging Service, masked to its last 4 characters (••••0100); null otherwise" }),
});
const emailAnswer = z.object({
  kind: z.enum(['smtp', 'outbox', 'none']).meta({ description: 'smtp; outbox: the development outbox; none: no e-mail service' }),
  host: z.string().nullable().meta({ description: "the SMTP server's host name (never its user or password); null otherwise" }),
  from: z.string().nullable().meta({ description: 'MAIL_FROM; null otherwise' }),
});
export const channelsAnswer = z.object({
  test_mode: z.boolean().meta({ description: 'true while payments are the sandbox or absent, or a message goes to the development outbox' }),
  going_live: z.array(z.string()).meta({ description: 'what going live still needs, in plain sentences; empty when nothing' }),
  payments: paymentsAnswer,
  sms: smsAnswer,
  email: emailAnswer,
  connections: z.object({ stripe: connectionAnswer, twilio: connectionAnswer, smtp: connectionAnswer }),
});
export type ChannelsData = z.infer<typeof channelsAnswer>;

export const testMessageAnswer = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string().meta({ description: 'the address or number it was sent to' }),
  outbox: z.boolean().meta({ description: 'true: it went to the development outbox (/__dev/outbox on this machine), not to a real phone or inbox' }),
});
export type TestMessageData = z.infer<typeof testMessageAnswer>;

/** The set-up checklist's steps, in the order the Overview lists them. */
export const SETUP_STEPS = ['brand', 'settings', 'locations', 'menu', 'rewards', 'loyalty', 'staff', 'channels'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
const stepAnswer = z.object({ done: z.boolean() });
export const setupAnswer = z.object({
  steps: z.object({
    brand: stepAnswer.meta({ description: "the theme was published at least once, and its logo and favicon are the shop's own (not the demo's)" }),
    settings: stepAnswer.meta({ description: 'the shop settings were saved at least once' }),
    locations: stepAnswer.meta({ description: 'a location was added or changed (its address, phone, hours or delivery areas)' }),
    menu: stepAnswer.meta({ description: 'a product was added in the console, and a demo product archived or deleted or the demo cleared' }),
    rewards: stepAnswer.meta({ description: 'a reward was added or changed' }),
    loyalty: stepAnswer.meta({ description: 'the tiers were saved and the wheel published, or the demo cleared (its tiers off, its wheel emptied)' }),
    staff: stepAnswer.meta({ description: 'an invitation was sent, or the team has a second member' }),
    channels: stepAnswer.meta({ description: 'payments and messages are out of test mode' }),
  }),
  live: z.boolean().meta({ description: 'every step is done' }),
  demo_cleared: z.boolean().meta({ description: 'the demo was cleared (merchant/setup/clear-demo): the Overview stops offering it' }),
});
export type SetupData = z.infer<typeof setupAnswer>;

/** `merchant/setup/clear-demo`: asked for in so many words; the shop's own name may come with it (set-up's "Start from an empty shop"). */
export const clearDemoBody = z.object({
  confirm: z.literal(true, { error: 'must be true: clearing the demo is asked for in so many words' }),
  shop_name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters').optional(),
});
export type ClearDemoInput = z.infer<typeof clearDemoBody>;
const n = (description: string) => z.number().int().meta({ description });
export const clearDemoAnswer = z.object({
  products_archived: n("the demo's products archived (kept for orders that name them, hidden from customers)"),
  rewards_retired: n("the demo's rewards retired (vouchers already given stay usable)"),
  wheel_segments_removed: n("the demo wheel's segments taken off (the wheel is closed until the owner publishes one)"),
  tiers_turned_off: z.boolean().meta({ description: 'the demo tier programme was turned off, its rewards cleared (only while the owner never saved tiers)' }),
  rules_removed: n("the demo's paused example rule, removed"),
  location_phones_cleared: n("locations whose phone was the demo's"),
  settings_cleared: z.array(z.string()).meta({ description: "the settings that held the demo's images or address, now empty" }),
  shop_name: z.string().nullable().meta({ description: "the shop's name set with it, or null" }),
});
export type ClearDemoData = z.infer<typeof clearDemoAnswer>;
