import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GIFT_PURCHASE, GIFT_SETTINGS } from './gift-cards.helpers';
import { recordingMailer } from './mailer.helpers';
import { DAY, HOUR, MINUTE } from '../../server/lib/clock';
import { deliverDueGiftCards, SENDING_LEASE_MS } from '../../server/provider/gift-cards/delivery';
import { newStaffSession, ownerAndStaff } from './merchant.helpers';
import { key, products } from './orders.helpers';
import { describeEachDb, describePostgres, TEST_MERCHANT_KEY, useTestProvider, type TestProvider } from './support/provider';
import { giftCardsApi, giftCardsConsoleApi } from '#contract/gift-cards.calls';
import { GIFT_CARD_NUMBER_LENGTH, giftCardNumberChecks, type GiftCardSettingsInput, type SentGiftCard } from '#contract/gift-cards';
import { ordersApi } from '#contract/orders.calls';
import { walletApi } from '#contract/wallet.calls';
import { to } from '#contract/routes';
import { callApi } from '../support/calls';

/**
 * Gift cards, the provider's side (issue 49, first slice): the owner's settings (who may read and change
 * them, audited), an eGift bought from the wallet (checked against the settings, paid with gift money
 * first), sent now or at the time chosen in the shop's zone (once, by text or e-mail, with its link),
 * opened and claimed into the recipient's wallet as gift money (once; not by its buyer; not expired),
 * spent on an order and given back as gift money when the order is cancelled, refunded to its buyer while
 * unclaimed, looked up under the limit on guessing; and on PostgreSQL 50 claims of one card at once.
 */

/** Wednesday 2 December 2026, 10:00 in Manila. */
const START = new Date('2026-12-02T02:00:00Z');

const SETTINGS = GIFT_SETTINGS;

const stripDashes = (n: string) => n.replace(/-/g, '');

function giftCalls(p: TestProvider, team: ReturnType<typeof ownerAndStaff>) {
  const g = {
    settings: (body: GiftCardSettingsInput = SETTINGS, token = team.owner.token) => callApi(p, giftCardsConsoleApi.update, { token, body }),
    buy: (token: string, extra: Record<string, unknown> = {}) =>
      callApi(p, giftCardsApi.buy, {
        token,
        body: { ...GIFT_PURCHASE, idempotency_key: key(), ...extra },
      }),
    bought: async (token: string, extra: Record<string, unknown> = {}) => {
      const res = await g.buy(token, extra);
      expect(res.status, res.text).toBe(201);
      return res.body.data.card as SentGiftCard;
    },
    view: (token: string, number: string, ip?: string) => callApi(p, giftCardsApi.view, { token, query: { number }, ...(ip ? { ip } : {}) }),
    claim: (token: string, number: string, ip?: string) => callApi(p, giftCardsApi.claim, { token, body: { number }, ...(ip ? { ip } : {}) }),
    refund: (token: string, id: number) => callApi(p, giftCardsApi.refund, { token, body: { id } }),
    sent: async (token: string) => (await callApi(p, giftCardsApi.sent, { token }).expect(200)).body.data.items as SentGiftCard[],
    balance: async (token: string) => (await callApi(p, walletApi.balance, { token }).expect(200)).body.data as { balance: number; gift_balance: number },
    entries: (customerId: number) =>
      p.db
        .selectFrom('wallet_ledger')
        .select(['type', 'amount', 'gift_amount', 'balance_after', 'ref'])
        .where('customer_id', '=', customerId)
        .orderBy('id')
        .execute(),
  };
  return g;
}

