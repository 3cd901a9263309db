import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROVIDER_MOUNT } from '../../server/provider/app';
import { STRIPE_SIGNATURE_HEADER } from '../../server/provider/payments/stripe';
import { requestOtp } from '../../server/provider/auth/auth.service';
import { outboxSender } from '../../server/provider/auth/sender';
import { REFRESH_MS } from '../../server/provider/channel-port';
import { CONNECT_TRIES_PER_HOUR } from '../../server/provider/channels/connections.service';
import { HOUR } from '../../server/lib/clock';
import { providerContext } from '../../server/provider/embedded';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake';
import { fakeSid, startTwilioFake, type TwilioFake } from '../fakes/twilio-fake';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeDb, embeddedOptions, useTestProvider, TEST_PUBLIC_URL } from './support/provider';
import { authApi } from '#contract/auth.calls';
import { channelsApi } from '#contract/channels.calls';
import { walletApi } from '#contract/wallet.calls';
import { callApi, gatewayUrl, rawCall } from '../support/calls';
import { paymentsApi } from '#contract/payments.calls';

/**
 * Payments and messages connected from the console (issue 46): each service tested with a real call
 * against its local stand-in before it is saved, stored sealed, applied without a restart on every
 * instance, never shown again in full, audited; owners only; the environment wins.
 */

const STRIPE_KEY = 'sk_live_CONNECTEDSTRIPEKEY00004242';
const WEBHOOK_SECRET = 'whsec_CONNECTEDWEBHOOKSECRET0001';
const TWILIO = { accountSid: fakeSid('AC'), authToken: 'CONNECTEDTWILIOTOKEN0002', from: '+14155550177' };
const SMTP = { user: 'mailer@kopisenja.test', pass: 'CONNECTEDSMTPPASSWORD0003' };
const SECRETS = [STRIPE_KEY, WEBHOOK_SECRET, TWILIO.authToken, SMTP.pass];

