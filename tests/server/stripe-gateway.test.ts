import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../server/provider/http/errors';
import type { PaymentRequest } from '../../server/provider/payment-gateway';
import { STRIPE_SIGNATURE_HEADER, stripeGateway, type GatewayLogger, type StripeGatewayOptions } from '../../server/provider/payments/stripe';
import { startStripeFake, type FakeSession, type StripeFake } from '../fakes/stripe-fake';

/**
 * The Stripe adapter against a local fake of the Stripe API (no internet): the official library is
 * pointed at the fake through its host/port/protocol options, and the fake checks every request
 * against Stripe's API reference. Webhooks are signed with the library's own test helper.
 */

const WEBHOOK_SECRET = 'whsec_test_5b1c2f0e9d8a7b6c5d4e3f2a1b0c9d8e';
const SHOP = 'https://shop.example';

let fake: StripeFake;
let logs: { level: 'info' | 'warn'; obj: Record<string, unknown>; msg: string }[];
const logger: GatewayLogger = {
  info: (obj, msg) => logs.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
  warn: (obj, msg) => logs.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
};

function gateway(o: Partial<StripeGatewayOptions> = {}): ReturnType<typeof stripeGateway> {
  return stripeGateway({
    secretKey: fake.secretKey,
    webhookSecret: WEBHOOK_SECRET,
    publicBaseUrl: SHOP,
    host: fake.host,
    port: fake.port,
    protocol: fake.protocol,
    logger,
    ...o,
  });
}

function request(o: Partial<PaymentRequest> = {}): PaymentRequest {
  const paymentId = o.paymentId ?? randomUUID();
  return {
    paymentId,
    amount: 12_345,
    currency: 'PHP',
    description: 'Wallet top-up at Kopi Senja',
    successPath: `/top-up-success?topup_id=${paymentId}`,
    failPath: `/top-up-fail?topup_id=${paymentId}`,
    ...o,
  };
}

/** A delivery as Stripe makes it: the event as pretty JSON, signed with the library's own helper. */
function signed(event: object, o: { secret?: string; timestamp?: number } = {}): { body: Buffer; headers: Record<string, string> } {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? WEBHOOK_SECRET, ...(o.timestamp ? { timestamp: o.timestamp } : {}) });
  return { body: Buffer.from(payload), headers: { [STRIPE_SIGNATURE_HEADER]: header } };
}

function sessionOf(paymentUrl: string): FakeSession {
  const s = [...fake.sessions.values()].find((x) => x.url === paymentUrl);
  if (!s) throw new Error(`no session for ${paymentUrl}`);
  return s;
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

function refused(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  logs = [];
});

