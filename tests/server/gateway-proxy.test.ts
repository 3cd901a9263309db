import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPSTREAM_SECRET,
  cookiePair,
  fakeUpstream,
  raw,
  startGateway,
  testConfig,
  withoutDeviceCookie,
  type FakeUpstream,
  type TestGateway,
} from './gateway.helpers';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { staffApi } from '#contract/staff.calls';
import { walletApi } from '#contract/wallet.calls';
import { freePort } from '../../scripts/lib/server-process.ts';
import { gatewayUrl, providerUrl, undeclared } from '../support/calls';

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuv';
const OTHER_TOKEN = 'tok_zyxwvutsrqponmlkjihgfedcba987654';

function envelope(status: number, data: unknown, code?: string) {
  return { status, message: code ? 'Failed.' : 'OK.', data, ...(code ? { error: { code } } : {}) };
}

let upstream: FakeUpstream;
let gw: TestGateway;
let logoutStatus = 200;

beforeAll(async () => {
  upstream = await fakeUpstream((app) => {
    app.post(providerUrl('', authApi.otpVerify), (_req, res) => {
      res.json(envelope(200, { token: TOKEN, customer: { id: 7, name: 'Ana' } }));
    });
    app.post(providerUrl('', authApi.register), (_req, res) => {
      res.status(201).json(envelope(201, { token: OTHER_TOKEN, customer: { id: 8, name: 'Ben' } }));
    });
    app.post(providerUrl('', authApi.logout), (_req, res) => {
      res.status(logoutStatus).json(envelope(logoutStatus, null, logoutStatus === 200 ? undefined : 'INTERNAL'));
    });
    app.get('/api/v2/session-expired', (_req, res) => {
      res.status(401).json(envelope(401, null, 'SESSION_EXPIRED'));
    });
    app.get('/api/v2/forbidden-other', (_req, res) => {
      res.status(401).json(envelope(401, null, 'INVALID_CODE'));
    });
    // the sandbox's hosted page: a page, not a declared call
    app.get(`/api/v2/${undeclared('payment/sandbox/p1')}`, (_req, res) => {
      res.setHeader('content-security-policy', "default-src 'none'; form-action 'self'");
      res.type('html').send('<!doctype html><title>Sandbox</title>');
    });
    app.get('/api/v2/slow', () => {
      // never answers: the gateway's timeout must
    });
  });
  gw = await startGateway({ providerBase: upstream.base, secret: UPSTREAM_SECRET, proxyTimeoutMs: 1000 });
});

afterAll(async () => {
  await gw?.close();
  await upstream?.close();
});

function last() {
  return upstream.seen.at(-1)!;
}

/** The answer's Set-Cookie lines but the device cookie's (which a browser without one gets on any customer call). */
const sessionSet = (res: Response) => withoutDeviceCookie(res.headers.getSetCookie());
const deviceSet = (res: Response) => res.headers.getSetCookie().filter((c) => /^(did|__Host-did)=/.test(c));

