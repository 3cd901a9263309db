/**
 * The calls of outbound webhooks (issue 52), declared once (api.ts): the owner's endpoints in the
 * merchant console. Their schemas are in webhooks.ts, their words in webhooks.spec.ts.
 */
import { call, consoleCalls } from './api';
import type {
  WebhookCreateInput,
  WebhookDeliveriesData,
  WebhookDeliveriesInput,
  WebhookDeliveryData,
  WebhookEndpointData,
  WebhookIdInput,
  WebhookReplayInput,
  WebhookUpdateInput,
  WebhookWithSecretData,
  WebhooksData,
} from './webhooks';

/** console calls, owners only: the customer app's build drops them */
export const webhooksApi = consoleCalls(() => ({
  webhooks: call.owner.get<WebhooksData>('merchant/webhooks'),
  create: call.owner.post<WebhookWithSecretData, WebhookCreateInput>('merchant/webhooks/create', { status: 201 }),
  update: call.owner.post<WebhookEndpointData, WebhookUpdateInput>('merchant/webhooks/update'),
  remove: call.owner.post<null, WebhookIdInput>('merchant/webhooks/delete'),
  rotate: call.owner.post<WebhookWithSecretData, WebhookIdInput>('merchant/webhooks/rotate'),
  deliveries: call.owner.get<WebhookDeliveriesData, WebhookDeliveriesInput>('merchant/webhooks/deliveries'),
  replay: call.owner.post<WebhookDeliveryData, WebhookReplayInput>('merchant/webhooks/replay', { status: 201 }),
}));