describe('Stripe Checkout: opening a payment', () => {
  it('creates a Checkout Session with the fields and headers Stripe documents, and answers its url', async () => {
    const gw = gateway();
    const req = request();
    const { paymentUrl } = await gw.createPayment(req);

    expect(fake.requests).toHaveLength(1);
    const call = fake.requests[0]!;
    expect(call.status).toBe(200);
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(call.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(call.headers['idempotency-key']).toBe(req.paymentId);
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    // form encoding with bracketed names, minor units, lower-case currency
    expect(call.rawBody).toContain('mode=payment');
    expect(call.rawBody).toContain('line_items[0][price_data][unit_amount]=12345');
    expect(call.rawBody).toContain('line_items[0][price_data][currency]=php');
    expect(call.params).toEqual({
      mode: 'payment',
      line_items: { '0': { quantity: '1', price_data: { currency: 'php', unit_amount: '12345', product_data: { name: 'Wallet top-up at Kopi Senja' } } } },
      success_url: `${SHOP}/top-up-success?topup_id=${req.paymentId}`,
      cancel_url: `${SHOP}/top-up-fail?topup_id=${req.paymentId}`,
      client_reference_id: req.paymentId,
      metadata: { payment_id: req.paymentId },
      payment_intent_data: { description: 'Wallet top-up at Kopi Senja', metadata: { payment_id: req.paymentId } },
    });

    const session = sessionOf(paymentUrl);
    expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', amount_total: 12_345, currency: 'php', mode: 'payment' });
  });

  it('sends an order path on the shop origin, whatever path publicBaseUrl carries', async () => {
    const gw = gateway({ publicBaseUrl: 'https://shop.example/some/where/' });
    await gw.createPayment(request({ successPath: '/payment-success?order=KS-7F3K9Q2M', failPath: '/payment-fail?order=KS-7F3K9Q2M' }));
    expect(fake.requests[0]!.params).toMatchObject({
      success_url: 'https://shop.example/payment-success?order=KS-7F3K9Q2M',
      cancel_url: 'https://shop.example/payment-fail?order=KS-7F3K9Q2M',
    });
  });

  it('refuses a path that would leave the shop before calling Stripe', async () => {
    const gw = gateway();
    await expect(gw.createPayment(request({ successPath: '//evil.example/x' }))).rejects.toThrow(/not an app path/);
    await expect(gw.createPayment(request({ failPath: 'https://evil.example/x' }))).rejects.toThrow(/not an app path/);
    expect(fake.requests).toHaveLength(0);
  });

  it('opens one session when the same payment is asked for twice (the payment id is the Idempotency-Key)', async () => {
    const gw = gateway();
    const req = request();
    const first = await gw.createPayment(req);
    const second = await gw.createPayment(req);
    expect(second.paymentUrl).toBe(first.paymentUrl);
    expect(fake.sessions.size).toBe(1);
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual([req.paymentId, req.paymentId]);
  });

  it('sets expires_at from the configured time to pay', async () => {
    const gw = gateway({ checkoutTtlSeconds: 3600 });
    await gw.createPayment(request());
    const expiresAt = Number(fake.requests[0]!.params.expires_at);
    const now = Math.floor(Date.now() / 1000);
    expect(expiresAt).toBeGreaterThanOrEqual(now + 3600 - 5);
    expect(expiresAt).toBeLessThanOrEqual(now + 3600 + 5);
    expect(() => gateway({ checkoutTtlSeconds: 60 })).toThrow(/checkoutTtlSeconds/);
    expect(() => gateway({ checkoutTtlSeconds: 25 * 3600 })).toThrow(/checkoutTtlSeconds/);
  });

  it("closes an unpaid order's page with its hold where Stripe allows: 32 minutes (Stripe's least and a margin) for a 10-minute hold, never past the configured time", async () => {
    const gw = gateway({ checkoutTtlSeconds: 3600 });
    const now = Math.floor(Date.now() / 1000);
    await gw.createPayment(request({ expiresInSeconds: 600 }));
    await gw.createPayment(request({ expiresInSeconds: 2700 }));
    await gw.createPayment(request({ expiresInSeconds: 7200 }));
    const [short, between, long] = fake.requests.map((r) => Number(r.params.expires_at) - now);
    // Stripe's least, 30 minutes (the fake refuses less, as Stripe does), and 2 to spare
    expect(short).toBeGreaterThanOrEqual(1920 - 5);
    expect(short).toBeLessThanOrEqual(1920 + 5);
    expect(between).toBeGreaterThanOrEqual(2700 - 5);
    expect(between).toBeLessThanOrEqual(2700 + 5);
    expect(long).toBeLessThanOrEqual(3600 + 5);
    expect(fake.sessions.size).toBe(3);
  });

  it('turns Stripe refusing the amount into a clear 400, and logs what Stripe said', async () => {
    const gw = gateway();
    const err = await refusal(gw.createPayment(request({ amount: 10, currency: 'USD' })));
    expect(err.status).toBe(400);
    expect(err.code).toBe('VALIDATION');
    expect(err.fields).toEqual({ amount: 'is below the smallest amount card payments accept' });
    expect(fake.requests[0]!.status).toBe(400);
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'stripe: creating a Checkout Session failed',
        obj: expect.objectContaining({ stripe_code: 'amount_too_small' }),
      }),
    );
    expect(fake.sessions.size).toBe(0);
  });

  it('answers 503 PAYMENTS_UNAVAILABLE when Stripe refuses the key, never leaking it', async () => {
    const gw = gateway({ secretKey: 'sk_test_not_the_right_key_0000' });
    const err = await refusal(gw.createPayment(request()));
    expect(err.status).toBe(503);
    expect(err.code).toBe('PAYMENTS_UNAVAILABLE');
    expect(fake.requests[0]!.status).toBe(401);
    expect(JSON.stringify(logs)).not.toContain('sk_test_not_the_right_key_0000');
  });

  it('refuses a configuration that cannot work', () => {
    const base = { secretKey: 'sk_test_abc', webhookSecret: WEBHOOK_SECRET, publicBaseUrl: SHOP };
    expect(() => stripeGateway({ ...base, secretKey: 'pk_test_abc' })).toThrow(/secretKey/);
    expect(() => stripeGateway({ ...base, webhookSecret: 'secret' })).toThrow(/webhookSecret/);
    expect(() => stripeGateway({ ...base, publicBaseUrl: 'shop.example' })).toThrow(/publicBaseUrl/);
    expect(() => stripeGateway({ ...base, publicBaseUrl: 'ftp://shop.example' })).toThrow(/publicBaseUrl/);
  });
});

