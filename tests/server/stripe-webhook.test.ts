/**
 * Stripe as the provider's payment gateway, end to end inside the provider: top-ups and gateway-paid
 * orders open a Checkout Session on a local fake of Stripe's API (tests/fakes/stripe-fake.ts, reached by
 * the official library through its host, port and protocol options); only Stripe's signed webhook at
 * payment/webhook/stripe settles them, with the sandbox's guarantees: replays, duplicates and
 * out-of-order deliveries change nothing, a wrong amount or currency is refused and logged, a refund
 * that arrives before its payment is settled is answered 409 (Stripe sends it again), many deliveries
 * at once settle once. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import Stripe from 'stripe';
import pino from 'pino';
import { PROVIDER_MOUNT } from '../../server/provider/app';
import { STRIPE_SIGNATURE_HEADER } from '../../server/provider/payments/stripe';
import { deliverStripeEvent, STRIPE_SHOP, STRIPE_WEBHOOK_SECRET, testStripeGateway } from './stripe.helpers';
import type { PaymentGateway } from '../../server/provider/payment-gateway';
import { webhookAnswer } from '#contract/payments';
import { startStripeFake, type FakeSession, type StripeFake } from '../fakes/stripe-fake';
import { describeDb, useTestProvider } from './support/provider';
import { key, ledgers, products } from './orders.helpers';
import { newStaff } from './merchant.helpers';
import { postWalletEntry } from '../../server/provider/wallet/wallet.ledger';
import { creditPendingPoints } from '../../server/provider/points/points.jobs';
import { boardApi } from '#contract/board.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { ordersApi } from '#contract/orders.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { stampsConsoleApi } from '#contract/stamps.calls';
import { tiersApi } from '#contract/tiers.calls';
import { walletApi } from '#contract/wallet.calls';
import { callApi, rawCall } from '../support/calls';

const SHOP = STRIPE_SHOP;
const WEBHOOK_SECRET = STRIPE_WEBHOOK_SECRET;

describeDb('Stripe as the payment gateway', (kind) => {
  let fake: StripeFake;
  let gateway: PaymentGateway;
  let P: Awaited<ReturnType<typeof products>>;
  const warnings: Array<{ msg: string; [k: string]: unknown }> = [];

  beforeAll(async () => {
    fake = await startStripeFake();
    gateway = testStripeGateway(fake, { checkoutTtlSeconds: 3600, maxNetworkRetries: 0 });
  });
  afterAll(() => fake?.close());
  const p = useTestProvider(kind, () => ({ paymentGateway: gateway }));
  beforeAll(async () => {
    // the provider's warnings (amount or currency mismatches, refunds), read by the tests
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
    p.ctx.logger = logger;
    P = await products(p);
  });

  const deliver = (event: object, o: { secret?: string; timestamp?: number } = {}) => deliverStripeEvent(p, event, o);

  function sessionOf(paymentUrl: string): FakeSession {
    const s = [...fake.sessions.values()].find((x) => x.url === paymentUrl);
    if (!s) throw new Error(`no Checkout Session opened for ${paymentUrl}`);
    return s;
  }

  async function topup(amount = 50000) {
    const c = await p.newCustomer();
    const res = await callApi(p, walletApi.topup, { token: c.token, body: { amount, idempotency_key: key() } }).expect(201);
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
    const sent = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.method === 'POST' && r.status === 200 && (r.params.client_reference_id as string) === id,
    )!;
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

  it("refuses an event whose amount or currency is not the payment's, records it, changes nothing and logs it", async () => {
    const { c, id, session } = await topup(30000);
    const { session: done } = fake.completeSession(session.id);
    const wrongAmount = fake.event('checkout.session.completed', { ...done, amount_total: 3 });
    expect((await deliver(wrongAmount).expect(200)).body.data).toEqual({ event_id: wrongAmount.id, applied: false });
    const wrongCurrency = fake.event('checkout.session.completed', { ...done, currency: 'usd' });
    expect((await deliver(wrongCurrency).expect(200)).body.data).toEqual({ event_id: wrongCurrency.id, applied: false });
    expect((await payment(id)).status).toBe('pending');
    expect((await ledgers(p, c.id)).wallet).toBe(0);
    expect(warnings.filter((w) => w.payment_id === id).map((w) => w.msg)).toEqual([
      'webhook amount does not match the payment',
      'webhook currency does not match the payment',
    ]);
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
    const tampered = await request(p.app)
      .post(`${PROVIDER_MOUNT}/payment/webhook/stripe`)
      .set('content-type', 'application/json')
      .set(STRIPE_SIGNATURE_HEADER, header)
      .send(changed);
    expect(tampered.status).toBe(401);
    expect((await payment(id)).status).toBe('pending');
    expect((await ledgers(p, c.id)).wallet).toBe(0);
    // the sandbox's webhook is not there while Stripe is the gateway: nothing else settles a payment
    const sandbox = await request(p.app).post(`${PROVIDER_MOUNT}/payment/webhook`).set('content-type', 'application/json').send('{}');
    expect(sandbox.status).toBe(401);
    expect((await rawCall(p, 'get', `payment/sandbox/${id}`, { token: c.token })).status).toBe(404);
  });

  it('answers 200 with nothing applied for events it does not use, so Stripe does not send them again', async () => {
    const other = fake.event('customer.created', { id: 'cus_123', object: 'customer' });
    const res = await deliver(other).expect(200);
    expect(webhookAnswer.parse(res.body.data)).toEqual({ event_id: null, applied: false });
  });

  it('a gateway-paid order is paid by the completed event, and a declined one cancelled by the expiry', async () => {
    const c = await p.newCustomer();
    const order = async () => {
      const res = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: key() },
      }).expect(201);
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

  /** A top-up paid on Stripe's page: settled by the completed event; answers its charge. */
  async function paidTopup(amount: number) {
    const t = await topup(amount);
    const { session: done, charge } = fake.completeSession(t.session.id);
    await deliver(fake.event('checkout.session.completed', done)).expect(200);
    return { ...t, charge: charge! };
  }
  const audit = (action: string, target: string) =>
    p.db.selectFrom('audit_log').select(['staff_id', 'before', 'after']).where('action', '=', action).where('target', '=', target).execute();

  it('a top-up refunded in Stripe’s Dashboard comes out of the wallet as far as it can; the rest is shown; a redelivery changes nothing', async () => {
    const { c, id, charge } = await paidTopup(50_000);
    // the customer spends ₱330.00 of it
    const spent = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: P.latte.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(spent.status).toBe(201);
    expect((await ledgers(p, c.id)).wallet).toBe(17_000);

    const event = fake.event('charge.refunded', fake.refundInDashboard(charge.id, 30_000));
    expect((await deliver(event).expect(200)).body.data).toEqual({ event_id: event.id, applied: true });
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 0, walletSum: 0 });
    const rows = await p.db.selectFrom('gateway_refunds').select(['amount', 'wallet_taken_back', 'ours']).where('payment_id', '=', id).execute();
    expect(rows).toEqual([{ amount: 30_000, wallet_taken_back: 17_000, ours: false }]);
    const entry = await p.db
      .selectFrom('wallet_ledger')
      .select(['type', 'amount', 'reason'])
      .where('customer_id', '=', c.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ type: 'adjust', amount: -17_000, reason: 'Top-up refunded to your card' });
    expect(await audit('payment.refunded', `topup:${id}`)).toEqual([
      {
        staff_id: null,
        before: { refunded: 0 },
        after: {
          refunded: 30_000,
          amount: 30_000,
          by: 'stripe',
          customer_id: c.id,
          kind: 'topup',
          order: null,
          wallet_taken_back: 17_000,
          not_taken_back: 13_000,
        },
      },
    ]);
    const notes = await p.db
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('customer_id', '=', c.id)
      .where('title', '=', 'Top-up refunded')
      .execute();
    expect(notes).toEqual([
      {
        title: 'Top-up refunded',
        body: '₱300.00 of your top-up was refunded to your card. ₱170.00 was taken out of your wallet; the rest had been spent already.',
      },
    ]);

    // the same delivery again, and the same total under another event id: nothing more
    expect((await deliver(event).expect(200)).body.data.applied).toBe(false);
    const same = fake.event('charge.refunded', { ...charge, amount_refunded: 30_000 });
    expect((await deliver(same).expect(200)).body.data.applied).toBe(false);
    expect(await p.db.selectFrom('gateway_refunds').select('id').where('payment_id', '=', id).execute()).toHaveLength(1);
    // the rest refunded later: nothing left in the wallet to take, all of it shown
    const rest = fake.event('charge.refunded', fake.refundInDashboard(charge.id, 20_000));
    expect((await deliver(rest).expect(200)).body.data.applied).toBe(true);
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 0, walletSum: 0 });
    expect(await p.db.selectFrom('gateway_refunds').select(['amount', 'wallet_taken_back']).where('payment_id', '=', id).orderBy('id').execute()).toEqual([
      { amount: 30_000, wallet_taken_back: 17_000 },
      { amount: 20_000, wallet_taken_back: 0 },
    ]);
    expect((await payment(id)).refunded_amount).toBe(50_000);
  });

  it('a dispute is recorded once, for the shop to see; the money stays where it is', async () => {
    const { c, id, charge } = await paidTopup(40_000);
    const dispute = fake.dispute(charge.id, { amount: 40_000, reason: 'fraudulent' });
    const event = fake.event('charge.dispute.created', dispute);
    expect((await deliver(event).expect(200)).body.data).toEqual({ event_id: event.id, applied: true });
    expect((await deliver(event).expect(200)).body.data.applied).toBe(false);
    expect((await deliver(fake.event('charge.dispute.created', dispute)).expect(200)).body.data.applied).toBe(false);
    expect(await p.db.selectFrom('payment_disputes').select(['id', 'amount', 'reason', 'status']).where('payment_id', '=', id).execute()).toEqual([
      { id: dispute.id, amount: 40_000, reason: 'fraudulent', status: 'needs_response' },
    ]);
    expect(await audit('payment.disputed', `topup:${id}`)).toEqual([
      {
        staff_id: null,
        before: null,
        after: {
          dispute: dispute.id,
          amount: 40_000,
          reason: 'fraudulent',
          status: 'needs_response',
          by: 'stripe',
          customer_id: c.id,
          kind: 'topup',
          order: null,
        },
      },
    ]);
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 40_000, walletSum: 40_000 });
    expect(warnings.some((w) => w.payment_id === id && /disputed a payment/.test(w.msg))).toBe(true);
    // a dispute of a charge this shop did not make is answered and ignored
    const stranger = fake.event('charge.dispute.created', { ...dispute, id: 'dp_stranger', payment_intent: 'pi_not_ours', charge: 'ch_not_ours' });
    expect((await deliver(stranger).expect(200)).body.data).toEqual({ event_id: stranger.id, applied: false });
  });

  it('an order refunded in Stripe’s Dashboard before it is completed: its points on their way are cancelled, once, and the customer told', async () => {
    const c = await p.newCustomer();
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: P.latte.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: key() },
    }).expect(201);
    const name = res.body.data.order.name as string;
    const { session: done, charge } = fake.completeSession(sessionOf(res.body.data.payment_url).id);
    await deliver(fake.event('checkout.session.completed', done)).expect(200);
    const pending = () => p.db.selectFrom('points_pending').select(['points', 'status']).where('ref', '=', `order:${name}`).executeTakeFirstOrThrow();
    expect(await pending()).toEqual({ points: 33, status: 'pending' });
    const event = fake.event('charge.refunded', fake.refundInDashboard(charge!.id, 10_000));
    expect((await deliver(event).expect(200)).body.data.applied).toBe(true);
    expect((await deliver(event).expect(200)).body.data.applied).toBe(false);
    expect(await pending()).toEqual({ points: 33, status: 'voided' });
    expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
    const [entry] = await audit('payment.refunded', `order:${name}`);
    expect(entry?.after).toMatchObject({ amount: 10_000, points_voided: 33, order: name });
    const notes = await p.db.selectFrom('notifications').select('body').where('customer_id', '=', c.id).where('title', '=', '33 points cancelled').execute();
    expect(notes).toEqual([{ body: `Your payment for order ${name} was refunded, so the 33 points it would have earned were cancelled.` }]);
  });

  /** An owner, and a stamp card on lattes of their making (ten fill it and issue a free latte) until `end`. */
  async function latteCard() {
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const reward = await p.db
      .insertInto('rewards')
      .values({
        name: `refund-latte-${randomUUID()}`,
        title: 'Free Spanish latte',
        points_cost: 10_000,
        valid_days: 30,
        per_customer_limit: null,
        stock: null,
        discount_amount: 0,
        product_id: P.latte.id,
        position: 901,
        active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const card = await callApi(p, stampsConsoleApi.create, {
      token: owner.token,
      body: { name: 'Latte card', product_ids: [P.latte.id], per: 'item', stamps_needed: 10, reward_id: reward.id, expiry_days: 0 },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const end = () => p.db.updateTable('stamp_programs').set({ status: 'ended' }).where('id', '=', card.body.data.program.id).execute();
    return { owner, end };
  }

  /** A pickup order of lattes, paid on Stripe's page. */
  async function paidOrder(c: { token: string }, lattes: number) {
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: P.latte.id, qty: lattes }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: key() },
    }).expect(201);
    const { session: done, charge } = fake.completeSession(sessionOf(res.body.data.payment_url).id);
    await deliver(fake.event('checkout.session.completed', done)).expect(200);
    return { name: res.body.data.order.name as string, charge };
  }

  const complete = async (owner: { token: string }, name: string) => {
    for (const from of ['paid', 'preparing', 'ready']) await callApi(p, boardApi.advance, { token: owner.token, body: { name, from } }).expect(200);
  };

  it('an order refunded in Stripe’s Dashboard after it was completed keeps nothing it earned: points, stamps, the tier and its welcome', async () => {
    // 20 lattes fill two cards and reach Brew (300 points)
    const { owner, end } = await latteCard();
    try {
      const c = await p.newCustomer();
      const { name, charge } = await paidOrder(c, 20);
      await complete(owner, name);
      const earned = (await p.db.selectFrom('orders').select('points_earned').where('name', '=', name).executeTakeFirstOrThrow()).points_earned;
      expect(earned).toBeGreaterThanOrEqual(300);
      const stamps = async () =>
        Number(
          (
            await p.db
              .selectFrom('stamp_events')
              .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('stamps'), eb.lit(0)).as('n'))
              .where('customer_id', '=', c.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const vouchers = () => p.db.selectFrom('vouchers').select(['source', 'status']).where('customer_id', '=', c.id).orderBy('id').execute();
      const tier = async () => (await callApi(p, tiersApi.status, { token: c.token }).expect(200)).body.data.tier.name as string;
      expect(await stamps()).toBe(20);
      expect(await vouchers()).toEqual([
        { source: 'stamps', status: 'active' },
        { source: 'stamps', status: 'active' },
        { source: 'tier', status: 'active' },
      ]);
      expect(await tier()).toBe('Brew');
      expect(await ledgers(p, c.id)).toMatchObject({ points: earned, pointsSum: earned });

      // a part refund in the Dashboard: the order keeps nothing it earned
      const event = fake.event('charge.refunded', fake.refundInDashboard(charge!.id, 5_000));
      expect((await deliver(event).expect(200)).body.data.applied).toBe(true);
      expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
      expect(await stamps()).toBe(0);
      expect(await vouchers()).toEqual([
        { source: 'stamps', status: 'cancelled' },
        { source: 'stamps', status: 'cancelled' },
        { source: 'tier', status: 'cancelled' },
      ]);
      expect(await tier()).toBe('Bean');
      const [entry] = await audit('payment.refunded', `order:${name}`);
      expect(entry?.after).toMatchObject({ amount: 5_000, points_taken_back: earned, stamps_taken_back: 20, order: name });
      const notes = await p.db
        .selectFrom('notifications')
        .select('body')
        .where('customer_id', '=', c.id)
        .where('title', '=', `${earned} points taken back`)
        .execute();
      expect(notes).toEqual([
        { body: `Your payment for order ${name} was refunded, so the ${earned} points it earned were taken back and its 20 stamps were taken off your card.` },
      ]);
      // the rest refunded later: taken back once, nothing twice
      await deliver(fake.event('charge.refunded', fake.refundInDashboard(charge!.id, 20_000))).expect(200);
      expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
      expect(
        await p.db.selectFrom('notifications').select('id').where('customer_id', '=', c.id).where('title', '=', `${earned} points taken back`).execute(),
      ).toHaveLength(1);
    } finally {
      await end();
    }
  });

  it('a refund after the hourly job credited the held points takes back the tier that credit reached', async () => {
    const { owner, end } = await latteCard();
    const hold = (days: number) => callApi(p, shopSettingsApi.update, { token: owner.token, body: { points_hold_days: days } }).expect(200);
    await hold(1);
    try {
      const c = await p.newCustomer();
      const tier = async () => (await callApi(p, tiersApi.status, { token: c.token }).expect(200)).body.data.tier.name as string;
      const { name, charge } = await paidOrder(c, 20);
      await complete(owner, name);
      expect(await tier()).toBe('Bean');
      await p.db
        .updateTable('points_pending')
        .set({ available_at: new Date(p.clock.now().getTime() - 1000) })
        .where('ref', '=', `order:${name}`)
        .execute();
      expect(await creditPendingPoints(p.ctx)).toBeGreaterThanOrEqual(300);
      expect(await tier()).toBe('Brew');
      await deliver(fake.event('charge.refunded', fake.refundInDashboard(charge!.id, 5_000))).expect(200);
      expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
      expect(await tier()).toBe('Bean');
      const welcome = await p.db.selectFrom('vouchers').select('status').where('customer_id', '=', c.id).where('source', '=', 'tier').execute();
      expect(welcome).toEqual([{ status: 'cancelled' }]);
    } finally {
      await hold(0);
      await end();
    }
  });

  it('a refund that cannot take everything back keeps what was used, names it, and takes the rest; a refunded order earns no stamps when it completes', async () => {
    const { owner, end } = await latteCard();
    try {
      const c = await p.newCustomer();
      await p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'adjust', amount: 100_000, reason: 'Test grant' }));
      const first = await paidOrder(c, 10);
      await complete(owner, first.name);
      const voucher = (await p.db.selectFrom('vouchers').select('id').where('customer_id', '=', c.id).where('source', '=', 'stamps').executeTakeFirstOrThrow())
        .id;
      // the card's free latte used on the next order (one of its two lattes), paid from the wallet
      const next = await callApi(p, ordersApi.create, {
        token: c.token,
        body: {
          items: [
            { product_id: P.croissant.id, qty: 1 },
            { product_id: P.latte.id, qty: 2 },
          ],
          voucher_id: voucher,
          fulfilment: 'pickup',
          payment_method: 'wallet',
          idempotency_key: key(),
        },
      });
      expect(next.status, JSON.stringify(next.body)).toBe(201);
      await deliver(fake.event('charge.refunded', fake.refundInDashboard(first.charge!.id, 10_000))).expect(200);
      const earned = (await p.db.selectFrom('orders').select('points_earned').where('name', '=', first.name).executeTakeFirstOrThrow()).points_earned;
      const [entry] = await audit('payment.refunded', `order:${first.name}`);
      expect(entry?.after).toMatchObject({
        points_taken_back: earned,
        kept: [expect.stringMatching(new RegExp(`^stamps: The Free Spanish latte voucher \\(no. ${voucher}\\) .* has been used already`))],
      });
      expect(entry?.after).not.toHaveProperty('stamps_taken_back');
      expect((await p.db.selectFrom('vouchers').select('status').where('id', '=', voucher).executeTakeFirstOrThrow()).status).toBe('used');
      expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });

      // refunded while still on its way: its points cancelled, and completing it gives no stamp
      const early = await paidOrder(c, 3);
      await deliver(fake.event('charge.refunded', fake.refundInDashboard(early.charge!.id, 10_000))).expect(200);
      await complete(owner, early.name);
      const earlyId = (await p.db.selectFrom('orders').select('id').where('name', '=', early.name).executeTakeFirstOrThrow()).id;
      expect(await p.db.selectFrom('stamp_events').select('id').where('order_id', '=', earlyId).execute()).toEqual([]);
      expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
    } finally {
      await end();
    }
  });

  it('this shop’s own refund of a cancelled order, confirmed by Stripe, is counted once and is no Activity entry of its own', async () => {
    const staff = await newStaff(p.db, p.clock, { role: 'owner' });
    const c = await p.newCustomer();
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: key() },
    }).expect(201);
    const { session: done, charge } = fake.completeSession(sessionOf(res.body.data.payment_url).id);
    await deliver(fake.event('checkout.session.completed', done)).expect(200);
    const name = res.body.data.order.name as string;
    expect((await callApi(p, boardApi.cancel, { token: staff.token, body: { name, reason: 'Sold out' } })).status).toBe(200);
    const paymentId = (await p.db.selectFrom('payments').select('id').where('provider_ref', '=', charge!.payment_intent).executeTakeFirstOrThrow()).id;
    expect((await payment(paymentId)).refunded_amount).toBe(charge!.amount);
    // Stripe's word on it may come before the refund call returned: as if it had
    await p.db.updateTable('payments').set({ refunded_amount: 0 }).where('id', '=', paymentId).execute();
    const confirmed = fake.event('charge.refunded', { ...fake.charges.get(charge!.id)!, amount_refunded: charge!.amount, refunded: true });
    expect((await deliver(confirmed).expect(200)).body.data.applied).toBe(true);
    expect(await p.db.selectFrom('gateway_refunds').select(['amount', 'ours']).where('payment_id', '=', paymentId).execute()).toEqual([
      { amount: charge!.amount, ours: true },
    ]);
    expect(await audit('payment.refunded', `order:${name}`)).toEqual([]);
    // the owner's dashboard counts it once, with the cancellation (a second on, so "now" includes it all)
    p.clock.advance(1_000);
    const today = (await callApi(p, dashboardApi.dashboard, { token: staff.token, query: { period: 'today' } })).body.data.figures;
    const cancelledRefunds = await p.db
      .selectFrom('order_refunds')
      .select((eb) => eb.fn.sum<number>('amount').as('n'))
      .executeTakeFirstOrThrow();
    const atGateway = await p.db
      .selectFrom('gateway_refunds')
      .select((eb) => eb.fn.sum<number>('amount').as('n'))
      .where('ours', '=', false)
      .executeTakeFirstOrThrow();
    expect(today.refunds).toBe(Number(cancelledRefunds.n) + Number(atGateway.n));
    expect(today.refunds_at_gateway).toBe(Number(atGateway.n));
    expect(today.disputes).toBe(1);
  });

  describe('many deliveries at once', () => {
    it('a Dashboard refund delivered twenty times while the customer spends from the wallet: taken once, the ledger its balance', async () => {
      const { c, id, charge } = await paidTopup(50_000);
      const refund = fake.refundInDashboard(charge.id, 30_000);
      const events = Array.from({ length: 10 }, () => fake.event('charge.refunded', refund));
      const spend = () =>
        callApi(p, ordersApi.create, {
          token: c.token,
          body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
        });
      const answers = await Promise.all([...events.map((e) => deliver(e)), ...events.map((e) => deliver(e)), spend(), spend(), spend()]);
      const deliveries = answers.slice(0, 20);
      expect(deliveries.map((a) => a.status)).toEqual(deliveries.map(() => 200));
      expect(deliveries.filter((a) => a.body.data.applied)).toHaveLength(1);
      const orders = answers.slice(20);
      for (const o of orders) expect([201, 409]).toContain(o.status);
      const rows = await p.db.selectFrom('gateway_refunds').select(['amount', 'wallet_taken_back']).where('payment_id', '=', id).execute();
      expect(rows).toHaveLength(1);
      const l = await ledgers(p, c.id);
      expect(l.walletSum).toBe(l.wallet);
      const paid = orders.filter((o) => o.status === 201).reduce((n, o) => n + (o.body.data.order.total as number), 0);
      expect(l.wallet).toBe(50_000 - paid - rows[0]!.wallet_taken_back);
      // what could not be taken back had been spent: the wallet was empty when the refund came
      if (rows[0]!.wallet_taken_back < 30_000) expect(l.wallet).toBe(0);
    });

    it("twenty concurrent deliveries of one payment's result (replays and duplicates) credit it once", async () => {
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
