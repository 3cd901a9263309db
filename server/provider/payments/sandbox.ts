import { createHmac } from 'node:crypto';
import type { PaymentGateway } from './gateway';

/**
 * The sandbox gateway: its hosted page is served by this provider (payments.routes.ts), reached by
 * the browser through the gateway at `${publicApiPrefix}payment/sandbox/<id>`. Pay or Decline there
 * sends a signed webhook to payment/webhook, exactly as a real gateway would.
 */
export const SANDBOX_GATEWAY_NAME = 'sandbox';

export function sandboxGateway(publicApiPrefix: string): PaymentGateway {
  return {
    name: SANDBOX_GATEWAY_NAME,
    async createPayment(request) {
      return { paymentUrl: `${publicApiPrefix}payment/sandbox/${request.paymentId}` };
    },
  };
}

/** The header a webhook's signature travels in: `t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-sandbox-signature';

export type WebhookEventType = 'payment.succeeded' | 'payment.failed';

/** What the gateway tells the provider about a payment (the body of payment/webhook). */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  payment_id: string;
  amount: number;
  /** unix seconds */
  created: number;
}

/** Lowercase hex HMAC-SHA256 over `${t}.${rawBody}`: the one definition both sides use. */
export function webhookDigest(secret: string, t: number | string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
}

/** The signature header for a raw body at unix time `t`, as the gateway sends it. */
export function signWebhook(secret: string, rawBody: string, t: number): string {
  return `t=${t},v1=${webhookDigest(secret, t, rawBody)}`;
}