describe('Stripe Checkout: refunds', () => {
  async function paid(amount = 12_345) {
    const gw = gateway();
    const req = request({ amount });
    const { paymentUrl } = await gw.createPayment(req);
    const done = fake.completeSession(sessionOf(paymentUrl).id);
    return { gw, req, ...done };
  }

  it('refunds through the library: POST /v1/refunds with the PaymentIntent, amount and the caller’s Idempotency-Key', async () => {
    const { gw, req, paymentIntent, charge } = await paid();
    const key = `refund:${req.paymentId}:1`;
    const result = await gw.refund({ paymentId: req.paymentId, providerRef: paymentIntent!.id, amount: 5_000, idempotencyKey: key });

    expect(result).toMatchObject({ status: 'succeeded', amount: 5_000, currency: 'PHP' });
    expect(result.refundId).toMatch(/^re_/);
    const call = fake.requests.find((r) => r.path === '/v1/refunds')!;
    expect(call.status).toBe(200);
    expect(call.headers['idempotency-key']).toBe(key);
    expect(call.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(call.params).toEqual({ payment_intent: paymentIntent!.id, amount: '5000', metadata: { payment_id: req.paymentId } });
    expect(charge!.amount_refunded).toBe(5_000);

    // the same refund asked again (a retry) is one refund
    await gw.refund({ paymentId: req.paymentId, providerRef: paymentIntent!.id, amount: 5_000, idempotencyKey: key });
    expect(fake.refunds.size).toBe(1);
  });

  it('refunds a payment known only by its session id (the session is read first)', async () => {
    const { gw, req, session, charge } = await paid();
    await gw.refund({ paymentId: req.paymentId, providerRef: session.id, amount: 12_345, idempotencyKey: `refund:${req.paymentId}:all` });
    const get = fake.requests.find((r) => r.method === 'GET')!;
    expect(get.path).toBe(`/v1/checkout/sessions/${session.id}`);
    expect(get.status).toBe(200);
    expect(charge!.refunded).toBe(true);
  });

  it('says plainly when there is less left to refund, or nothing', async () => {
    const { gw, req, paymentIntent } = await paid();
    const over = await refusal(gw.refund({ paymentId: req.paymentId, providerRef: paymentIntent!.id, amount: 20_000, idempotencyKey: 'refund-a' }));
    expect(over.status).toBe(400);
    expect(over.fields).toEqual({ amount: 'is more than is left to refund' });
    await gw.refund({ paymentId: req.paymentId, providerRef: paymentIntent!.id, amount: 12_345, idempotencyKey: 'refund-b' });
    const again = await refusal(gw.refund({ paymentId: req.paymentId, providerRef: paymentIntent!.id, amount: 1, idempotencyKey: 'refund-c' }));
    expect(again.status).toBe(409);
    expect(fake.refunds.size).toBe(1);
  });

  it('will not reuse the payment id as a refund key (that key opened the session)', async () => {
    const { gw, req, paymentIntent } = await paid();
    await expect(gw.refund({ paymentId: req.paymentId, providerRef: paymentIntent!.id, amount: 1, idempotencyKey: req.paymentId })).rejects.toThrow(
      /idempotencyKey/,
    );
  });
});

describe('Stripe webhooks: verified with the library, normalised', () => {
  async function opened(o: Partial<PaymentRequest> = {}) {
    const gw = gateway();
    const req = request(o);
    const { paymentUrl } = await gw.createPayment(req);
    return { gw, req, session: sessionOf(paymentUrl) };
  }

  it('checkout.session.completed (paid) → payment.succeeded with our payment id, amount, currency and the PaymentIntent', async () => {
    const { gw, req, session } = await opened();
    const { paymentIntent } = fake.completeSession(session.id);
    const event = fake.event('checkout.session.completed', session);
    const delivery = signed(event);
    const parsed = gw.parseWebhook(delivery.body, delivery.headers);
    expect(parsed).toEqual({
      id: event.id,
      type: 'payment.succeeded',
      payment_id: req.paymentId,
      amount: 12_345,
      currency: 'PHP',
      provider_ref: paymentIntent!.id,
      created: event.created,
    });
    // a replay parses to the same event id: the caller's record of ids makes it change nothing
    expect(gw.parseWebhook(delivery.body.toString('utf8'), delivery.headers)).toEqual(parsed);
  });

  it('checkout.session.expired → payment.failed (no PaymentIntent: the session is the reference)', async () => {
    const { gw, req, session } = await opened();
    fake.expireSession(session.id);
    const parsed = gw.parseWebhook(...args(signed(fake.event('checkout.session.expired', session))));
    expect(parsed).toMatchObject({ type: 'payment.failed', payment_id: req.paymentId, amount: 12_345, currency: 'PHP', provider_ref: session.id });
  });

  it('a delayed method: completed-but-unpaid waits, then async_payment_succeeded or _failed decides', async () => {
    const { gw, req, session } = await opened();
    fake.completeSession(session.id, { paymentStatus: 'unpaid' });
    expect(gw.parseWebhook(...args(signed(fake.event('checkout.session.completed', session))))).toBeNull();
    expect(logs.at(-1)).toMatchObject({ level: 'info', msg: 'stripe: webhook ignored', obj: { reason: 'completed with payment_status unpaid' } });

    expect(gw.parseWebhook(...args(signed(fake.event('checkout.session.async_payment_failed', session)))))?.toMatchObject({
      type: 'payment.failed',
      payment_id: req.paymentId,
    });
    session.payment_status = 'paid';
    expect(gw.parseWebhook(...args(signed(fake.event('checkout.session.async_payment_succeeded', session)))))?.toMatchObject({
      type: 'payment.succeeded',
      payment_id: req.paymentId,
    });
  });

  it('charge.refunded → payment.refunded: the payment id comes from the charge (via the PaymentIntent metadata)', async () => {
    const { gw, req, session } = await opened();
    const { paymentIntent, charge } = fake.completeSession(session.id);
    await gw.refund({ paymentId: req.paymentId, providerRef: paymentIntent!.id, amount: 2_345, idempotencyKey: 'refund-1' });
    const event = fake.event('charge.refunded', charge!);
    expect(gw.parseWebhook(...args(signed(event)))).toEqual({
      id: event.id,
      type: 'payment.refunded',
      payment_id: req.paymentId,
      amount: 12_345,
      currency: 'PHP',
      provider_ref: paymentIntent!.id,
      created: event.created,
      refunded_amount: 2_345,
    });
  });

  it('leaves a wrong amount or currency to the caller: the event carries what Stripe says, unchanged', async () => {
    const { gw, req, session } = await opened();
    fake.completeSession(session.id);
    const tampered = { ...session, amount_total: 1, currency: 'usd' };
    expect(gw.parseWebhook(...args(signed(fake.event('checkout.session.completed', tampered))))).toMatchObject({
      payment_id: req.paymentId,
      amount: 1,
      currency: 'USD',
    });
  });

  it('ignores (null) event types it does not use, sessions it did not open, and the other mode', async () => {
    const { gw, req, session } = await opened();
    fake.completeSession(session.id);
    expect(gw.parseWebhook(...args(signed(fake.event('customer.created', { id: 'cus_1', object: 'customer' }))))).toBeNull();
    expect(gw.parseWebhook(...args(signed(fake.event('checkout.session.completed', { ...session, metadata: {}, client_reference_id: null }))))).toBeNull();
    expect(gw.parseWebhook(...args(signed(fake.event('checkout.session.completed', { ...session, metadata: { payment_id: 'order-42' } }))))).toBeNull();
    // metadata and client_reference_id disagree: not a session createPayment made
    expect(gw.parseWebhook(...args(signed(fake.event('checkout.session.completed', { ...session, client_reference_id: randomUUID() }))))).toBeNull();
    expect(gw.parseWebhook(...args(signed(fake.event('checkout.session.completed', { ...session, mode: 'subscription' }))))).toBeNull();
    // a live-mode event reaching a test-mode key
    expect(gw.parseWebhook(...args(signed(fake.event('checkout.session.completed', session, { livemode: true }))))).toBeNull();
    expect(logs.filter((l) => l.msg === 'stripe: webhook ignored')).toHaveLength(6);
    expect(req.paymentId).toBeTruthy();
  });

  describe('refuses with 401 BAD_SIGNATURE', () => {
    async function delivery() {
      const { gw, session } = await opened();
      fake.completeSession(session.id);
      return { gw, event: fake.event('checkout.session.completed', session) };
    }

    it('a signature made with another secret', async () => {
      const { gw, event } = await delivery();
      const err = refused(() => gw.parseWebhook(...args(signed(event, { secret: 'whsec_someone_else' }))));
      expect([err.status, err.code, err.message]).toEqual([401, 'BAD_SIGNATURE', 'The webhook signature is not valid: it does not match the body.']);
    });

    it('a body changed after signing', async () => {
      const { gw, event } = await delivery();
      const d = signed(event);
      const changed = Buffer.from(d.body.toString('utf8').replace('"amount_total": 12345', '"amount_total": 99999'));
      expect(changed.equals(d.body)).toBe(false);
      expect(refused(() => gw.parseWebhook(changed, d.headers)).code).toBe('BAD_SIGNATURE');
    });

    it('a missing or malformed header', async () => {
      const { gw, event } = await delivery();
      const d = signed(event);
      expect(refused(() => gw.parseWebhook(d.body, {})).message).toMatch(/header is missing/);
      expect(refused(() => gw.parseWebhook(d.body, { 'stripe-signature': 'garbage' })).message).toMatch(/malformed/);
      expect(refused(() => gw.parseWebhook(undefined, d.headers)).code).toBe('BAD_SIGNATURE');
    });

    it('a timestamp older than 300 s, or more than 300 s ahead, by the provider clock', async () => {
      const { gw, event } = await delivery();
      const now = Math.floor(Date.now() / 1000);
      expect(refused(() => gw.parseWebhook(...args(signed(event, { timestamp: now - 301 })))).message).toMatch(/too old/);
      expect(refused(() => gw.parseWebhook(...args(signed(event, { timestamp: now + 301 })))).message).toMatch(/future/);
      expect(gw.parseWebhook(...args(signed(event, { timestamp: now - 290 })))).not.toBeNull();
      // the provider's clock decides (a FakeClock in tests), not the machine's
      const providerNow = Date.UTC(2031, 5, 1);
      const d = signed(event, { timestamp: providerNow / 1000 - 10 });
      expect(gw.parseWebhook(d.body, d.headers, providerNow)).not.toBeNull();
      expect(refused(() => gw.parseWebhook(d.body, d.headers)).message).toMatch(/future/);
    });

    it('accepts the header under any capitalisation, as Node hands it over', async () => {
      const { gw, event } = await delivery();
      const d = signed(event);
      expect(gw.parseWebhook(d.body, { 'Stripe-Signature': d.headers['stripe-signature'] })).not.toBeNull();
    });
  });

  it('answers 400 VALIDATION for a correctly signed body that is not an event', () => {
    const gw = gateway();
    const payload = 'not json';
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const err = refused(() => gw.parseWebhook(payload, { 'stripe-signature': header }));
    expect([err.status, err.code]).toEqual([400, 'VALIDATION']);
    const notEvent = JSON.stringify({ id: 'x', object: 'charge' });
    const err2 = refused(() =>
      gw.parseWebhook(notEvent, { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: notEvent, secret: WEBHOOK_SECRET }) }),
    );
    expect([err2.status, err2.code]).toEqual([400, 'VALIDATION']);
  });
});

