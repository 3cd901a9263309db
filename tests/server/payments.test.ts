import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestProvider, TEST_MERCHANT_KEY, type TestProvider } from './support/provider';
import { key, ledgers, makeVoucher, postWebhook, products, signature, unix, webhookEvent } from './orders.helpers';
import { ordersApi } from '#contract/orders.calls';
import { walletApi } from '#contract/wallet.calls';
import { callApi, gatewayUrl, rawCall, undeclared } from '../support/calls';
import { paymentsApi } from '#contract/payments.calls';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describeDb('payments', (kind) => {
  const p = useTestProvider(kind);
  let P: Awaited<ReturnType<typeof products>>;
  beforeAll(async () => {
    P = await products(p);
  });

  async function topup(amount = 50000, returnTo?: 'profile' | 'order') {
    const c = await p.newCustomer();
    const res = await callApi(p, walletApi.topup, {
      token: c.token,
      body: { amount, idempotency_key: key(), ...(returnTo ? { return_to: returnTo } : {}) },
    }).expect(201);
    return { c, id: res.body.data.topup_id as string, url: res.body.data.payment_url as string };
  }

  async function gatewayOrder(o: { voucher?: boolean } = {}) {
    const c = await p.newCustomer();
    const voucher = o.voucher ? await makeVoucher(p, c.id, { discount: 5000 }) : undefined;
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: P.latte.id, qty: 2 }], fulfilment: 'pickup', voucher_id: voucher, payment_method: 'gateway', idempotency_key: key() },
    }).expect(201);
    const paymentId = (res.body.data.payment_url as string).split('/').pop()!;
    return { c, voucher, order: res.body.data.order, url: res.body.data.payment_url as string, paymentId };
  }

  // the page and its complete call answer only the customer who started the payment
  const page = (id: string, token: string) => rawCall(p, 'get', `payment/sandbox/${id}`, { token });
  const complete = (id: string, outcome: string, token: string) => callApi(p, paymentsApi.sandboxComplete, { params: { id: id }, token, body: { outcome } });

  describe('the hosted sandbox page', () => {
    it("serves a pending payment's page with its CSP, the merchant, the amount, and real Pay and Decline buttons", async () => {
      const { c, id } = await topup(123450);
      const res = await page(id, c.token).expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(CSP);
      expect(res.headers['cache-control']).toBe('no-store');
      const html = res.text;
      expect(html).toMatch(/^<!doctype html>\n<html lang="en-PH">/);
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).toMatch(/<title>Pay ₱1,234\.50 to Kopi Senja - Sandbox payment<\/title>/);
      expect(html).toContain('<h1 id="heading">Pay Kopi Senja</h1>');
      expect(html).toContain('₱1,234.50');
      expect(html).toContain('Wallet top-up');
      expect(html).toContain('<button type="button" class="pay" data-outcome="pay">Pay</button>');
      expect(html).toContain('<button type="button" class="decline" data-outcome="decline">Decline</button>');
      expect(html).toContain('<script src="/api/payment/sandbox.js" defer></script>');
      expect(html).toContain('<link rel="stylesheet" href="/api/payment/sandbox.css">');
      expect(html).toContain(`data-complete-url="${gatewayUrl('', paymentsApi.sandboxComplete, { id })}"`);
      expect(html).toContain('role="status"');
      // nothing inline: no script body, no style attribute, no event handler attribute
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/\sstyle=|<style|\son[a-z]+=/i);
    });

    it('names the order a payment is for', async () => {
      const { c, order, paymentId } = await gatewayOrder();
      const res = await page(paymentId, c.token).expect(200);
      expect(res.text).toContain(`Order ${order.name}`);
      expect(res.text).toContain('₱330.00');
    });

    it('serves its script and stylesheet as separate files', async () => {
      const js = await rawCall(p, 'get', 'payment/sandbox.js').expect(200);
      expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(js.text).toContain("'content-type': 'application/json'");
      expect(js.text).toContain('JSON.stringify({ outcome: outcome })');
      expect(js.text).toContain('window.location.assign(to)');
      const css = await rawCall(p, 'get', 'payment/sandbox.css').expect(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.text).toContain(':focus-visible');
      expect(css.text).toContain('@media');
    });

    it('says a settled payment is settled, with no buttons, and 404 for an unknown or malformed id', async () => {
      const { c, id } = await topup();
      await complete(id, 'pay', c.token).expect(200);
      const settled = await page(id, c.token).expect(200);
      expect(settled.headers['content-security-policy']).toBe(CSP);
      expect(settled.text).toContain('Payment already settled');
      expect(settled.text).not.toContain('<button');
      expect(settled.text).toContain(`href="/top-up-success?topup_id=${id}"`);
      for (const bad of [randomUUID(), 'not-a-uuid']) {
        const res = await page(bad, c.token).expect(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.text).toContain('Payment not found');
      }
    });

    it('refuses a bad outcome (400) and an unknown payment (404)', async () => {
      const { c, id } = await topup();
      const bad = await complete(id, 'maybe', c.token).expect(400);
      expect(bad.body.error.fields).toHaveProperty('outcome');
      expect((await callApi(p, paymentsApi.sandboxComplete, { params: { id: id }, token: c.token, body: {} }).expect(400)).body.error.fields).toEqual({
        outcome: 'is required',
      });
      expect((await complete(randomUUID(), 'pay', c.token).expect(404)).body.error.code).toBe('NOT_FOUND');
      expect((await complete('x', 'pay', c.token).expect(404)).body.error.code).toBe('NOT_FOUND');
    });
  });

  describe('top-up round trip through the page', () => {
    it('Pay credits the wallet once, notifies, and sends the customer to /top-up-success', async () => {
      const { c, id } = await topup(50000);
      const res = await complete(id, 'pay', c.token).expect(200);
      expect(res.body.data).toEqual({ status: 'paid', redirect: `/top-up-success?topup_id=${id}` });
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 50000, walletSum: 50000, walletEntries: 1 });
      const entry = await p.db.selectFrom('wallet_ledger').selectAll().where('customer_id', '=', c.id).executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ type: 'topup', amount: 50000, ref: `topup:${id}` });
      const status = await callApi(p, walletApi.topupStatus, { token: c.token, query: { topup_id: id } }).expect(200);
      expect(status.body.data).toMatchObject({ topup: { status: 'paid', amount: 50000 }, balance: 50000 });
      const notes = await p.db.selectFrom('notifications').selectAll().where('customer_id', '=', c.id).execute();
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ type: 'topup', title: 'Top-up successful' });
      // the event went through the webhook path: recorded once
      expect(await p.db.selectFrom('webhook_events').select('type').where('payment_id', '=', id).execute()).toEqual([{ type: 'payment.succeeded' }]);
      // a second click (either button) changes nothing and answers the same place
      expect((await complete(id, 'decline', c.token).expect(200)).body.data).toEqual({ status: 'paid', redirect: `/top-up-success?topup_id=${id}` });
      expect((await ledgers(p, c.id)).walletEntries).toBe(1);
    });

    it('returns to /top-up-success/order when the top-up was started from an order', async () => {
      const { c, id } = await topup(20000, 'order');
      expect((await complete(id, 'pay', c.token).expect(200)).body.data.redirect).toBe(`/top-up-success/order?topup_id=${id}`);
    });

    it('Decline marks it failed, credits nothing, notifies, and sends the customer to /top-up-fail', async () => {
      const { c, id } = await topup(30000);
      const res = await complete(id, 'decline', c.token).expect(200);
      expect(res.body.data).toEqual({ status: 'failed', redirect: `/top-up-fail?topup_id=${id}` });
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 0, walletEntries: 0 });
      const status = await callApi(p, walletApi.topupStatus, { token: c.token, query: { topup_id: id } }).expect(200);
      expect(status.body.data.topup.status).toBe('failed');
      const notes = await p.db.selectFrom('notifications').selectAll().where('customer_id', '=', c.id).execute();
      expect(notes.map((n) => n.title)).toEqual(['Top-up failed']);
    });
  });

  describe('orders paid by gateway', () => {
    it('creates the order pending payment with the voucher reserved and a payment URL', async () => {
      const { c, order, url, voucher, paymentId } = await gatewayOrder({ voucher: true });
      expect(order).toMatchObject({ status: 'pending_payment', payment_method: 'gateway', total: 28000, points_earned: 0 });
      expect(order.timeline.map((t: { status: string }) => t.status)).toEqual(['pending_payment']);
      // the hosted page, not a declared call
      expect(url).toBe(`/api/${undeclared(`payment/sandbox/${paymentId}`)}`);
      expect(await p.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow()).toMatchObject({
        kind: 'order',
        amount: 28000,
        status: 'pending',
        customer_id: c.id,
      });
      expect((await p.db.selectFrom('vouchers').select('status').where('id', '=', voucher!).executeTakeFirstOrThrow()).status).toBe('used');
      expect((await ledgers(p, c.id)).points).toBe(0);
    });

    it('Pay makes it paid, records its points on their way and notifies, then sends the customer to /payment-success', async () => {
      const { c, order, paymentId } = await gatewayOrder({ voucher: true });
      const res = await complete(paymentId, 'pay', c.token).expect(200);
      expect(res.body.data).toEqual({ status: 'paid', redirect: `/payment-success?order=${order.name}` });
      const d = await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.name } }).expect(200);
      expect(d.body.data.order).toMatchObject({ status: 'paid', points_earned: 28 });
      expect(d.body.data.order.timeline.map((t: { status: string }) => t.status)).toEqual(['pending_payment', 'paid']);
      // the points wait for the order to be completed
      expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0, wallet: 0, walletEntries: 0 });
      expect(await p.db.selectFrom('points_pending').select(['points', 'status']).where('ref', '=', `order:${order.name}`).execute()).toEqual([
        { points: 28, status: 'pending' },
      ]);
      const notes = await p.db.selectFrom('notifications').select(['type', 'title']).where('customer_id', '=', c.id).execute();
      expect(notes.map((n) => [n.type, n.title]).sort()).toEqual([
        ['order', `Order ${order.name} confirmed`],
        ['points_earned', '28 points on their way'],
      ]);
    });

    it('Decline cancels it, gives the voucher back, notifies, and sends the customer to /payment-fail', async () => {
      const { c, order, voucher, paymentId } = await gatewayOrder({ voucher: true });
      const res = await complete(paymentId, 'decline', c.token).expect(200);
      expect(res.body.data).toEqual({ status: 'failed', redirect: `/payment-fail?order=${order.name}` });
      const d = await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.name } }).expect(200);
      expect(d.body.data.order.status).toBe('cancelled');
      expect(d.body.data.order.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: 'Payment declined' });
      expect(await p.db.selectFrom('vouchers').select(['status', 'used_at', 'order_id']).where('id', '=', voucher!).executeTakeFirstOrThrow()).toEqual({
        status: 'active',
        used_at: null,
        order_id: null,
      });
      expect(await ledgers(p, c.id)).toMatchObject({ points: 0, walletEntries: 0 });
      const notes = await p.db.selectFrom('notifications').selectAll().where('customer_id', '=', c.id).execute();
      expect(notes).toHaveLength(1);
      expect(notes[0]!.title).toContain('cancelled');
      // the voucher is usable again
      await callApi(p, ordersApi.quote, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', voucher_id: voucher },
      }).expect(200);
    });

    it('a payment that arrives after the merchant cancelled the order goes to the wallet', async () => {
      const { c, order, paymentId } = await gatewayOrder();
      await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name: order.name, status: 'cancelled' } }).expect(200);
      expect((await page(paymentId, c.token).expect(200)).text).toContain('was cancelled');
      const raw = webhookEvent(paymentId, 33000, 'payment.succeeded', unix(p));
      expect((await postWebhook(p, raw, signature(raw, unix(p))).expect(200)).body.data.applied).toBe(true);
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 33000, walletSum: 33000, points: 0 });
      expect((await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.name } }).expect(200)).body.data.order.status).toBe('cancelled');
    });
  });

  describe('POST payment/webhook', () => {
    it('credits a top-up exactly once when delivered 5 times and then out of order (failed after succeeded)', async () => {
      const { c, id } = await topup(40000);
      const raw = webhookEvent(id, 40000, 'payment.succeeded', unix(p));
      for (let i = 0; i < 5; i++) {
        const res = await postWebhook(p, raw, signature(raw, unix(p))).expect(200);
        expect(res.body.data.applied).toBe(i === 0);
      }
      const late = webhookEvent(id, 40000, 'payment.failed', unix(p));
      const res = await postWebhook(p, late, signature(late, unix(p))).expect(200);
      expect(res.body.data.applied).toBe(false);
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 40000, walletSum: 40000, walletEntries: 1 });
      expect((await p.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('paid');
      expect(await p.db.selectFrom('notifications').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
    });

    it('ignores a success that arrives after a failure', async () => {
      const { c, id } = await topup(40000);
      const failed = webhookEvent(id, 40000, 'payment.failed', unix(p));
      await postWebhook(p, failed, signature(failed, unix(p))).expect(200);
      const ok = webhookEvent(id, 40000, 'payment.succeeded', unix(p));
      expect((await postWebhook(p, ok, signature(ok, unix(p))).expect(200)).body.data.applied).toBe(false);
      expect((await ledgers(p, c.id)).wallet).toBe(0);
    });

    it('refuses a bad, missing or malformed signature and a stale or future timestamp (BAD_SIGNATURE), changing nothing', async () => {
      const { c, id } = await topup(40000);
      const now = unix(p);
      const raw = webhookEvent(id, 40000, 'payment.succeeded', now);
      const cases = [
        signature(raw, now, 'wrong-secret'),
        signature(raw.replace('40000', '40001'), now),
        signature(raw, now - 301),
        signature(raw, now + 301),
        `t=${now}`,
        `v1=${'a'.repeat(64)}`,
        'garbage',
        `t=${now},v1=${'0'.repeat(63)}`,
      ];
      for (const sig of cases) {
        const res = await postWebhook(p, raw, sig).expect(401);
        expect(res.body.error.code, sig).toBe('BAD_SIGNATURE');
      }
      expect((await postWebhook(p, raw).expect(401)).body.error.code).toBe('BAD_SIGNATURE');
      // the body as signed, but tampered with on the way
      const tampered = raw.replace('40000', '90000');
      expect((await postWebhook(p, tampered, signature(raw, now)).expect(401)).body.error.code).toBe('BAD_SIGNATURE');
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 0, walletEntries: 0 });
      expect(await p.db.selectFrom('webhook_events').select('event_id').where('payment_id', '=', id).execute()).toHaveLength(0);
      // a signature 299 s old is still good
      expect((await postWebhook(p, raw, signature(raw, now - 299)).expect(200)).body.data.applied).toBe(true);
    });

    it('accepts a signature among several v1 values (secret rotation)', async () => {
      const { c, id } = await topup(10000);
      const raw = webhookEvent(id, 10000, 'payment.succeeded', unix(p));
      const good = signature(raw, unix(p));
      const old = signature(raw, unix(p), 'old-secret').split(',')[1];
      await postWebhook(p, raw, `${good},${old}`).expect(200);
      expect((await ledgers(p, c.id)).wallet).toBe(10000);
    });

    it('answers 400 naming the bad fields of a signed but invalid event, and ignores a wrong amount or unknown payment', async () => {
      const { c, id } = await topup(40000);
      const bad = JSON.stringify({ id: '', type: 'payment.refunded', payment_id: 'x', amount: -1, created: 'now' });
      const res = await postWebhook(p, bad, signature(bad, unix(p))).expect(400);
      expect(Object.keys(res.body.error.fields).sort()).toEqual(['amount', 'created', 'id', 'payment_id', 'type']);
      const wrongAmount = webhookEvent(id, 99999, 'payment.succeeded', unix(p));
      expect((await postWebhook(p, wrongAmount, signature(wrongAmount, unix(p))).expect(200)).body.data.applied).toBe(false);
      const unknown = webhookEvent(randomUUID(), 40000, 'payment.succeeded', unix(p));
      expect((await postWebhook(p, unknown, signature(unknown, unix(p))).expect(200)).body.data.applied).toBe(false);
      const notJson = request400(p);
      expect((await notJson).status).toBe(400);
      expect((await ledgers(p, c.id)).wallet).toBe(0);
    });

    it('pays an order by webhook: paid, points on their way, notifications, once', async () => {
      const { c, order, paymentId } = await gatewayOrder();
      const raw = webhookEvent(paymentId, 33000, 'payment.succeeded', unix(p));
      await postWebhook(p, raw, signature(raw, unix(p))).expect(200);
      await postWebhook(p, raw, signature(raw, unix(p))).expect(200);
      const failed = webhookEvent(paymentId, 33000, 'payment.failed', unix(p));
      await postWebhook(p, failed, signature(failed, unix(p))).expect(200);
      const d = await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.name } }).expect(200);
      expect(d.body.data.order).toMatchObject({ status: 'paid', points_earned: 33 });
      expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
      expect(await p.db.selectFrom('points_pending').select(['points', 'status']).where('ref', '=', `order:${order.name}`).execute()).toEqual([
        { points: 33, status: 'pending' },
      ]);
    });
  });
});

/** A JSON body that does not parse, with a valid-looking signature header. */
function request400(p: TestProvider) {
  return postWebhook(p, '{"id":', signature('{"id":', unix(p)));
}
