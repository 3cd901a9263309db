import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeVapidKeys } from '../../server/lib/secrets';
import type { PushSetup } from '../../server/provider/context';
import { notify } from '../../server/provider/notifications/notify';
import { endpointProblem, isPublicAddress } from '../../server/provider/push/push.endpoint';
import { DEAD_AFTER_FAILURES, MAX_ATTEMPTS, purgePushDeliveries, RETRY_DELAYS_S, sendDuePushes } from '../../server/provider/push/push.sender';
import { browserKeys, decryptPush, startPushFake, type BrowserKeys, type PushFake } from '../fakes/push-fake';
import { newStaff, type TestStaff } from './merchant.helpers';
import { key, products } from './orders.helpers';
import { describeDb, useTestProvider, type TestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { ordersApi } from '#contract/orders.calls';
import { pushApi } from '#contract/push.calls';
import { callApi } from '../support/calls';

/**
 * Web push (issue 31): the customer's calls (status, subscribe with its checks, unsubscribe, the kinds),
 * notify() queueing a push per subscription whose kind is on, and the sender: encrypted pushes a
 * browser can read (decrypted here with the subscription's private key), once across two senders at
 * once, the subscription removed on 404/410, retries on 500 then given up, and an endpoint that is not
 * a public push service refused unless the loopback fake is allowed.
 */

const setup = (allowLoopback: boolean): PushSetup => ({ vapid: { ...makeVapidKeys(), subject: 'mailto:owner@kopi-senja.example' }, allowLoopback });

describe('push endpoints (SSRF)', () => {
  it('only https push services on public hosts, the loopback fake only when allowed', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeNull();
    expect(endpointProblem('https://web.push.apple.com/QGx', false)).toBeNull();
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://10.0.0.7/push',
      'https://169.254.169.254/latest/meta-data',
      'https://192.168.1.1/',
      'https://8.8.8.8/push',
      'https://metadata.internal/push',
      'https://printer.local/push',
      'https://intranet/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/x',
    ]) {
      expect(endpointProblem(bad, false), bad).not.toBeNull();
    }
    expect(endpointProblem('http://127.0.0.1:4010/push/a', true)).toBeNull();
    expect(endpointProblem('http://10.0.0.7/push', true)).not.toBeNull();
    expect(isPublicAddress('::ffff:10.1.2.3')).toBe(false);
    expect(isPublicAddress('fd00::1')).toBe(false);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
  });
});

