import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { paymentWebhookEvent } from '#contract/payments';
import { AppError, validation } from '../http/errors';
import { headerValue, type CardDetails, type CardGateway, type PaymentGateway } from '../payment-gateway';

/**
 * The sandbox gateway: its hosted page is served by this provider (payments.routes.ts), reached by
 * the browser through the gateway at `${publicApiPrefix}payment/sandbox/<id>`. Pay or Decline there
 * sends a signed webhook to payment/webhook, exactly as a real gateway would.
 */
export const SANDBOX_GATEWAY_NAME = 'sandbox';

/** The header a webhook's signature travels in: `t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-sandbox-signature';

/** A webhook signed more than this far from our clock (either way) is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookEventType = 'payment.succeeded' | 'payment.failed';

/** What the sandbox tells the provider about a payment (the body of payment/webhook). */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  payment_id: string;
  amount: number;
  currency?: string;
  /** unix seconds */
  created: number;
}

/** Lowercase hex HMAC-SHA256 over `${t}.${rawBody}`: the one definition both sides use. */
function webhookDigest(secret: string, t: number | string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
}

/** The signature header for a raw body at unix time `t`, as the gateway sends it. */
export function signWebhook(secret: string, rawBody: string, t: number): string {
  return `t=${t},v1=${webhookDigest(secret, t, rawBody)}`;
}

const badSignature = (why: string) => new AppError('BAD_SIGNATURE', `The webhook signature is not valid: ${why}.`);

/**
 * Checks `t=<unix s>,v1=<hex>` against HMAC-SHA256(secret, `${t}.${raw}`) in constant time, and the
 * timestamp against our clock. Several v1 values are allowed (a gateway rotating its secret).
 */
function verifyWebhookSignature(secret: string, raw: Buffer | string, header: string | undefined, nowSeconds: number): void {
  if (!header) throw badSignature('the signature header is missing');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1] ?? '';
  const given = parts.filter(([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/i.test(v)).map(([, v]) => Buffer.from(v!, 'hex'));
  if (!/^\d{1,12}$/.test(t) || given.length === 0) throw badSignature('the signature header is malformed');
  const expected = Buffer.from(webhookDigest(secret, t, raw), 'hex');
  // every candidate is compared, so the time taken says nothing about which one matched
  let ok = false;
  for (const g of given) ok = timingSafeEqual(g, expected) || ok;
  if (!ok) throw badSignature('it does not match the body');
  if (Math.abs(nowSeconds - Number(t)) > WEBHOOK_TOLERANCE_SECONDS) throw badSignature('its timestamp is too old or in the future');
}

export function sandboxGateway(publicApiPrefix: string, webhookSecret: string): PaymentGateway {
  return {
    name: SANDBOX_GATEWAY_NAME,
    webhookPath: 'payment/webhook',
    async createPayment(request) {
      return { paymentUrl: `${publicApiPrefix}payment/sandbox/${request.paymentId}` };
    },
    parseWebhook(raw, headers, nowMs = Date.now()) {
      const signature = headerValue(headers, WEBHOOK_SIGNATURE_HEADER);
      if (raw === undefined) {
        if (!signature) throw badSignature('the signature header is missing');
        throw validation({ body: 'must be a JSON event' }, 'The webhook body must be JSON.');
      }
      verifyWebhookSignature(webhookSecret, raw, signature, Math.floor(nowMs / 1000));
      let json: unknown;
      try {
        json = JSON.parse(raw.toString());
      } catch {
        throw validation({ body: 'must be valid JSON' }, 'The webhook body is not valid JSON.');
      }
      const parsed = paymentWebhookEvent.safeParse(json);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
        throw validation(fields, 'The webhook event is not valid.');
      }
      const e = parsed.data;
      return {
        id: e.id,
        type: e.type,
        payment_id: e.payment_id,
        amount: e.amount,
        currency: e.currency ?? null,
        provider_ref: null,
        created: e.created,
        card_fingerprint: e.card_fingerprint ?? null,
      };
    },
    // the sandbox holds no money: a refund is granted at once, in the payment's currency as asked
    async refund(request) {
      return { refundId: `sandbox_refund_${randomUUID()}`, status: 'succeeded', amount: request.amount, currency: request.currency ?? '' };
    },
    cards: sandboxCards(publicApiPrefix),
  };
}

/**
 * The sandbox's saved cards (issue 49): its page offers a card that works, one that will be declined
 * and one whose bank wants the customer (3-D Secure), so every state of auto-reload can be reached.
 * Which it is travels in the card's reference; the page saves it itself (payments.service), so a setup
 * read here is never finished.
 */
export const SANDBOX_CARD_KINDS = {
  save: { kind: 'works', last4: '4242' },
  save_declines: { kind: 'declines', last4: '0002' },
  save_needs_customer: { kind: 'needs_customer', last4: '3155' },
} as const;
export type SandboxCardChoice = keyof typeof SANDBOX_CARD_KINDS;

/** The sandbox card of a choice on its page: its reference and what it shows (a test card, expiring in 3 years). */
export function sandboxCard(choice: SandboxCardChoice, now: Date): { methodRef: string; card: CardDetails } {
  const { kind, last4 } = SANDBOX_CARD_KINDS[choice];
  return {
    methodRef: `sandbox_pm_${kind}_${randomUUID().slice(0, 8)}`,
    card: { brand: 'visa', last4, exp_month: 12, exp_year: now.getUTCFullYear() + 3 },
  };
}

function sandboxCards(publicApiPrefix: string): CardGateway {
  return {
    async startSetup(r) {
      return { url: `${publicApiPrefix}payment/sandbox/${r.setupId}`, setupRef: r.setupId, customerRef: r.customerRef ?? `sandbox_cus_${randomUUID()}` };
    },
    async readSetup() {
      return { status: 'open' };
    },
    async charge(r) {
      if (r.methodRef.startsWith('sandbox_pm_declines_')) return { status: 'declined', reason: 'card_declined', providerRef: null };
      if (r.methodRef.startsWith('sandbox_pm_needs_customer_')) return { status: 'needs_customer', providerRef: null };
      // the same charge asked again answers the same reference: one charge per idempotency key
      return { status: 'succeeded', providerRef: `sandbox_pi_${r.idempotencyKey}` };
    },
    async detach() {},
  };
}
