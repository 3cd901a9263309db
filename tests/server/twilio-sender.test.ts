import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { twilioSender } from '../../server/provider/auth/twilio-sender';
import { fakeSid, startTwilioFake, type TwilioFake } from '../fakes/twilio-fake';
import { newIp, newPhone } from './auth.helpers';
import { captureLogger } from './gateway.helpers';
import { useTestProvider, type TestProvider } from './support/provider';
import { authApi } from '#contract/auth.calls';
import { callApi } from '../support/calls';

const ACCOUNT = fakeSid('AC');
const TOKEN = 'f'.repeat(8) + 'auth-token-of-the-test-account';
const NUMBER = '+14155550100';
const SERVICE = fakeSid('MG');
const PHONE = '+639171234567';
const BODY = 'Your Kopi Senja code is 482913. It expires in 5 minutes.';

/** A log line as JSON, without pino's own fields (time and pid are digits that say nothing of the message). */
function logged(lines: string[]): Array<Record<string, unknown>> {
  return lines.map((l) => {
    const { time: _t, pid: _p, hostname: _h, ...rest } = JSON.parse(l) as Record<string, unknown>;
    return rest;
  });
}

describe('twilioSender against the local Twilio fake (the library sends, the fake checks)', () => {
  let fake: TwilioFake;
  beforeAll(async () => {
    fake = await startTwilioFake({ accountSid: ACCOUNT, authToken: TOKEN, numbers: [NUMBER], services: [SERVICE] });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.sent.length = 0;
  });

  const sender = (from = NUMBER, o: { token?: string; httpClient?: ReturnType<TwilioFake['httpClient']> } = {}) => {
    const log = captureLogger('debug');
    const s = twilioSender({ accountSid: ACCOUNT, authToken: o.token ?? TOKEN, from, logger: log.logger, httpClient: o.httpClient ?? fake.httpClient() });
    return { s, lines: log.lines };
  };

  it("sends To, From and Body to the account's Messages endpoint with Basic auth, form-encoded, from a number", async () => {
    const { s, lines } = sender(NUMBER);
    await s.send(PHONE, BODY);

    expect(fake.requests).toHaveLength(1);
    const r = fake.requests[0]!;
    expect(r.problems).toEqual([]);
    expect(r.status).toBe(201);
    expect(r.aimedAt).toBe('https://api.twilio.com');
    expect(r.method).toBe('POST');
    expect(r.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(r.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`);
    expect(r.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(r.userAgent).toMatch(/^twilio-node\/6\./);
    expect(r.form).toEqual({ To: [PHONE], From: [NUMBER], Body: [BODY] });
    expect(fake.sent).toEqual([{ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), to: PHONE, from: NUMBER, messagingServiceSid: null, body: BODY }]);

    const info = logged(lines);
    expect(info).toEqual([expect.objectContaining({ level: 30, phone: '+639•••••••67', msg: 'text message handed to Twilio' })]);
    expect(JSON.stringify(info)).not.toContain('482913');
  });

  it('sends MessagingServiceSid and no From when TWILIO_FROM is a Messaging Service', async () => {
    const { s } = sender(SERVICE);
    await s.send(PHONE, BODY);
    const r = fake.requests[0]!;
    expect(r.problems).toEqual([]);
    expect(r.status).toBe(201);
    expect(r.form).toEqual({ To: [PHONE], MessagingServiceSid: [SERVICE], Body: [BODY] });
    expect(fake.sent[0]).toMatchObject({ to: PHONE, from: null, messagingServiceSid: SERVICE });
  });

  it('keeps a message of 1600 characters whole, with characters outside ASCII', async () => {
    const { s } = sender();
    const long = `Kode Anda ✓ ${'é'.repeat(1600 - 12)}`;
    expect([...long]).toHaveLength(1600);
    await s.send(PHONE, long);
    expect(fake.sent[0]!.body).toBe(long);
  });

  it("throws Twilio's refusal of a number as a plain Error without the text or any digit, and logs only the masked phone and Twilio's code", async () => {
    const { s, lines } = sender();
    const bad = '+0917123';
    const err = await s.send(bad, BODY).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(Object.getPrototypeOf(err)).toBe(Error.prototype);
    const message = (err as Error).message;
    expect(message).toBe('Twilio did not send the text message: the phone number is not a valid number');
    expect(message).not.toMatch(/\d/);
    expect(Object.keys(err as object)).toEqual([]);
    expect((err as Error).cause).toBeUndefined();

    // what the fake answered really was Twilio's 21211, with the number echoed in Twilio's message
    expect(fake.requests[0]!.status).toBe(400);
    expect(fake.requests[0]!.answer).toMatchObject({ code: 21211, status: 400, message: expect.stringContaining(bad) });

    const entries = logged(lines);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual({
      level: 50,
      phone: '+091••23',
      twilio_code: 21211,
      http_status: 400,
      network: null,
      msg: 'Twilio did not accept the text message',
    });
    const text = JSON.stringify(entries);
    expect(text).not.toContain('482913');
    expect(text).not.toContain(bad);
    expect(text).not.toContain('Kopi Senja');
  });

  it('throws and logs a refused recipient (STOP) and a Twilio rate limit, once each, without retrying', async () => {
    const { s, lines } = sender();
    fake.failNext({ status: 400, code: 21610, message: `Attempt to send to unsubscribed recipient ${PHONE}` });
    await expect(s.send(PHONE, BODY)).rejects.toThrow(/^Twilio did not send the text message: the phone has replied STOP to our messages$/);
    fake.failNext({ status: 429, code: 20429, message: 'Too Many Requests' });
    await expect(s.send(PHONE, BODY)).rejects.toThrow(/^Twilio did not send the text message: Twilio is limiting how fast we send$/);
    expect(fake.requests.map((r) => r.status)).toEqual([400, 429]);
    expect(fake.sent).toEqual([]);
    expect(logged(lines).map((l) => [l.twilio_code, l.http_status, l.phone])).toEqual([
      [21610, 400, '+639•••••••67'],
      [20429, 429, '+639•••••••67'],
    ]);
    expect(lines.join('\n')).not.toContain(PHONE);
  });

  it('throws on wrong credentials (Twilio 20003) without the token', async () => {
    const { s, lines } = sender(NUMBER, { token: 'not-the-token-of-this-account' });
    const err = (await s.send(PHONE, BODY).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe('Twilio did not send the text message: Twilio did not accept the credentials (check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN)');
    expect(fake.requests[0]!.status).toBe(401);
    expect(lines.join('\n')).not.toContain('not-the-token');
  });

  it('throws on a message longer than Twilio takes (21617) and on a Messaging Service the account does not have (21701)', async () => {
    await expect(sender().s.send(PHONE, 'x'.repeat(1601))).rejects.toThrow(/longer than Twilio allows$/);
    await expect(sender(fakeSid('MG')).s.send(PHONE, BODY)).rejects.toThrow(/TWILIO_FROM is not a Messaging Service of this Twilio account$/);
    expect(fake.requests.map((r) => (r.answer as { code: number }).code)).toEqual([21617, 21701]);
  });

  it('throws "could not reach Twilio" when nothing answers, naming the socket error only', async () => {
    const gone = await startTwilioFake({ accountSid: ACCOUNT, authToken: TOKEN, numbers: [NUMBER] });
    const client = gone.httpClient();
    await gone.close();
    const { s, lines } = sender(NUMBER, { httpClient: client });
    const err = (await s.send(PHONE, BODY).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe('could not reach Twilio to send the text message');
    expect(logged(lines)[0]).toMatchObject({ level: 50, twilio_code: null, http_status: null, network: 'ECONNREFUSED' });
    expect(lines.join('\n')).not.toContain('127.0.0.1');
  });

  it('refuses to start with a TWILIO_FROM, an Account SID or a token Twilio would never take', () => {
    const { logger } = captureLogger();
    const make = (o: { accountSid?: string; authToken?: string; from?: string }) => () =>
      twilioSender({ accountSid: o.accountSid ?? ACCOUNT, authToken: o.authToken ?? TOKEN, from: o.from ?? NUMBER, logger });
    for (const from of [
      '4155550100',
      '+04155550100',
      '+1415555',
      'whatsapp:+14155550100',
      'KopiSenja',
      `MG${'g'.repeat(32)}`,
      SERVICE.slice(0, -1),
      `${NUMBER} `,
    ]) {
      expect(make({ from }), from).toThrow(/^TWILIO_FROM must be a Twilio number in E\.164/);
    }
    expect(make({ accountSid: `SK${'a'.repeat(32)}` })).toThrow(/^TWILIO_ACCOUNT_SID must be an Account SID/);
    expect(make({ authToken: '' })).toThrow(/^TWILIO_AUTH_TOKEN must be/);
    expect(make({ from: '+6281234567890' })).not.toThrow();
    expect(make({ from: SERVICE.toUpperCase() })).not.toThrow();
  });
});

describe('sign-in codes through Twilio (the provider, the adapter and the fake together)', () => {
  let fake: TwilioFake;
  const p = useTestProvider('pglite');
  const saved: Partial<TestProvider['ctx']> = {};
  beforeAll(async () => {
    fake = await startTwilioFake({ accountSid: ACCOUNT, authToken: TOKEN, numbers: [NUMBER] });
    saved.sender = p.ctx.sender;
    saved.logger = p.ctx.logger;
  });
  afterAll(async () => {
    Object.assign(p.ctx, saved);
    await fake.close();
  });

  function useTwilio() {
    const log = captureLogger('debug');
    p.ctx.logger = log.logger;
    p.ctx.sender = twilioSender({ accountSid: ACCOUNT, authToken: TOKEN, from: NUMBER, logger: log.logger, httpClient: fake.httpClient() });
    return log.lines;
  }

  it("texts the code through Twilio, and the provider's rate limit refuses a second code before Twilio is called", async () => {
    useTwilio();
    const phone = newPhone();
    const ip = newIp();
    await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login' }, ip }).expect(200);
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]!.to).toBe(phone);
    expect(fake.sent[0]!.body).toMatch(/^Your .+ code is \d{6}\. It expires in \d+ minutes?\.$/);
    const code = /\d{6}/.exec(fake.sent[0]!.body)![0];
    await callApi(p, authApi.otpVerify, { body: { phone, code, purpose: 'login' } }).expect(200);

    const before = fake.requests.length;
    const again = await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login' }, ip }).expect(429);
    expect(again.body.error.code).toBe('RATE_LIMITED');
    expect(fake.requests).toHaveLength(before);
  });

  it('answers "we could not send the code, try again" when Twilio refuses, and no log line holds the code', async () => {
    const lines = useTwilio();
    fake.failNext({ status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    const res = await callApi(p, authApi.otpRequest, { body: { phone: newPhone(), purpose: 'login' }, ip: newIp() }).expect(502);
    expect(res.body.error.code).toBe('BAD_GATEWAY');
    expect(res.body.message).toBe('We could not send the code just now. Please try again in a minute.');
    const body = fake.requests.at(-1)!.form.Body![0]!;
    const code = /\d{6}/.exec(body)![0];
    expect(JSON.stringify(res.body)).not.toContain(code);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).not.toContain(code);
    expect(logged(lines).map((l) => l.msg)).toEqual(['Twilio did not accept the text message', 'could not send a one-time code']);
  });
});

describe("the Twilio fake refuses what Twilio, or this product's rules, would refuse", () => {
  let fake: TwilioFake;
  beforeAll(async () => {
    fake = await startTwilioFake({ accountSid: ACCOUNT, authToken: TOKEN, numbers: [NUMBER], services: [SERVICE] });
  });
  afterAll(() => fake.close());

  const basic = (user = ACCOUNT, pass = TOKEN) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
  async function post(form: Record<string, string> | string, o: { path?: string; auth?: string; type?: string; method?: string } = {}) {
    const res = await fetch(`${fake.origin}${o.path ?? `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`}`, {
      method: o.method ?? 'POST',
      headers: { authorization: o.auth ?? basic(), 'content-type': o.type ?? 'application/x-www-form-urlencoded' },
      ...(o.method === 'GET' ? {} : { body: typeof form === 'string' ? form : new URLSearchParams(form).toString() }),
    });
    return { status: res.status, body: (await res.json()) as { code: number | null; message: string; status: number; more_info: string | null } };
  }
  const ok = { To: PHONE, From: NUMBER, Body: BODY };

  it('answers a right request 201 with a queued Message resource', async () => {
    const r = await post(ok);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      account_sid: ACCOUNT,
      to: PHONE,
      from: NUMBER,
      body: BODY,
      status: 'queued',
      direction: 'outbound-api',
      api_version: '2010-04-01',
    });
    expect((r.body as unknown as { date_created: string }).date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
  });

  it("answers Twilio's errors with Twilio's shape and codes", async () => {
    const cases: Array<[Parameters<typeof post>, number, number]> = [
      [[ok, { auth: basic(ACCOUNT, 'wrong') }], 401, 20003],
      [[ok, { auth: '' }], 401, 20003],
      [[ok, { path: `/2010-04-01/Accounts/${fakeSid('AC')}/Messages.json` }], 404, 20404],
      [[ok, { method: 'GET' }], 405, 20004],
      [[ok, { path: `/2010-04-01/Accounts/${ACCOUNT}/Calls.json` }], 404, 20404],
      [[{ From: NUMBER, Body: BODY }], 400, 21604],
      [[{ ...ok, To: '0917 123 4567' }], 400, 21211],
      [[{ To: PHONE, Body: BODY }], 400, 21603],
      [[{ ...ok, From: '+14155550199' }], 400, 21606],
      [[{ To: PHONE, MessagingServiceSid: fakeSid('MG'), Body: BODY }], 400, 21701],
      [[{ To: PHONE, From: NUMBER }], 400, 21602],
      [[{ ...ok, Body: 'x'.repeat(1601) }], 400, 21617],
    ];
    for (const [args, status, code] of cases) {
      const r = await post(...args);
      expect([r.status, r.body.code], JSON.stringify(args).slice(0, 120)).toEqual([status, code]);
      expect(r.body).toEqual({ code, message: expect.any(String), more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    }
  });

  it('refuses what this product must not send: JSON, both senders, other fields, a field twice', async () => {
    fake.requests.length = 0;
    const cases: Array<[Parameters<typeof post>, RegExp]> = [
      [[JSON.stringify(ok), { type: 'application/json' }], /Content-Type application\/json is not application\/x-www-form-urlencoded/],
      [[{ ...ok, MessagingServiceSid: SERVICE }], /exactly one of From and MessagingServiceSid/],
      [[{ ...ok, StatusCallback: 'https://example.test/cb' }], /StatusCallback is a field this product never sends/],
      [[{ ...ok, to: PHONE }], /to is not a field of Messages create/],
      [[`${new URLSearchParams(ok).toString()}&Body=again`], /Body given 2 times/],
    ];
    for (const [args, message] of cases) {
      const r = await post(...args);
      expect(r.status).toBe(400);
      expect(fake.requests.at(-1)!.problems.join('; ')).toMatch(message);
    }
  });
});
