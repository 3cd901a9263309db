/**
 * A payment gateway's adapter, as payments/ uses it: one file per gateway (payments/sandbox.ts,
 * payments/stripe.ts). Here at the provider's root so the context can hold one without anyone seeing
 * payments/: wallet and orders start payments only through the PaymentStarter port (payment-port.ts,
 * built over an adapter by payments/starter.ts); results always arrive later as the gateway's signed
 * webhook, read by the adapter's parseWebhook and applied by payments/payments.service.ts, never from
 * the browser's redirect. Adding a gateway is one new file implementing PaymentGateway, chosen in
 * config.ts and index.ts.
 */
export interface PaymentRequest {
  paymentId: string;
  amount: number;
  currency: string;
  description: string;
  /** where the hosted page sends the customer afterwards (app paths; the page adds nothing trusted) */
  successPath: string;
  failPath: string;
  /** how long the hosted page should stay open (an unpaid order's hold): then, or as soon after as the gateway allows */
  expiresInSeconds?: number;
}

export type PaymentEventType = 'payment.succeeded' | 'payment.failed' | 'payment.refunded' | 'payment.disputed';

/**
 * What any gateway's webhook means for one of our payments. `amount` is always the amount the
 * gateway took or was asked for (minor units) and `currency` its upper-case ISO code, so the caller
 * compares both with the payment before applying anything; for a refund `refunded_amount` is how
 * much of it has been given back so far (Stripe reports the running total). A dispute (a chargeback)
 * names the disputed `amount` (at most the payment's) and the payment only by the gateway's reference.
 */
export interface PaymentEvent {
  /** the gateway's event id: recorded once, a replay changes nothing */
  id: string;
  type: PaymentEventType;
  /** our payment's id; null when the event names only the gateway's reference (a dispute): found by provider_ref */
  payment_id: string | null;
  amount: number;
  /** upper-case ISO 4217; null when the gateway's event does not say (the sandbox's may not) */
  currency: string | null;
  /** the gateway's own reference for the payment (what a refund needs); null when it has none */
  provider_ref: string | null;
  /** unix seconds, when the gateway created the event */
  created: number;
  refunded_amount?: number;
  /** a success: the gateway's fingerprint of the card paid with, when it gives one (the sandbox's event may; Stripe's Checkout Session does not carry it) */
  card_fingerprint?: string | null;
  /** a dispute: the gateway's id for it, why the customer's bank says it was opened, and its state */
  dispute?: { id: string; reason: string; status: string };
}

/**
 * A card saved on the gateway's page (Stripe: a setup-mode Checkout Session completed), sent whether
 * or not the customer comes back to the app: which of our setups (`setup_id`) and the gateway's
 * reference for it (`setup_ref`, which must be the one the setup was opened with). The card itself is
 * read back from the gateway, never taken from the event.
 */
export interface CardSetupEvent {
  id: string;
  type: 'card.setup_completed';
  setup_id: string;
  setup_ref: string;
  created: number;
}

export interface RefundRequest {
  paymentId: string;
  /** the provider_ref the payment's success event carried */
  providerRef: string;
  /** minor units; at most what is still refundable */
  amount: number;
  /** one per refund the merchant asks for, never the payment id itself (that opened the payment) */
  idempotencyKey: string;
  /** the payment's currency (the gateway answers its own; the sandbox echoes this) */
  currency?: string;
}

export interface RefundResult {
  refundId: string;
  status: string;
  amount: number;
  currency: string;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  readonly name: string;
  /** where the gateway posts its webhooks, under the provider's base URL (`payment/webhook/<name>`) */
  readonly webhookPath: string;
  /** live or test money, when the gateway has both (Stripe, by its key's prefix); never the key */
  readonly mode?: 'live' | 'test';
  createPayment(request: PaymentRequest): Promise<{ paymentUrl: string }>;
  /**
   * The event a signed webhook carries, or null when it is nothing to act on (another event type,
   * another integration's payment, a result still on its way). Throws AppError 401 BAD_SIGNATURE
   * when the signature is missing, wrong or out of its time window (nothing must change then), and
   * 400 VALIDATION when a correctly signed body is not an event.
   */
  parseWebhook(rawBody: Buffer | string | undefined, headers: WebhookHeaders, nowMs?: number): PaymentEvent | CardSetupEvent | null;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** saving a card and charging it later (auto-reload, issue 49); absent: the gateway cannot */
  readonly cards?: CardGateway;
}

/** What a saved card shows: never its number. */
export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface CardSetupRequest {
  /** our card setup's id */
  setupId: string;
  /** the gateway's customer for this member when one was made before; else the gateway makes one */
  customerRef: string | null;
  /** a description of the member for the gateway's customer (never a secret) */
  customerLabel: string;
  /** the shop's currency (Stripe's setup mode needs it) */
  currency: string;
  /** app paths the gateway's page sends the customer back to */
  successPath: string;
  failPath: string;
}

/** An off-session charge of a saved card (the customer is not there). */
export interface CardChargeRequest {
  paymentId: string;
  customerRef: string;
  methodRef: string;
  amount: number;
  currency: string;
  description: string;
  /** the same for every attempt of one charge: a retry never charges twice */
  idempotencyKey: string;
}

/** A charge's result: taken; declined (why, in plain words); or the bank wants the customer (3-D Secure). */
export type CardChargeResult =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'declined'; reason: string; providerRef: string | null }
  | { status: 'needs_customer'; providerRef: string | null };

export interface CardGateway {
  /** opens the gateway's page where the customer saves a card; answers it and the gateway's references */
  startSetup(request: CardSetupRequest): Promise<{ url: string; setupRef: string; customerRef: string }>;
  /** how a started setup stands at the gateway: saved (with the card), still open, or failed */
  readSetup(setupRef: string): Promise<{ status: 'saved'; methodRef: string; card: CardDetails } | { status: 'open' | 'failed' }>;
  charge(request: CardChargeRequest): Promise<CardChargeResult>;
  /** the card taken off the gateway's customer (removed by the customer, or their account erased) */
  detach(methodRef: string): Promise<void>;
}

/** The path a gateway's webhooks arrive at, by its name. */
export const webhookPathOf = (name: string): string => `payment/webhook/${name}`;

/** One header's value, whatever its case in the object Node gives. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const v = headers[name] ?? headers[wanted] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === wanted)?.[1];
  return Array.isArray(v) ? v[0] : v;
}
