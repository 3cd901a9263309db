/**
 * A saved card and auto-reload with Stripe as the payment gateway (issue 49), against the local fake of
 * Stripe's API (tests/fakes/stripe-s.fake.ts), which checks every request against Stripe's reference: a
 * Customer and a Checkout Session in setup mode to save a card, the card read back from the session's
 * SetupIntent, off-session PaymentIntents with an idempotency key, and a card detached when removed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type FakeCardBehaviour, type StripeFake } from '../fakes/stripe-fake';
import { describeEachDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { deliverStripeEvent, testStripeGateway } from './stripe.helpers';
import { ledgers } from './orders.helpers';
import { runsOf } from './auto-reload.helpers';
import type { PaymentGateway } from '../../server/provider/payment-gateway';
import { runDueReloads } from '../../server/provider/payments/auto-reload';
import { postWalletEntry } from '../../server/provider/wallet/wallet.ledger';
import { callApi } from '../support/calls';
import { savedCardApi } from '#contract/saved-card.calls';

/** The fake, and the adapter over it, for one suite. */
function useStripe(): { fake: StripeFake; gateway: PaymentGateway } {
  const s = {} as { fake: StripeFake; gateway: PaymentGateway };
  beforeAll(async () => {
    s.fake = await startStripeFake();
    s.gateway = testStripeGateway(s.fake, { maxNetworkRetries: 0 });
  });
  afterAll(() => s.fake?.close());
  return s;
}

describe('the Stripe adapter’s saved cards', () => {
  const s = useStripe();

  const setupRequest = (setupId = randomUUID()) => ({
    setupId,
    customerRef: null,
    customerLabel: 'customer 7',
    currency: 'PHP',
    successPath: `/profile/wallet?card_setup=${setupId}`,
    failPath: `/profile/wallet?card_setup=${setupId}&cancelled=1`,
  });

  async function savedCard(behaviour: FakeCardBehaviour = 'works') {
    const started = await s.gateway.cards!.startSetup(setupRequest());
    s.fake.completeSetupSession(started.setupRef, { behaviour });
    const read = await s.gateway.cards!.readSetup(started.setupRef);
    if (read.status !== 'saved') throw new Error('not saved');
    return { customerRef: started.customerRef, methodRef: read.methodRef, card: read.card };
  }

  it('opens a setup-mode Checkout Session for a new Stripe Customer, cards only, and reads back only what the card shows', async () => {
    const r = setupRequest();
    const started = await s.gateway.cards!.startSetup(r);
    expect(started.customerRef).toMatch(/^cus_/);
    expect(started.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const session = s.fake.sessions.get(started.setupRef)!;
    expect(session).toMatchObject({ mode: 'setup', customer: started.customerRef, currency: 'php', success_url: `https://shop.example${r.successPath}` });
    const sent = s.fake.requests.find((q) => q.path === '/v1/checkout/sessions')!;
    expect(sent.params).toMatchObject({ allowed_payment_method_types: { 0: 'card' }, metadata: { setup_id: r.setupId } });
    expect(sent.headers['idempotency-key']).toBe(`setup-${r.setupId}`);
    // not finished yet: still open
    expect(await s.gateway.cards!.readSetup(started.setupRef)).toEqual({ status: 'open' });
    s.fake.completeSetupSession(started.setupRef);
    const read = await s.gateway.cards!.readSetup(started.setupRef);
    expect(read).toEqual({ status: 'saved', methodRef: expect.stringMatching(/^pm_/), card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } });
    // a member's second setup reuses their Stripe Customer
    const again = await s.gateway.cards!.startSetup({ ...setupRequest(), customerRef: started.customerRef });
    expect(again.customerRef).toBe(started.customerRef);
    expect(s.fake.customers.size).toBe(1);
  });

  it('charges a saved card off-session once per idempotency key', async () => {
    const card = await savedCard();
    const charge = {
      paymentId: randomUUID(),
      customerRef: card.customerRef,
      methodRef: card.methodRef,
      amount: 50_000,
      currency: 'PHP',
      description: 'Wallet auto-reload',
      idempotencyKey: `auto-reload-${randomUUID()}`,
    };
    const first = await s.gateway.cards!.charge(charge);
    expect(first).toEqual({ status: 'succeeded', providerRef: expect.stringMatching(/^pi_/) });
    const sent = s.fake.requests.filter((q) => q.path === '/v1/payment_intents').at(-1)!;
    expect(sent.params).toMatchObject({ off_session: 'true', confirm: 'true', amount: '50000', currency: 'php', metadata: { payment_id: charge.paymentId } });
    // the same charge asked again (a retry after a crash): the same PaymentIntent, no second charge
    const before = s.fake.paymentIntents.size;
    expect(await s.gateway.cards!.charge(charge)).toEqual(first);
    expect(s.fake.paymentIntents.size).toBe(before);
  });

  it('tells a declined card from one whose bank wants the customer (3-D Secure)', async () => {
    const declines = await savedCard('declines');
    const needs = await savedCard('needs_customer');
    const base = { amount: 10_000, currency: 'PHP', description: 'Wallet auto-reload' };
    expect(await s.gateway.cards!.charge({ ...base, paymentId: randomUUID(), ...declines, idempotencyKey: randomUUID() })).toEqual({
      status: 'declined',
      reason: 'insufficient_funds',
      providerRef: expect.stringMatching(/^pi_/),
    });
    expect(await s.gateway.cards!.charge({ ...base, paymentId: randomUUID(), ...needs, idempotencyKey: randomUUID() })).toEqual({
      status: 'needs_customer',
      providerRef: expect.stringMatching(/^pi_/),
    });
  });

  it('a card Stripe does not know (saved with another gateway) is a decline, not a charge tried for ever', async () => {
    const card = await savedCard();
    const result = await s.gateway.cards!.charge({
      paymentId: randomUUID(),
      customerRef: card.customerRef,
      methodRef: 'sandbox_pm_works_1234abcd',
      amount: 10_000,
      currency: 'PHP',
      description: 'Wallet auto-reload',
      idempotencyKey: randomUUID(),
    });
    expect(result).toEqual({ status: 'declined', reason: 'resource_missing', providerRef: null });
  });

  it('detaches a removed card, and a card gone already is no error', async () => {
    const card = await savedCard();
    await s.gateway.cards!.detach(card.methodRef);
    expect(s.fake.paymentMethods.get(card.methodRef)!.customer).toBeNull();
    await s.gateway.cards!.detach('pm_doesnotexist');
  });
});

