/**
 * The spec of the outbound webhooks' calls: their declarations (webhooks.calls.ts) joined to their schemas
 * (webhooks.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOKS_MAX,
  webhookCreateBody,
  webhookDeliveriesAnswer,
  webhookDeliveriesQuery,
  webhookDeliveryOnlyAnswer,
  webhookEndpointOnlyAnswer,
  webhookIdBody,
  webhookReplayBody,
  webhooksAnswer,
  webhookUpdateBody,
  webhookWithSecretAnswer,
} from './webhooks';
import { webhooksApi } from './webhooks.calls';

const WHERE =
  'The address must be `https:` (plain `http:` to this machine only where the operator allows it for tests, WEBHOOKS_ALLOW_LOOPBACK, never in production) and never a private, loopback, link-local, carrier-grade NAT, multicast or reserved address: an IP literal or a local name is refused here (400 naming `url`), and every address a name resolves to is checked again at each send.';

export const webhooksSpec = /* @__PURE__ */ describe('Merchant console', webhooksApi, {
  webhooks: {
    summary: 'The webhook endpoints',
    description: `Owners only. Every endpoint, oldest first, with the events it wants and whether it is on, and the event catalogue (${WEBHOOK_EVENTS.join(', ')}). Never a secret: only its first and last characters.`,
    inContract: false,
    data: webhooksAnswer,
    answer: 'The endpoints and the event catalogue.',
    message: 'Webhooks loaded.',
  },
  create: {
    summary: 'Add a webhook endpoint',
    description: `Owners only. An address, a description and the events it wants. ${WHERE} Answers its signing secret (\`whsec_…\`) this once. At most ${WEBHOOKS_MAX} endpoints (409 LIMIT_REACHED). Audited (\`webhook.create\`, without the secret).`,
    inContract: false,
    body: webhookCreateBody,
    data: webhookWithSecretAnswer,
    answer: 'The new endpoint and its secret, shown once.',
    message: 'Endpoint added. Copy its secret now: it is not shown again.',
    errors: ['LIMIT_REACHED'],
  },
  update: {
    summary: 'Change a webhook endpoint',
    description: `Owners only. Its address, description, events, or on and off (\`enabled\`). ${WHERE} Switched on again (after the owner or its failures switched it off), deliveries still pending are tried again. Audited (\`webhook.update\`).`,
    inContract: false,
    body: webhookUpdateBody,
    data: webhookEndpointOnlyAnswer,
    answer: 'The endpoint as it is now.',
    message: 'Endpoint saved.',
    errors: ['NOT_FOUND'],
  },
  remove: {
    summary: 'Remove a webhook endpoint',
    description: 'Owners only. The endpoint, its deliveries still pending and its log go. Audited (`webhook.delete`).',
    inContract: false,
    body: webhookIdBody,
    answer: 'Removed.',
    message: 'Endpoint removed.',
    errors: ['NOT_FOUND'],
  },
  rotate: {
    summary: "Rotate a webhook endpoint's secret",
    description: `Owners only. A new secret, answered this once; the old one still signs beside it for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours (both signatures in \`webhook-signature\`), so the receiver can switch without losing a delivery. Audited (\`webhook.rotate\`, without either secret).`,
    inContract: false,
    body: webhookIdBody,
    data: webhookWithSecretAnswer,
    answer: 'The endpoint and its new secret, shown once.',
    message: 'New secret made. Copy it now: it is not shown again.',
    errors: ['NOT_FOUND'],
  },
  deliveries: {
    summary: "A webhook endpoint's delivery log",
    description:
      "Owners only. What was sent to the endpoint, newest first, 20 a page: each event with the body exactly as signed, its status (pending, delivered, failed), and each try with its time, the answer's status and the start of its text (at most 1,000 characters), or why it failed. Kept 30 days.",
    inContract: false,
    query: webhookDeliveriesQuery,
    data: webhookDeliveriesAnswer,
    answer: 'A page of the log.',
    message: 'Deliveries loaded.',
    errors: ['NOT_FOUND'],
  },
  replay: {
    summary: 'Send a delivery again',
    description:
      'Owners only. The same event (the same `webhook-id` and body, a fresh timestamp and signature) queued again for the endpoint as a new delivery, sent within seconds and retried like any other. The endpoint must be on (409 CONFLICT). Audited (`webhook.replay`).',
    inContract: false,
    body: webhookReplayBody,
    data: webhookDeliveryOnlyAnswer,
    answer: 'The new delivery.',
    message: 'Delivery queued again.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
});
