/**
 * eGift cards paid through the payment gateway (issue 49), with Stripe as the gateway (the official
 * library against the local fake of its API, tests/fakes/stripe-fake.ts) and the sandbox: a card bought
 * so waits, `awaiting_payment`, and only the gateway's signed webhook moves it on (paid: sent at its time;
 * declined or expired: void, never sent); nobody can open or claim it before; without a gateway it is
 * refused with nothing written; a refund made at the gateway takes the card's value back wherever it
 * went (the card unclaimed: refunded; refunded to the buyer's wallet: out of that wallet; claimed: out of
 * the recipient's gift money, as far as it goes), once however many deliveries.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { PaymentGateway } from '../../server/provider/payment-gateway';
import { deliverDueGiftCards } from '../../server/provider/gift-cards/delivery';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake';
import { describeDb, describeEachDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { GIFT_PURCHASE, GIFT_SETTINGS } from './gift-cards.helpers';
import { newStaffSession, ownerAndStaff } from './merchant.helpers';
import { key, ledgers, postWebhook, signature, unix, webhookEvent } from './orders.helpers';
import { giftCardsApi, giftCardsConsoleApi } from '#contract/gift-cards.calls';
import type { SentGiftCard } from '#contract/gift-cards';
import { paths } from '#contract/routes';
import { callApi } from '../support/calls';
import { deliverStripeEvent, STRIPE_SHOP, testStripeGateway } from './stripe.helpers';

const stripDashes = (n: string) => n.replace(/-/g, '');

function gifts(p: TestProvider) {
  const team = ownerAndStaff(p);
  return {
    team,
    on: async () => {
      team.owner.token = (await newStaffSession(p.db, p.clock, team.owner.id)).token;
      await callApi(p, giftCardsConsoleApi.update, { token: team.owner.token, body: GIFT_SETTINGS }).expect(200);
    },
    buy: (token: string, extra: Record<string, unknown> = {}) =>
      callApi(p, giftCardsApi.buy, { token, body: { ...GIFT_PURCHASE, payment_method: 'gateway', idempotency_key: key(), ...extra } }),
    sent: async (token: string) => (await callApi(p, giftCardsApi.sent, { token }).expect(200)).body.data.items as SentGiftCard[],
    view: (token: string, number: string) => callApi(p, giftCardsApi.view, { token, query: { number } }),
    claim: (token: string, number: string) => callApi(p, giftCardsApi.claim, { token, body: { number } }),
    refund: (token: string, id: number) => callApi(p, giftCardsApi.refund, { token, body: { id } }),
    paymentOf: (cardId: number) => p.db.selectFrom('payments').selectAll().where('gift_card_id', '=', cardId).executeTakeFirstOrThrow(),
    notes: (customerId: number) =>
      p.db.selectFrom('notifications').select(['title', 'body', 'link']).where('customer_id', '=', customerId).orderBy('id').execute(),
  };
}

describeEachDb('an eGift paid on the sandbox payment page', (kind) => {
  const p = useTestProvider(kind);
  const g = gifts(p);
  beforeEach(async () => {
    await g.on();
    p.sent.length = 0;
  });

  it('waits for its payment: not sent, not to be opened; paid, it is sent at once and its buyer told', async () => {
    const buyer = await p.newCustomer({ wallet: 0 });
    const res = await g.buy(buyer.token);
    expect(res.status, res.text).toBe(201);
    const card = res.body.data.card as SentGiftCard;
    expect(card.state).toBe('awaiting_payment');
    expect(res.body.data.balance).toBe(0);
    expect(res.body.message).toBe('Pay ₱500.00 on the next page to send your gift card to Ben.');
    const payment = await g.paymentOf(card.id);
    expect(payment).toMatchObject({ kind: 'gift_card', amount: 50_000, status: 'pending', customer_id: buyer.id });
    expect(res.body.data.payment_url).toContain(payment.id);
    // due now, but not paid: the delivery job leaves it, and nobody can open or claim it by its number
    expect(await deliverDueGiftCards(p.ctx)).toBe(0);
    expect(p.sent).toEqual([]);
    const other = await p.newCustomer();
    expect((await g.view(other.token, stripDashes(card.number))).status).toBe(404);
    expect((await g.claim(other.token, stripDashes(card.number))).status).toBe(404);
    // nor refunded: there is nothing to give back
    const early = await g.refund(buyer.token, card.id);
    expect([early.status, early.body.data.reason]).toEqual([409, 'unpaid']);

    const raw = webhookEvent(payment.id, 50_000, 'payment.succeeded', unix(p));
    await postWebhook(p, raw, signature(raw, unix(p))).expect(200);
    expect((await g.sent(buyer.token))[0]).toMatchObject({ id: card.id, state: 'scheduled' });
    expect(await deliverDueGiftCards(p.ctx)).toBe(1);
    expect(p.sent.map((m) => m.phone)).toEqual(['+639175550101']);
    expect((await g.sent(buyer.token))[0]!.state).toBe('delivered');
    // no wallet money moved: it was paid on the page
    expect(await ledgers(p, buyer.id)).toMatchObject({ wallet: 0, walletEntries: 0 });
    expect((await g.notes(buyer.id))[0]).toEqual({
      title: 'Gift card paid',
      body: 'Your ₱500.00 gift card for Ben is paid. We will send it now.',
      link: paths.giftCards,
    });
    expect((await g.notes(buyer.id)).map((n) => n.title)).toEqual(['Gift card paid', 'Your gift card for Ben was sent']);
    // the recipient claims it as gift money
    const ben = await p.newCustomer();
    await g.claim(ben.token, stripDashes(card.number)).expect(200);
  });

  it('declined, it is void: never sent, shown as failed, nothing to refund, and its buyer told', async () => {
    const buyer = await p.newCustomer();
    const card = (await g.buy(buyer.token).expect(201)).body.data.card as SentGiftCard;
    const payment = await g.paymentOf(card.id);
    const raw = webhookEvent(payment.id, 50_000, 'payment.failed', unix(p));
    await postWebhook(p, raw, signature(raw, unix(p))).expect(200);
    // a success arriving after the failure changes nothing
    const late = webhookEvent(payment.id, 50_000, 'payment.succeeded', unix(p));
    expect((await postWebhook(p, late, signature(late, unix(p))).expect(200)).body.data.applied).toBe(false);
    expect((await g.sent(buyer.token))[0]!.state).toBe('payment_failed');
    expect(await deliverDueGiftCards(p.ctx)).toBe(0);
    expect(p.sent).toEqual([]);
    const refund = await g.refund(buyer.token, card.id);
    expect([refund.status, refund.body.data.reason]).toEqual([409, 'unpaid']);
    expect((await g.notes(buyer.id)).map((n) => n.title)).toEqual(['Gift card payment declined']);
  });

  it('without a payment gateway, is refused before anything is written; paying from the wallet still works', async () => {
    const gateway = p.ctx.paymentGateway;
    p.ctx.paymentGateway = null;
    try {
      const buyer = await p.newCustomer({ wallet: 100_000 });
      const res = await g.buy(buyer.token);
      expect([res.status, res.body.error.code]).toEqual([503, 'PAYMENTS_UNAVAILABLE']);
      expect(await p.db.selectFrom('gift_cards').select('id').where('buyer_id', '=', buyer.id).execute()).toEqual([]);
      expect(await p.db.selectFrom('payments').select('id').where('customer_id', '=', buyer.id).execute()).toEqual([]);
      expect((await g.buy(buyer.token, { payment_method: 'wallet' })).status).toBe(201);
    } finally {
      p.ctx.paymentGateway = gateway;
    }
  });

  it('a scheduled card, once paid, still waits for its time', async () => {
    const buyer = await p.newCustomer();
    const tomorrow = new Date(p.clock.now().getTime() + 26 * 3600_000);
    const local = tomorrow.toLocaleString('sv-SE', { timeZone: 'Asia/Manila' }).slice(0, 16).replace(' ', 'T');
    const card = (await g.buy(buyer.token, { deliver_at: local }).expect(201)).body.data.card as SentGiftCard;
    const raw = webhookEvent((await g.paymentOf(card.id)).id, 50_000, 'payment.succeeded', unix(p));
    await postWebhook(p, raw, signature(raw, unix(p))).expect(200);
    expect(await deliverDueGiftCards(p.ctx)).toBe(0);
    expect((await g.notes(buyer.id)).map((n) => n.body)).toEqual(['Your ₱500.00 gift card for Ben is paid. We will send it at the time you chose.']);
  });
});

describeDb('an eGift paid with Stripe, and refunded there', (kind) => {
  let fake: StripeFake;
  let gateway: PaymentGateway;
  beforeAll(async () => {
    fake = await startStripeFake();
    gateway = testStripeGateway(fake, { checkoutTtlSeconds: 3600, maxNetworkRetries: 0 });
  });
  afterAll(() => fake?.close());
  const p = useTestProvider(kind, () => ({ paymentGateway: gateway }));
  const g = gifts(p);
  beforeAll(() => g.on());

  const deliver = (event: object) => deliverStripeEvent(p, event);

  /** A card bought and paid on Stripe's page; answers it and the charge to refund. */
  async function paidCard(buyerToken: string) {
    const res = await g.buy(buyerToken).expect(201);
    const card = res.body.data.card as SentGiftCard;
    const session = [...fake.sessions.values()].find((s) => s.url === res.body.data.payment_url)!;
    const { session: done, charge } = fake.completeSession(session.id);
    await deliver(fake.event('checkout.session.completed', done)).expect(200);
    return { card, charge: charge!, number: stripDashes(card.number) };
  }
  const audit = (target: string) =>
    p.db.selectFrom('audit_log').select(['after']).where('action', '=', 'payment.refunded').where('target', '=', target).execute();

  it("opens a Checkout Session named for the card, coming back to the buyer's sent cards", async () => {
    const buyer = await p.newCustomer();
    const res = await g.buy(buyer.token).expect(201);
    const id = (await g.paymentOf(res.body.data.card.id)).id;
    const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST' && (r.params.client_reference_id as string) === id)!;
    expect(sent.params).toMatchObject({
      line_items: { '0': { price_data: { currency: 'php', unit_amount: '50000', product_data: { name: 'Gift card for Ben at Kopi Senja' } } } },
    });
    expect(String(sent.params.success_url)).toBe(`${STRIPE_SHOP}${paths.giftCards}`);
  });

  it('refunded at Stripe before it is claimed: the card is refunded, its link dead, nobody loses wallet money', async () => {
    const buyer = await p.newCustomer();
    const { card, charge, number } = await paidCard(buyer.token);
    expect((await g.sent(buyer.token))[0]!.state).toBe('scheduled');
    const event = fake.event('charge.refunded', fake.refundInDashboard(charge.id, 50_000));
    expect((await deliver(event).expect(200)).body.data.applied).toBe(true);
    expect((await deliver(event).expect(200)).body.data.applied).toBe(false);
    expect((await g.sent(buyer.token))[0]!.state).toBe('refunded');
    const ben = await p.newCustomer();
    const claim = await g.claim(ben.token, number);
    expect([claim.status, claim.body.data.reason]).toEqual([409, 'refunded']);
    expect(await ledgers(p, buyer.id)).toMatchObject({ wallet: 0, walletEntries: 0 });
    expect(await audit(`gift-card:${card.id}`)).toEqual([
      { after: expect.objectContaining({ kind: 'gift_card', gift_card_id: card.id, wallet_taken_back: 0 }) },
    ]);
  });

  it('refunded at Stripe after it was claimed: its gift money comes back out of the recipient’s wallet as far as it goes', async () => {
    const buyer = await p.newCustomer();
    const { card, charge, number } = await paidCard(buyer.token);
    const ben = await p.newCustomer({ wallet: 10_000 });
    await g.claim(ben.token, number).expect(200);
    // Ben spends ₱200.00 of gift money first (the ledger spends gift money first)
    await p.db.transaction().execute(async (trx) => {
      const { postWalletMove } = await import('../../server/provider/wallet/wallet.ledger');
      await postWalletMove(trx, p.clock, ben.id, { type: 'adjust', amount: -20_000, reason: 'Test spend' });
    });
    const event = fake.event('charge.refunded', fake.refundInDashboard(charge.id, 50_000));
    await deliver(event).expect(200);
    const after = await p.db.selectFrom('customers').select(['wallet_balance', 'gift_balance']).where('id', '=', ben.id).executeTakeFirstOrThrow();
    // ₱300.00 of gift money was left and is taken; his own ₱100.00 stays
    expect(after).toEqual({ wallet_balance: 10_000, gift_balance: 0 });
    expect(await audit(`gift-card:${card.id}`)).toEqual([{ after: expect.objectContaining({ wallet_taken_back: 30_000 }) }]);
    expect((await g.notes(ben.id)).at(-1)!.title).toBe('Gift card money taken back');
    expect((await ledgers(p, ben.id)).walletSum).toBe(10_000);
  });

  it('refunded at Stripe after its buyer had it refunded to the wallet: that money comes back out of the wallet', async () => {
    const buyer = await p.newCustomer();
    const { card, charge } = await paidCard(buyer.token);
    // the buyer's own refund: the price into the wallet as their own money
    expect((await g.refund(buyer.token, card.id).expect(200)).body.data.balance).toBe(50_000);
    const event = fake.event('charge.refunded', fake.refundInDashboard(charge.id, 50_000));
    await deliver(event).expect(200);
    expect(await ledgers(p, buyer.id)).toMatchObject({ wallet: 0, walletSum: 0 });
    expect(await audit(`gift-card:${card.id}`)).toEqual([{ after: expect.objectContaining({ wallet_taken_back: 50_000 }) }]);
  });
});