describeEachDb('auto-reload with Stripe as the payment gateway', (kind) => {
  const s = useStripe();
  const p = useTestProvider(kind, () => ({ paymentGateway: s.gateway }));

  async function saveOnStripe(token: string, behaviour: FakeCardBehaviour) {
    const setup = (await callApi(p, savedCardApi.setup, { token }).expect(201)).body.data;
    const session = [...s.fake.sessions.values()].find((x) => x.url === setup.setup_url)!;
    s.fake.completeSetupSession(session.id, { behaviour });
    return (await callApi(p, savedCardApi.confirm, { token, body: { setup_id: setup.setup_id } }).expect(200)).body.data;
  }

  it('saves a card at Stripe, reloads after a crossing through the top-up path, pauses on a decline, and detaches on removal', async () => {
    const c = await p.newCustomer({ wallet: 30_000 });
    const saved = await saveOnStripe(c.token, 'works');
    expect(saved.card).toEqual({ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 });
    await callApi(p, savedCardApi.update, { token: c.token, body: { enabled: true, threshold: 25_000, amount: 50_000 } }).expect(200);
    await p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'order', amount: -10_000, reason: 'Order S1', ref: 'order:S1' }));
    expect(await runDueReloads(p.ctx)).toBe(1);
    const [run] = await runsOf(p, c.id);
    const payment = await p.db.selectFrom('payments').selectAll().where('id', '=', run!.payment_id!).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ kind: 'topup', status: 'paid', amount: 50_000, provider_ref: expect.stringMatching(/^pi_/) });
    expect(s.fake.paymentIntents.get(payment.provider_ref!)).toMatchObject({ status: 'succeeded', off_session: true, amount: 50_000 });
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 70_000, walletSum: 70_000 });

    // a card that declines: auto-reload pauses, nothing added
    await saveOnStripe(c.token, 'declines');
    await callApi(p, savedCardApi.update, { token: c.token, body: { enabled: true, threshold: 65_000, amount: 50_000 } }).expect(200);
    await p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'order', amount: -10_000, reason: 'Order S2', ref: 'order:S2' }));
    expect(await runDueReloads(p.ctx)).toBe(1);
    expect((await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data.paused).toBe('declined');
    expect((await ledgers(p, c.id)).wallet).toBe(60_000);

    const method = (await p.db.selectFrom('saved_cards').select('method_ref').where('customer_id', '=', c.id).executeTakeFirstOrThrow()).method_ref;
    await callApi(p, savedCardApi.remove, { token: c.token }).expect(200);
    expect(s.fake.paymentMethods.get(method)!.customer).toBeNull();
  });
});

/** A card saved on Stripe's page and the session completed there; the app not told yet. */
async function savedOnStripeOnly(p: TestProvider, fake: StripeFake, token: string, behaviour: FakeCardBehaviour = 'works') {
  const setup = (await callApi(p, savedCardApi.setup, { token }).expect(201)).body.data;
  const session = [...fake.sessions.values()].find((x) => x.url === setup.setup_url)!;
  const done = fake.completeSetupSession(session.id, { behaviour });
  return { setupId: setup.setup_id as string, event: fake.event('checkout.session.completed', done.session), methodRef: done.paymentMethod.id };
}

