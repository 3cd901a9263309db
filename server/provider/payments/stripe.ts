import type Stripe from 'stripe';
import { lazyPackage } from '../../lib/lazy-package';
import { AppError, validation } from '../http/errors';
import {
  headerValue,
  webhookPathOf,
  type CardChargeResult,
  type CardGateway,
  type CardSetupEvent,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentGateway,
  type PaymentRequest,
  type RefundRequest,
  type RefundResult,
} from '../payment-gateway';
import { errors } from '../i18n/errors';

/**
 * Stripe Checkout through the official `stripe` library. A top-up or a gateway-paid order becomes a
 * Checkout Session (one line item in the merchant's currency, in minor units); the customer pays on
 * Stripe's page and comes back to the app's result pages, which read the result from the provider.
 * Only Stripe's signed webhook settles anything: `parseWebhook` checks the signature with the
 * library's own `webhooks.constructEvent` and turns the few events we use into one normalised shape;
 * everything else is ignored (null). Refunds go through the library's refund call.
 *
 * Which of our payments an event is about travels in `metadata.payment_id` (on the session and, for
 * refunds, on the PaymentIntent and so on its charge) and in `client_reference_id`.
 */

/** Stripe's library, loaded when a gateway is made (STRIPE_SECRET_KEY set), not by every server. */
const loadStripe = lazyPackage<typeof Stripe>('stripe');

/** The header Stripe signs its webhooks in: `t=<unix s>,v1=<hex HMAC-SHA256>`. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** A signed event older (or newer) than this, by our clock, is refused: the sandbox's window. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe allows a Checkout Session to live 30 minutes to 24 hours. */
export const CHECKOUT_TTL_MIN_SECONDS = 30 * 60;
export const CHECKOUT_TTL_MAX_SECONDS = 24 * 60 * 60;

/** The few logger methods the adapter uses (pino's Logger has them). */
export interface GatewayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface StripeGatewayOptions {
  /** STRIPE_SECRET_KEY: sk_live_…, sk_test_… or a restricted rk_… key (Checkout Sessions write, Refunds write) */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the endpoint's signing secret, whsec_… */
  webhookSecret: string;
  /** the shop's public origin (https://shop.example): success_url and cancel_url are built from it */
  publicBaseUrl: string;
  /** where the library sends its calls; only tests (a local fake) set these */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** pinned by the library by default; set only to match an account's webhook endpoint version */
  apiVersion?: string;
  /** how long the customer has to pay (seconds, 1800 to 86400); Stripe's default is 24 hours */
  checkoutTtlSeconds?: number;
  /** ms per call before the library gives up (default 20 s: the call runs inside a transaction) */
  timeoutMs?: number;
  /** the library retries failed calls with the same Idempotency-Key (default 2) */
  maxNetworkRetries?: number;
  logger?: GatewayLogger;
  /** the clock expires_at is computed from (ms); Stripe checks it against its own, so keep the real one */
  now?: () => number;
}

const badSignature = (why: string) => new AppError('BAD_SIGNATURE', `The webhook signature is not valid: ${why}.`);
const PAYMENTS_UNAVAILABLE = 'Online payments are not available right now. You can still pay from your wallet balance.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function originOf(publicBaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(publicBaseUrl);
  } catch {
    throw new Error('stripeGateway: publicBaseUrl must be an absolute http(s) URL such as https://shop.example');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('stripeGateway: publicBaseUrl must be an http(s) URL');
  // only the origin: the app's paths are absolute ("/payment-success?…") and must not be re-based
  return url.origin;
}

/** An app path ("/top-up-success?topup_id=…") on the shop's origin; anything else is a bug upstream. */
function absolute(origin: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) throw new Error(`stripeGateway: ${path} is not an app path`);
  const url = new URL(path, origin);
  if (url.origin !== origin) throw new Error(`stripeGateway: ${path} leaves the shop`);
  return url.toString();
}

