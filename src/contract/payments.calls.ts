/**
 * The calls of payments, declared once (api.ts); their schemas are in payments.ts, their words in
 * payments.spec.ts. The app makes none of them: a payment gateway posts its webhook, the sandbox's own
 * page its Pay or Decline.
 */
import { call } from './api';
import type { PaymentWebhookEvent, SandboxCompleteBody, SandboxCompleteData, StripeWebhookEvent, WebhookData } from './payments';

export const paymentsApi = {
  webhook: call.webhook.post<WebhookData, PaymentWebhookEvent>('payment/webhook'),
  stripeWebhook: call.webhook.post<WebhookData, StripeWebhookEvent>('payment/webhook/stripe'),
  sandboxComplete: call.customer.post<SandboxCompleteData, SandboxCompleteBody>('payment/sandbox/{id}/complete', { guests: true }),
};