describeEachDb('a card saved at Stripe, kept from its webhook', (kind) => {
  const s = useStripe();
  const p = useTestProvider(kind, () => ({ paymentGateway: s.gateway }));

  it('keeps the card when the customer never comes back, once however often Stripe delivers it', async () => {
    const c = await p.newCustomer();
    const { setupId, event, methodRef } = await savedOnStripeOnly(p, s.fake, c.token);
    expect((await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data.card).toBeNull();
    const first = await deliverStripeEvent(p, event).expect(200);
    expect(first.body.data).toEqual({ event_id: (event as { id: string }).id, applied: true });
    expect((await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data.card).toEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 4,
      exp_year: 2031,
    });
    const row = await p.db.selectFrom('saved_cards').selectAll().where('customer_id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.method_ref).toBe(methodRef);
    // Stripe delivers it again: nothing changes
    expect((await deliverStripeEvent(p, event).expect(200)).body.data.applied).toBe(false);
    // the customer comes back later: the card is there, nothing more to do
    expect((await callApi(p, savedCardApi.confirm, { token: c.token, body: { setup_id: setupId } }).expect(200)).body.data.card.last4).toBe('4242');
    expect(await p.db.selectFrom('card_setups').select('status').where('id', '=', setupId).executeTakeFirstOrThrow()).toEqual({ status: 'saved' });
  });

  it('a customer who came back first: the webhook changes nothing', async () => {
    const c = await p.newCustomer();
    const { setupId, event } = await savedOnStripeOnly(p, s.fake, c.token);
    await callApi(p, savedCardApi.confirm, { token: c.token, body: { setup_id: setupId } }).expect(200);
    expect((await deliverStripeEvent(p, event).expect(200)).body.data.applied).toBe(false);
  });

  it('keeps nothing from a setup session that is not ours, not the setup’s, or not signed by this shop’s secret', async () => {
    const c = await p.newCustomer();
    const { setupId, event } = await savedOnStripeOnly(p, s.fake, c.token);
    const session = (event as { data: { object: Record<string, unknown> } }).data.object;
    // another setup's id on this session (both marks changed): not the session that setup was opened at
    const other = await savedOnStripeOnly(p, s.fake, (await p.newCustomer()).token);
    const forged = s.fake.event('checkout.session.completed', { ...session, metadata: { setup_id: other.setupId }, client_reference_id: other.setupId });
    expect((await deliverStripeEvent(p, forged).expect(200)).body.data.applied).toBe(false);
    // the two marks disagree, or no mark: not a session this shop opened
    const mixed = s.fake.event('checkout.session.completed', { ...session, client_reference_id: other.setupId });
    expect((await deliverStripeEvent(p, mixed).expect(200)).body.data).toEqual({ event_id: null, applied: false });
    // signed with another secret: refused, nothing kept
    expect((await deliverStripeEvent(p, event, { secret: 'whsec_someone_else' }).expect(401)).body.error.code).toBe('BAD_SIGNATURE');
    const setups = await p.db.selectFrom('card_setups').select(['id', 'status']).where('id', 'in', [setupId, other.setupId]).execute();
    expect(setups.map((x) => x.status)).toEqual(['open', 'open']);
    expect(await p.db.selectFrom('saved_cards').select('customer_id').where('customer_id', '=', c.id).execute()).toEqual([]);
  });

  it('Stripe out of reach while reading the card back: 503, so Stripe delivers it again, and then it is kept', async () => {
    const c = await p.newCustomer();
    const { event } = await savedOnStripeOnly(p, s.fake, c.token);
    const gateway = p.ctx.paymentGateway;
    p.ctx.paymentGateway = testStripeGateway(s.fake, { maxNetworkRetries: 0, port: 1 });
    try {
      await deliverStripeEvent(p, event).expect(503);
    } finally {
      p.ctx.paymentGateway = gateway;
    }
    expect((await deliverStripeEvent(p, event).expect(200)).body.data.applied).toBe(true);
  });
});

describePostgres('a card saved at Stripe: its webhook racing the customer’s return', () => {
  const s = useStripe();
  const p = useTestProvider('postgres', () => ({ poolSize: 10, paymentGateway: s.gateway }));

  it('keeps the card once: the card it replaces detached once, the new one never', async () => {
    const c = await p.newCustomer();
    const old = await savedOnStripeOnly(p, s.fake, c.token);
    await deliverStripeEvent(p, old.event).expect(200);
    const fresh = await savedOnStripeOnly(p, s.fake, c.token);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => deliverStripeEvent(p, fresh.event)),
      ...Array.from({ length: 6 }, () => callApi(p, savedCardApi.confirm, { token: c.token, body: { setup_id: fresh.setupId } })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.slice(0, 6).filter((a) => a.body.data.applied).length).toBeLessThanOrEqual(1);
    const row = await p.db.selectFrom('saved_cards').selectAll().where('customer_id', '=', c.id).execute();
    expect(row.map((r) => r.method_ref)).toEqual([fresh.methodRef]);
    const detaches = s.fake.requests.filter((q) => q.path.endsWith('/detach')).map((q) => q.path);
    expect(detaches).toEqual([`/v1/payment_methods/${old.methodRef}/detach`]);
    expect(s.fake.paymentMethods.get(old.methodRef)!.customer).toBeNull();
    expect(s.fake.paymentMethods.get(fresh.methodRef)!.customer).not.toBeNull();
  });
});
