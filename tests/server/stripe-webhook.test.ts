/**
 * Stripe as the provider's payment gateway, end to end inside the provider: top-ups and gateway-paid
 * orders open a Checkout Session on a local fake of Stripe's API (tests/fakes/stripe-fake.ts, reached by
 * the official library through its host, port and protocol options); only Stripe's signed webhook at
 * payment/webhook/stripe settles them, with the sandbox's guarantees: replays, duplicates and
 * out-of-order deliveries change nothing, a wrong amount or currency is refused and logged, a refund
 * that arrives before its payment is settled is answered 409 (Stripe sends it again), many deliveries
 * at once settle once. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import Stripe from 'stripe';
import pino from 'pino';
import { PROVIDER_MOUNT } from '../../server/provider/app';
import { stripeGateway, STRIPE_SIGNATURE_HEADER } from '../../server/provider/payments/stripe';
import type { PaymentGateway } from '../../server/provider/payment-gateway';
import { webhookAnswer } from '#contract/answers';
import { startStripeFake, type FakeSession, type StripeFake } from '../fakes/stripe-fake';
import { describeEachDb, startTestProvider, type TestProvider } from './support/provider';
import { key, ledgers, products } from './orders.helpers';

const WEBHOOK_SECRET = 'whsec_provider_test_0123456789abcdef';
const SHOP = 'https://shop.example';

describeEachDb('Stripe as the payment gateway', (kind) => {
  let fake: StripeFake;
  let gateway: PaymentGateway;
  let p: TestProvider;
  let P: Awaited<ReturnType<typeof products>>;
  const warnings: Array<{ msg: string; [k: string]: unknown }> = [];

  beforeAll(async () => {
    fake = await startStripeFake();
    gateway = stripeGateway({ secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, publicBaseUrl: SHOP, host: fake.host, port: fake.port, protocol: fake.protocol, checkoutTtlSeconds: 3600, maxNetworkRetries: 0 });
    p = await startTestProvider(kind, { paymentGateway: gateway });
    // the provider's warnings (amount or currency mismatches, refunds), read by the tests
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
    p.ctx.logger = logger;
    P = await products(p);
  });
  afterAll(async () => {
    await p?.close();
    await fake?.close();
  });

  /** A delivery as Stripe makes it: pretty JSON, signed with the library's own test helper, posted unsigned by any API gateway. */
  function deliver(event: object, o: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? WEBHOOK_SECRET, ...(o.timestamp ? { timestamp: o.timestamp } : {}) });
    return request(p.app)
      .post(`${PROVIDER_MOUNT}/payment/webhook/stripe`)
      .set('content-type', 'application/json; charset=utf-8')
      .set(STRIPE_SIGNATURE_HEADER, header)
      .send(payload);
  }

  function sessionOf(paymentUrl: string): FakeSession {
    const s = [...fake.sessions.values()].find((x) => x.url === paymentUrl);
    if (!s) throw new Error(`no Checkout Session opened for ${paymentUrl}`);
    return s;
  }

  async function topup(amount = 50000) {
    const c = await p.newCustomer();
    const res = await p.call('post', 'wallet/topup', { token: c.token, body: { amount, idempotency_key: key() } }).expect(201);
    const url = res.body.data.payment_url as string;
    return { c, id: res.body.data.topup_id as string, url, session: sessionOf(url) };
  }

  /** The customer pays on Stripe's page: the session completes, and Stripe tells us. */
  function paid(sessionId: string) {
    const { session } = fake.completeSession(sessionId);
    return fake.event('checkout.session.completed', session);
  }

  const payment = (id: string) => p.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('opens a Checkout Session for a top-up in the merchant currency, in minor units, coming back to the app', async () => {
    const { id, url, session } = await topup(12345);
    expect(url).toBe(session.url);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/);
    const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST' && r.status === 200 && (r.params.client_reference_id as string) === id)!;
    expect(sent.params).toMatchObject({
      mode: 'payment',
      client_reference_id: id,
      metadata: { payment_id: id },
      line_items: { '0': { quantity: '1', price_data: { currency: 'php', unit_amount: '12345', product_data: { name: 'Wallet top-up at Kopi Senja' } } } },
    });
    expect(String(sent.params.success_url)).toMatch(new RegExp(`^${SHOP}/top-up-success`));
    expect(String(sent.params.cancel_url)).toMatch(new RegExp(`^${SHOP}/top-up-fail`));
    expect(sent.headers['idempotency-key']).toBe(id);
    expect((await payment(id)).status).toBe('pending');
  });

  it('credits the wallet only on the signed completed event, once, and keeps the PaymentIntent for refunds', async () => {
    const { c, id, session } = await topup(50000);
    expect((await ledgers(p, c.id)).wallet).toBe(0);
    const event = paid(session.id);
    const first = await deliver(event).expect(200);
    expect(webhookAnswer.parse(first.body.data)).toEqual({ event_id: event.id, applied: true });
    const after = await payment(id);
    expect(after.status).toBe('paid');
    expect(after.provider_ref).toMatch(/^pi_/);
    expect(after.provider_ref).toBe(fake.sessions.get(session.id)!.payment_intent);
    // the same delivery again, and the same result under another event id: nothing more
    expect((await deliver(event).expect(200)).body.data).toEqual({ event_id: event.id, applied: false });
    const again = fake.event('checkout.session.completed', fake.sessions.get(session.id)!);
    expect((await deliver(again).expect(200)).body.data).toEqual({ event_id: again.id, applied: false });
    // a late expiry (out of order) changes nothing either
    const late = fake.event('checkout.session.expired', { ...fake.sessions.get(session.id)!, status: 'expired' });
    expect((await deliver(late).expect(200)).body.data.applied).toBe(false);
    const l = await ledgers(p, c.id);
    expect(l).toMatchObject({ wallet: 50000, walletSum: 50000, walletEntries: 1 });
    const note = await p.db.selectFrom('notifications').select(['title']).where('customer_id', '=', c.id).execute();
    expect(note.map((n) => n.title)).toEqual(['Top-up successful']);
  });

  it('an expired session fails the top-up and credits nothing', async () => {
    const { c, id, session } = await topup(20000);
    const expired = fake.event('checkout.session.expired', fake.expireSession(session.id));
    expect((await deliver(expired).expect(200)).body.data.applied).toBe(true);
    expect((await payment(id)).status).toBe('failed');
    expect((await ledgers(p, c.id)).wallet).toBe(0);
  });

  it('refuses an event whose amount or currency is not the payment\'s, records it, changes nothing and logs it', async () => {
    const { c, id, session } = await topup(30000);
    const { session: done } = fake.completeSession(session.id);
    const wrongAmount = fake.event('checkout.session.completed', { ...done, amount_total: 3 });
    expect((await deliver(wrongAmount).expect(200)).body.data).toEqual({ event_id: wrongAmount.id, applied: false });
    const wrongCurrency = fake.event('checkout.session.completed', { ...done, currency: 'usd' });
    expect((await deliver(wrongCurrency).expect(200)).body.data).toEqual({ event_id: wrongCurrency.id, applied: false });
    expect((await payment(id)).status).toBe('pending');
    expect((await ledgers(p, c.id)).wallet).toBe(0);
    expect(warnings.filter((w) => w.payment_id === id).map((w) => w.msg)).toEqual(['webhook amount does not match the payment', 'webhook currency does not match the payment']);
    // the right event still settles it
    expect((await deliver(fake.event('checkout.session.completed', done)).expect(200)).body.data.applied).toBe(true);
    expect((await ledgers(p, c.id)).wallet).toBe(30000);
  });

  it('refuses a delivery that is not signed with the endpoint secret, is too old, or was changed: 401 and nothing changes', async () => {
    const { c, id, session } = await topup(40000);
    const event = paid(session.id);
    for (const res of [
      await deliver(event, { secret: 'whsec_someone_else' }),
      await deliver(event, { timestamp: Math.floor(p.clock.now().getTime() / 1000) - 301 }),
      await request(p.app).post(`${PROVIDER_MOUNT}/payment/webhook/stripe`).set('content-type', 'application/json').send(JSON.stringify(event)),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('BAD_SIGNATURE');
    }
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const changed = payload.replace('"amount_total":40000', '"amount_total":4000000');
    expect(changed).not.toBe(payload);
    const tampered = await request(p.app).post(`${PROVIDER_MOUNT}/payment/webhook/stripe`).set('content-type', 'application/json').set(STRIPE_SIGNATURE_HEADER, header).send(changed);
    expect(tampered.status).toBe(401);
    expect((await payment(id)).status).toBe('pending');
    expect((await ledgers(p, c.id)).wallet).toBe(0);
    // the sandbox's webhook is not there while Stripe is the gateway: nothing else settles a payment
    const sandbox = await request(p.app).post(`${PROVIDER_MOUNT}/payment/webhook`).set('content-type', 'application/json').send('{}');
    expect(sandbox.status).toBe(401);
    expect((await p.call('get', `payment/sandbox/${id}`, { token: c.token })).status).toBe(404);
  });

  it('answers 200 with nothing applied for events it does not use, so Stripe does not send them again', async () => {
    const other = fake.event('customer.created', { id: 'cus_123', object: 'customer' });
    const res = await deliver(other).expect(200);
    expect(webhookAnswer.parse(res.body.data)).toEqual({ event_id: null, applied: false });
  });

  it('a gateway-paid order is paid by the completed event, and a declined one cancelled by the expiry', async () => {
    const c = await p.newCustomer();
    const order = async () => {
      const res = await p.call('post', 'order/create', { token: c.token, body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: key() } }).expect(201);
      return { name: res.body.data.order.name as string, session: sessionOf(res.body.data.payment_url) };
    };
    const statusOf = async (name: string) => (await p.db.selectFrom('orders').select('status').where('name', '=', name).executeTakeFirstOrThrow()).status;
    const a = await order();
    expect(a.session.metadata).toMatchObject({ payment_id: expect.any(String) });
    expect(String(fake.requests.at(-1)!.params.success_url)).toBe(`${SHOP}/payment-success?order=${encodeURIComponent(a.name)}`);
    await deliver(paid(a.session.id)).expect(200);
    expect(await statusOf(a.name)).toBe('paid');
    const b = await order();
    await deliver(fake.event('checkout.session.expired', fake.expireSession(b.session.id))).expect(200);
    expect(await statusOf(b.name)).toBe('cancelled');
  });

  it('records a refund made at Stripe once the payment is settled; one that arrives first is answered 409 and not recorded', async () => {
    const { id, session } = await topup(25000);
    const { session: done, charge } = fake.completeSession(session.id);
    // Stripe does not order its deliveries: the refund may come first
    const refundedCharge = { ...charge!, amount_refunded: 10000, refunded: false };
    const early = fake.event('charge.refunded', refundedCharge);
    const first = await deliver(early);
    expect(first.status).toBe(409);
    expect(first.body.error.code).toBe('CONFLICT');
    expect(await p.db.selectFrom('webhook_events').select('event_id').where('event_id', '=', String(early.id)).executeTakeFirst()).toBeUndefined();
    await deliver(fake.event('checkout.session.completed', done)).expect(200);
    // Stripe sends it again later: now it is recorded, once
    expect((await deliver(early).expect(200)).body.data.applied).toBe(true);
    expect((await deliver(early).expect(200)).body.data.applied).toBe(false);
    expect((await payment(id)).refunded_amount).toBe(10000);
    // the running total only grows, and never past the payment
    await deliver(fake.event('charge.refunded', { ...charge!, amount_refunded: 25000, refunded: true })).expect(200);
    await deliver(fake.event('charge.refunded', { ...charge!, amount_refunded: 5000 })).expect(200);
    expect((await payment(id)).refunded_amount).toBe(25000);
    expect(warnings.some((w) => w.payment_id === id && /refunded a payment/.test(w.msg))).toBe(true);
  });

  describe('many deliveries at once', () => {
    it('twenty concurrent deliveries of one payment\'s result (replays and duplicates) credit it once', async () => {
      const { c, id, session } = await topup(70000);
      const { session: done } = fake.completeSession(session.id);
      const events = Array.from({ length: 10 }, () => fake.event('checkout.session.completed', done));
      const answers = await Promise.all([...events, ...events].map((e) => deliver(e)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(answers.filter((a) => a.body.data.applied)).toHaveLength(1);
      expect((await payment(id)).status).toBe('paid');
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 70000, walletSum: 70000, walletEntries: 1 });
    });
  });
});