/** The payment id a Stripe object carries, when it is one of ours. */
function ourPaymentId(metadata: Stripe.Metadata | null | undefined, clientReferenceId?: string | null): string | null {
  const fromMetadata = metadata?.payment_id;
  if (fromMetadata && UUID.test(fromMetadata)) {
    // both are set by createPayment; a session whose two disagree was not made by it
    if (clientReferenceId != null && clientReferenceId !== fromMetadata) return null;
    return fromMetadata.toLowerCase();
  }
  return null;
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** The shortest session asked for: Stripe's least, with 2 minutes to spare for the call and the clocks (exactly 30 is refused a second late). */
const CHECKOUT_SHORTEST_SECONDS = CHECKOUT_TTL_MIN_SECONDS + 120;

/**
 * How long a Checkout Session lives (seconds; undefined: Stripe's default, 24 hours): the page's own
 * wish (an unpaid order's hold) when Stripe allows it, else 32 minutes (Stripe's least, 30, and a
 * margin); never past the shop's STRIPE_CHECKOUT_TTL_MINUTES.
 */
function sessionLifetime(ttl: number | undefined, wanted: number | undefined): number | undefined {
  if (wanted === undefined) return ttl;
  return Math.min(ttl ?? CHECKOUT_TTL_MAX_SECONDS, Math.max(CHECKOUT_SHORTEST_SECONDS, wanted));
}

export function stripeGateway(options: StripeGatewayOptions): PaymentGateway {
  if (!/^(sk|rk)_(test|live)_\S+$/.test(options.secretKey))
    throw new Error('stripeGateway: secretKey must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)');
  if (!/^whsec_\S+$/.test(options.webhookSecret)) throw new Error('stripeGateway: webhookSecret must be the endpoint signing secret (whsec_…)');
  const ttl = options.checkoutTtlSeconds;
  if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < CHECKOUT_TTL_MIN_SECONDS || ttl > CHECKOUT_TTL_MAX_SECONDS)) {
    throw new Error(`stripeGateway: checkoutTtlSeconds must be ${CHECKOUT_TTL_MIN_SECONDS} to ${CHECKOUT_TTL_MAX_SECONDS}`);
  }
  const origin = originOf(options.publicBaseUrl);
  const live = options.secretKey.includes('_live_');
  const now = options.now ?? (() => Date.now());
  const log = options.logger;

  const StripeLib = loadStripe();
  const stripe = stripeClient(StripeLib, options);

  return {
    name: 'stripe',
    webhookPath: webhookPathOf('stripe'),
    mode: live ? 'live' : 'test',

    async createPayment(request: PaymentRequest) {
      const params = checkoutParams(request, origin, sessionLifetime(ttl, request.expiresInSeconds), now);
      let session: Stripe.Checkout.Session;
      try {
        // the payment id is new for every attempt, so a retried call (the library's own retries
        // included) opens one session, never two
        session = await stripe.checkout.sessions.create(params, { idempotencyKey: request.paymentId });
      } catch (err) {
        throw gatewayFailure(StripeLib, log, err, 'checkout', { payment_id: request.paymentId });
      }
      if (!session.url) {
        log?.warn({ payment_id: request.paymentId, session: session.id }, 'stripe: the Checkout Session has no url');
        throw new AppError('PAYMENTS_UNAVAILABLE', PAYMENTS_UNAVAILABLE, undefined, null, { 'retry-after': '60' });
      }
      return { paymentUrl: session.url };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!Number.isInteger(request.amount) || request.amount <= 0)
        throw new Error('stripeGateway.refund: amount must be a positive whole number of minor units');
      if (!request.idempotencyKey || request.idempotencyKey === request.paymentId) {
        throw new Error('stripeGateway.refund: idempotencyKey must be set and differ from the payment id (that key opened the session)');
      }
      try {
        let paymentIntent = request.providerRef;
        if (paymentIntent.startsWith('cs_')) {
          // a session id (e.g. from an expired-then-paid race): its PaymentIntent is what is refunded
          const session = await stripe.checkout.sessions.retrieve(paymentIntent);
          const pi = idOf(session.payment_intent);
          if (!pi) throw new AppError('INVALID_TRANSITION', 'This payment has nothing to refund.');
          paymentIntent = pi;
        }
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: request.amount, metadata: { payment_id: request.paymentId } },
          { idempotencyKey: request.idempotencyKey },
        );
        return { refundId: refund.id, status: refund.status ?? 'pending', amount: refund.amount, currency: refund.currency.toUpperCase() };
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw gatewayFailure(StripeLib, log, err, 'refund', { payment_id: request.paymentId, provider_ref: request.providerRef, amount: request.amount });
      }
    },

    cards: stripeCards(StripeLib, stripe, origin, log),

    parseWebhook(rawBody, headers, nowMs = Date.now()) {
      const signature = headerValue(headers, STRIPE_SIGNATURE_HEADER);
      if (!signature) throw badSignature('the Stripe-Signature header is missing');
      if (rawBody === undefined || rawBody.length === 0) throw badSignature('the body is empty');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS, undefined, nowMs);
      } catch (err) {
        if (err instanceof StripeLib.errors.StripeSignatureVerificationError) {
          const why = /tolerance/i.test(err.message)
            ? 'its timestamp is too old'
            : /timestamp|scheme/i.test(err.message)
              ? 'the signature header is malformed'
              : 'it does not match the body';
          throw badSignature(why);
        }
        // signed correctly but not JSON: Stripe never sends that
        throw validation({ body: 'must be a Stripe event' }, 'The webhook body is not a Stripe event.');
      }
      // the library only refuses old timestamps; one from the future is refused too, like the sandbox
      const t = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
      if (t - Math.floor(nowMs / 1000) > STRIPE_WEBHOOK_TOLERANCE_SECONDS) throw badSignature('its timestamp is in the future');
      if (
        !event ||
        typeof event !== 'object' ||
        event.object !== 'event' ||
        typeof event.id !== 'string' ||
        typeof event.type !== 'string' ||
        !event.data?.object
      ) {
        throw validation({ body: 'must be a Stripe event' }, 'The webhook body is not a Stripe event.');
      }
      return normalise(event, live, log);
    },
  };
}