let stripe: StripeFake;
let twilio: TwilioFake;
let smtp: SMTPServer;
let smtpPort: number;
beforeAll(async () => {
  stripe = await startStripeFake({ secretKey: STRIPE_KEY });
  twilio = await startTwilioFake({ ...TWILIO, numbers: [TWILIO.from] });
  smtp = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, done) =>
      auth.username === SMTP.user && auth.password === SMTP.pass ? done(null, { user: auth.username }) : done(new Error('Invalid username or password')),
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await stripe?.close();
  await twilio?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const endpoints = () => ({ stripeApiBase: `http://127.0.0.1:${stripe.port}`, twilioApiBase: twilio.origin });
const smtpUrl = (pass = SMTP.pass, port = smtpPort) => `smtp://${encodeURIComponent(SMTP.user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;

describeDb('payments and messages connected from the console', (kind) => {
  const p = useTestProvider(kind, () => ({ reset: true, channelEndpoints: endpoints() }));
  let owner: TestStaff;
  let member: TestStaff;
  const setUp = async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner', name: 'Maria Santos' });
    member = await newStaff(p.db, p.clock, { role: 'staff' });
    twilio.sent.length = 0;
  };
  /** `token` null: signed out */
  const post = (path: string, body: unknown, token: string | null = owner.token) => p.call('post', path, { ...(token ? { token } : {}), body });
  const connectStripe = (body: unknown = { secret_key: STRIPE_KEY, webhook_secret: WEBHOOK_SECRET }, token?: string) =>
    post(channelsApi.connectStripe.path, body, token ?? owner.token);
  const connectTwilio = (body: unknown = { account_sid: TWILIO.accountSid, auth_token: TWILIO.authToken, from: TWILIO.from }, token?: string) =>
    post(channelsApi.connectTwilio.path, body, token ?? owner.token);
  const connectSmtp = (body: unknown = { url: smtpUrl(), from: 'Kopi Senja <no-reply@kopisenja.test>' }, token?: string) =>
    post(channelsApi.connectSmtp.path, body, token ?? owner.token);
  const rows = () => p.db.selectFrom('channel_connections').selectAll().orderBy('service').execute();
  const audit = () =>
    p.db.selectFrom('audit_log').selectAll().where('action', 'like', 'channels.%').where('action', '!=', 'channels.test_message').orderBy('id').execute();

  it('connects Stripe after a real call with its key: payments go through Stripe at once, the key shown only by its end', async () => {
    await setUp();
    const before = stripe.requests.length;
    const res = await connectStripe().expect(200);
    expect(stripe.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /v1/balance 200']);
    const d = res.body.data;
    expect(d.payments).toMatchObject({ kind: 'stripe', mode: 'live', webhook_url: gatewayUrl(TEST_PUBLIC_URL, paymentsApi.stripeWebhook) });
    expect(d.connections.stripe).toEqual({
      source: 'console',
      shown: 'sk_live_…4242',
      connected_at: expect.any(String),
      connected_by: 'Maria Santos',
      problem: null,
    });
    for (const secret of SECRETS) expect(res.text).not.toContain(secret);

    // a top-up now opens a Stripe Checkout Session at the stand-in, with the connected key
    const customer = await p.newCustomer();
    const sessions = stripe.sessions.size;
    const topup = await callApi(p, walletApi.topup, { token: customer.token, body: { amount: 50_000, idempotency_key: 'connected-1' } }).expect(201);
    expect(stripe.sessions.size).toBe(sessions + 1);
    expect(topup.body.data.payment_url).toBe([...stripe.sessions.values()].at(-1)!.url);
    // the sandbox's page is gone with it, and its complete call pays nothing: not this Stripe payment
    await rawCall(p, 'get', 'payment/sandbox.js').expect(404);
    const paymentId = (
      await p.db.selectFrom('payments').select('id').where('customer_id', '=', customer.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    ).id;
    const faked = await callApi(p, paymentsApi.sandboxComplete, { params: { id: paymentId }, token: customer.token, body: { outcome: 'pay' } });
    expect(faked.status, JSON.stringify(faked.body)).toBeGreaterThanOrEqual(400);
    expect((await callApi(p, walletApi.balance, { token: customer.token }).expect(200)).body.data.balance).toBe(0);

    // the customer pays on Stripe's page; Stripe's webhook, signed with the connected signing secret, settles it
    const session = [...stripe.sessions.values()].at(-1)!;
    const event = stripe.event('checkout.session.completed', stripe.completeSession(session.id).session);
    const payload = JSON.stringify(event);
    const hook = (secret: string) =>
      request(p.app)
        .post(`${PROVIDER_MOUNT}/payment/webhook/stripe`)
        .set('content-type', 'application/json')
        .set(STRIPE_SIGNATURE_HEADER, Stripe.webhooks.generateTestHeaderString({ payload, secret }))
        .send(payload);
    await hook('whsec_NOTTHECONNECTEDSECRET').expect(401);
    await hook(WEBHOOK_SECRET).expect(200);
    expect((await callApi(p, walletApi.balance, { token: customer.token }).expect(200)).body.data.balance).toBe(50_000);
  });

  it('a key Stripe refuses saves nothing and says why', async () => {
    await setUp();
    const res = await connectStripe({ secret_key: 'sk_live_WRONGKEY0000000000000000', webhook_secret: WEBHOOK_SECRET }).expect(502);
    expect(res.body.error.code).toBe('BAD_GATEWAY');
    expect(res.body.message).toBe('Not saved: Stripe said the key is invalid.');
    expect(await rows()).toEqual([]);
    expect(await audit()).toEqual([]);
    expect((await callApi(p, channelsApi.channels, { token: owner.token }).expect(200)).body.data.payments.kind).toBe('sandbox');
  });

  it('stores the settings sealed: no secret in the database in plain text, and they open only with the server secret', async () => {
    await setUp();
    await connectStripe().expect(200);
    await connectTwilio().expect(200);
    await connectSmtp().expect(200);
    const stored = await rows();
    expect(stored.map((r) => r.service)).toEqual(['smtp', 'stripe', 'twilio']);
    const dump = JSON.stringify(stored);
    for (const secret of [...SECRETS, encodeURIComponent(SMTP.pass)]) expect(dump).not.toContain(secret);
    for (const r of stored) expect(r.sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // the same rows read by a server with another secret: nothing opens, and the page says so
    const other = providerContext(
      { ...embeddedOptions(p), secret: 'another-server-secret-of-at-least-32-bytes!!', channelEndpoints: endpoints() },
      () => 'http://provider.test/api/v2/',
    );
    await other.channels.refresh(Date.now(), true);
    expect(other.sender.channel.kind).toBe('outbox');
    expect(other.paymentGateway?.name).toBe('sandbox');
  });

  it('a second instance on the same database uses the new keys without a restart, and forgets them on disconnect', async () => {
    await setUp();
    const second = providerContext({ ...embeddedOptions(p), channelEndpoints: endpoints() }, () => 'http://provider.test/api/v2/');
    await second.channels.refresh(Date.now(), true);
    expect(second.sender.channel.kind).toBe('outbox');

    await connectTwilio().expect(200);
    // within its refresh interval the second instance still has what it read; after it, the new keys
    const later = Date.now() + REFRESH_MS;
    await second.channels.refresh(later);
    expect(second.sender.channel).toEqual({ kind: 'twilio', from: '••••0177' });
    await requestOtp(second, { phone: '+639171110001', purpose: 'login', clientIp: '203.0.113.9' });
    expect(twilio.sent).toEqual([expect.objectContaining({ to: '+639171110001', from: TWILIO.from, body: expect.stringMatching(/code is \d{6}/) })]);

    await post(channelsApi.disconnect.path, { service: 'twilio' }).expect(200);
    await second.channels.refresh(later + REFRESH_MS);
    expect(second.sender.channel.kind).toBe('outbox');
  });

  it('sign-in codes go through Twilio connected from the console; a production shop without it says it cannot send them', async () => {
    await setUp();
    const saved = p.ctx.sender;
    // production: no development outbox, the log only
    p.ctx.sender = outboxSender(p.db, p.clock, p.ctx.logger, { keep: false });
    try {
      const refused = await callApi(p, authApi.otpRequest, { body: { phone: '+639171110002', purpose: 'login' } }).expect(503);
      expect(refused.body.error.code).toBe('SMS_UNAVAILABLE');
      const setup = (await callApi(p, channelsApi.channels, { token: owner.token }).expect(200)).body.data;
      expect(setup.going_live).toEqual(expect.arrayContaining([expect.stringMatching(/^Connect Twilio below .*no customer can sign in by phone/)]));

      await connectTwilio().expect(200);
      await callApi(p, authApi.otpRequest, { body: { phone: '+639171110002', purpose: 'login' } }).expect(200);
      expect(twilio.sent.map((m) => m.to)).toEqual(['+639171110002']);
    } finally {
      p.ctx.sender = saved;
    }
  });

  it('at most 20 tries an owner an hour, whatever their outcome: the 21st is 429 and tests nothing; the hour after it goes', async () => {
    await setUp();
    for (let i = 0; i < CONNECT_TRIES_PER_HOUR; i++)
      await connectStripe({ secret_key: 'sk_live_WRONGKEY0000000000000000', webhook_secret: WEBHOOK_SECRET }).expect(502);
    const calls = stripe.requests.length;
    const refused = await connectStripe().expect(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(stripe.requests.length).toBe(calls);
    p.clock.advance(HOUR + 1000);
    await connectStripe().expect(200);
  });

  it('Twilio credentials it refuses, or a sending number not of the account, save nothing and say why', async () => {
    await setUp();
    const res = await connectTwilio({ account_sid: TWILIO.accountSid, auth_token: 'WRONGTOKEN', from: TWILIO.from }).expect(502);
    expect(res.body.message).toBe('Not saved: Twilio said the Account SID or Auth Token is wrong.');
    const notOurs = await connectTwilio({ account_sid: TWILIO.accountSid, auth_token: TWILIO.authToken, from: '+14155550100' }).expect(502);
    expect(notOurs.body.message).toBe('Not saved: Twilio said +14155550100 is not a number of this account that can send text messages.');
    expect(twilio.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(/\/IncomingPhoneNumbers\.json\?PhoneNumber=%2B14155550100/),
      problems: [],
    });
    expect(await rows()).toEqual([]);
  });

  it('an SMTP server is verified before it is saved: a wrong password or an unreachable server saves nothing', async () => {
    await setUp();
    const wrong = await connectSmtp({ url: smtpUrl('wrong-password'), from: 'no-reply@kopisenja.test' }).expect(502);
    expect(wrong.body.message).toBe(`Not saved: 127.0.0.1:${smtpPort} did not accept the user name and password.`);
    const unreachable = await connectSmtp({ url: smtpUrl(SMTP.pass, 9), from: 'no-reply@kopisenja.test' }).expect(502);
    expect(unreachable.body.message).toBe('Not saved: could not reach 127.0.0.1:9.');
    expect(await rows()).toEqual([]);
    const ok = await connectSmtp().expect(200);
    expect(ok.body.data.email).toEqual({ kind: 'smtp', host: '127.0.0.1', from: 'Kopi Senja <no-reply@kopisenja.test>' });
    expect(ok.body.data.connections.smtp.shown).toBe(`127.0.0.1:${smtpPort}, from Kopi Senja <no-reply@kopisenja.test>`);
    expect(ok.text).not.toContain(SMTP.pass);
  });

  it('connect, replace and disconnect go into Activity without a secret; a second disconnect is 404', async () => {
    await setUp();
    await connectStripe().expect(200);
    await connectStripe().expect(200);
    await post(channelsApi.disconnect.path, { service: 'stripe' }).expect(200);
    await post(channelsApi.disconnect.path, { service: 'stripe' }).expect(404);
    const entries = await audit();
    expect(entries.map((e) => [e.action, e.target, e.staff_id])).toEqual([
      ['channels.connect', 'channel:stripe', owner.id],
      ['channels.replace', 'channel:stripe', owner.id],
      ['channels.disconnect', 'channel:stripe', owner.id],
    ]);
    expect(entries[1]!.before).toEqual({ service: 'stripe', shown: 'sk_live_…4242' });
    const dump = JSON.stringify(entries);
    for (const secret of SECRETS) expect(dump).not.toContain(secret);
    // back to what the server was started with
    expect((await callApi(p, channelsApi.channels, { token: owner.token }).expect(200)).body.data.payments.kind).toBe('sandbox');
    expect(await rows()).toEqual([]);
  });

  it('owners only: staff are refused with 403, anyone signed out with 401, and nothing is saved', async () => {
    await setUp();
    for (const [path, body] of [
      [channelsApi.connectStripe.path, { secret_key: STRIPE_KEY, webhook_secret: WEBHOOK_SECRET }],
      [channelsApi.connectTwilio.path, { account_sid: TWILIO.accountSid, auth_token: TWILIO.authToken, from: TWILIO.from }],
      [channelsApi.connectSmtp.path, { url: smtpUrl(), from: 'no-reply@kopisenja.test' }],
      [channelsApi.disconnect.path, { service: 'stripe' }],
    ] as const) {
      expect((await post(path, body, member.token).expect(403)).body.error.code, path).toBe('ROLE_FORBIDDEN');
      expect((await post(path, body, null).expect(401)).body.error.code, path).toBe('SESSION_EXPIRED');
    }
    expect(await rows()).toEqual([]);
  });

  it("the environment wins: a service it sets is shown as the server's and cannot be changed here", async () => {
    await setUp();
    await connectTwilio().expect(200);
    const env = p.ctx.channels.fromEnvironment as Record<string, boolean>;
    env.twilio = true;
    try {
      const page = (await callApi(p, channelsApi.channels, { token: owner.token }).expect(200)).body.data;
      expect(page.connections.twilio).toEqual({ source: 'environment', shown: null, connected_at: null, connected_by: null, problem: null });
      // the environment's sender (here the test's own), not the console's
      expect(page.sms.kind).toBe('outbox');
      const refused = await connectTwilio().expect(409);
      expect(refused.body.message).toMatch(/^Twilio is set by the server's environment/);
      await post(channelsApi.disconnect.path, { service: 'twilio' }).expect(409);
      expect((await audit()).map((e) => e.action)).toEqual(['channels.connect']);
    } finally {
      env.twilio = false;
    }
  });

  it('with every service connected, live, the checklist ticks its going-live step', async () => {
    await setUp();
    await connectStripe().expect(200);
    await connectTwilio().expect(200);
    await connectSmtp().expect(200);
    const setup = (await callApi(p, channelsApi.setup, { token: owner.token }).expect(200)).body.data;
    expect(setup.steps.channels).toEqual({ done: true });
  });
});