describe('the signing proxy', () => {
  it('signs every call as the provider checks it, with platform and a current Unix timestamp', async () => {
    const res = await fetch(gatewayUrl(gw.url, settingsApi.mainSetting));
    expect(res.status).toBe(200);
    const seen = last();
    expect(seen.signatureValid).toBe(true);
    expect(seen.path).toBe(settingsApi.mainSetting.path);
    expect(seen.headers.platform).toBe('wato');
    expect(Math.abs(Number(seen.headers.timestamp) - Date.now() / 1000)).toBeLessThan(5);
    expect(seen.headers['token-authorization']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the query string and signs the path without it', async () => {
    const res = await fetch(`${gatewayUrl(gw.url, rewardsApi.storage)}?status=active&page=2`);
    expect(res.status).toBe(200);
    expect(last().url).toBe(`${providerUrl('', rewardsApi.storage)}?status=active&page=2`);
    expect(last().signatureValid).toBe(true);
  });

  it('drops the signature, credential and cookie headers a browser sends', async () => {
    const res = await fetch(gatewayUrl(gw.url, customersApi.profile), {
      headers: {
        'token-authorization': 'f'.repeat(64),
        platform: 'evil',
        timestamp: '1',
        authorization: 'Bearer stolen-token-0123456789abcdef',
        cookie: 'tracking=1; other=2',
        'x-forwarded-for': '6.6.6.6',
      },
    });
    expect(res.status).toBe(200);
    const h = last().headers;
    expect(last().signatureValid).toBe(true);
    expect(h.platform).toBe('wato');
    expect(h.authorization).toBeUndefined();
    expect(h.cookie).toBeUndefined();
    // TRUST_PROXY_HOPS=0: the socket's address, whatever the browser claims
    expect(h['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('passes the language the app speaks (Accept-Language) on to the provider, which words its refusals in it', async () => {
    const res = await fetch(gatewayUrl(gw.url, customersApi.profile), { headers: { 'accept-language': 'fil', cookie: `sid=${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(last().signatureValid).toBe(true);
    expect(last().headers['accept-language']).toBe('fil');
  });

  it('streams request bodies through unchanged', async () => {
    const body = JSON.stringify({ items: [{ product_id: 1, qty: 2 }], note: 'ü'.repeat(100) });
    const res = await fetch(gatewayUrl(gw.url, ordersApi.quote), { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body });
    expect(res.status).toBe(200);
    expect(last().body).toBe(body);
    expect(last().method).toBe('POST');
  });

  it('refuses state-changing calls that are not JSON with 415 in the envelope', async () => {
    const before = upstream.seen.length;
    for (const [method, type] of [
      ['POST', 'text/plain'],
      ['POST', 'application/x-www-form-urlencoded'],
      ['POST', 'multipart/form-data; boundary=x'],
      ['POST', undefined],
      ['PUT', 'text/plain'],
      ['PATCH', 'text/plain'],
      ['DELETE', undefined],
    ] as const) {
      const res = await fetch(gatewayUrl(gw.url, walletApi.topup), {
        method,
        headers: type ? { 'content-type': type } : {},
        body: method === 'DELETE' ? undefined : 'amount=10000',
      });
      expect(res.status, `${method} ${type}`).toBe(415);
      expect(await res.json()).toEqual({ status: 415, message: expect.any(String), data: null, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    }
    expect(upstream.seen.length).toBe(before);
  });

  it("words its own refusal in the request's language (Accept-Language), English without one", async () => {
    const refusal = async (language?: string) => {
      const headers: Record<string, string> = { 'content-type': 'text/plain', ...(language ? { 'accept-language': language } : {}) };
      const res = await fetch(gatewayUrl(gw.url, walletApi.topup), { method: 'POST', headers, body: 'amount=10000' });
      expect(res.status).toBe(415);
      return ((await res.json()) as { message: string; error: { code: string } }).message;
    };
    expect(await refusal()).toBe('Send this request as JSON (content-type: application/json).');
    expect(await refusal('de-DE')).toBe('Send this request as JSON (content-type: application/json).');
    expect(await refusal('fil-PH,en;q=0.8')).toBe('Ipadala ang request na ito bilang JSON (content-type: application/json).');
    expect(await refusal('id')).toBe('Kirim permintaan ini sebagai JSON (content-type: application/json).');
  });

  it('refuses a path that could climb out of the API base, before signing it', async () => {
    const before = upstream.seen.length;
    for (const path of ['/api/..%2f..%2fadmin', '/api/%2e%2e/admin', '/api/a/../../admin', '/api/a%5c..%5cadmin']) {
      const res = await raw(gw.url, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body).error.code).toBe('NOT_FOUND');
    }
    expect(upstream.seen.length).toBe(before);
  });

  it('sends a path with doubled leading slashes on as the path it signed', async () => {
    const res = await raw(gw.url, 'GET', `/api//${settingsApi.mainSetting.path}`);
    expect(res.status).toBe(200);
    expect(last()).toMatchObject({ path: settingsApi.mainSetting.path, url: `/api/v2/${settingsApi.mainSetting.path}`, signatureValid: true });
  });

  it('lets a provider page keep its own Content-Security-Policy', async () => {
    const res = await fetch(`${gw.url}/api/${undeclared('payment/sandbox/p1')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; form-action 'self'");
    // the gateway's other security headers stay
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the session cookie', () => {
  it('moves the token of a sign-in answer into an HttpOnly cookie and sends it upstream as Bearer', async () => {
    const res = await fetch(gatewayUrl(gw.url, authApi.otpVerify), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+639171234567', code: '123456', purpose: 'login' }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(TOKEN);
    const body = JSON.parse(text);
    expect(body.data).toEqual({ customer: { id: 7, name: 'Ana' } });
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));

    const cookies = sessionSet(res);
    expect(cookies).toHaveLength(1);
    const c = cookies[0]!;
    expect(c).toMatch(new RegExp(`^sid=${TOKEN};`));
    expect(c).toMatch(/; HttpOnly/i);
    expect(c).toMatch(/; SameSite=Lax/i);
    expect(c).toMatch(/; Path=\//i);
    expect(c).toMatch(/; Max-Age=2592000/i);
    expect(c).not.toMatch(/Secure/i);

    const pair = cookiePair({ 'set-cookie': cookies }, 'sid')!;
    const next = await fetch(gatewayUrl(gw.url, customersApi.profile), { headers: { cookie: `${pair}; theme=dark` } });
    expect(next.status).toBe(200);
    expect(last().headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(last().headers.cookie).toBeUndefined();
  });

  it('does the same for auth/register (201) and keeps the status', async () => {
    const res = await fetch(gatewayUrl(gw.url, authApi.register), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ registration_token: 'r', name: 'Ben' }),
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data.token).toBeUndefined();
    expect(sessionSet(res)[0]).toMatch(new RegExp(`^sid=${OTHER_TOKEN};`));
  });

  it('clears the cookie on logout, also when the provider fails or cannot be reached', async () => {
    for (const status of [200, 500]) {
      logoutStatus = status;
      const res = await fetch(gatewayUrl(gw.url, authApi.logout), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `sid=${TOKEN}` },
        body: '{}',
      });
      expect(res.status).toBe(status);
      expect(last().headers.authorization).toBe(`Bearer ${TOKEN}`);
      const cookies = sessionSet(res);
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatch(/^sid=;/);
      expect(cookies[0]).toMatch(/Max-Age=0/i);
    }
    logoutStatus = 200;

    const down = await startGateway({ providerBase: 'http://127.0.0.1:9/api/v2/', secret: UPSTREAM_SECRET });
    try {
      const res = await fetch(gatewayUrl(down.url, authApi.logout), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `sid=${TOKEN}` },
        body: '{}',
      });
      expect(res.status).toBe(503);
      expect(sessionSet(res)[0]).toMatch(/^sid=;.*Max-Age=0/i);
    } finally {
      await down.close();
    }
  });

  it('clears the cookie when the provider says SESSION_EXPIRED, and only then', async () => {
    const expired = await fetch(`${gw.url}/api/session-expired`, { headers: { cookie: `sid=${TOKEN}` } });
    expect(expired.status).toBe(401);
    expect((await expired.json()).error.code).toBe('SESSION_EXPIRED');
    expect(sessionSet(expired)[0]).toMatch(/^sid=;.*Max-Age=0/i);

    const other = await fetch(`${gw.url}/api/forbidden-other`, { headers: { cookie: `sid=${TOKEN}` } });
    expect(other.status).toBe(401);
    expect(sessionSet(other)).toEqual([]);
  });

  it('ignores a cookie value that is not token-shaped', async () => {
    await fetch(gatewayUrl(gw.url, customersApi.profile), { headers: { cookie: 'sid=short' } });
    expect(last().headers.authorization).toBeUndefined();
  });
});

describe('the device cookie', () => {
  it('gives a browser without one a long-lived random device id, HttpOnly and SameSite=Lax, forwarded as x-device-id', async () => {
    const res = await fetch(gatewayUrl(gw.url, customersApi.profile));
    const [line, ...more] = deviceSet(res);
    expect(more).toEqual([]);
    const id = /^did=([A-Za-z0-9_-]{22});/.exec(line!)?.[1];
    expect(id).toBeDefined();
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\//i);
    expect(line).toMatch(/; Max-Age=34560000/i);
    expect(line).not.toMatch(/Secure/i);
    expect(last().headers['x-device-id']).toBe(id);
    // kept: the next call carries it and gets no new one
    const next = await fetch(gatewayUrl(gw.url, customersApi.profile), { headers: { cookie: `did=${id}` } });
    expect(deviceSet(next)).toEqual([]);
    expect(last().headers['x-device-id']).toBe(id);
    expect(last().signatureValid).toBe(true);
  });

  it('never forwards a device header the browser sends itself', async () => {
    const forged = 'F'.repeat(22);
    const mine = 'M'.repeat(22);
    await fetch(gatewayUrl(gw.url, customersApi.profile), { headers: { 'x-device-id': forged, cookie: `did=${mine}` } });
    expect(last().headers['x-device-id']).toBe(mine);
    const res = await fetch(gatewayUrl(gw.url, customersApi.profile), { headers: { 'x-device-id': forged } });
    expect(last().headers['x-device-id']).not.toBe(forged);
    expect(deviceSet(res)[0]).toMatch(new RegExp(`^did=${last().headers['x-device-id']};`));
    // a cookie not of the id's shape is replaced
    await fetch(gatewayUrl(gw.url, customersApi.profile), { headers: { cookie: 'did=short' } });
    expect(last().headers['x-device-id']).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('is not given on the console’s calls', async () => {
    const res = await fetch(gatewayUrl(gw.url, staffApi.me));
    expect(deviceSet(res)).toEqual([]);
    expect(last().headers['x-device-id']).toBeUndefined();
  });
});

describe('behind an HTTPS reverse proxy (TRUST_PROXY_HOPS=1)', () => {
  let behind: TestGateway;
  beforeAll(async () => {
    behind = await startGateway({ config: testConfig({ trustProxyHops: 1 }), providerBase: upstream.base, secret: UPSTREAM_SECRET });
  });
  afterAll(() => behind?.close());

  it('names the cookie __Host-sid with Secure and reads it back', async () => {
    const res = await fetch(gatewayUrl(behind.url, authApi.otpVerify), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      body: '{}',
    });
    const c = sessionSet(res)[0]!;
    expect(c).toMatch(new RegExp(`^__Host-sid=${TOKEN};`));
    expect(c).toMatch(/; Secure/i);
    expect(c).toMatch(/; HttpOnly/i);
    expect(c).toMatch(/; Path=\//i);
    expect(c).not.toMatch(/Domain=/i);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    const device = deviceSet(res)[0]!;
    expect(device).toMatch(/^__Host-did=[A-Za-z0-9_-]{22}; /);
    expect(device).toMatch(/; Secure/i);

    await fetch(gatewayUrl(behind.url, customersApi.profile), { headers: { cookie: `__Host-sid=${TOKEN}`, 'x-forwarded-proto': 'https' } });
    expect(last().headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('forwards the one client address the trusted proxy saw', async () => {
    await fetch(gatewayUrl(behind.url, customersApi.profile), { headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.4' } });
    expect(last().headers['x-forwarded-for']).toBe('198.51.100.4');
  });

  it('keeps the plain cookie name on plain http even when trusted', async () => {
    const res = await fetch(gatewayUrl(behind.url, authApi.otpVerify), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'http' },
      body: '{}',
    });
    expect(sessionSet(res)[0]).toMatch(/^sid=/);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('when the provider fails', () => {
  /** A port nothing listens on, nor will while the test runs: a provider that is down (connection refused). */
  const closedPort = () => freePort();

  it('answers 503 PROVIDER_UNAVAILABLE with Retry-After in the envelope when the provider is down', async () => {
    const down = await startGateway({ providerBase: `http://127.0.0.1:${await closedPort()}/api/v2/`, secret: UPSTREAM_SECRET });
    try {
      const res = await fetch(gatewayUrl(down.url, settingsApi.mainSetting));
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ status: 503, message: expect.any(String), data: null, error: { code: 'PROVIDER_UNAVAILABLE' } });
    } finally {
      await down.close();
    }
  });

  it("words the 503 in the request's language, English without one", async () => {
    const down = await startGateway({ providerBase: `http://127.0.0.1:${await closedPort()}/api/v2/`, secret: UPSTREAM_SECRET });
    try {
      const message = async (headers: Record<string, string>) => {
        const res = await fetch(gatewayUrl(down.url, settingsApi.mainSetting), { headers });
        expect(res.status).toBe(503);
        return ((await res.json()) as { message: string }).message;
      };
      expect(await message({})).toBe('The service cannot be reached right now. Please try again in a moment.');
      expect(await message({ 'accept-language': 'id-ID' })).toBe('Layanan tidak dapat dihubungi saat ini. Silakan coba lagi sesaat lagi.');
      expect(await message({ 'accept-language': 'tl' })).toBe('Hindi ma-reach ang serbisyo ngayon. Pakisubukan ulit mamaya-maya.');
    } finally {
      await down.close();
    }
  });

  it('with several providers, sends a call that is safe to repeat to the next when one is down, signed for it', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/api/v2/`;
    const two = await startGateway({ providerBase: dead, providerBases: [dead, upstream.base], secret: UPSTREAM_SECRET });
    try {
      // a GET: answered by the second provider, whose signature check passes
      const got = await fetch(gatewayUrl(two.url, settingsApi.mainSetting));
      expect(got.status).toBe(200);
      expect(last()).toMatchObject({ method: 'GET', path: settingsApi.mainSetting.path, signatureValid: true });
      // a call with an idempotency key: a repeat is a replay, so it goes on too
      const keyed = await fetch(gatewayUrl(two.url, ordersApi.create), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idempotency_key: 'k-1', items: [] }),
      });
      expect(keyed.status).toBe(200);
      expect(last()).toMatchObject({ method: 'POST', path: ordersApi.create.path, signatureValid: true });
      // later calls go to the provider that answered first, without trying the dead one again
      const again = await fetch(gatewayUrl(two.url, settingsApi.mainSetting));
      expect(again.status).toBe(200);
    } finally {
      await two.close();
    }
  });

  it('with several providers, never repeats a call without an idempotency key on another: 503 when its provider is down', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/api/v2/`;
    const two = await startGateway({ providerBase: dead, providerBases: [dead, upstream.base], secret: UPSTREAM_SECRET });
    try {
      const before = upstream.seen.length;
      const res = await fetch(gatewayUrl(two.url, walletApi.topup), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 100 }),
      });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await res.json()).error.code).toBe('PROVIDER_UNAVAILABLE');
      expect(upstream.seen.length).toBe(before);
    } finally {
      await two.close();
    }
  });

  it('with every provider down, answers 503 with Retry-After', async () => {
    const bases = [`http://127.0.0.1:${await closedPort()}/api/v2/`, `http://127.0.0.1:${await closedPort()}/api/v2/`];
    const none = await startGateway({ providerBase: bases[0]!, providerBases: bases, secret: UPSTREAM_SECRET });
    try {
      const res = await fetch(gatewayUrl(none.url, settingsApi.mainSetting));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      const health = await fetch(`${none.url}/healthz`);
      expect(health.status).toBe(503);
    } finally {
      await none.close();
    }
  });

  it('answers 503 with Retry-After when the provider does not answer in time', async () => {
    const started = Date.now();
    const res = await fetch(`${gw.url}/api/slow`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect((await res.json()).error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('with several providers, never repeats a call that timed out on another: 503, the next provider not asked', async () => {
    // a provider that takes every call and answers none
    const silent = await fakeUpstream((app) => app.use(() => {}));
    const two = await startGateway({ providerBase: silent.base, providerBases: [silent.base, upstream.base], secret: UPSTREAM_SECRET, proxyTimeoutMs: 500 });
    try {
      const before = upstream.seen.length;
      const res = await fetch(gatewayUrl(two.url, settingsApi.mainSetting));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect((await res.json()).error.code).toBe('PROVIDER_UNAVAILABLE');
      expect(silent.seen.length).toBe(1);
      expect(upstream.seen.length).toBe(before);
    } finally {
      await two.close();
      await silent.close();
    }
  });

  it('lets an upstream BAD_SIGNATURE through as it is (a wrong secret shows plainly)', async () => {
    const wrong = await startGateway({ providerBase: upstream.base, secret: 'not-the-secret' });
    try {
      const res = await fetch(gatewayUrl(wrong.url, settingsApi.mainSetting));
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('BAD_SIGNATURE');
      expect(sessionSet(res)).toEqual([]);
    } finally {
      await wrong.close();
    }
  });
});

describe('the call HMAC, when the secret is 32 bytes or more (this product’s provider)', () => {
  const LONG_SECRET = 'a-signing-secret-of-more-than-32-bytes';
  let hmacUpstream: FakeUpstream;
  let hmacGw: TestGateway;
  beforeAll(async () => {
    hmacUpstream = await fakeUpstream(() => {}, LONG_SECRET);
    hmacGw = await startGateway({ providerBase: hmacUpstream.base, secret: LONG_SECRET });
  });
  afterAll(async () => {
    await hmacGw?.close();
    await hmacUpstream?.close();
  });

  /** The HMAC as docs/architecture.md ("The request path") describes it, computed here with node:crypto alone. */
  function expectedHmac(seen: { method: string; url: string; headers: Record<string, unknown>; body: string }): string {
    const key = createHmac('sha256', LONG_SECRET).update('gateway-call-v1').digest();
    const h = (name: string) => String(seen.headers[name] ?? '');
    const lines = [
      'v1',
      seen.method,
      seen.url.replace('/api/v2/', ''),
      h('platform'),
      h('timestamp'),
      h('x-call-nonce'),
      h('x-forwarded-for'),
      h('authorization'),
      h('x-merchant-key'),
      createHash('sha256').update(seen.body).digest('hex'),
      h('x-device-id'),
    ];
    return createHmac('sha256', key).update(lines.join('\n')).digest('hex');
  }
  const lastSeen = () => hmacUpstream.seen.at(-1)!;

  it('signs the method, the path with its query, the address, the credential and the body; each call with a nonce of its own', async () => {
    const body = JSON.stringify({ items: [{ product_id: 1, qty: 2 }], note: 'ü'.repeat(100) });
    await fetch(`${gatewayUrl(hmacGw.url, ordersApi.quote)}?from=app`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${TOKEN}` },
      body,
    });
    const post = lastSeen();
    expect(post.signatureValid).toBe(true);
    expect(post.body).toBe(body);
    expect(post.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(post.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(post.headers['x-call-signature']).toBe(expectedHmac(post));
    await fetch(`${gatewayUrl(hmacGw.url, rewardsApi.storage)}?status=used&page=2`);
    const get = lastSeen();
    expect(get.headers['x-call-signature']).toBe(expectedHmac(get));
    expect(get.headers['x-call-nonce']).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(get.headers['x-call-nonce']).not.toBe(post.headers['x-call-nonce']);
  });

  it('signs a call that carries the language the app speaks as any other, the language passed on', async () => {
    const body = JSON.stringify({ idempotency_key: 'k1' });
    await fetch(gatewayUrl(hmacGw.url, ordersApi.quote), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'id', cookie: `sid=${TOKEN}` },
      body,
    });
    const seen = lastSeen();
    expect(seen.signatureValid).toBe(true);
    expect(seen.headers['x-call-signature']).toBe(expectedHmac(seen));
    expect(seen.headers['accept-language']).toBe('id');
  });

  it('reads a chunked body whole and sends it on with its length, signed', async () => {
    const chunks = ['{"items":[', '{"product_id":1,"qty":2}', '],"fulfilment":"pickup"}'];
    const status = await new Promise<number>((resolve, reject) => {
      const u = new URL(hmacGw.url);
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          method: 'POST',
          path: gatewayUrl('', ordersApi.quote),
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      for (const c of chunks) req.write(c);
      req.end();
    });
    expect(status).toBe(200);
    const seen = lastSeen();
    expect(seen.body).toBe(chunks.join(''));
    expect(seen.headers['transfer-encoding']).toBeUndefined();
    expect(seen.headers['x-call-signature']).toBe(expectedHmac(seen));
  });

  it('answers a call sent with Expect: 100-continue, its body signed and sent on, the expectation not', async () => {
    const body = JSON.stringify({ items: [{ product_id: 1, qty: 2 }] });
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const u = new URL(hmacGw.url);
      const req = http.request({
        host: u.hostname,
        port: u.port,
        method: 'POST',
        path: gatewayUrl('', ordersApi.quote),
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' },
      });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    expect(answer.status).toBe(200);
    const seen = lastSeen();
    expect(seen.body).toBe(body);
    expect(seen.headers.expect).toBeUndefined();
    expect(seen.signatureValid).toBe(true);
  });

  it('refuses a body over 1 MB itself (413), without calling the provider', async () => {
    const before = hmacUpstream.seen.length;
    const res = await fetch(gatewayUrl(hmacGw.url, ordersApi.quote), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `"${'x'.repeat(1024 * 1024)}"`,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(hmacUpstream.seen.length).toBe(before);
  });

  it("words its 413 in the request's language, English without one", async () => {
    const message = async (headers: Record<string, string>) => {
      const body = `"${'x'.repeat(1024 * 1024)}"`;
      const res = await fetch(gatewayUrl(hmacGw.url, ordersApi.quote), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      expect(res.status).toBe(413);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await message({})).toBe('The request body is too large.');
    expect(await message({ 'accept-language': 'fil' })).toBe('Masyadong malaki ang laman ng request.');
    expect(await message({ 'accept-language': 'id' })).toBe('Isi permintaan terlalu besar.');
  });

  it('an outside provider with a shorter secret gets the contract’s header only, and its body streamed', async () => {
    await fetch(gatewayUrl(gw.url, ordersApi.quote), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(last().signatureValid).toBe(true);
    expect(last().headers['x-call-signature']).toBeUndefined();
    expect(last().headers['x-call-nonce']).toBeUndefined();
  });

  it('drops a browser’s own x-call-signature and x-call-nonce', async () => {
    await fetch(gatewayUrl(gw.url, customersApi.profile), { headers: { 'x-call-signature': 'f'.repeat(64), 'x-call-nonce': 'A'.repeat(22) } });
    expect(last().headers['x-call-signature']).toBeUndefined();
    expect(last().headers['x-call-nonce']).toBeUndefined();
  });
});
