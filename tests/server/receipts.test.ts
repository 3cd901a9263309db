/**
 * Receipts (issue 51), the provider's side: completing an order queues one receipt per channel the
 * customer chose (none for `none`; by default e-mail once the address is verified), however many times
 * the completion is tried or raced; the job runner sends them once (HTML and plain text, items and total;
 * a text with the link); the link's signed token opens that receipt without signing in, with no phone or
 * e-mail on it, while a forged token, or another order's altered to name this one, is 404; the choice is
 * the customer's own, checked, and in the privacy export.
 */
import { expect, it } from 'vitest';
import { ordersApi } from '#contract/orders.calls';
import { privacyApi } from '#contract/privacy.calls';
import { receiptsApi } from '#contract/receipts.calls';
import type { MessageSender } from '../../server/provider/auth/sender';
import { queueReceipts, receiptToken } from '../../server/provider/receipts/receipts.service';
import { sendDueReceipts } from '../../server/provider/receipts/receipts.send';
import { newIp } from './auth.helpers';
import { recordingMailer } from './mailer.helpers';
import { completeOrder, key, makeVoucher, products } from './orders.helpers';
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
