/**
 * Outbound webhooks (issue 52): the owner's endpoints, each with the events it wants (the catalogue is in
 * webhook-events.ts), its signing secret (shown once), and the log of what was sent to it. The schemas of
 * the area's calls (webhooks.calls.ts declares them, webhooks.spec.ts describes them) and their types.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, nextPage, time } from './answer-fields';
import { id, optionalText, page } from './fields';
import { WEBHOOK_EVENTS } from './webhook-events';

export * from './webhook-events';

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

const URL_MESSAGE = 'must be an https:// address such as https://example.com/hooks';
/** An endpoint's address: an absolute http(s) URL of at most 2,000 characters; the provider checks where it may point. */
const endpointUrl = z
  .string({ error: URL_MESSAGE })
  .trim()
  .min(1, 'is required')
  .max(2000, 'must be at most 2,000 characters')
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), URL_MESSAGE);
const eventList = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `must be events of the catalogue: ${WEBHOOK_EVENTS.join(', ')}` }), { error: 'must be a list of events' })
  .min(1, 'choose at least one event')
  .max(WEBHOOK_EVENTS.length, 'must name each event once')
  .refine((l) => new Set(l).size === l.length, 'must name each event once');
const enabled = z.boolean({ error: 'must be true or false' });

/** `merchant/webhooks/create` */
export const webhookCreateBody = z.object({
  url: endpointUrl,
  description: optionalText(200).default(''),
  events: eventList,
  enabled: enabled.default(true),
});
export type WebhookCreateInput = z.input<typeof webhookCreateBody>;
export type WebhookFields = z.output<typeof webhookCreateBody>;

/** `merchant/webhooks/update`: any of the fields; switching an endpoint on again starts its failures afresh. */
export const webhookUpdateBody = z
  .object({ url: endpointUrl, description: optionalText(200), events: eventList, enabled })
  .partial()
  .extend({ id })
  .refine((b) => Object.keys(b).some((k) => k !== 'id'), { message: 'give at least one field to change', path: ['url'] });
export type WebhookUpdateInput = z.input<typeof webhookUpdateBody>;
export type WebhookChanges = z.output<typeof webhookUpdateBody>;

/** `merchant/webhooks/delete` and `merchant/webhooks/rotate` */
export const webhookIdBody = z.object({ id });
export type WebhookIdInput = z.infer<typeof webhookIdBody>;

/** `merchant/webhooks/deliveries`: one endpoint's log, newest first */
export const webhookDeliveriesQuery = z.object({ id, page });
export type WebhookDeliveriesInput = z.input<typeof webhookDeliveriesQuery>;

/** `merchant/webhooks/replay`: one delivery sent again, as a new delivery */
export const webhookReplayBody = z.object({ delivery_id: id });
export type WebhookReplayInput = z.infer<typeof webhookReplayBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const webhookEndpointAnswer = z
  .object({
    id: int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    disabled_reason: z
      .enum(['owner', 'failures'])
      .nullable()
      .meta({ description: 'null while on; `owner`: switched off in the console; `failures`: switched off after a delivery failed every retry' }),
    disabled_at: time().nullable(),
    secret_hint: z.string().meta({ description: "the secret's first and last characters (`whsec_ab…xyz1`): which one, never the secret" }),
    previous_secret_until: time().nullable().meta({ description: 'after a rotation: until when the old secret still signs beside the new one' }),
    created_at: time(),
    updated_at: time(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointAnswer>;

export const webhookEventInfoAnswer = z.object({ type: z.enum(WEBHOOK_EVENTS), label: z.string(), description: z.string() });

export const webhooksAnswer = z.object({
  endpoints: z.array(webhookEndpointAnswer),
  events: z.array(webhookEventInfoAnswer).meta({ description: 'the event catalogue' }),
});
export type WebhooksData = z.infer<typeof webhooksAnswer>;
export const webhookEndpointOnlyAnswer = z.object({ endpoint: webhookEndpointAnswer });
export type WebhookEndpointData = z.infer<typeof webhookEndpointOnlyAnswer>;
export const webhookWithSecretAnswer = z.object({
  endpoint: webhookEndpointAnswer,
  secret: z.string().meta({ description: '`whsec_` and the base64 of 32 random bytes: shown this once, never again' }),
});
export type WebhookWithSecretData = z.infer<typeof webhookWithSecretAnswer>;

export const webhookAttemptAnswer = z.object({
  attempt: int(),
  at: time(),
  response_status: int().nullable().meta({ description: "the endpoint's HTTP status; null: no answer (refused, unreachable, timed out)" }),
  response_excerpt: z.string().meta({ description: 'the start of its answer (at most 1,000 characters)' }),
  error: z.string().nullable().meta({ description: 'why it failed, when it did' }),
  duration_ms: int(),
});

export const webhookDeliveryAnswer = z
  .object({
    id: int(),
    endpoint_id: int(),
    event_type: z.enum(WEBHOOK_EVENTS),
    message_id: z.string().meta({ description: 'the `webhook-id` header: the same on every try and replay of one event' }),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.array(webhookAttemptAnswer),
    next_attempt_at: time().nullable().meta({ description: 'pending: when it is tried next' }),
    request_body: z.string().meta({ description: 'the body sent, exactly as signed' }),
    replay_of: int().nullable(),
    created_at: time(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliveryAnswer>;
export const webhookDeliveriesAnswer = z.object({ deliveries: z.array(webhookDeliveryAnswer), next_page: nextPage() });
export type WebhookDeliveriesData = z.infer<typeof webhookDeliveriesAnswer>;
export const webhookDeliveryOnlyAnswer = z.object({ delivery: webhookDeliveryAnswer });
export type WebhookDeliveryData = z.infer<typeof webhookDeliveryOnlyAnswer>;