/**
 * Saved cards (issue 49): a Stripe Customer per member (made once, kept), a Checkout Session in `setup`
 * mode on which the customer saves a card (cards only), read back with its SetupIntent's PaymentMethod
 * (only brand, last 4 and expiry are taken), and off-session PaymentIntents (`off_session: true,
 * confirm: true`) with our idempotency key, so a retried charge is one charge. Stripe answers a card the
 * bank wants to authenticate with a card error `authentication_required`: the customer is needed.
 */
function stripeCards(StripeLib: typeof Stripe, stripe: Stripe, origin: string, log: GatewayLogger | undefined): CardGateway {
  const failure = (err: unknown, what: string, fields: Record<string, unknown>) => {
    const e = err instanceof StripeLib.errors.StripeError ? err : null;
    log?.warn(
      { ...fields, stripe_type: e?.type, stripe_code: e?.code, stripe_message: e?.message, status: e?.statusCode, err: e ? undefined : String(err) },
      `stripe: ${what} failed`,
    );
    return new AppError('PAYMENTS_UNAVAILABLE', PAYMENTS_UNAVAILABLE, undefined, null, { 'retry-after': '60' });
  };
  return {
    async startSetup(r) {
      try {
        const customer =
          r.customerRef ??
          (await stripe.customers.create({ description: r.customerLabel, metadata: { setup_id: r.setupId } }, { idempotencyKey: `customer-${r.setupId}` })).id;
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'setup',
            currency: r.currency.toLowerCase(),
            allowed_payment_method_types: ['card'],
            customer,
            success_url: absolute(origin, r.successPath),
            cancel_url: absolute(origin, r.failPath),
            client_reference_id: r.setupId,
            metadata: { setup_id: r.setupId },
            setup_intent_data: { metadata: { setup_id: r.setupId } },
          },
          { idempotencyKey: `setup-${r.setupId}` },
        );
        if (!session.url) throw new Error('the setup session has no url');
        return { url: session.url, setupRef: session.id, customerRef: customer };
      } catch (err) {
        throw failure(err, 'opening a setup session', { setup_id: r.setupId });
      }
    },
    async readSetup(setupRef) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(setupRef, { expand: ['setup_intent.payment_method'] });
      } catch (err) {
        throw failure(err, 'reading a setup session', { session: setupRef });
      }
      if (session.status === 'expired') return { status: 'failed' };
      const intent = session.setup_intent;
      if (session.status !== 'complete' || !intent || typeof intent === 'string' || intent.status !== 'succeeded') return { status: 'open' };
      const method = intent.payment_method;
      if (!method || typeof method === 'string' || !method.card) return { status: 'failed' };
      const { brand, last4, exp_month, exp_year } = method.card;
      return { status: 'saved', methodRef: method.id, card: { brand, last4, exp_month, exp_year } };
    },
    async charge(r): Promise<CardChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: r.amount,
            currency: r.currency.toLowerCase(),
            customer: r.customerRef,
            payment_method: r.methodRef,
            off_session: true,
            confirm: true,
            description: r.description,
            metadata: { payment_id: r.paymentId },
          },
          { idempotencyKey: r.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', providerRef: intent.id };
        if (intent.status === 'requires_action') return { status: 'needs_customer', providerRef: intent.id };
        return { status: 'declined', reason: intent.last_payment_error?.code ?? intent.status, providerRef: intent.id };
      } catch (err) {
        if (err instanceof StripeLib.errors.StripeCardError) {
          const ref = err.payment_intent?.id ?? null;
          if (err.code === 'authentication_required') return { status: 'needs_customer', providerRef: ref };
          return { status: 'declined', reason: err.decline_code ?? err.code ?? 'card_declined', providerRef: ref };
        }
        // Stripe refused the charge itself (the card is gone, or not this customer's): asking again would
        // be refused again, so it pauses like a decline; only Stripe being unreachable is tried again later
        if (err instanceof StripeLib.errors.StripeInvalidRequestError) {
          failure(err, 'charging a saved card', { payment_id: r.paymentId });
          return { status: 'declined', reason: err.code ?? 'invalid_request', providerRef: null };
        }
        throw failure(err, 'charging a saved card', { payment_id: r.paymentId });
      }
    },
    async detach(methodRef) {
      try {
        await stripe.paymentMethods.detach(methodRef);
      } catch (err) {
        // gone already at Stripe: nothing left to detach
        if (err instanceof StripeLib.errors.StripeError && err.code === 'resource_missing') return;
        throw failure(err, 'detaching a card', { payment_method: methodRef });
      }
    },
  };
}

