/**
 * The spec of the channels calls: their declarations (channels.calls.ts) joined to their schemas
 * (channels.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  testMessageBody,
  connectStripeBody,
  connectTwilioBody,
  connectSmtpBody,
  disconnectBody,
  channelsAnswer,
  testMessageAnswer,
  setupAnswer,
  clearDemoBody,
  clearDemoAnswer,
} from './channels';
import { channelsApi } from './channels.calls';

export const channelsSpec = /* @__PURE__ */ describe('Merchant console', channelsApi, {
  channels: {
    summary: 'How payments and messages are configured, and what going live needs',
    description:
      "Never a secret: the Stripe mode comes from the key's prefix, the Twilio number is masked to its last 4 characters, SMTP gives its host and from address only.",
    inContract: false,
    data: channelsAnswer,
    answer: 'What is configured.',
    message: 'Payments and messages.',
  },
  testMessage: {
    summary: "Send a test message: an e-mail to the owner's own address, or a text message to a phone",
    description:
      'Through the real sender (in development, the development outbox). At most 5 per owner an hour (429 RATE_LIMITED with retry_after). Recorded in Activity.',
    inContract: false,
    body: testMessageBody,
    data: testMessageAnswer,
    answer: 'Where it went.',
    message: 'Test message sent.',
    errors: ['RATE_LIMITED', 'BAD_GATEWAY', 'EMAIL_UNAVAILABLE'],
  },
  clearDemo: {
    summary: 'Clear the demo: archive its products, retire its rewards, empty its wheel, turn off its tiers',
    description:
      "Only the demo's own content, recognised by what the seed gave it: products and rewards with `/demo/` images, the wheel's first (seeded) segments, the tier programme while no owner saved it, the paused example rule, the demo's images, address and location phone. Products are archived and rewards retired, never deleted. `confirm: true` asks for it in so many words; with `shop_name`, the shop's name too (set-up's \"Start from an empty shop\"). Running it again changes nothing more. Recorded in Activity.",
    inContract: false,
    body: clearDemoBody,
    data: clearDemoAnswer,
    answer: 'What was cleared.',
    message: 'The demo is cleared.',
  },
  connectStripe: {
    summary: 'Connect Stripe: its secret key and webhook signing secret',
    description:
      "The key is tested first with an authenticated read (GET /v1/balance); a refusal saves nothing (502 BAD_GATEWAY saying why: 'Stripe said the key is invalid'). Stored encrypted (AES-256-GCM, a key derived from the server's secret), applied by every instance within seconds, never shown again in full, recorded in Activity (without the secrets). Set by the server's environment: 409 CONFLICT. At most 20 tries an owner an hour (429 RATE_LIMITED).",
    inContract: false,
    body: connectStripeBody,
    data: channelsAnswer,
    answer: 'Payments and messages, with Stripe connected.',
    message: 'Stripe is connected.',
    errors: ['BAD_GATEWAY', 'CONFLICT', 'RATE_LIMITED'],
  },
  connectTwilio: {
    summary: 'Connect Twilio: the Account SID, Auth Token and sending number (or Messaging Service)',
    description:
      "Tested first by reading the account (GET /2010-04-01/Accounts/{sid}.json); a refusal saves nothing (502 BAD_GATEWAY saying why). Stored encrypted, applied by every instance within seconds, never shown again in full, recorded in Activity. Set by the server's environment: 409 CONFLICT.",
    inContract: false,
    body: connectTwilioBody,
    data: channelsAnswer,
    answer: 'Payments and messages, with Twilio connected.',
    message: 'Twilio is connected.',
    errors: ['BAD_GATEWAY', 'CONFLICT', 'RATE_LIMITED'],
  },
  connectSmtp: {
    summary: 'Connect an SMTP server: its URL (with user and password) and the from address',
    description:
      "Tested first (connect, TLS, sign-in: nodemailer's verify); a refusal saves nothing (502 BAD_GATEWAY saying why: 'could not reach smtp.example.com:587'). Stored encrypted, applied by every instance within seconds, never shown again in full, recorded in Activity. Set by the server's environment: 409 CONFLICT.",
    inContract: false,
    body: connectSmtpBody,
    data: channelsAnswer,
    answer: 'Payments and messages, with e-mail connected.',
    message: 'E-mail is connected.',
    errors: ['BAD_GATEWAY', 'CONFLICT', 'RATE_LIMITED'],
  },
  disconnect: {
    summary: 'Disconnect a service connected from the console',
    description:
      "The shop goes back to what the server was started with (the sandbox or none, the outbox or none). Recorded in Activity. Not connected: 404 NOT_FOUND; set by the server's environment: 409 CONFLICT.",
    inContract: false,
    body: disconnectBody,
    data: channelsAnswer,
    answer: 'Payments and messages, without it.',
    message: 'Disconnected.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  setup: {
    summary: "The set-up checklist: each step's state, and whether the shop is live",
    inContract: false,
    data: setupAnswer,
    answer: 'The steps.',
    message: 'Set-up checklist.',
  },
});