/** `parseWebhook(body, headers)` from a signed delivery. */
function args(d: { body: Buffer; headers: Record<string, string> }): [Buffer, Record<string, string>] {
  return [d.body, d.headers];
}

describe('the Stripe fake refuses what Stripe would refuse (so the checks above can fail)', () => {
  let stripe: Stripe;
  const valid = () =>
    ({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'php', unit_amount: 10_000, product_data: { name: 'Top-up' } } }],
      success_url: `${SHOP}/ok`,
      cancel_url: `${SHOP}/no`,
    }) as Stripe.Checkout.SessionCreateParams;

  beforeAll(() => {
    stripe = new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });

  async function stripeRefusal(p: Promise<unknown>): Promise<InstanceType<typeof Stripe.errors.StripeError>> {
    const err = await p.then(
      () => {
        throw new Error('expected Stripe to refuse');
      },
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeError);
    return err as InstanceType<typeof Stripe.errors.StripeError>;
  }

  it('accepts the valid call these cases start from', async () => {
    await expect(stripe.checkout.sessions.create(valid())).resolves.toMatchObject({ object: 'checkout.session', status: 'open' });
  });

  it.each<[string, (p: Stripe.Checkout.SessionCreateParams & Record<string, unknown>) => void, string, string | undefined]>([
    ['an unknown parameter', (p) => void (p.bogus = 'x'), 'Received unknown parameter: bogus', 'bogus'],
    [
      'an unknown nested parameter',
      (p) => void ((p.line_items![0]!.price_data as unknown as Record<string, unknown>).colour = 'red'),
      'Received unknown parameter: line_items[0][price_data][colour]',
      'line_items[0][price_data][colour]',
    ],
    [
      'a missing product name',
      (p) => void (p.line_items![0]!.price_data!.product_data = { description: 'no name' } as never),
      'Missing required param: line_items[0][price_data][product_data][name].',
      'line_items[0][price_data][product_data][name]',
    ],
    [
      'neither product nor product_data',
      (p) => void (p.line_items![0]!.price_data!.product_data = {} as never),
      'You must specify either `product` or `product_data`',
      'line_items[0][price_data]',
    ],
    [
      'an empty product name',
      (p) => void (p.line_items![0]!.price_data!.product_data!.name = ''),
      "You passed an empty string for 'line_items[0][price_data][product_data][name]'",
      'line_items[0][price_data][product_data][name]',
    ],
    [
      'a non-integer amount',
      (p) => void (p.line_items![0]!.price_data!.unit_amount = 'abc' as never),
      'Invalid integer: abc',
      'line_items[0][price_data][unit_amount]',
    ],
    [
      'a fractional amount',
      (p) => void (p.line_items![0]!.price_data!.unit_amount = 100.5),
      'Invalid integer: 100.5',
      'line_items[0][price_data][unit_amount]',
    ],
    ['an upper-case currency', (p) => void (p.line_items![0]!.price_data!.currency = 'PHP'), 'Invalid currency: PHP', 'line_items[0][price_data][currency]'],
    ['an unknown mode', (p) => void (p.mode = 'pay' as never), 'Invalid mode: must be one of payment, setup, subscription', 'mode'],
    [
      'a client_reference_id over 200 characters',
      (p) => void (p.client_reference_id = 'x'.repeat(201)),
      'must be at most 200 characters',
      'client_reference_id',
    ],
    [
      'a metadata key over 40 characters',
      (p) => void (p.metadata = { ['k'.repeat(41)]: 'v' }),
      'Metadata keys can be at most 40 characters long',
      `metadata[${'k'.repeat(41)}]`,
    ],
    [
      'a metadata value over 500 characters',
      (p) => void (p.metadata = { payment_id: 'v'.repeat(501) }),
      'Metadata values can have up to 500 characters',
      'metadata[payment_id]',
    ],
    ['a relative success_url', (p) => void (p.success_url = '/ok'), 'Not a valid URL', 'success_url'],
    ['no line items in payment mode', (p) => void delete p.line_items, 'Missing required param: line_items.', 'line_items'],
    ['a line item without quantity', (p) => void delete p.line_items![0]!.quantity, 'Quantity is required', 'line_items[0][quantity]'],
    [
      'a line item with neither price nor price_data',
      (p) => void delete p.line_items![0]!.price_data,
      'You must specify either `price` or `price_data`',
      'line_items[0]',
    ],
    ['expires_at under 30 minutes away', (p) => void (p.expires_at = Math.floor(Date.now() / 1000) + 60), 'at least 30 minutes', 'expires_at'],
    ['expires_at over 24 hours away', (p) => void (p.expires_at = Math.floor(Date.now() / 1000) + 25 * 3600), 'less than 24 hours', 'expires_at'],
    [
      'a parameter in the reference that the fake does not model',
      (p) => void (p.allow_promotion_codes = true),
      'this fake does not model it',
      'allow_promotion_codes',
    ],
  ])('refuses %s with 400 and Stripe’s error shape', async (_name, change, message, param) => {
    const p = valid() as Stripe.Checkout.SessionCreateParams & Record<string, unknown>;
    change(p);
    const err = await stripeRefusal(stripe.checkout.sessions.create(p));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err.statusCode).toBe(400);
    expect(err.message).toContain(message);
    expect(err.param).toBe(param);
    expect(fake.requests.at(-1)!.answer).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining(message) } });
    expect(fake.sessions.size).toBe(0);
  });

  it('refuses an Idempotency-Key reused with other parameters (idempotency_error), and replays it with the same ones', async () => {
    const first = await stripe.checkout.sessions.create(valid(), { idempotencyKey: 'key-1' });
    const replay = await stripe.checkout.sessions.create(valid(), { idempotencyKey: 'key-1' });
    expect(replay.id).toBe(first.id);
    const other = { ...valid(), client_reference_id: 'another' };
    const err = await stripeRefusal(stripe.checkout.sessions.create(other, { idempotencyKey: 'key-1' }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(fake.sessions.size).toBe(1);
  });

  it('refuses a wrong key (401) and a call without one', async () => {
    const wrong = new Stripe('sk_test_wrong_key_0000', { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    const err = await stripeRefusal(wrong.checkout.sessions.create(valid()));
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const res = await fetch(`http://${fake.host}:${fake.port}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mode=payment',
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') } });
  });

  it('refuses a JSON body, a malformed API version and an unknown route', async () => {
    const base = `http://${fake.host}:${fake.port}`;
    const headers = { authorization: `Bearer ${fake.secretKey}`, 'user-agent': 'Stripe/v1 NodeBindings/23.1.0' };
    const json = await fetch(`${base}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'payment' }),
    });
    expect(json.status).toBe(400);
    const version = await fetch(`${base}/v1/checkout/sessions/cs_test_x`, { headers: { ...headers, 'stripe-version': 'yesterday' } });
    expect(version.status).toBe(400);
    expect(await version.json()).toMatchObject({ error: { message: 'Invalid Stripe API version: yesterday' } });
    const route = await fetch(`${base}/v1/payment_intents`, { headers });
    expect(route.status).toBe(404);
    const notLibrary = await fetch(`${base}/v1/checkout/sessions/cs_test_x`, { headers: { authorization: headers.authorization } });
    expect(notLibrary.status).toBe(400);
  });

  it('answers 404 resource_missing for an unknown session, and refuses refunds it cannot make', async () => {
    const err = await stripeRefusal(stripe.checkout.sessions.retrieve('cs_test_nope'));
    expect(err.statusCode).toBe(404);
    expect(err.code).toBe('resource_missing');
    const none = await stripeRefusal(stripe.refunds.create({ amount: 100 }));
    expect(none.message).toContain('One of `charge` or `payment_intent` is required');
    const unknown = await stripeRefusal(stripe.refunds.create({ payment_intent: 'pi_nope' }));
    expect([unknown.code, unknown.param]).toEqual(['resource_missing', 'payment_intent']);
    const reason = await stripeRefusal(stripe.refunds.create({ payment_intent: 'pi_nope', reason: 'because' as never }));
    expect(reason.param).toBe('reason');
  });
});