describeEachDb('gift cards', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const g = giftCalls(p, team);
  let day = 0;
  beforeEach(async () => {
    // a day of its own for each test (no count of an earlier test's wrong numbers), signed in afresh
    p.clock.set(START.getTime() + ++day * 2 * DAY);
    for (const m of [team.owner, team.staff]) m.token = (await newStaffSession(p.db, p.clock, m.id)).token;
    await g.settings().expect(200);
    p.sent.length = 0;
  });

  it('starts off with three designs and no expiry; only owners change the settings, audited; customers call none of it', async () => {
    await p.db.deleteFrom('gift_card_settings').execute();
    const fresh = (await callApi(p, giftCardsConsoleApi.settings, { token: team.staff.token }).expect(200)).body.data.settings;
    expect(fresh).toMatchObject({ enabled: false, expiry_months: null, currency: 'PHP' });
    expect(fresh.designs.map((d: { id: string }) => d.id)).toEqual(['celebrate', 'thank-you', 'winter']);
    expect(fresh.designs.every((d: { picture: string; message: string }) => d.picture.endsWith('.svg') && d.message.length > 0)).toBe(true);

    const asStaff = await g.settings(SETTINGS, team.staff.token);
    expect([asStaff.status, asStaff.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    const customer = await p.newCustomer();
    for (const res of [await callApi(p, giftCardsConsoleApi.settings, { token: customer.token }), await g.settings(SETTINGS, customer.token)])
      expect([res.status, res.body.error.code]).toEqual([401, 'SESSION_EXPIRED']);
    // a console session is not a customer's
    for (const res of [await callApi(p, giftCardsApi.options, { token: team.owner.token }), await g.buy(team.owner.token)]) expect(res.status).toBe(401);
    // nobody at all
    expect((await callApi(p, giftCardsApi.options)).status).toBe(401);

    const saved = (await g.settings({ ...SETTINGS, expiry_months: 24, amounts: [100_000, 50_000] }).expect(200)).body.data.settings;
    expect(saved).toMatchObject({ enabled: true, expiry_months: 24, amounts: [50_000, 100_000], custom: { min: 20_000, max: 500_000 } });
    const audit = await p.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('action', '=', 'gift_cards.settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.staff_id).toBe(team.owner.id);

    // the customer sees the designs turned on, the amounts and the shop's zone
    const options = (await callApi(p, giftCardsApi.options, { token: customer.token }).expect(200)).body.data;
    expect(options).toMatchObject({ enabled: true, timezone: 'Asia/Manila', amounts: [50_000, 100_000], expiry_months: 24 });
    expect(options.designs.map((d: { id: string }) => d.id)).toEqual(['celebrate', 'thank-you']);
  });

  it('refuses a purchase while gift cards are off, or outside what the owner offers, writing nothing', async () => {
    const buyer = await p.newCustomer({ wallet: 1_000_000 });
    await g.settings({ ...SETTINGS, enabled: false }).expect(200);
    expect((await g.buy(buyer.token)).body.error.code).toBe('CONFLICT');
    await g.settings().expect(200);
    const mailer = p.ctx.mailer;
    p.ctx.mailer = undefined;
    const refused = [
      await g.buy(buyer.token, { amount: 10_000 }),
      await g.buy(buyer.token, { amount: 600_000 }),
      await g.buy(buyer.token, { design: 'winter' }),
      await g.buy(buyer.token, { deliver_at: '2026-01-01T09:00' }),
      // a shop that cannot send e-mail cannot deliver to an address
      await g.buy(buyer.token, { to_phone: undefined, to_email: 'ben@example.test' }),
    ];
    p.ctx.mailer = mailer;
    expect(refused.map((r) => [r.status, Object.keys(r.body.error?.fields ?? {})])).toEqual([
      [400, ['amount']],
      [400, ['amount']],
      [400, ['design']],
      [400, ['deliver_at']],
      [400, ['to_email']],
    ]);
    const poor = await p.newCustomer({ wallet: 10_000 });
    expect((await g.buy(poor.token)).body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await p.db.selectFrom('gift_cards').select('id').where('buyer_id', 'in', [buyer.id, poor.id]).execute()).toEqual([]);
    expect((await g.balance(buyer.token)).balance).toBe(1_000_000);
  });

  it('buys an eGift from the wallet and texts its link at once; the number is unguessable, checked, and shown only to its buyer', async () => {
    const buyer = await p.newCustomer({ wallet: 200_000 });
    const res = await g.buy(buyer.token, { amount: 75_000, message: 'For your new job' });
    expect(res.status, res.text).toBe(201);
    const card = res.body.data.card as SentGiftCard;
    expect(res.body.data.balance).toBe(125_000);
    expect(card).toMatchObject({
      amount: 75_000,
      to: '+639175550101',
      message: 'For your new job',
      from_name: 'Ana',
      to_name: 'Ben',
      design: { id: 'celebrate' },
    });
    const number = stripDashes(card.number);
    expect(number).toHaveLength(GIFT_CARD_NUMBER_LENGTH);
    expect(giftCardNumberChecks(number)).toBe(true);
    // one text, with the link to the card
    expect(p.sent.filter((m) => m.phone === '+639175550101').map((m) => m.body)).toEqual([expect.stringContaining(`http://shop.test${to.giftCard(number)}`)]);
    expect(p.sent[0]!.body).toContain('For your new job');
    const [sent] = await g.sent(buyer.token);
    expect(sent).toMatchObject({ id: card.id, state: 'delivered', number: card.number });
    // the wallet says what it was, and it was the buyer's own money
    expect((await g.entries(buyer.id)).at(-1)).toMatchObject({ type: 'gift_card', amount: -75_000, gift_amount: 0, ref: `gift-card:${card.id}` });
    // another customer's list does not have it; opening it by number never shows the number or anyone's contact
    const other = await p.newCustomer();
    expect(await g.sent(other.token)).toEqual([]);
    const viewed = (await g.view(other.token, number).expect(200)).body.data.card;
    expect(viewed).toMatchObject({ amount: 75_000, state: 'ready', from_name: 'Ana', claimed_by_you: false });
    expect(JSON.stringify(viewed)).not.toMatch(new RegExp(`${number}|639175550101`));
    // the numbers differ from card to card
    const second = await g.bought(buyer.token);
    expect(stripDashes(second.number)).not.toBe(number);
  });

  it("sends a scheduled card at its time in the shop's zone, once however many runs, by e-mail when given one", async () => {
    const mailer = recordingMailer();
    const before = p.ctx.mailer;
    p.ctx.mailer = mailer;
    try {
      const buyer = await p.newCustomer({ wallet: 200_000 });
      // tomorrow 09:00 in Manila (01:00 UTC)
      const card = await g.bought(buyer.token, {
        to_phone: undefined,
        to_email: 'ben@example.test',
        deliver_at: '2026-12-' + String(new Date(p.clock.now().getTime() + DAY).getUTCDate()).padStart(2, '0') + 'T09:00',
      });
      const due = new Date(card.deliver_at);
      expect(due.getUTCHours()).toBe(1);
      expect(card.state).toBe('scheduled');
      expect(await deliverDueGiftCards(p.ctx)).toBe(0);
      expect(mailer.mails).toEqual([]);
      p.clock.set(due.getTime() - MINUTE);
      expect(await deliverDueGiftCards(p.ctx)).toBe(0);
      p.clock.set(due.getTime());
      const runs = await Promise.all([deliverDueGiftCards(p.ctx), deliverDueGiftCards(p.ctx)]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await deliverDueGiftCards(p.ctx)).toBe(0);
      expect(mailer.mails).toHaveLength(1);
      expect(mailer.mails[0]).toMatchObject({ to: 'ben@example.test', subject: expect.stringContaining('Ana sent you') });
      expect(mailer.mails[0]!.text).toContain(to.giftCard(stripDashes(card.number)));
      expect((await g.sent(buyer.token))[0]!.state).toBe('delivered');
    } finally {
      p.ctx.mailer = before;
    }
  });

  it('a run that dies while sending a card does not lose it: once its lease runs out, the next run sends it', async () => {
    const buyer = await p.newCustomer({ wallet: 100_000 });
    const at = new Date(p.clock.now().getTime() + HOUR);
    const local = at.toLocaleString('sv-SE', { timeZone: 'Asia/Manila' }).slice(0, 16).replace(' ', 'T');
    const card = await g.bought(buyer.token, { deliver_at: local });
    p.clock.set(new Date(card.deliver_at).getTime());
    // a run takes it, and dies before the text is out
    const { takeDueCard } = await import('../../server/provider/gift-cards/gift-cards.repo');
    expect(await takeDueCard(p.db, card.id, p.clock.now(), new Date(p.clock.now().getTime() + SENDING_LEASE_MS))).toBeDefined();
    // while its lease holds, no other run sends it, and it is not shown as delivered
    p.clock.set(p.clock.now().getTime() + SENDING_LEASE_MS - MINUTE);
    expect(await deliverDueGiftCards(p.ctx)).toBe(0);
    expect((await g.sent(buyer.token))[0]!.state).toBe('scheduled');
    // then it is sent, once
    p.clock.set(p.clock.now().getTime() + 2 * MINUTE);
    expect(await deliverDueGiftCards(p.ctx)).toBe(1);
    expect(await deliverDueGiftCards(p.ctx)).toBe(0);
    expect(p.sent.filter((m) => m.phone === '+639175550101')).toHaveLength(1);
    expect((await g.sent(buyer.token))[0]!.state).toBe('delivered');
  });

  it('claims a card into the wallet as gift money once; the buyer sees it claimed; gift money is spent first and comes back as gift money', async () => {
    const buyer = await p.newCustomer({ wallet: 200_000 });
    const card = await g.bought(buyer.token, { amount: 100_000 });
    const number = stripDashes(card.number);
    // the buyer cannot claim their own gift
    const own = await g.claim(buyer.token, number);
    expect([own.status, own.body.error.code, own.body.data.reason]).toEqual([409, 'GIFT_CARD_INVALID', 'own']);

    const friend = await p.newCustomer({ wallet: 30_000 });
    // typed as people type it: lower case, spaces, an O for a 0
    const typed = card.number.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o');
    const claimed = await g.claim(friend.token, typed).expect(200);
    expect(claimed.body.data).toEqual({ amount: 100_000, balance: 130_000, gift_balance: 100_000 });
    expect(await g.balance(friend.token)).toMatchObject({ balance: 130_000, gift_balance: 100_000 });
    expect((await g.entries(friend.id)).at(-1)).toMatchObject({ type: 'gift', amount: 100_000, gift_amount: 100_000 });
    const again = await g.claim(friend.token, number);
    expect([again.status, again.body.data.reason]).toEqual([409, 'claimed']);
    expect((await g.view(friend.token, number).expect(200)).body.data.card).toMatchObject({ state: 'claimed', claimed_by_you: true });
    expect((await g.sent(buyer.token))[0]).toMatchObject({ state: 'claimed', claimed_at: p.clock.now().toISOString() });
    // a claimed card is not refunded
    const late = await g.refund(buyer.token, card.id);
    expect([late.status, late.body.data.reason]).toEqual([409, 'claimed']);

    // an order paid from the wallet takes the gift money first
    const P = await products(p);
    const order = await callApi(p, ordersApi.create, {
      token: friend.token,
      body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    }).expect(201);
    const total = order.body.data.order.total as number;
    expect(await g.balance(friend.token)).toEqual({ balance: 130_000 - total, gift_balance: 100_000 - total, currency: 'PHP' });
    expect((await g.entries(friend.id)).at(-1)).toMatchObject({ type: 'order', amount: -total, gift_amount: -total });
    // cancelled, it comes back as gift money
    await callApi(p, ordersApi.status, {
      headers: { 'x-merchant-key': TEST_MERCHANT_KEY },
      body: { name: order.body.data.order.name, status: 'cancelled' },
    }).expect(200);
    expect(await g.balance(friend.token)).toMatchObject({ balance: 130_000, gift_balance: 100_000 });
    expect((await g.entries(friend.id)).at(-1)).toMatchObject({ type: 'refund', amount: total, gift_amount: total });
  });

  it('refunds an unclaimed card to its buyer (gift money as gift money); its link stops working; nobody else may refund it', async () => {
    const giver = await p.newCustomer({ wallet: 0 });
    const source = await g.bought((await p.newCustomer({ wallet: 100_000 })).token, { amount: 50_000 });
    // the buyer pays partly with gift money they were given
    await g.claim(giver.token, stripDashes(source.number)).expect(200);
    await p.db.transaction().execute(async (trx) => {
      const { postWalletEntry } = await import('../../server/provider/wallet/wallet.ledger');
      await postWalletEntry(trx, p.clock, giver.id, { type: 'adjust', amount: 30_000, reason: 'Test grant' });
    });
    const card = await g.bought(giver.token, { amount: 70_000 });
    expect(await g.balance(giver.token)).toMatchObject({ balance: 10_000, gift_balance: 0 });
    const stranger = await p.newCustomer();
    expect((await g.refund(stranger.token, card.id)).status).toBe(404);
    const res = await g.refund(giver.token, card.id).expect(200);
    expect(res.body.data).toMatchObject({ balance: 80_000, card: { state: 'refunded', refunded_at: p.clock.now().toISOString() } });
    expect(await g.balance(giver.token)).toMatchObject({ balance: 80_000, gift_balance: 50_000 });
    const twice = await g.refund(giver.token, card.id);
    expect([twice.status, twice.body.data.reason]).toEqual([409, 'refunded']);
    const claim = await g.claim(stranger.token, stripDashes(card.number));
    expect([claim.status, claim.body.data.reason]).toEqual([409, 'refunded']);
    expect((await g.balance(stranger.token)).balance).toBe(0);
  });

  it('expires a card after the months the owner set; the buyer may still have it refunded', async () => {
    await g.settings({ ...SETTINGS, expiry_months: 12 }).expect(200);
    const buyer = await p.newCustomer({ wallet: 100_000 });
    const card = await g.bought(buyer.token);
    expect(card.expires_at).toBe(new Date(Date.UTC(2027, new Date(p.clock.now()).getUTCMonth(), new Date(p.clock.now()).getUTCDate(), 2)).toISOString());
    const friend = await p.newCustomer();
    // a year and an hour on (moved in the database: sessions do not last a year)
    await p.db
      .updateTable('gift_cards')
      .set({ expires_at: new Date(p.clock.now().getTime() - HOUR) })
      .where('id', '=', card.id)
      .execute();
    const res = await g.claim(friend.token, stripDashes(card.number));
    expect([res.status, res.body.data.reason]).toEqual([409, 'expired']);
    expect((await g.view(friend.token, stripDashes(card.number)).expect(200)).body.data.card.state).toBe('expired');
    expect((await g.sent(buyer.token))[0]!.state).toBe('expired');
    await g.refund(buyer.token, card.id).expect(200);
    expect((await g.balance(buyer.token)).balance).toBe(100_000);
  });

  it('catches a typo before any look-up, and refuses every look-up after too many unknown numbers, per customer and per address', async () => {
    const buyer = await p.newCustomer({ wallet: 100_000 });
    const card = await g.bought(buyer.token);
    const real = stripDashes(card.number);
    // one character wrong: the check catches it, nothing is looked up or counted
    const typo = real.slice(0, 3) + (real[3] === 'A' ? 'B' : 'A') + real.slice(4);
    const guesser = await p.newCustomer();
    for (let i = 0; i < 8; i++) {
      const res = await g.claim(guesser.token, typo);
      expect([res.status, Object.keys(res.body.error.fields)]).toEqual([400, ['number']]);
    }
    // well-formed numbers that are no card's: 5 misses, then every look-up is refused, the real card too
    const { newCardNumber } = await import('../../server/provider/gift-cards/gift-cards.service');
    for (let i = 0; i < 5; i++) expect((await g.view(guesser.token, newCardNumber(), '203.0.113.7')).status).toBe(404);
    const blocked = await g.claim(guesser.token, real, '203.0.113.7');
    expect([blocked.status, blocked.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // per address: other accounts from the same address share its 20
    for (let n = 0; n < 3; n++) {
      const sock = await p.newCustomer();
      for (let i = 0; i < 5; i++) await g.view(sock.token, newCardNumber(), '203.0.113.7');
    }
    const fresh = await p.newCustomer();
    expect((await g.view(fresh.token, real, '203.0.113.7')).status).toBe(429);
    // from another address the same fresh customer finds it; an hour on, the guesser does too
    expect((await g.view(fresh.token, real, '198.51.100.2')).status).toBe(200);
    p.clock.advance(61 * MINUTE);
    await g.claim(guesser.token, real, '198.51.100.9').expect(200);
  });
});

describePostgres('gift cards under concurrency', () => {
  const p = useTestProvider('postgres');
  const team = ownerAndStaff(p);
  const g = giftCalls(p, team);
  beforeAll(async () => {
    p.clock.set(START.getTime());
    team.owner.token = (await newStaffSession(p.db, p.clock, team.owner.id)).token;
    await g.settings().expect(200);
  });

  it('50 simultaneous claims of one card give one wallet credit', async () => {
    const buyer = await p.newCustomer({ wallet: 100_000 });
    const card = await g.bought(buyer.token);
    const claimers = await Promise.all(Array.from({ length: 50 }, () => p.newCustomer()));
    const answers = await Promise.all(claimers.map((c, i) => g.claim(c.token, stripDashes(card.number), `192.0.2.${i + 1}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const credits = await p.db
      .selectFrom('wallet_ledger')
      .select(['customer_id', 'amount'])
      .where('ref', '=', `gift-card:${card.id}`)
      .where('type', '=', 'gift')
      .execute();
    expect(credits).toHaveLength(1);
    const winner = claimers[answers.findIndex((a) => a.status === 200)]!;
    expect(credits[0]).toEqual({ customer_id: winner.id, amount: 50_000 });
    expect(await g.balance(winner.token)).toMatchObject({ balance: 50_000, gift_balance: 50_000 });
  });

  it('a claim and a refund at once: one of them wins, the money moves once', async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await p.newCustomer({ wallet: 50_000 });
      const friend = await p.newCustomer();
      const card = await g.bought(buyer.token);
      const [claim, refund] = await Promise.all([g.claim(friend.token, stripDashes(card.number)), g.refund(buyer.token, card.id)]);
      expect([claim.status, refund.status].sort()).toEqual([200, 409]);
      const total = (await g.balance(buyer.token)).balance + (await g.balance(friend.token)).balance;
      expect(total).toBe(50_000);
    }
  });

  it('payments at once from gift money and own money keep both balances exact', async () => {
    const buyer = await p.newCustomer({ wallet: 100_000 });
    const rich = await p.newCustomer({ wallet: 500_000 });
    // 50,000 of gift money beside 100,000 of the customer's own
    await g.claim(buyer.token, stripDashes((await g.bought(rich.token)).number)).expect(200);
    const answers = await Promise.all(Array.from({ length: 12 }, () => g.buy(buyer.token, { amount: 20_000 })));
    const ok = answers.filter((a) => a.status === 201).length;
    expect(ok).toBe(7);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    const balance = await g.balance(buyer.token);
    expect(balance).toMatchObject({ balance: 150_000 - ok * 20_000, gift_balance: 0 });
    const entries = await g.entries(buyer.id);
    expect(entries.reduce((a, e) => a + Number(e.gift_amount), 0)).toBe(0);
    expect(entries.reduce((a, e) => a + Number(e.amount), 0)).toBe(balance.balance);
    // each purchase took what gift money was left first
    const paid = await p.db.selectFrom('gift_cards').select('paid_gift').where('buyer_id', '=', buyer.id).execute();
    expect(paid.map((r) => Number(r.paid_gift)).reduce((a, b) => a + b, 0)).toBe(50_000);
  });
});

describe('the gift card link', () => {
  it('is the app page of the card by its number', () => {
    expect(to.giftCard('ABCD')).toBe('/gift/ABCD');
  });
});
