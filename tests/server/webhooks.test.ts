import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookDelivery, WebhookEndpoint } from '#contract/webhooks';
import { WEBHOOK_RETRY_DELAYS_S } from '#contract/webhook-events';
import { boardApi } from '#contract/board.calls';
import { ordersApi } from '#contract/orders.calls';
import { webhooksApi } from '#contract/webhooks.calls';
import { staffApi } from '#contract/staff.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { DAY, HOUR, MINUTE, SECOND } from '../../server/lib/clock';
import { eraseDueAccounts } from '../../server/provider/privacy/privacy.service';
import { earnPoints } from '../../server/provider/points/points.ledger';
import { privacyApi } from '#contract/privacy.calls';
import { KEEP_DAYS, MAX_TRIES, purgeWebhookDeliveries, sendDueWebhooks } from '../../server/provider/webhooks/webhooks.sender';
import { claimDeliveries } from '../../server/provider/webhooks/webhooks.repo';
import { newStaff, newStaffSession, type TestStaff } from './merchant.helpers';
import { signInWithPhone, newPhone } from './auth.helpers';
import { key, products } from './orders.helpers';
import { describeEachDb, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

/**
 * Outbound webhooks, the provider's side (issue 52): the owner's endpoints (who may call what; the
 * secret shown once, never stored in clear), events written with their change and signed per Standard
 * Webhooks (checked with the library's own verifier), a failing endpoint retried with back-off then
 * switched off with an e-mail to the owners, the delivery log and replay, a rotation's overlap, two
 * senders at once sending each delivery once, and the addresses refused (SSRF): at saving, and at
 * sending after DNS, a redirect never followed.
 */

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A local receiver: answers each request with the status (and headers) the test sets, and keeps them. */
async function startReceiver() {
  const received: Received[] = [];
  const answer: { status: number; headers: Record<string, string>; body: string } = { status: 204, headers: {}, body: '' };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { received, answer, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

/** the names the SSRF suite's resolver answers, as a hostile DNS would */
const DNS: Record<string, string[]> = {
  'hooks.example.com': ['127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.7'],
  'v6.example.com': ['fe80::1'],
  'cgnat.example.com': ['100.64.1.1'],
};

type Team = { owner: TestStaff; staff: TestStaff };

/** An owner and a member of staff, made afresh before each test (the suites empty every table between tests). */
function freshTeam(p: TestProvider): Team {
  const team = {} as Team;
  beforeEach(async () => {
    team.owner = await newStaff(p.db, p.clock, { role: 'owner' });
    team.staff = await newStaff(p.db, p.clock, { role: 'staff' });
  });
  return team;
}

function api(p: TestProvider, team: Team) {
  return {
    create: (body: Record<string, unknown>, token = team.owner.token) => callApi(p, webhooksApi.create, { token, body }),
    add: async (body: Record<string, unknown> = {}) => {
      const res = await callApi(p, webhooksApi.create, { token: team.owner.token, body: { url: receiver.url, events: ['order.created'], ...body } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { endpoint: WebhookEndpoint; secret: string };
    },
    update: (body: Record<string, unknown>) => callApi(p, webhooksApi.update, { token: team.owner.token, body }),
    list: async () => (await callApi(p, webhooksApi.webhooks, { token: team.owner.token }).expect(200)).body.data.endpoints as WebhookEndpoint[],
    log: async (id: number) =>
      (await callApi(p, webhooksApi.deliveries, { token: team.owner.token, query: { id } }).expect(200)).body.data.deliveries as WebhookDelivery[],
  };
}

describeEachDb('outbound webhooks', (kind) => {
  const p = useTestProvider(kind, { webhooks: { allowLoopback: true }, reset: true });
  const team = freshTeam(p);
  const w = api(p, team);
  let P: Awaited<ReturnType<typeof products>>;
  beforeEach(async () => {
    P = await products(p);
    receiver.received.length = 0;
    Object.assign(receiver.answer, { status: 204, headers: {}, body: '' });
  });
  const earnFor = (customerId: number, points: number) =>
    p.db.transaction().execute((trx) => earnPoints(trx, p.clock, customerId, points, { reason: 'Test grant' }));
  const order = async () => {
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const body = { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() };
    return (await callApi(p, ordersApi.create, { token: c.token, body }).expect(201)).body.data.order as { name: string };
  };

  it('only owners manage endpoints: a member of staff 403, a customer and nobody 401', async () => {
    const c = await p.newCustomer();
    for (const call of Object.values(webhooksApi)) {
      const input = call.method === 'get' ? { query: { id: 1 } } : { body: { id: 1, delivery_id: 1, url: receiver.url, events: ['order.created'] } };
      expect((await callApi(p, call, { token: team.staff.token, ...input })).status, call.path).toBe(403);
      expect((await callApi(p, call, { token: c.token, ...input })).status, call.path).toBe(401);
      expect((await callApi(p, call, input)).status, call.path).toBe(401);
    }
    expect(await p.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);
  });

  it('adds an endpoint: its secret shown once, kept sealed, never listed; audited without it', async () => {
    const { endpoint, secret } = await w.add({ description: 'The till', events: ['order.created', 'points.earned'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(endpoint).toMatchObject({
      url: receiver.url,
      description: 'The till',
      enabled: true,
      disabled_reason: null,
      events: ['order.created', 'points.earned'],
    });
    expect(endpoint.secret_hint).toBe(`${secret.slice(0, 8)}…${secret.slice(-4)}`);
    const listed = JSON.stringify(await callApi(p, webhooksApi.webhooks, { token: team.owner.token }).expect(200));
    expect(listed).not.toContain(secret.slice(6));
    const row = await p.db.selectFrom('webhook_endpoints').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    const audit = await p.db.selectFrom('audit_log').select(['action', 'after', 'staff_id']).where('target', '=', `webhook:${endpoint.id}`).execute();
    expect(audit).toMatchObject([{ action: 'webhook.create', staff_id: team.owner.id }]);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
    // the Activity page's "Webhooks" filter finds it
    const filtered = (await callApi(p, staffApi.audit, { token: team.owner.token, query: { kind: 'webhooks' } }).expect(200)).body.data.items as {
      action: string;
    }[];
    expect(filtered.map((e) => e.action)).toEqual(['webhook.create']);
  });

  it('an order placed reaches the endpoint as order.created, signed: the library verifies it; the log shows it', async () => {
    const { endpoint, secret } = await w.add({ events: ['order.created', 'order.status_changed', 'order.cancelled'] });
    const placed = await order();
    expect(await sendDueWebhooks(p.ctx)).toMatchObject({ delivered: 1, retried: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    const event = new Webhook(secret).verify(got.body, got.headers) as { type: string; data: { name: string; status: string; total: number } };
    expect(event).toMatchObject({ type: 'order.created', data: { name: placed.name, status: 'paid' } });
    // the payload (built in the order's own statement) carries the order's row, its times as ISO 8601
    const row = await p.db.selectFrom('orders').selectAll().where('name', '=', placed.name).executeTakeFirstOrThrow();
    expect(JSON.parse(got.body)).toEqual({
      type: 'order.created',
      timestamp: row.created_at.toISOString(),
      data: {
        name: row.name,
        customer_id: row.customer_id,
        status: 'paid',
        fulfilment: row.fulfilment,
        payment_method: 'wallet',
        subtotal: row.subtotal,
        discount: row.discount,
        delivery_fee: row.delivery_fee,
        total: row.total,
        points_to_earn: row.points_to_earn,
        location_id: row.location_id,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      },
    });
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    // another secret does not verify it
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, got.headers)).toThrow();
    const [logged] = await w.log(endpoint.id);
    expect(logged).toMatchObject({ event_type: 'order.created', status: 'delivered', request_body: got.body, message_id: got.headers['webhook-id'] });
    expect(logged!.attempts).toMatchObject([{ attempt: 1, response_status: 204, error: null }]);
    // nothing left to send
    expect(await sendDueWebhooks(p.ctx)).toMatchObject({ delivered: 0 });

    // the board moves it on, and cancels another: status_changed, and cancelled
    await callApi(p, boardApi.advance, { token: team.staff.token, body: { name: placed.name, from: 'paid' } }).expect(200);
    const other = await order();
    await callApi(p, boardApi.cancel, { token: team.staff.token, body: { name: other.name, reason: 'Out of milk' } }).expect(200);
    await sendDueWebhooks(p.ctx);
    const types = receiver.received.slice(1).map((r) => JSON.parse(r.body) as { type: string; data: { status: string } });
    expect(types.map((t) => `${t.type}:${t.data.status}`).sort()).toEqual(
      ['order.cancelled:cancelled', 'order.created:paid', 'order.status_changed:cancelled', 'order.status_changed:preparing'].sort(),
    );
  });

  it('writes no delivery for an event no endpoint wants, nor for an endpoint switched off', async () => {
    const { endpoint } = await w.add({ events: ['reward.redeemed'] });
    await order();
    await w.update({ id: endpoint.id, events: ['order.created'], enabled: false }).expect(200);
    await order();
    expect(await p.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
  });

  it('retries a failing endpoint with back-off, then switches it off and e-mails the owners; switched on, it sends again', async () => {
    const { endpoint } = await w.add();
    receiver.answer.status = 500;
    receiver.answer.body = 'x'.repeat(5000);
    await order();
    expect(await sendDueWebhooks(p.ctx)).toMatchObject({ retried: 1 });
    for (const [i, wait] of WEBHOOK_RETRY_DELAYS_S.entries()) {
      // not a second early
      p.clock.advance(wait * SECOND - SECOND);
      expect(await sendDueWebhooks(p.ctx)).toMatchObject({ delivered: 0, retried: 0, failed: 0 });
      p.clock.advance(SECOND);
      expect(await sendDueWebhooks(p.ctx)).toMatchObject(i < WEBHOOK_RETRY_DELAYS_S.length - 1 ? { retried: 1 } : { failed: 1, disabled: 1 });
    }
    expect(receiver.received).toHaveLength(MAX_TRIES);
    // days later: the owner signs in again
    team.owner.token = (await newStaffSession(p.db, p.clock, team.owner.id)).token;
    // the same event each time: one id, one body
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [one] = await w.list();
    expect(one).toMatchObject({ enabled: false, disabled_reason: 'failures' });
    const [logged] = await w.log(endpoint.id);
    expect(logged!.status).toBe('failed');
    expect(logged!.attempts.map((a) => a.attempt)).toEqual([...Array(MAX_TRIES).keys()].map((n) => n + 1));
    expect(logged!.attempts.every((a) => a.response_status === 500 && a.response_excerpt.length === 1000)).toBe(true);
    const mail = await p.db.selectFrom('dev_outbox').select(['email', 'subject', 'body']).where('email', '=', team.owner.email).execute();
    expect(mail).toEqual([expect.objectContaining({ subject: expect.stringContaining('webhook endpoint was switched off') })]);
    expect(mail[0]!.body).toContain(receiver.url);

    // off: new events are not queued, and a replay is refused until it is on again
    await order();
    expect((await callApi(p, webhooksApi.replay, { token: team.owner.token, body: { delivery_id: logged!.id } })).status).toBe(409);
    receiver.answer.status = 200;
    await w.update({ id: endpoint.id, enabled: true }).expect(200);
    const replay = (await callApi(p, webhooksApi.replay, { token: team.owner.token, body: { delivery_id: logged!.id } }).expect(201)).body.data.delivery;
    expect(replay).toMatchObject({ replay_of: logged!.id, message_id: logged!.message_id, status: 'pending', request_body: logged!.request_body });
    expect(await sendDueWebhooks(p.ctx)).toMatchObject({ delivered: 1 });
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(logged!.message_id);
    expect((await w.log(endpoint.id))[0]).toMatchObject({ id: replay.id, status: 'delivered' });
    const actions = await p.db.selectFrom('audit_log').select('action').where('target', '=', `webhook:${endpoint.id}`).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.replay']);
  });

  it('a redirect is a failure, never followed', async () => {
    const { endpoint } = await w.add();
    Object.assign(receiver.answer, { status: 302, headers: { location: 'http://10.0.0.1/steal' } });
    await order();
    expect(await sendDueWebhooks(p.ctx)).toMatchObject({ retried: 1 });
    expect(receiver.received).toHaveLength(1);
    const [logged] = await w.log(endpoint.id);
    expect(logged!.attempts[0]).toMatchObject({ response_status: 302, error: expect.stringContaining('redirects are not followed') });
  });

  it("a rotated secret: both sign for the overlap, then the new one alone; the old one's hint goes", async () => {
    const { endpoint, secret: old } = await w.add();
    const rotated = (await callApi(p, webhooksApi.rotate, { token: team.owner.token, body: { id: endpoint.id } }).expect(200)).body.data as {
      endpoint: WebhookEndpoint;
      secret: string;
    };
    expect(rotated.secret).not.toBe(old);
    expect(rotated.endpoint.previous_secret_until).toBe(new Date(p.clock.now().getTime() + 24 * HOUR).toISOString());
    await order();
    await sendDueWebhooks(p.ctx);
    const during = receiver.received.at(-1)!;
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const s of [old, rotated.secret]) expect(() => new Webhook(s).verify(during.body, during.headers)).not.toThrow();
    // a day on (the library checks a timestamp against the real time: only the signatures are counted)
    p.clock.advance(24 * HOUR + SECOND);
    await order();
    await sendDueWebhooks(p.ctx);
    const after = receiver.received.at(-1)!;
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(Number(after.headers['webhook-timestamp'])).toBe(Math.floor(p.clock.now().getTime() / 1000));
    team.owner.token = (await newStaffSession(p.db, p.clock, team.owner.id)).token;
    expect((await w.list())[0]!.previous_secret_until).toBeNull();
  });

  it('two senders at once send each delivery once', async () => {
    await w.add();
    for (let i = 0; i < 5; i++) await order();
    const runs = await Promise.all([sendDueWebhooks(p.ctx), sendDueWebhooks(p.ctx), sendDueWebhooks(p.ctx)]);
    expect(runs.reduce((s, r) => s + r.delivered, 0)).toBe(5);
    expect(receiver.received).toHaveLength(5);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(5);
  });

  it('a sender that died mid-send leaves its claim: the delivery is sent once the lease ends', async () => {
    await w.add();
    await order();
    // claimed by a sender that never came back
    const now = p.clock.now();
    const claimed = await p.db.transaction().execute((trx) => claimDeliveries(trx, now, new Date(now.getTime() + 2 * MINUTE), 25));
    expect(claimed).toHaveLength(1);
    expect(await sendDueWebhooks(p.ctx)).toMatchObject({ delivered: 0 });
    p.clock.advance(2 * MINUTE);
    expect(await sendDueWebhooks(p.ctx)).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    // the try it lost is counted: this one was the second
    expect((await p.db.selectFrom('webhook_attempts').select('attempt').execute()).map((a) => a.attempt)).toEqual([2]);
  });

  it('the hourly clean-up drops finished deliveries after 30 days and keeps those still waiting', async () => {
    const { endpoint } = await w.add();
    await order();
    await sendDueWebhooks(p.ctx);
    await w.update({ id: endpoint.id, enabled: false }).expect(200);
    await w.update({ id: endpoint.id, enabled: true }).expect(200);
    receiver.answer.status = 500;
    await order();
    await sendDueWebhooks(p.ctx);
    p.clock.advance(KEEP_DAYS * DAY + MINUTE);
    await purgeWebhookDeliveries(p.ctx);
    const left = await p.db.selectFrom('webhook_deliveries').select('status').execute();
    expect(left).toEqual([{ status: 'pending' }]);
    expect(await p.db.selectFrom('webhook_attempts').selectAll().execute()).toHaveLength(1);
  });

  it('customer.created, points.earned and reward.redeemed are sent too', async () => {
    await w.add({ events: ['customer.created', 'points.earned', 'reward.redeemed'] });
    const c = await p.newCustomer({ points: 5000 });
    const reward = await p.db.selectFrom('rewards').select(['name', 'points_cost']).where('active', '=', true).orderBy('points_cost').executeTakeFirstOrThrow();
    await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: key() } }).expect(201);
    await signInWithPhone(p, newPhone());
    await sendDueWebhooks(p.ctx);
    const types = receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type).sort();
    expect(types).toEqual(['customer.created', 'points.earned', 'reward.redeemed']);
  });

  it("a customer erased: the deliveries about them go, sent or not; another customer's stay", async () => {
    await w.add({ events: ['customer.created', 'points.earned', 'order.created'] });
    const ana = await signInWithPhone(p, newPhone());
    await p.newCustomer({ points: 100 });
    await sendDueWebhooks(p.ctx);
    receiver.answer.status = 500;
    await earnFor(ana.customer.id, 50);
    const about = async (id: number) =>
      (await p.db.selectFrom('webhook_deliveries').select('payload').execute()).filter((d) => {
        const { type, data } = JSON.parse(d.payload) as { type: string; data: { id?: number; customer_id?: number } };
        return (type === 'customer.created' ? data.id : data.customer_id) === id;
      });
    expect((await about(ana.customer.id)).length).toBeGreaterThanOrEqual(2);
    await callApi(p, privacyApi.requestDeletion, { token: ana.token, body: { confirm: 'DELETE' } }).expect(200);
    p.clock.advance(14 * DAY + MINUTE);
    expect(await eraseDueAccounts(p.ctx)).toBe(1);
    expect(await about(ana.customer.id)).toEqual([]);
    expect(await p.db.selectFrom('webhook_deliveries').selectAll().execute()).not.toEqual([]);
  });

  it('removes an endpoint with its log; another id is 404', async () => {
    const { endpoint } = await w.add();
    await order();
    await callApi(p, webhooksApi.remove, { token: team.owner.token, body: { id: endpoint.id } }).expect(200);
    expect(await p.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
    expect((await callApi(p, webhooksApi.remove, { token: team.owner.token, body: { id: endpoint.id } })).status).toBe(404);
    expect((await callApi(p, webhooksApi.deliveries, { token: team.owner.token, query: { id: endpoint.id } })).status).toBe(404);
  });
});

describeEachDb('outbound webhooks: addresses refused (SSRF)', (kind) => {
  const resolve = async (host: string) => (DNS[host] ?? ['93.184.216.34']).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const p = useTestProvider(kind, { webhooks: { allowLoopback: false, resolve }, reset: true });
  const team = freshTeam(p);
  const w = api(p, team);

  it('refuses at saving: plain http (this machine too, in production), IP literals and names that are not on the internet', async () => {
    for (const url of [
      receiver.url,
      'http://example.com/hooks',
      'https://127.0.0.1/x',
      'https://localhost:8443/x',
      'https://10.0.0.1/x',
      'https://172.16.5.4/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://224.0.0.1/x',
      'https://[::1]/x',
      'https://[fc00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://printer.local/x',
      'https://metadata.google.internal/x',
      'https://intranet/x',
    ]) {
      const res = await w.create({ url, events: ['order.created'] });
      expect(res.status, url).toBe(400);
      expect(res.body.error.fields, url).toHaveProperty('url');
    }
    expect(await p.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);
  });

  it('refuses at sending: a name resolving to loopback, link-local (metadata), private, CGNAT or fe80::, with nothing sent', async () => {
    const names = ['hooks.example.com', 'metadata.example.com', 'mixed.example.com', 'v6.example.com', 'cgnat.example.com'];
    for (const host of names) await w.add({ url: `https://${host}/in` });
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const latte = (await products(p)).latte;
    await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    }).expect(201);
    expect(await sendDueWebhooks(p.ctx)).toMatchObject({ delivered: 0, retried: names.length });
    for (const e of await w.list()) {
      const [logged] = await w.log(e.id);
      expect(logged!.attempts[0], e.url).toMatchObject({
        response_status: null,
        error: expect.stringMatching(/^refused: .* resolves to .*not an address on the internet/),
      });
    }
  });
});
