import { expect, it } from 'vitest';
import { outboxSender, readOutbox } from '../../server/provider/auth/sender';
import { HOUR, MINUTE } from '../../server/lib/clock';
import { configureLive, SECRETS } from './channels.helpers';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeDb, useTestProvider } from './support/provider';
import { channelsApi } from '#contract/channels.calls';
import { callApi, gatewayUrl } from '../support/calls';
import { paymentsApi } from '#contract/payments.calls';

/**
 * The console's Payments and messages page (issue 27): what is configured, never a secret; what going
 * live needs; a test message through the real sender, limited and recorded; owners only.
 */

describeDb('payments and messages', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  let member: TestStaff;
  // the tables are emptied before each test (reset): each makes its team again
  const setUp = async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    member = await newStaff(p.db, p.clock, { role: 'staff' });
  };
  const channels = (token = owner.token) => callApi(p, channelsApi.channels, { token });
  const testMessage = (body: unknown, token = owner.token) => callApi(p, channelsApi.testMessage, { token, body });
  const auditRows = () => p.db.selectFrom('audit_log').selectAll().where('action', '=', 'channels.test_message').orderBy('id').execute();

  it('a development shop is in test mode: the sandbox, the outbox, and what going live needs in words', async () => {
    await setUp();
    const res = await channels().expect(200);
    const d = res.body.data;
    expect(d.test_mode).toBe(true);
    expect(d.payments).toEqual({ kind: 'sandbox', mode: null, webhook_url: gatewayUrl('http://shop.test', paymentsApi.webhook), last_event_at: null });
    expect(d.sms).toEqual({ kind: 'outbox', from: null });
    expect(d.email).toEqual({ kind: 'outbox', host: null, from: null });
    expect(d.going_live).toEqual([
      expect.stringMatching(/^Connect Stripe below \(or set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET\) .*real card payments/),
      expect.stringMatching(/^Connect Twilio below \(or set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM\) /),
      expect.stringMatching(/^Connect an e-mail server below \(or set SMTP_URL and MAIL_FROM\) /),
    ]);
  });

  it('says when the last payment webhook arrived', async () => {
    await setUp();
    const at = new Date('2026-11-20T10:00:00.000Z');
    await p.db
      .insertInto('webhook_events')
      .values({ event_id: 'evt_1', payment_id: '00000000-0000-4000-8000-000000000001', type: 'payment.succeeded', received_at: at })
      .execute();
    await p.db
      .insertInto('webhook_events')
      .values({ event_id: 'evt_0', payment_id: '00000000-0000-4000-8000-000000000001', type: 'payment.created', received_at: new Date(at.getTime() - HOUR) })
      .execute();
    expect((await channels().expect(200)).body.data.payments.last_event_at).toBe(at.toISOString());
  });

  it('a live shop: Stripe live, Twilio and SMTP, out of test mode, and no secret anywhere in the answer', async () => {
    await setUp();
    const restore = configureLive(p);
    try {
      const res = await channels().expect(200);
      const d = res.body.data;
      expect(d.payments).toEqual({ kind: 'stripe', mode: 'live', webhook_url: gatewayUrl('http://shop.test', paymentsApi.stripeWebhook), last_event_at: null });
      expect(d.sms).toEqual({ kind: 'twilio', from: '••••0123' });
      expect(d.email).toEqual({ kind: 'smtp', host: 'mail.example.com', from: 'Kopi Senja <no-reply@kopisenja.id>' });
      expect(d.test_mode).toBe(false);
      // no event yet: the one thing left is the webhook endpoint in Stripe's Dashboard
      expect(d.going_live).toEqual([expect.stringMatching(/^Add the webhook endpoint .*Stripe Dashboard/)]);
      const text = res.text;
      for (const [name, secret] of Object.entries(SECRETS)) expect(text, name).not.toContain(secret);
      for (const part of ['STRIPESECRETKEY', 'WEBHOOKSECRET', 'TWILIOAUTHTOKEN', 'SMTPPASSWORD', 'SMTPUSER', '5550123']) expect(text).not.toContain(part);

      // a test key: card payments are simulated, so the shop is in test mode again
      configureLive(p, { stripeKey: 'sk_test_STRIPETESTKEY0000000006' });
      const test = await channels().expect(200);
      expect(test.body.data.payments.mode).toBe('test');
      expect(test.body.data.test_mode).toBe(true);
      expect(test.body.data.going_live[0]).toMatch(/live Stripe key/);
      expect(test.text).not.toContain('STRIPETESTKEY');
    } finally {
      restore();
    }
  });

  it('no gateway and no e-mail service: each says what to set', async () => {
    await setUp();
    const saved = { gateway: p.ctx.paymentGateway, mailer: p.ctx.mailer };
    try {
      Object.assign(p.ctx, { paymentGateway: null, mailer: undefined });
      const d = (await channels().expect(200)).body.data;
      expect(d.payments.kind).toBe('none');
      expect(d.email.kind).toBe('none');
      expect(d.going_live).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Connect Stripe below \(or set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL\)/),
          expect.stringMatching(/^Connect an e-mail server below \(or set SMTP_URL and MAIL_FROM\) to send e-mail \(/),
        ]),
      );
      // and a test e-mail cannot go anywhere: said plainly
      const res = await testMessage({ channel: 'email' }).expect(503);
      expect(res.body.error.code).toBe('EMAIL_UNAVAILABLE');
      expect(await auditRows()).toHaveLength(0);
    } finally {
      Object.assign(p.ctx, { paymentGateway: saved.gateway, mailer: saved.mailer });
    }
  });

  it("a test e-mail goes to the owner's own address, into the development outbox, and into Activity", async () => {
    await setUp();
    const res = await testMessage({ channel: 'email' }).expect(200);
    expect(res.body.data).toEqual({ channel: 'email', to: owner.email, outbox: true });
    const mail = await readOutbox(p.db, owner.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ email: owner.email, subject: 'Test message from Kopi Senja' });
    const [row] = await auditRows();
    expect(row).toMatchObject({ staff_id: owner.id, target: 'channel:email', before: null });
    expect(row!.after).toEqual({ channel: 'email', to: owner.email });
  });

  it('a test text message goes to the phone typed, read as the app reads phone numbers', async () => {
    await setUp();
    const res = await testMessage({ channel: 'sms', phone: '0917 123 4567' }).expect(200);
    expect(res.body.data).toEqual({ channel: 'sms', to: '+639171234567', outbox: true });
    expect(p.sent).toEqual([{ phone: '+639171234567', body: expect.stringContaining("Test message from Kopi Senja's merchant console") }]);
    expect((await auditRows())[0]!.after).toEqual({ channel: 'sms', to: '+639171234567' });
  });

  it('bad input: 400 naming the field, nothing sent, nothing recorded', async () => {
    await setUp();
    const cases: Array<[unknown, string]> = [
      [{ channel: 'fax' }, 'channel'],
      [{}, 'channel'],
      [{ channel: 'sms' }, 'phone'],
      [{ channel: 'sms', phone: 'not a phone' }, 'phone'],
      [{ channel: 'sms', phone: 42 }, 'phone'],
      [{ channel: 'email', to: 'someone@else.example' }, 'to'],
    ];
    for (const [body, field] of cases) {
      const res = await testMessage(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(Object.keys(res.body.error.fields), JSON.stringify(body)).toEqual([field]);
    }
    expect((await testMessage({ channel: 'sms' })).body.error.fields.phone).toBe('is required for a text message');
    expect(p.sent).toHaveLength(0);
    expect(await auditRows()).toHaveLength(0);
  });

  it('no text message service (a network server without NODE_ENV): a test text is refused, naming the channel', async () => {
    await setUp();
    const saved = p.ctx.sender;
    try {
      p.ctx.sender = outboxSender(p.db, p.clock, p.ctx.logger, { keep: false });
      expect((await channels().expect(200)).body.data.sms).toEqual({ kind: 'none', from: null });
      const res = await testMessage({ channel: 'sms', phone: '0917 123 4567' }).expect(400);
      expect(res.body.error.fields.channel).toMatch(/^this shop cannot send text messages yet: connect Twilio \(or set TWILIO_ACCOUNT_SID/);
      expect(await auditRows()).toHaveLength(0);
    } finally {
      p.ctx.sender = saved;
    }
  });

  it('at most 5 test messages an owner an hour: the 6th is 429 with the time to wait, and the hour after it goes', async () => {
    await setUp();
    for (let i = 0; i < 5; i++) {
      await testMessage({ channel: 'sms', phone: '+639171234567' }).expect(200);
      p.clock.advance(MINUTE);
    }
    const refused = await testMessage({ channel: 'email' }).expect(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    // the first was sent 5 minutes ago: 55 minutes to wait
    expect(refused.body.data.retry_after).toBe(55 * 60);
    expect(refused.headers['retry-after']).toBe(String(55 * 60));
    expect(refused.body.message).toMatch(/try again in 55 minutes/);
    expect(p.sent).toHaveLength(5);
    expect(await auditRows()).toHaveLength(5);
    // another owner has an allowance of their own
    const other = await newStaff(p.db, p.clock, { role: 'owner' });
    await testMessage({ channel: 'email' }, other.token).expect(200);
    // a minute before the hour is over: "a minute"
    p.clock.advance(54 * MINUTE + 30_000);
    expect((await testMessage({ channel: 'email' }).expect(429)).body.message).toMatch(/try again in a minute\.$/);
    p.clock.advance(31_000);
    await testMessage({ channel: 'email' }).expect(200);
  });

  it('owners only: staff 403, a customer or nobody 401, on every call', async () => {
    await setUp();
    const customer = await p.newCustomer();
    const calls = [
      (token?: string) => callApi(p, channelsApi.channels, { token }),
      (token?: string) => callApi(p, channelsApi.testMessage, { token, body: { channel: 'email' } }),
      (token?: string) => callApi(p, channelsApi.setup, { token }),
    ];
    for (const c of calls) {
      const staff = await c(member.token);
      expect(staff.status).toBe(403);
      expect(staff.body.error.code).toBe('ROLE_FORBIDDEN');
      expect((await c(customer.token)).status).toBe(401);
      expect((await c()).status).toBe(401);
    }
    expect(p.sent).toHaveLength(0);
    expect(await auditRows()).toHaveLength(0);
  });
});