describeDb('web push', (kind) => {
  let fake: PushFake;
  const push = setup(true);
  beforeAll(async () => {
    fake = await startPushFake();
  });
  afterAll(async () => {
    await fake.close();
  });
  const p = useTestProvider(kind, () => ({ reset: true, push }));
  beforeEach(() => {
    fake.received.length = 0;
    p.ctx.push = push;
  });

  const status = (token: string) => callApi(p, pushApi.status, { token });
  async function subscribed(p: TestProvider, c: { token: string }, keys: BrowserKeys = browserKeys()) {
    const endpoint = fake.endpoint();
    const res = await callApi(p, pushApi.subscribe, { token: c.token, body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { endpoint, keys };
  }
  const note = (customerId: number, n: Parameters<typeof notify>[3]) => p.db.transaction().execute((trx) => notify(trx, p.clock, customerId, n));
  const deliveries = () => p.db.selectFrom('push_deliveries').selectAll().orderBy('id').execute();
  const subscriptionsOf = (customerId: number) => p.db.selectFrom('push_subscriptions').selectAll().where('customer_id', '=', customerId).execute();

  describe('the customer calls', () => {
    it('status: the public key, no subscriptions, every kind on; null key when push is off', async () => {
      const c = await p.newCustomer();
      const res = await status(c.token).expect(200);
      expect(res.body.data).toEqual({
        public_key: push.vapid.publicKey,
        subscriptions: 0,
        preferences: { order_status: true, points: true, rewards: true, expiring: true, campaigns: true },
      });
      p.ctx.push = null;
      expect((await status(c.token).expect(200)).body.data.public_key).toBeNull();
      const keys = browserKeys();
      // a good subscription of a real push service: refused only because push is off
      const refused = await callApi(p, pushApi.subscribe, {
        token: c.token,
        body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys: { p256dh: keys.p256dh, auth: keys.auth } },
      }).expect(503);
      expect(refused.body.error.code).toBe('PUSH_UNAVAILABLE');
      expect(await subscriptionsOf(c.id)).toHaveLength(0);
    });

    it('subscribe stores the browser once; another customer on that browser takes it over; unsubscribe removes it', async () => {
      const a = await p.newCustomer();
      const b = await p.newCustomer();
      const { endpoint, keys } = await subscribed(p, a);
      // the same browser again: still one row
      await callApi(p, pushApi.subscribe, { token: a.token, body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } }).expect(200);
      expect((await status(a.token)).body.data.subscriptions).toBe(1);
      // b signs in on that browser and subscribes: the pushes there are b's now
      const moved = await callApi(p, pushApi.subscribe, { token: b.token, body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } }).expect(200);
      expect(moved.body.data.subscriptions).toBe(1);
      expect(await subscriptionsOf(a.id)).toHaveLength(0);
      // a cannot remove b's browser
      expect((await callApi(p, pushApi.unsubscribe, { token: a.token, body: { endpoint } }).expect(200)).body.data.subscriptions).toBe(0);
      expect(await subscriptionsOf(b.id)).toHaveLength(1);
      const off = await callApi(p, pushApi.unsubscribe, { token: b.token, body: { endpoint } }).expect(200);
      expect(off.body.data.subscriptions).toBe(0);
      expect(off.body.message).toBe('Notifications are off on this phone.');
    });

    it('refuses what is not a push subscription, naming the field', async () => {
      const c = await p.newCustomer();
      const keys = browserKeys();
      const good = { endpoint: fake.endpoint(), keys: { p256dh: keys.p256dh, auth: keys.auth } };
      const cases: Array<[unknown, string]> = [
        [{ ...good, endpoint: 'http://push.example.com/x' }, 'endpoint'],
        [{ ...good, endpoint: 'https://10.0.0.1/x' }, 'endpoint'],
        [{ ...good, endpoint: 'https://169.254.169.254/latest' }, 'endpoint'],
        [{ ...good, endpoint: `https://push.example.com/${'a'.repeat(2100)}` }, 'endpoint'],
        [{ ...good, endpoint: 'javascript:alert(1)' }, 'endpoint'],
        [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh'],
        [{ ...good, keys: { ...good.keys, auth: 'x'.repeat(40) } }, 'keys.auth'],
        [{ endpoint: good.endpoint }, 'keys'],
      ];
      for (const [body, field] of cases) {
        const res = await callApi(p, pushApi.subscribe, { token: c.token, body }).expect(400);
        expect(Object.keys(res.body.error.fields), JSON.stringify(body).slice(0, 80)).toContain(field);
      }
      // a loopback push service only when the operator allows it
      p.ctx.push = { ...push, allowLoopback: false };
      const res = await callApi(p, pushApi.subscribe, { token: c.token, body: good }).expect(400);
      expect(res.body.error.fields).toEqual({ endpoint: 'must be a push service on the internet' });
      expect(await subscriptionsOf(c.id)).toHaveLength(0);
      const prefs = await callApi(p, pushApi.preferences, { token: c.token, body: { points: 'no' } }).expect(400);
      expect(Object.keys(prefs.body.error.fields)).toEqual(['points']);
      await callApi(p, pushApi.preferences, { token: c.token, body: { sms: true } }).expect(400);
    });
  });

  describe('queueing and sending', () => {
    it('pushes only the kinds the customer allows, to each of their browsers, readable with its keys', async () => {
      const c = await p.newCustomer();
      const phone = await subscribed(p, c);
      const laptop = await subscribed(p, c);
      const prefs = await callApi(p, pushApi.preferences, { token: c.token, body: { points: false } }).expect(200);
      expect(prefs.body.data.preferences).toEqual({ order_status: true, points: false, rewards: true, expiring: true, campaigns: true });
      await note(c.id, {
        type: 'order',
        title: 'Order K-1 is ready for pickup',
        body: 'Collect it at the counter.',
        link: '/orders/K-1',
        push: 'order_status',
      });
      await note(c.id, { type: 'points_earned', title: 'You earned 12 points', body: 'For order K-1.', link: '/profile/points', push: 'points' });
      // an order notice without the hint (a receipt) stays in the app
      await note(c.id, { type: 'order', title: 'Order K-1 confirmed', body: 'We received your payment.', link: '/orders/K-1' });
      // a campaign pushes by its type
      await note(c.id, { type: 'campaign', title: 'We miss you', body: 'A coffee on us this week.', link: null });
      expect((await deliveries()).map((d) => d.kind)).toEqual(['order_status', 'order_status', 'campaigns', 'campaigns']);
      const run = await sendDuePushes(p.ctx);
      expect(run).toMatchObject({ sent: 4, retried: 0, failed: 0 });
      expect(fake.received).toHaveLength(4);
      for (const r of fake.received) expect(r.problems).toEqual([]);
      const read = (sub: typeof phone) =>
        fake.received
          .filter((r) => r.path === new URL(sub.endpoint).pathname)
          .map((r) => JSON.parse(decryptPush(r.body, sub.keys)) as { notification_id: number })
          .sort((x, y) => x.notification_id - y.notification_id);
      const notifications = await p.db.selectFrom('notifications').select(['id', 'title']).where('customer_id', '=', c.id).orderBy('id').execute();
      const ready = notifications.find((n) => n.title.startsWith('Order K-1 is ready'))!;
      for (const sub of [phone, laptop]) {
        expect(read(sub)).toEqual([
          {
            title: 'Order K-1 is ready for pickup',
            body: 'Collect it at the counter.',
            link: '/orders/K-1',
            tag: 'order_status:/orders/K-1',
            notification_id: ready.id,
          },
          expect.objectContaining({ title: 'We miss you', link: null, tag: expect.stringMatching(/^campaigns:\d+$/) }),
        ]);
      }
      // an order's push: 2 hours to reach a phone that is off, high urgency; an offer's a day, normal
      expect(new Set(fake.received.map((r) => `${r.headers.ttl} ${r.headers.urgency}`))).toEqual(new Set(['7200 high', '86400 normal']));
      const r = fake.received[0]!;
      expect(r.headers.authorization).toContain(`k=${push.vapid.publicKey}`);
      expect((await deliveries()).every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
      expect((await subscriptionsOf(c.id)).every((s) => s.last_success_at !== null)).toBe(true);
      // nothing due: a second run sends nothing again
      expect((await sendDuePushes(p.ctx)).sent).toBe(0);
      expect(fake.received).toHaveLength(4);
    });

    it("an order the board marks preparing and then ready pushes both, with the app's words", async () => {
      const c = await p.newCustomer({ wallet: 1_000_000 });
      const phone = await subscribed(p, c);
      const staff: TestStaff = await newStaff(p.db, p.clock, { name: 'Ben Santos' });
      const { latte } = await products(p);
      const created = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const name = created.body.data.order.name as string;
      await callApi(p, boardApi.advance, { token: staff.token, body: { name, from: 'paid' } }).expect(200);
      await callApi(p, boardApi.advance, { token: staff.token, body: { name, from: 'preparing' } }).expect(200);
      await sendDuePushes(p.ctx);
      const texts = fake.received.map((r) => JSON.parse(decryptPush(r.body, phone.keys)) as { title: string });
      // paid ("confirmed") and its points "on their way" stay in the app
      expect(texts.map((t) => t.title)).toEqual([`Order ${name} is being prepared`, `Order ${name} is ready for pickup`]);
    });

    it('two senders at once send each delivery once', async () => {
      const c = await p.newCustomer();
      await subscribed(p, c);
      await subscribed(p, c);
      await subscribed(p, c);
      for (let i = 0; i < 10; i++) await note(c.id, { type: 'campaign', title: `Offer ${i}`, body: 'Today only.', link: null });
      expect(await deliveries()).toHaveLength(30);
      const runs = await Promise.all([sendDuePushes(p.ctx), sendDuePushes(p.ctx), sendDuePushes(p.ctx)]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(30);
      expect(fake.received).toHaveLength(30);
      const seen = new Set(fake.received.map((r) => `${r.path} ${r.body.toString('base64')}`));
      expect(seen.size).toBe(30);
      expect((await deliveries()).every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
    });

    it('404 and 410 remove the subscription; the notification stays in the inbox', async () => {
      const c = await p.newCustomer();
      const gone = await subscribed(p, c);
      const expired = await subscribed(p, c);
      const kept = await subscribed(p, c);
      fake.answer(gone.endpoint, 410);
      fake.answer(expired.endpoint, 404);
      await note(c.id, { type: 'campaign', title: 'Offer', body: 'Today only.', link: null });
      const run = await sendDuePushes(p.ctx);
      expect(run).toMatchObject({ sent: 1, gone: 2 });
      expect((await subscriptionsOf(c.id)).map((s) => s.endpoint)).toEqual([kept.endpoint]);
      expect(await p.db.selectFrom('notifications').select('title').where('customer_id', '=', c.id).execute()).toEqual([{ title: 'Offer' }]);
      // the next notice goes to the browser left only
      await note(c.id, { type: 'campaign', title: 'Offer 2', body: 'Today only.', link: null });
      await sendDuePushes(p.ctx);
      expect(fake.received.slice(3).map((r) => r.path)).toEqual([new URL(kept.endpoint).pathname]);
    });

    it('a 500 is retried with backoff, then given up after the last attempt', async () => {
      const c = await p.newCustomer();
      const sub = await subscribed(p, c);
      fake.answer(sub.endpoint, ...Array.from({ length: MAX_ATTEMPTS }, () => 500));
      await note(c.id, {
        type: 'points_expiring',
        title: 'Points expiring soon',
        body: '40 points expire on 3 Dec.',
        link: '/profile/points',
        push: 'expiring',
      });
      expect((await sendDuePushes(p.ctx)).retried).toBe(1);
      // not before its time
      p.clock.advance((RETRY_DELAYS_S[0]! - 1) * 1000);
      expect(await sendDuePushes(p.ctx)).toMatchObject({ sent: 0, retried: 0 });
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        p.clock.advance(RETRY_DELAYS_S[Math.min(attempt - 1, RETRY_DELAYS_S.length) - 1]! * 1000 + 1000);
        const run = await sendDuePushes(p.ctx);
        expect(run, `attempt ${attempt}`).toMatchObject(attempt < MAX_ATTEMPTS ? { retried: 1 } : { failed: 1 });
      }
      expect(fake.received).toHaveLength(MAX_ATTEMPTS);
      const [d] = await deliveries();
      expect(d).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, last_error: '500 answer 500' });
      expect((await subscriptionsOf(c.id))[0]!.failures).toBe(1);
      p.clock.advance(86400_000);
      expect((await sendDuePushes(p.ctx)).sent).toBe(0);
      expect(fake.received).toHaveLength(MAX_ATTEMPTS);
    });

    it('a browser whose push service fails every delivery for a month is forgotten by the hourly job', async () => {
      const dead = await p.newCustomer();
      const busy = await p.newCustomer();
      const lately = await p.newCustomer();
      for (const c of [dead, busy, lately]) await subscribed(p, c);
      const monthAgo = new Date(p.clock.now().getTime() - 31 * 86400_000);
      // five deliveries in a row given up, no success for a month; four; five, but one sent this week
      await p.db.updateTable('push_subscriptions').set({ failures: DEAD_AFTER_FAILURES, created_at: monthAgo }).where('customer_id', '=', dead.id).execute();
      await p.db
        .updateTable('push_subscriptions')
        .set({ failures: DEAD_AFTER_FAILURES - 1, created_at: monthAgo })
        .where('customer_id', '=', busy.id)
        .execute();
      await p.db
        .updateTable('push_subscriptions')
        .set({ failures: DEAD_AFTER_FAILURES, created_at: monthAgo, last_success_at: new Date(p.clock.now().getTime() - 3 * 86400_000) })
        .where('customer_id', '=', lately.id)
        .execute();
      await purgePushDeliveries(p.ctx);
      expect(await subscriptionsOf(dead.id)).toEqual([]);
      expect(await subscriptionsOf(busy.id)).toHaveLength(1);
      expect(await subscriptionsOf(lately.id)).toHaveLength(1);
    });

    it('a 500 then a 201 is sent on the retry', async () => {
      const c = await p.newCustomer();
      const sub = await subscribed(p, c);
      fake.answer(sub.endpoint, 503);
      await note(c.id, { type: 'campaign', title: 'Offer', body: 'Today only.', link: null });
      await sendDuePushes(p.ctx);
      p.clock.advance(RETRY_DELAYS_S[0]! * 1000);
      expect((await sendDuePushes(p.ctx)).sent).toBe(1);
      expect(fake.received.map((r) => r.status)).toEqual([503, 201]);
    });

    it('a loopback endpoint is refused at send time without the flag (no request is made)', async () => {
      const c = await p.newCustomer();
      await subscribed(p, c);
      await note(c.id, { type: 'campaign', title: 'Offer', body: 'Today only.', link: null });
      p.ctx.push = { ...push, allowLoopback: false };
      const run = await sendDuePushes(p.ctx);
      expect(run.failed).toBe(1);
      expect(fake.received).toHaveLength(0);
      expect((await deliveries())[0]!.last_error).toMatch(/^refused: /);
    });

    it("a delivery older than its kind's TTL expires unsent; nothing is queued without subscriptions", async () => {
      const c = await p.newCustomer();
      await note(c.id, { type: 'campaign', title: 'Offer', body: 'Today only.', link: null });
      expect(await deliveries()).toHaveLength(0);
      await subscribed(p, c);
      await note(c.id, { type: 'order', title: 'Order K-2 is ready', body: 'It is packed.', link: '/orders/K-2', push: 'order_status' });
      p.clock.advance(3 * 3600_000);
      expect((await sendDuePushes(p.ctx)).expired).toBe(1);
      expect(fake.received).toHaveLength(0);
    });
  });
});
