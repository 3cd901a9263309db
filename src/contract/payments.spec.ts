/**
 * The spec of the payments calls: their declarations (payments.calls.ts) joined to their schemas
 * (payments.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { describe, type Endpoint } from './api-spec';
import {
  paymentIdParam,
  sandboxCompleteBody,
  stripeWebhookEvent,
  paymentWebhookEvent,
  WEBHOOK_SIGNATURE_HEADER,
  sandboxCompleteAnswer,
  webhookAnswer,
} from './payments';
import { paymentsApi } from './payments.calls';

export const paymentsSpec = /* @__PURE__ */ describe('Payments', paymentsApi, {
  webhook: {
    summary: "The payment gateway's result of a payment",
    description: `Not signed by a gateway: signed by the payment gateway (sandbox: \`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`, within 300 s). A repeated or out-of-order event changes nothing.`,
    inContract: false,
    gateway: 'sandbox',
    body: paymentWebhookEvent,
    data: webhookAnswer,
    answer: 'Recorded.',
    // the route answers with what the event changed: "Payment recorded as paid.", "This event was processed already." …
    message: 'Payment recorded as paid.',
    errors: ['BAD_SIGNATURE'],
  },
  stripeWebhook: {
    summary: "Stripe's result of a payment",
    description:
      'Only while Stripe is the payment gateway (STRIPE_SECRET_KEY). Not signed by a gateway: signed by Stripe (`stripe-signature`, checked with the Stripe library, within 300 s). Used: `checkout.session.completed`, `checkout.session.async_payment_succeeded`, `checkout.session.async_payment_failed`, `checkout.session.expired`, `charge.refunded`; any other event is answered 200 with `applied: false`. A repeated or out-of-order event changes nothing; a refund that arrives before its payment is settled is answered 409, so Stripe sends it again.',
    inContract: false,
    embeddedOnly: true,
    gateway: 'stripe',
    body: stripeWebhookEvent,
    data: webhookAnswer,
    answer: 'Recorded.',
    message: 'Payment recorded as paid.',
    errors: ['BAD_SIGNATURE', 'CONFLICT'],
  },
  sandboxComplete: {
    summary: 'Pay or decline on the sandbox payment page',
    description: 'Only while the sandbox is the payment gateway, and only by the customer who started the payment.',
    inContract: false,
    embeddedOnly: true,
    gateway: 'sandbox',
    params: z.object({ id: paymentIdParam }),
    body: sandboxCompleteBody,
    data: sandboxCompleteAnswer,
    answer: 'The payment as it stands, and where to go next.',
    // the route says which: "Payment completed." or "Payment declined."
    message: 'Payment completed.',
    errors: ['NOT_FOUND'],
  },
});

/** The sandbox payment page and its files: pages, not calls, documented beside the calls (the table places them between the webhooks and Pay or Decline). */
export const sandboxPageEndpoints: readonly Endpoint[] = [
  {
    method: 'get',
    path: 'payment/sandbox.js',
    tag: 'Payments',
    summary: "The sandbox payment page's script",
    description: 'Only while the sandbox is the payment gateway.',
    auth: 'none',
    inContract: false,
    embeddedOnly: true,
    gateway: 'sandbox',
    answer: { kind: 'javascript', statuses: [200], description: 'The script.' },
    errors: [],
  },
  {
    method: 'get',
    path: 'payment/sandbox.css',
    tag: 'Payments',
    summary: "The sandbox payment page's styles",
    description: 'Only while the sandbox is the payment gateway.',
    auth: 'none',
    inContract: false,
    embeddedOnly: true,
    gateway: 'sandbox',
    answer: { kind: 'css', statuses: [200], description: 'The styles.' },
    errors: [],
  },
  {
    method: 'get',
    path: 'payment/sandbox/{id}',
    tag: 'Payments',
    summary: 'The sandbox payment page',
    description:
      'Only while the sandbox is the payment gateway. Shows a payment only to the customer who started it (their session, sent by the gateway); anyone else gets the not-found page (404).',
    auth: 'none',
    inContract: false,
    embeddedOnly: true,
    gateway: 'sandbox',
    params: z.object({ id: paymentIdParam }),
    answer: { kind: 'html', statuses: [200, 404], description: 'The page.' },
    errors: [],
  },
];