/** The official library's client, configured from the options (a local fake's address in tests). */
function stripeClient(StripeLib: typeof Stripe, options: StripeGatewayOptions): Stripe {
  const config: Stripe.StripeConfig = {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    appInfo: { name: 'loyalty-app' },
  };
  if (options.apiVersion) config.apiVersion = options.apiVersion as Stripe.StripeConfig['apiVersion'];
  if (options.host) config.host = options.host;
  if (options.port) config.port = options.port;
  if (options.protocol) config.protocol = options.protocol;
  return new StripeLib(options.secretKey, config);
}

/** One Checkout Session of one line item, in minor units, marked with our payment id on the session and its PaymentIntent. */
function checkoutParams(request: PaymentRequest, origin: string, lifetime: number | undefined, now: () => number): Stripe.Checkout.SessionCreateParams {
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: request.currency.toLowerCase(),
          unit_amount: request.amount,
          product_data: { name: request.description },
        },
      },
    ],
    success_url: absolute(origin, request.successPath),
    cancel_url: absolute(origin, request.failPath),
    client_reference_id: request.paymentId,
    metadata: { payment_id: request.paymentId },
    // the PaymentIntent (and so its charge, and a refund's charge.refunded) carries it too
    payment_intent_data: { description: request.description, metadata: { payment_id: request.paymentId } },
  };
  if (lifetime !== undefined) params.expires_at = Math.floor(now() / 1000) + lifetime;
  return params;
}

/**
 * A failed call to Stripe, logged with what Stripe said (never the key): the caller's transaction
 * rolls back, and the customer or merchant is told plainly. Only refusals about the amount or a
 * refund's state are theirs to act on; anything else (a bad key, Stripe down) is "not available".
 */
function gatewayFailure(
  StripeLib: typeof Stripe,
  log: GatewayLogger | undefined,
  err: unknown,
  what: 'checkout' | 'refund',
  fields: Record<string, unknown>,
): AppError {
  const e = err instanceof StripeLib.errors.StripeError ? err : null;
  log?.warn(
    {
      ...fields,
      stripe_type: e?.type,
      stripe_code: e?.code,
      stripe_param: e?.param,
      stripe_message: e?.message,
      status: e?.statusCode,
      request_id: e?.requestId,
      err: e ? undefined : String(err),
    },
    what === 'checkout' ? 'stripe: creating a Checkout Session failed' : 'stripe: refunding failed',
  );
  if (what === 'checkout' && e?.code === 'amount_too_small') {
    return validation({ amount: 'is below the smallest amount card payments accept' }, errors.amountTooSmall);
  }
  if (what === 'checkout' && e?.code === 'amount_too_large') {
    return validation({ amount: 'is above the largest amount card payments accept' }, errors.amountTooLarge);
  }
  if (what === 'refund' && e?.code === 'charge_already_refunded') return new AppError('INVALID_TRANSITION', 'This payment was refunded in full already.');
  if (what === 'refund' && e instanceof StripeLib.errors.StripeInvalidRequestError && e.param === 'amount') {
    return validation({ amount: 'is more than is left to refund' }, 'The refund is more than is left of this payment.');
  }
  if (what === 'refund' && e?.code === 'resource_missing')
    return new AppError('INVALID_TRANSITION', 'Stripe does not know this payment, so it cannot be refunded.');
  return new AppError('PAYMENTS_UNAVAILABLE', PAYMENTS_UNAVAILABLE, undefined, null, { 'retry-after': '60' });
}

