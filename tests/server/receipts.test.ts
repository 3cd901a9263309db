/**
 * Receipts (issue 51), the provider's side: completing an order queues one receipt per channel the
 * customer chose (none for `none`; by default e-mail once the address is verified), however many times
 * the completion is tried or raced; the job runner sends them once (HTML and plain text, items and total;
 * a text with the link); the link's signed token opens that receipt without signing in, with no phone or
 * e-mail on it, while a forged token, or another order's altered to name this one, is 404; the choice is
 * the customer's own, checked, and in the privacy export. A paid wallet top-up and a gift card bought
 * (from the wallet, or paid at the gateway) queue theirs the same way, once however often the payment is
 * reported: the amount, how it was paid, the new balance or the card's number masked (never the whole
 * number, the recipient's secret); their tokens name their kind, so one never opens another's receipt.
 */
import { expect, it } from 'vitest';
import { ordersApi } from '#contract/orders.calls';
import { privacyApi } from '#contract/privacy.calls';
import { receiptsApi } from '#contract/receipts.calls';
import type { MessageSender } from '../../server/provider/auth/sender';
import { purchaseToken, queuePurchaseReceipts, queueReceipts, receiptToken } from '../../server/provider/receipts/receipts.service';
import { sendDueReceipts } from '../../server/provider/receipts/receipts.send';
import { newIp } from './auth.helpers';
import { recordingMailer } from './mailer.helpers';
import { completeOrder, key, makeVoucher, postWebhook, products, signature, unix, webhookEvent } from './orders.helpers';
import { GIFT_PURCHASE, GIFT_SETTINGS } from './gift-cards.helpers';
import { ownerAndStaff } from './merchant.helpers';
import { giftCardsApi, giftCardsConsoleApi } from '#contract/gift-cards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { walletApi } from '#contract/wallet.calls';
import { describeEachDb, describePostgres, TEST_MERCHANT_KEY, TEST_PUBLIC_URL, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

/** A pickup order of two lattes and a croissant paid from the wallet, with a voucher when given. Answers its name and id. */
async function anOrder(p: TestProvider, token: string, voucherId?: number): Promise<{ name: string; id: number }> {
  const { latte, croissant } = await products(p);
  const res = await callApi(p, ordersApi.create, {
    token,
    body: {
      items: [
        { product_id: latte.id, qty: 2 },
        { product_id: croissant.id, qty: 1 },
      ],
      fulfilment: 'pickup',
      payment_method: 'wallet',
      idempotency_key: key(),
      ...(voucherId ? { voucher_id: voucherId } : {}),
    },
  });
  expect(res.status, res.text).toBe(201);
  const name = res.body.data.order.name as string;
  const row = await p.db.selectFrom('orders').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return { name, id: row.id };
}

/** A customer with a verified e-mail address (and a phone). */
async function verifiedCustomer(p: TestProvider, name = 'Ana Reyes') {
  const c = await p.newCustomer({ wallet: 500_000, name });
  const email = `ana-${key()}@example.com`.toLowerCase();
  await p.db.updateTable('customers').set({ email, email_verified_at: p.clock.now() }).where('id', '=', c.id).execute();
  const { phone } = await p.db.selectFrom('customers').select('phone').where('id', '=', c.id).executeTakeFirstOrThrow();
  return { ...c, email, phone: phone! };
}

function recordingSender(): MessageSender & { texts: { phone: string; body: string }[] } {
  const texts: { phone: string; body: string }[] = [];
  return { texts, channel: { kind: 'outbox' }, send: async (phone, body) => void texts.push({ phone, body }) };
}

/** Runs `fn` with the provider's mail and text services recording what they send, then puts them back. */
async function withRecorders(
  p: TestProvider,
  fn: (r: { mailer: ReturnType<typeof recordingMailer>; sender: ReturnType<typeof recordingSender> }) => Promise<void>,
) {
  const before = { mailer: p.ctx.mailer, sender: p.ctx.sender };
  const r = { mailer: recordingMailer(), sender: recordingSender() };
  p.ctx.mailer = r.mailer;
  p.ctx.sender = r.sender;
  try {
    await fn(r);
  } finally {
    p.ctx.mailer = before.mailer;
    p.ctx.sender = before.sender;
  }
}

const sendsOf = (p: TestProvider, orderId: number) =>
  p.db.selectFrom('receipt_sends').select(['channel', 'sent_at']).where('order_id', '=', orderId).orderBy('channel').execute();

const tokenIn = (text: string) => /\/receipt\/([^\s"<]+)/.exec(text)?.[1];

const purchaseSends = (p: TestProvider, by: { payment_id: string } | { gift_card_id: number }) =>
  p.db
    .selectFrom('receipt_sends')
    .select(['channel', 'sent_at'])
    .where((eb) => ('payment_id' in by ? eb('payment_id', '=', by.payment_id) : eb('gift_card_id', '=', by.gift_card_id)))
    .orderBy('channel')
    .execute();

/** A top-up of `amount` started by the customer (pending until the gateway says). Answers its payment's id. */
async function startTopup(p: TestProvider, token: string, amount = 50_000): Promise<string> {
  const res = await callApi(p, walletApi.topup, { token, body: { amount, idempotency_key: key() } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.topup_id as string;
}

/** The gateway's signed word on a payment (a fresh event id each time, as a gateway sending again would not). */
const settle = (p: TestProvider, paymentId: string, amount: number, type: 'payment.succeeded' | 'payment.failed' = 'payment.succeeded') => {
  const raw = webhookEvent(paymentId, amount, type, unix(p));
  return postWebhook(p, raw, signature(raw, unix(p)));
};

describeEachDb('receipts', (kind) => {
  const p = useTestProvider(kind);

  it('a completed order sends its receipt once by e-mail: HTML and text, itemised, with a link that opens it signed out', async () => {
    await withRecorders(p, async ({ mailer }) => {
      const ana = await verifiedCustomer(p);
      expect((await callApi(p, receiptsApi.settings, { token: ana.token }).expect(200)).body.data).toEqual({
        receipts: 'email',
        chosen: false,
        email: true,
        sms: true,
      });
      const voucher = await makeVoucher(p, ana.id, { discount: 5000 });
      const { name, id } = await anOrder(p, ana.token, voucher);
      expect(await sendsOf(p, id)).toEqual([]);
      await completeOrder(p, name);
      // queued in the completion's transaction; a second queueing (a completion tried again) adds nothing
      await p.db.transaction().execute((trx) => queueReceipts(trx, p.ctx, { id, customer_id: ana.id }));
      expect(await sendsOf(p, id)).toEqual([{ channel: 'email', sent_at: null }]);
      expect(mailer.mails.filter((m) => m.to === ana.email)).toHaveLength(0);

      await sendDueReceipts(p.ctx);
      await sendDueReceipts(p.ctx);
      const mails = mailer.mails.filter((m) => m.to === ana.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe(`Your receipt from Kopi Senja: order ${name}`);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      for (const part of [mail.html!, mail.text]) {
        expect(part).toContain('Spanish latte');
        expect(part).toContain('Butter croissant');
        expect(part).toContain('Test discount');
        expect(part).toContain('Total');
        expect(part).toContain('Wallet');
      }
      const order = (await callApi(p, ordersApi.detail, { token: ana.token, query: { name } }).expect(200)).body.data.order;
      const total = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' }).format(order.total / 100);
      expect(mail.text).toContain(total);
      expect((await sendsOf(p, id))[0]!.sent_at).not.toBeNull();

      // the link: the shop's public address, a token that opens this receipt without a session
      expect(mail.text).toContain(`${TEST_PUBLIC_URL}/receipt/`);
      const token = decodeURIComponent(tokenIn(mail.text)!);
      expect(tokenIn(mail.html!)).toBeDefined();
      const res = await callApi(p, receiptsApi.view, { query: { token } });
      expect(res.status, res.text).toBe(200);
      const receipt = res.body.data.receipt;
      expect(receipt.order).toMatchObject({ name, total: order.total, discount: order.discount, payment_method: 'wallet', tip: null });
      expect(receipt.order.discount_label).toMatch(/^Test discount/);
      expect(receipt.order.lines.map((l: { name: string; qty: number }) => [l.name, l.qty])).toEqual([
        ['Spanish latte', 2],
        ['Butter croissant', 1],
      ]);
      expect(receipt.shop.name).toBe('Kopi Senja');
      // nothing of the customer: no phone, no e-mail, no name
      expect(res.text).not.toContain(ana.phone);
      expect(res.text).not.toContain(ana.email);
      expect(res.text).not.toContain('Ana');
    });
  });

  it("a forged token, or another order's token altered to name this one, is 404 and says nothing more", async () => {
    const ana = await verifiedCustomer(p);
    const a = await anOrder(p, ana.token);
    const b = await anOrder(p, ana.token);
    await completeOrder(p, a.name);
    await completeOrder(p, b.name);
    const good = receiptToken(p.ctx.secret, a);
    expect((await callApi(p, receiptsApi.view, { query: { token: good } })).status).toBe(200);
    const other = receiptToken(p.ctx.secret, b);
    const mac = good.split('.')[2]!;
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [
      other.replace(b.name, a.name), // b's mac, a's number
      good.replace(a.name, b.name), // a's mac, b's number
      `r1.${a.name}.${flipped}`,
      `r1.${a.name}.${'A'.repeat(32)}`,
      `r2.${a.name}.${mac}`,
      `${a.name}`,
      'r1.KS-NOSUCH1.' + mac,
      'x',
    ]) {
      const res = await callApi(p, receiptsApi.view, { query: { token } });
      expect([res.status, res.body.error?.code], token).toEqual([404, 'NOT_FOUND']);
      expect(res.body.error.fields ?? {}, token).toEqual({});
    }
    // an order not completed has no receipt, even with its right token
    const open = await anOrder(p, ana.token);
    expect((await callApi(p, receiptsApi.view, { query: { token: receiptToken(p.ctx.secret, open) } })).status).toBe(404);
  });

  it('wrong tokens count against the address like the other open look-ups: past the allowance, 429, even for a right one', async () => {
    const ana = await verifiedCustomer(p);
    const a = await anOrder(p, ana.token);
    await completeOrder(p, a.name);
    const ip = newIp();
    const good = receiptToken(p.ctx.secret, a);
    // a right token costs nothing
    expect((await callApi(p, receiptsApi.view, { query: { token: good }, ip })).status).toBe(200);
    for (let i = 0; i < 20; i++)
      expect((await callApi(p, receiptsApi.view, { query: { token: `r1.${a.name}.${String(i).padStart(32, 'A')}` }, ip })).status).toBe(404);
    const refused = await callApi(p, receiptsApi.view, { query: { token: good }, ip });
    expect([refused.status, refused.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    // another address is not held back
    expect((await callApi(p, receiptsApi.view, { query: { token: good }, ip: newIp() })).status).toBe(200);
  });

  it('the choice is respected: none sends nothing, text and both send by text, no verified e-mail means none by default', async () => {
    await withRecorders(p, async ({ mailer, sender }) => {
      const ana = await verifiedCustomer(p);
      const choose = (receipts: string) => callApi(p, receiptsApi.choose, { token: ana.token, body: { receipts } });
      expect((await choose('none')).body.data).toEqual({ receipts: 'none', chosen: true, email: true, sms: true });
      const none = await anOrder(p, ana.token);
      await completeOrder(p, none.name);
      expect(await sendsOf(p, none.id)).toEqual([]);

      expect((await choose('both')).status).toBe(200);
      const both = await anOrder(p, ana.token);
      await completeOrder(p, both.name);
      expect((await sendsOf(p, both.id)).map((s) => s.channel)).toEqual(['email', 'sms']);
      await sendDueReceipts(p.ctx);
      expect(mailer.mails.filter((m) => m.to === ana.email)).toHaveLength(1);
      const texts = sender.texts.filter((t) => t.phone === ana.phone);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain(`Order ${both.name}`);
      const token = decodeURIComponent(tokenIn(texts[0]!.body)!);
      expect((await callApi(p, receiptsApi.view, { query: { token } })).status).toBe(200);

      // never chosen and no verified e-mail: none
      const ben = await p.newCustomer({ wallet: 500_000 });
      expect((await callApi(p, receiptsApi.settings, { token: ben.token }).expect(200)).body.data).toEqual({
        receipts: 'none',
        chosen: false,
        email: false,
        sms: true,
      });
      const plain = await anOrder(p, ben.token);
      await completeOrder(p, plain.name);
      expect(await sendsOf(p, plain.id)).toEqual([]);
      // e-mail cannot be chosen without a verified address
      const refused = await callApi(p, receiptsApi.choose, { token: ben.token, body: { receipts: 'email' } });
      expect([refused.status, Object.keys(refused.body.error.fields)]).toEqual([400, ['receipts']]);
      expect((await callApi(p, receiptsApi.choose, { token: ben.token, body: { receipts: 'sms' } })).status).toBe(200);
    });
  });

  it("the choice is the customer's own: refused without a session, bad input named, in the privacy export", async () => {
    expect((await callApi(p, receiptsApi.settings, {})).status).toBe(401);
    expect((await callApi(p, receiptsApi.choose, { body: { receipts: 'none' } })).status).toBe(401);
    const ana = await verifiedCustomer(p);
    for (const body of [{}, { receipts: 'fax' }, { receipts: 1 }, { receipts: null }]) {
      const res = await callApi(p, receiptsApi.choose, { token: ana.token, body });
      expect([res.status, Object.keys(res.body.error.fields)], JSON.stringify(body)).toEqual([400, ['receipts']]);
    }
    for (const query of [{}, { token: '' }, { token: 'x'.repeat(121) }] as Record<string, string>[]) {
      const res = await callApi(p, receiptsApi.view, { query });
      expect([res.status, Object.keys(res.body.error.fields)], JSON.stringify(query)).toEqual([400, ['token']]);
    }
    expect((await callApi(p, privacyApi.dataExport, { token: ana.token }).expect(200)).body.data.profile.receipts).toBeNull();
    await callApi(p, receiptsApi.choose, { token: ana.token, body: { receipts: 'sms' } }).expect(200);
    expect((await callApi(p, privacyApi.dataExport, { token: ana.token }).expect(200)).body.data.profile.receipts).toBe('sms');
  });
});

describePostgres('receipts under concurrency', () => {
  const p = useTestProvider('postgres');

  it('ten completions of one order at once: one completes, one receipt per channel queued, each sent once by two runs at once', async () => {
    await withRecorders(p, async ({ mailer, sender }) => {
      const ana = await verifiedCustomer(p);
      await callApi(p, receiptsApi.choose, { token: ana.token, body: { receipts: 'both' } }).expect(200);
      const { name, id } = await anOrder(p, ana.token);
      const move = (status: string) => callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name, status } });
      for (const status of ['preparing', 'ready']) expect((await move(status)).status).toBe(200);
      const moves = await Promise.all(Array.from({ length: 10 }, () => move('completed')));
      expect(moves.filter((m) => m.status === 200)).toHaveLength(1);
      // and the hook itself, ten times at once, as a completion retried would
      await Promise.all(Array.from({ length: 10 }, () => p.db.transaction().execute((trx) => queueReceipts(trx, p.ctx, { id, customer_id: ana.id }))));
      expect((await sendsOf(p, id)).map((s) => s.channel)).toEqual(['email', 'sms']);
      await Promise.all([sendDueReceipts(p.ctx), sendDueReceipts(p.ctx), sendDueReceipts(p.ctx)]);
      expect(mailer.mails.filter((m) => m.to === ana.email)).toHaveLength(1);
      expect(sender.texts.filter((t) => t.phone === ana.phone)).toHaveLength(1);
    });
  });
});

describeEachDb('receipts of top-ups and gift cards', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const giftsOn = async () => {
    await callApi(p, giftCardsConsoleApi.update, { token: team.owner.token, body: GIFT_SETTINGS }).expect(200);
    await callApi(p, shopSettingsApi.update, { token: team.owner.token, body: { tax_number: 'TIN 123-456-789-000' } }).expect(200);
  };
  const buyGift = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await callApi(p, giftCardsApi.buy, { token, body: { ...GIFT_PURCHASE, idempotency_key: key(), ...extra } });
    expect(res.status, res.text).toBe(201);
    return res.body.data.card as { id: number; number: string };
  };

  it('a paid top-up sends its receipt once by e-mail and text: the amount, the card, the new balance; its link opens it signed out', async () => {
    await giftsOn();
    await withRecorders(p, async ({ mailer, sender }) => {
      const ana = await verifiedCustomer(p);
      await callApi(p, receiptsApi.choose, { token: ana.token, body: { receipts: 'both' } }).expect(200);
      const topup = await startTopup(p, ana.token, 50_000);
      // not paid yet: nothing queued
      expect(await purchaseSends(p, { payment_id: topup })).toEqual([]);
      await settle(p, topup, 50_000).expect(200);
      // the gateway reporting it again changes nothing
      await settle(p, topup, 50_000).expect(200);
      expect(await purchaseSends(p, { payment_id: topup })).toEqual([
        { channel: 'email', sent_at: null },
        { channel: 'sms', sent_at: null },
      ]);
      expect(await sendDueReceipts(p.ctx)).toBe(2);
      expect(await sendDueReceipts(p.ctx)).toBe(0);
      const mails = mailer.mails.filter((m) => m.to === ana.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Your receipt from Kopi Senja: Wallet top-up');
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      // the wallet had 500,000 centavos before it
      for (const part of [mail.html!, mail.text]) {
        expect(part).toContain('Wallet top-up');
        expect(part).toContain('₱500.00');
        expect(part).toContain('Card (online payment)');
        expect(part).toContain('Your wallet balance is now ₱5,500.00.');
        expect(part).toContain('Tax number: TIN 123-456-789-000');
      }
      const texts = sender.texts.filter((t) => t.phone === ana.phone);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain('Kopi Senja: thank you! Wallet top-up, ₱500.00. Your wallet balance is ₱5,500.00. Your receipt: ');

      const token = decodeURIComponent(tokenIn(mail.text)!);
      expect(token).toBe(purchaseToken(p.ctx.secret, { kind: 'topup', id: topup }));
      expect(decodeURIComponent(tokenIn(texts[0]!.body)!)).toBe(token);
      const res = await callApi(p, receiptsApi.view, { query: { token } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.kind).toBe('purchase');
      expect(res.body.data.purchase.purchase).toEqual({
        kind: 'topup',
        reference: `TU-${topup.slice(0, 8).toUpperCase()}`,
        paid_at: p.clock.now().toISOString(),
        amount: 50_000,
        payment_method: 'gateway',
        balance: 550_000,
        card_last4: null,
      });
      expect(res.body.data.purchase.shop).toMatchObject({ name: 'Kopi Senja', tax_number: 'TIN 123-456-789-000' });
      expect(res.text).not.toContain(ana.phone);
      expect(res.text).not.toContain(ana.email);
      expect(res.text).not.toContain('Ana');
    });
  });

  it('a declined top-up, or a customer who chose none, gets no receipt; none for a gift card either', async () => {
    await giftsOn();
    const ana = await verifiedCustomer(p);
    const declined = await startTopup(p, ana.token);
    await settle(p, declined, 50_000, 'payment.failed').expect(200);
    expect(await purchaseSends(p, { payment_id: declined })).toEqual([]);
    // its token, right as it is, opens nothing: the top-up was never paid
    expect((await callApi(p, receiptsApi.view, { query: { token: purchaseToken(p.ctx.secret, { kind: 'topup', id: declined }) } })).status).toBe(404);

    await callApi(p, receiptsApi.choose, { token: ana.token, body: { receipts: 'none' } }).expect(200);
    const paid = await startTopup(p, ana.token);
    await settle(p, paid, 50_000).expect(200);
    expect(await purchaseSends(p, { payment_id: paid })).toEqual([]);
    const card = await buyGift(ana.token);
    expect(await purchaseSends(p, { gift_card_id: card.id })).toEqual([]);
  });

  it("a gift card bought from the wallet sends its receipt with the card's number masked, never the whole number", async () => {
    await giftsOn();
    await withRecorders(p, async ({ mailer, sender }) => {
      const ana = await verifiedCustomer(p);
      await callApi(p, receiptsApi.choose, { token: ana.token, body: { receipts: 'both' } }).expect(200);
      const card = await buyGift(ana.token);
      const number = (await p.db.selectFrom('gift_cards').select('number').where('id', '=', card.id).executeTakeFirstOrThrow()).number;
      const last4 = number.slice(-4);
      expect(await purchaseSends(p, { gift_card_id: card.id })).toEqual([
        { channel: 'email', sent_at: null },
        { channel: 'sms', sent_at: null },
      ]);
      expect(await sendDueReceipts(p.ctx)).toBe(2);
      const mail = mailer.mails.find((m) => m.to === ana.email)!;
      expect(mail.subject).toBe(`Your receipt from Kopi Senja: Gift card …${last4}`);
      const text = sender.texts.find((t) => t.phone === ana.phone)!.body;
      expect(text).toContain(`Kopi Senja: thank you! Gift card …${last4}, ₱500.00. Your receipt: `);
      const token = decodeURIComponent(tokenIn(mail.text)!);
      const res = await callApi(p, receiptsApi.view, { query: { token } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.purchase.purchase).toMatchObject({
        kind: 'gift_card',
        reference: `GC-${card.id}`,
        amount: 50_000,
        payment_method: 'wallet',
        balance: null,
        card_last4: last4,
      });
      for (const part of [mail.html!, mail.text, text, res.text]) {
        expect(part).toContain(last4);
        // the whole number in none of its spellings: the recipient's secret
        for (const spelt of [number, number.replace(/-/g, ''), number.replace(/-/g, '').slice(0, 8)]) expect(part).not.toContain(spelt);
        // nor the recipient's name or phone
        expect(part).not.toContain('Ben');
        expect(part).not.toContain('555 0101');
      }
    });
  });

  it('a gift card paid at the gateway gets its receipt once paid, never while waiting or when declined', async () => {
    await giftsOn();
    const ana = await verifiedCustomer(p);
    const paidCard = await buyGift(ana.token, { payment_method: 'gateway' });
    const declinedCard = await buyGift(ana.token, { payment_method: 'gateway' });
    const paymentOf = async (id: number) => (await p.db.selectFrom('payments').select('id').where('gift_card_id', '=', id).executeTakeFirstOrThrow()).id;
    expect(await purchaseSends(p, { gift_card_id: paidCard.id })).toEqual([]);
    // waiting: its right token opens nothing yet
    const token = purchaseToken(p.ctx.secret, { kind: 'gift_card', id: paidCard.id });
    expect((await callApi(p, receiptsApi.view, { query: { token } })).status).toBe(404);
    await settle(p, await paymentOf(paidCard.id), 50_000).expect(200);
    await settle(p, await paymentOf(declinedCard.id), 50_000, 'payment.failed').expect(200);
    expect(await purchaseSends(p, { gift_card_id: paidCard.id })).toEqual([{ channel: 'email', sent_at: null }]);
    expect(await purchaseSends(p, { gift_card_id: declinedCard.id })).toEqual([]);
    const res = await callApi(p, receiptsApi.view, { query: { token } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.purchase.purchase).toMatchObject({ kind: 'gift_card', payment_method: 'gateway', paid_at: p.clock.now().toISOString() });
  });

  it("a top-up's token never opens an order's receipt nor another top-up's, and an order's never opens a top-up's", async () => {
    await giftsOn();
    const ana = await verifiedCustomer(p);
    const order = await anOrder(p, ana.token);
    await completeOrder(p, order.name);
    const [t1, t2] = [await startTopup(p, ana.token), await startTopup(p, ana.token)];
    await settle(p, t1, 50_000).expect(200);
    await settle(p, t2, 50_000).expect(200);
    const card = await buyGift(ana.token);
    const orderToken = receiptToken(p.ctx.secret, order);
    const t1Token = purchaseToken(p.ctx.secret, { kind: 'topup', id: t1 });
    const cardToken = purchaseToken(p.ctx.secret, { kind: 'gift_card', id: card.id });
    for (const token of [orderToken, t1Token, purchaseToken(p.ctx.secret, { kind: 'topup', id: t2 }), cardToken])
      expect((await callApi(p, receiptsApi.view, { query: { token } })).status, token).toBe(200);
    const macOf = (token: string) => token.split('.').at(-1)!;
    // a gift card's own payment is not a top-up, even with a right mac for it
    const giftPayment = (await buyGift(ana.token, { payment_method: 'gateway' })).id;
    const giftPaymentId = (await p.db.selectFrom('payments').select('id').where('gift_card_id', '=', giftPayment).executeTakeFirstOrThrow()).id;
    await settle(p, giftPaymentId, 50_000).expect(200);
    for (const token of [
      `r1.${order.name}.${macOf(t1Token)}`, // a top-up's mac, an order's number
      `r1.t.${t1}.${macOf(orderToken)}`, // an order's mac, a top-up
      `r1.t.${t2}.${macOf(t1Token)}`, // one top-up's mac, another top-up
      `r1.g.${card.id}.${macOf(t1Token)}`, // a top-up's mac, a gift card
      `r1.t.${t1}.${macOf(cardToken)}`, // a gift card's mac, a top-up
      `r1.g.${order.id}.${macOf(orderToken)}`, // an order's mac, its id as a card's
      // the kind is inside the mac: a mac made for a top-up named like this card does not open the card
      purchaseToken(p.ctx.secret, { kind: 'topup', id: String(card.id) }).replace('r1.t.', 'r1.g.'),
      `r2.t.${t1}.${macOf(t1Token)}`,
      `r1.T.${t1}.${macOf(t1Token)}`,
      `r1.t.${t1.toUpperCase()}.${macOf(t1Token)}`,
      `r1.g.99999999999.${macOf(cardToken)}`,
      purchaseToken(p.ctx.secret, { kind: 'topup', id: giftPaymentId }),
      purchaseToken(p.ctx.secret, { kind: 'gift_card', id: 2_000_000_000 }),
    ]) {
      const res = await callApi(p, receiptsApi.view, { query: { token } });
      expect([res.status, res.body.error?.code], token).toEqual([404, 'NOT_FOUND']);
    }
  });
});

describePostgres('receipts of top-ups and gift cards under concurrency', () => {
  const p = useTestProvider('postgres');

  it("a top-up's payment reported 20 times at once: credited once, one receipt per channel, each sent once by three runs at once", async () => {
    await withRecorders(p, async ({ mailer, sender }) => {
      const ana = await verifiedCustomer(p);
      await callApi(p, receiptsApi.choose, { token: ana.token, body: { receipts: 'both' } }).expect(200);
      const topup = await startTopup(p, ana.token, 50_000);
      const results = await Promise.all(Array.from({ length: 20 }, () => settle(p, topup, 50_000)));
      expect(results.filter((r) => r.body.data?.applied === true)).toHaveLength(1);
      // and the hook itself, twenty times at once, as a settlement retried would
      await Promise.all(
        Array.from({ length: 20 }, () => p.db.transaction().execute((trx) => queuePurchaseReceipts(trx, p.ctx, { kind: 'topup', id: topup }, ana.id))),
      );
      expect((await purchaseSends(p, { payment_id: topup })).map((s) => s.channel)).toEqual(['email', 'sms']);
      const { balance } = (await callApi(p, walletApi.balance, { token: ana.token }).expect(200)).body.data;
      expect(balance).toBe(550_000);
      await Promise.all([sendDueReceipts(p.ctx), sendDueReceipts(p.ctx), sendDueReceipts(p.ctx)]);
      expect(mailer.mails.filter((m) => m.to === ana.email)).toHaveLength(1);
      expect(sender.texts.filter((t) => t.phone === ana.phone)).toHaveLength(1);
    });
  });
});