describePostgres('an eGift paid through the gateway, under concurrency', () => {
  const p = useTestProvider('postgres');
  const g = gifts(p);
  beforeAll(() => g.on());

  it('twenty deliveries of its payment at once, with claims racing them: paid once, sent once, claimed once', async () => {
    const buyer = await p.newCustomer();
    const card = (await g.buy(buyer.token).expect(201)).body.data.card as SentGiftCard;
    const payment = await g.paymentOf(card.id);
    const raws = Array.from({ length: 10 }, () => webhookEvent(payment.id, 50_000, 'payment.succeeded', unix(p)));
    const answers = await Promise.all([...raws, ...raws].map((raw) => postWebhook(p, raw, signature(raw, unix(p)))));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.body.data.applied)).toHaveLength(1);
    const [sent] = await Promise.all([deliverDueGiftCards(p.ctx), deliverDueGiftCards(p.ctx)]);
    expect(p.sent.filter((m) => m.phone === '+639175550101')).toHaveLength(1);
    expect(sent).toBeGreaterThanOrEqual(0);
    const claimers = await Promise.all(Array.from({ length: 10 }, () => p.newCustomer()));
    const claims = await Promise.all(claimers.map((c) => g.claim(c.token, stripDashes(card.number))));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect((await g.notes(buyer.id)).map((n) => n.title)).toEqual(['Gift card paid', 'Your gift card for Ben was sent', 'Ben added your gift card']);
  });
});