/** The few events this shop uses, in the one shape of payment-gateway.ts; anything else ignored (null) and logged. */
function normalise(event: Stripe.Event, live: boolean, log: GatewayLogger | undefined): PaymentEvent | CardSetupEvent | null {
  const ignore = (reason: string, extra: Record<string, unknown> = {}) => {
    log?.info({ stripe_event: event.id, stripe_type: event.type, reason, ...extra }, 'stripe: webhook ignored');
    return null;
  };
  // a test-mode event on a live key (or the reverse) is never about this shop's real payments
  if (event.livemode !== live) return ignore(live ? 'a test-mode event on a live key' : 'a live-mode event on a test key');

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      // a card saved on a setup-mode session (issue 49): kept even if the customer never comes back
      if (session.mode === 'setup' && event.type === 'checkout.session.completed') return setupCompleted(event.id, session, event.created, ignore);
      if (session.mode !== 'payment') return ignore('not a payment-mode session');
      const paymentId = ourPaymentId(session.metadata, session.client_reference_id);
      if (!paymentId) return ignore('a session this shop did not open', { session: session.id });
      let type: PaymentEventType;
      if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') type = 'payment.failed';
      else if (session.payment_status === 'paid') type = 'payment.succeeded';
      // completed with a delayed method (a bank debit): the result comes as async_payment_*
      else return ignore(`completed with payment_status ${session.payment_status}`, { session: session.id, payment_id: paymentId });
      if (session.amount_total == null || !session.currency) return ignore('a session without an amount', { session: session.id });
      return {
        id: event.id,
        type,
        payment_id: paymentId,
        amount: session.amount_total,
        currency: session.currency.toUpperCase(),
        provider_ref: idOf(session.payment_intent) ?? session.id,
        created: event.created,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = ourPaymentId(charge.metadata);
      if (!paymentId) return ignore('a charge this shop did not open', { charge: charge.id });
      return {
        id: event.id,
        type: 'payment.refunded',
        payment_id: paymentId,
        amount: charge.amount,
        currency: charge.currency.toUpperCase(),
        provider_ref: idOf(charge.payment_intent) ?? charge.id,
        created: event.created,
        refunded_amount: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created': {
      // a dispute names the PaymentIntent (and its charge), not our payment id: found by provider_ref
      const dispute = event.data.object;
      const ref = idOf(dispute.payment_intent) ?? idOf(dispute.charge);
      if (!ref) return ignore('a dispute of no known payment', { dispute: dispute.id });
      return {
        id: event.id,
        type: 'payment.disputed',
        payment_id: null,
        amount: dispute.amount,
        currency: dispute.currency.toUpperCase(),
        provider_ref: ref,
        created: event.created,
        dispute: { id: dispute.id, reason: dispute.reason, status: dispute.status },
      };
    }
    default:
      return ignore('an event type this shop does not use');
  }
}

/** A setup-mode session completed: which of our setups, if both its marks agree (set by startSetup). */
function setupCompleted(
  id: string,
  session: Stripe.Checkout.Session,
  created: number,
  ignore: (reason: string, extra?: Record<string, unknown>) => null,
): CardSetupEvent | null {
  const setupId = session.metadata?.setup_id;
  if (!setupId || !UUID.test(setupId) || session.client_reference_id !== setupId)
    return ignore('a setup session this shop did not open', { session: session.id });
  return { id, type: 'card.setup_completed', setup_id: setupId.toLowerCase(), setup_ref: session.id, created };
}

/**
 * Tests a secret key before the console saves it (issue 46): one cheap authenticated read,
 * GET /v1/balance, through the official library. Answers null when Stripe took the key, else why not
 * in words the owner can act on (never the key). A restricted key not allowed to read the balance is
 * still a key Stripe knows: accepted.
 */
export async function checkStripeKey(o: {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs?: number;
}): Promise<string | null> {
  const StripeLib = loadStripe();
  const config: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: o.timeoutMs ?? 10_000, appInfo: { name: 'loyalty-app' } };
  if (o.host) config.host = o.host;
  if (o.port) config.port = o.port;
  if (o.protocol) config.protocol = o.protocol;
  try {
    await new StripeLib(o.secretKey, config).balance.retrieve();
    return null;
  } catch (err) {
    if (err instanceof StripeLib.errors.StripeAuthenticationError) return 'Stripe said the key is invalid';
    if (err instanceof StripeLib.errors.StripePermissionError) return null;
    if (err instanceof StripeLib.errors.StripeConnectionError) return `could not reach Stripe (${o.host ?? 'api.stripe.com'})`;
    if (err instanceof StripeLib.errors.StripeError) return `Stripe refused the key: ${err.message.replace(/(sk|rk)_(live|test)_\S+/g, '…')}`;
    return `could not reach Stripe (${o.host ?? 'api.stripe.com'})`;
  }
}
