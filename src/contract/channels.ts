/**
 * Going live: how payments and messages are configured (never a secret: a key's mode, never the key; a
 * sending number's last 4 digits; an SMTP host and from address, never its password), what going live
 * still needs, a test message to the owner, and the Overview's set-up checklist. The schemas of the
 * area's calls (channels.calls.ts declares them) and its spec.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { time } from './answer-fields';
import { describe } from './api-spec';
import { channelsApi } from './channels.calls';
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

const paymentsAnswer = z.object({
  kind: z.enum(['none', 'sandbox', 'stripe']).meta({ description: 'none: no payment gateway (top-ups and paying online answer 503); sandbox: its page pays anything (a test shop); stripe: Stripe Checkout' }),
  mode: z.enum(['live', 'test']).nullable().meta({ description: "Stripe's mode, read from the key's prefix (sk_live_/sk_test_); null without Stripe" }),
  webhook_url: z.string().nullable().meta({ description: "where the gateway's webhooks arrive (add it in the Stripe Dashboard); null when the shop's public address is unknown or there is no gateway" }),
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
});
export type ChannelsData = z.infer<typeof channelsAnswer>;

export const testMessageAnswer = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string().meta({ description: 'the address or number it was sent to' }),
  outbox: z.boolean().meta({ description: 'true: it went to the development outbox (/__dev/outbox on this machine), not to a real phone or inbox' }),
});
export type TestMessageData = z.infer<typeof testMessageAnswer>;

/** The set-up checklist's steps, in the order the Overview lists them. */
export const SETUP_STEPS = ['brand', 'settings', 'menu', 'rewards', 'staff', 'channels'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
const stepAnswer = z.object({ done: z.boolean() });
export const setupAnswer = z.object({
  steps: z.object({
    brand: stepAnswer.meta({ description: 'the theme was published at least once' }),
    settings: stepAnswer.meta({ description: 'the shop settings were saved at least once' }),
    menu: stepAnswer.meta({ description: 'a product was added in the console and a demo product archived or deleted' }),
    rewards: stepAnswer.meta({ description: 'a reward was added or changed' }),
    staff: stepAnswer.meta({ description: 'an invitation was sent, or the team has a second member' }),
    channels: stepAnswer.meta({ description: 'payments and messages are out of test mode' }),
  }),
  live: z.boolean().meta({ description: 'every step is done' }),
});
export type SetupData = z.infer<typeof setupAnswer>;

export const channelsSpec = /* @__PURE__ */ describe('Merchant console', channelsApi, {
  channels: {
    summary: 'How payments and messages are configured, and what going live needs',
    description: 'Never a secret: the Stripe mode comes from the key\'s prefix, the Twilio number is masked to its last 4 characters, SMTP gives its host and from address only.',
    inContract: false,
    data: channelsAnswer,
    answer: 'What is configured.',
    message: 'Payments and messages.',
  },
  testMessage: {
    summary: "Send a test message: an e-mail to the owner's own address, or a text message to a phone",
    description: 'Through the real sender (in development, the development outbox). At most 5 per owner an hour (429 RATE_LIMITED with retry_after). Recorded in Activity.',
    inContract: false,
    body: testMessageBody,
    data: testMessageAnswer,
    answer: 'Where it went.',
    message: 'Test message sent.',
    errors: ['RATE_LIMITED', 'BAD_GATEWAY', 'EMAIL_UNAVAILABLE'],
  },
  setup: {
    summary: "The set-up checklist: each step's state, and whether the shop is live",
    inContract: false,
    data: setupAnswer,
    answer: 'The steps.',
    message: 'Set-up checklist.',
  },
});
