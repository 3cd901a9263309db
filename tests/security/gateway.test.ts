/**
 * The gateway attacked from the browser's side (findings 3, 4 and 5 of the security review): other
 * spellings of a path, answers that carry a session token, the development outbox reached from the
 * network, the session cookie behind HTTPS, a merchant's `$` in the page, and a TLS proxy the gateway
 * was not told about. Real HTTP to a gateway in front of the real embedded provider (tests/security/support.ts),
 * or in front of a fake outside provider where the provider itself is the attacker's tool.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { installHead } from '../../server/gateway/page-html';
import { readOutbox } from '../../server/provider/auth/sender';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import {
  UPSTREAM_SECRET,
  captureLogger,
  fakeUpstream,
  makeDist,
  raw,
  setCookies,
  startGateway,
  testConfig,
  withoutDeviceCookie,
  type FakeUpstream,
  type TestGateway,
} from '../server/gateway.helpers';
import { STACK_SECRET, apiPath, newStackPhone, stackCall, useStack, type Stack } from './support';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { settingsApi } from '#contract/settings.calls';
import { staffApi } from '#contract/staff.calls';
import { themeApi } from '#contract/theme.calls';
import { gatewayCall, undeclared } from '../support/calls';

const json = { 'content-type': 'application/json' };

/** A registration token for a new phone, through the gateway (otp/request, then otp/verify). */
async function registrationToken(stack: Stack): Promise<string> {
  const phone = newStackPhone();
  const requested = await gatewayCall(stack, authApi.otpRequest, { body: { phone, purpose: 'register' } });
  expect(requested.status).toBe(200);
  const verified = await gatewayCall(stack, authApi.otpVerify, { body: { phone, code: stack.lastCode(phone), purpose: 'register' } });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { data: { registration_token: string } }).data.registration_token;
}

/** The session tokens a provider database holds are never shown; what a browser sees must not look like one. */
function expectNoToken(text: string, tokens: string[] = []): void {
  expect(text).not.toMatch(/"token"\s*:/);
  for (const t of tokens) expect(text).not.toContain(t);
}

describe('strict routing: another spelling of a path is not that path (finding 3)', () => {
  const stack = useStack();

  it('POST /api/Auth/Register (and every other spelling) never gives the browser the session token', async () => {
    const registration = await registrationToken(stack);
    // other spellings of auth/register: paths no declaration has, on purpose
    for (const path of [
      undeclared('Auth/Register'),
      undeclared('auth/register/'),
      undeclared('AUTH/REGISTER'),
      undeclared('auth/Register'),
      undeclared('auth/%72egister'),
      undeclared('auth/register//'),
    ]) {
      const res = await stack.api('POST', path, { body: { registration_token: registration, name: 'Alias Tester' } });
      const text = await res.text();
      expectNoToken(text);
      expect(res.status, `POST /api/${path}`).toBe(404);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // the registration token was not used up by any of them: the one real path still signs in, with the cookie
    const real = await gatewayCall(stack, authApi.register, { body: { registration_token: registration, name: 'Alias Tester' } });
    expect(real.status).toBe(201);
    expectNoToken(await real.text());
    expect(real.headers.getSetCookie().join('\n')).toMatch(/^sid=[A-Za-z0-9_-]{20,};/);
  });

  it('another spelling of auth/logout does not revoke the session while leaving the cookie', async () => {
    const { cookie } = await stack.signUp();
    // other spellings of auth/logout: paths no declaration has, on purpose
    for (const path of [undeclared('auth/logout/'), undeclared('AUTH/LOGOUT'), undeclared('Auth/Logout'), undeclared('auth/logout//')]) {
      const res = await stack.api('POST', path, { cookie });
      expect(res.status, `POST /api/${path}`).toBe(404);
      // the session is still there, so the cookie the browser keeps is still its session
      expect((await gatewayCall(stack, customersApi.profile, { cookie })).status, `after POST /api/${path}`).toBe(200);
    }
    const out = await gatewayCall(stack, authApi.logout, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/^sid=;.*Max-Age=0/i);
    expect((await gatewayCall(stack, customersApi.profile, { cookie })).status).toBe(401);
  });

  it('answers 404 for other spellings of the provider calls', async () => {
    const { cookie } = await stack.signUp();
    // other spellings of declared calls: paths no declaration has, on purpose
    for (const path of [
      undeclared('Settings/Main-Setting'),
      undeclared('settings/main-setting/'),
      undeclared('SETTINGS/MAIN-SETTING'),
      undeclared('Customer/Profile'),
      undeclared('customer/profile/'),
      undeclared('shop/Catalog'),
    ]) {
      const res = await stack.api('GET', path, { cookie });
      expect(res.status, `GET /api/${path}`).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    for (const path of [undeclared('auth/otp/verify/'), undeclared('Auth/Otp/Verify'), undeclared('auth/otp/request/'), undeclared('wallet/topup/')]) {
      expect((await stack.api('POST', path, { cookie })).status, `POST /api/${path}`).toBe(404);
    }
    // the paths themselves still answer
    expect((await gatewayCall(stack, settingsApi.mainSetting)).status).toBe(200);
    expect((await gatewayCall(stack, customersApi.profile, { cookie })).status).toBe(200);
  });

  it("answers 404 for other spellings of the gateway's own paths", async () => {
    const accept = { accept: 'application/json' };
    for (const path of [
      '/healthz/',
      '/HEALTHZ',
      '/Healthz',
      '/app-config.json/',
      '/App-Config.json',
      '/__dev/outbox/?phone=+639171234567',
      '/__DEV/outbox?phone=+639171234567',
      '/__dev/Outbox?phone=+639171234567',
      '/API/settings/main-setting',
    ]) {
      const res = await fetch(`${stack.url}${path}`, { headers: accept });
      expect(res.status, `GET ${path}`).toBe(404);
    }
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${stack.url}/app-config.json`)).status).toBe(200);
  });
});

describe('the safety net: no answer to the browser carries a session token, whatever the path (finding 3)', () => {
  const T = [
    'tok_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    'tok_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
    'tok_CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC',
    'tok_DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD',
  ];
  const plain = JSON.stringify({ status: 200, message: 'OK.', data: { items: [{ id: 1, name: 'Latte', token_count: 3, tokens: 'not a session' }] } });
  let upstream: FakeUpstream;
  let gw: TestGateway;

  beforeAll(async () => {
    // an outside provider whose routing is loose (or buggy): it answers a token wherever it likes
    upstream = await fakeUpstream((app) => {
      app.post(
        /^\/api\/v2\/auth\/register\/?$/i,
        (_req, res) => void res.status(201).json({ status: 201, message: 'Welcome.', data: { token: T[0], customer: { id: 8 } } }),
      );
      app.get(
        '/api/v2/anything/else',
        (_req, res) =>
          void res.json({ status: 200, message: 'OK.', data: { token: T[0], nested: { token: T[1], list: [{ token: T[2], keep: 1 }] }, keep: 'yes' } }),
      );
      app.get(
        '/api/v2/escaped',
        (_req, res) => void res.type('application/json').send(`{"status":200,"message":"OK.","data":{"\\u0074oken":"${T[3]}","keep":"\\u00e9"}}`),
      );
      app.get('/api/v2/gzipped', (_req, res) => {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('content-encoding', 'gzip');
        res.end(gzipSync(JSON.stringify({ status: 200, message: 'OK.', data: { token: T[1] } })));
      });
      app.get('/api/v2/brotli', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('content-encoding', 'br');
        res.end(brotliCompressSync(JSON.stringify({ status: 200, message: 'OK.', data: { token: T[2] } })));
      });
      app.get(
        '/api/v2/problem',
        (_req, res) =>
          void res
            .status(409)
            .type('application/problem+json')
            .send(JSON.stringify({ status: 409, data: { token: T[0] } })),
      );
      app.get('/api/v2/public-token', (_req, res) => {
        res.setHeader('cache-control', 'public, max-age=60');
        res.json({ status: 200, message: 'OK.', data: { token: T[3] } });
      });
      app.get('/api/v2/plain', (_req, res) => void res.type('application/json').send(plain));
    });
    gw = await startGateway({ providerBase: upstream.base, secret: UPSTREAM_SECRET });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it('strips every `token` from JSON answers on any other path, at any depth, and sets no cookie', async () => {
    for (const path of ['anything/else', 'escaped', 'gzipped', 'brotli', 'problem', 'public-token', 'public-token']) {
      const res = await fetch(`${gw.url}/api/${path}`, { headers: { 'accept-encoding': 'gzip, br' } });
      const text = await res.text();
      expectNoToken(text, T);
      // none but the gateway's own device cookie (HttpOnly, a random id): never one the provider sent
      expect(withoutDeviceCookie(res.headers.getSetCookie()), path).toEqual([]);
      expect(() => JSON.parse(text), path).not.toThrow();
    }
    const res = await fetch(`${gw.url}/api/anything/else`);
    const body = (await res.json()) as { data: unknown };
    expect(body.data).toEqual({ nested: { list: [{ keep: 1 }] }, keep: 'yes' });
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(body))));
  });

  it('refuses other spellings of the sign-in and logout paths itself, so a loose provider is never asked', async () => {
    const before = upstream.seen.length;
    // other spellings of the declared sign-in and logout calls: paths no declaration has, on purpose
    for (const path of [
      undeclared('Auth/Register'),
      undeclared('auth/register/'),
      undeclared('AUTH/REGISTER'),
      undeclared('auth/%72egister'),
      undeclared('auth/Logout'),
      undeclared('auth/logout/'),
      undeclared('auth/otp/Verify'),
      undeclared('auth/google/'),
    ]) {
      const res = await fetch(`${gw.url}/api/${path}`, { method: 'POST', headers: json, body: '{}' });
      expectNoToken(await res.text(), T);
      expect(res.status, path).toBe(404);
    }
    expect(upstream.seen.length).toBe(before);
  });

  it('passes a JSON answer without a token through byte for byte', async () => {
    const res = await fetch(`${gw.url}/api/plain`);
    expect(await res.text()).toBe(plain);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(plain)));
  });
});

describe("an error naming a field called `token` is not a session token (the token guard's reach)", () => {
  const stack = useStack();
  let upstream: FakeUpstream;
  let gw: TestGateway;
  const leaked = 'tok_EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE';
  beforeAll(async () => {
    // a provider that puts a session token where a field's message goes: still taken out
    upstream = await fakeUpstream((app) => {
      app.post(
        '/api/v2/bad-field',
        (_req, res) =>
          void res.status(400).json({ status: 400, message: 'Check the form.', data: null, error: { code: 'VALIDATION', fields: { token: leaked } } }),
      );
      app.post(
        '/api/v2/nested-fields',
        (_req, res) =>
          void res.status(400).json({
            status: 400,
            message: 'Check the form.',
            data: { fields: { token: leaked } },
            error: { code: 'VALIDATION', fields: { name: 'is required' } },
          }),
      );
    });
    gw = await startGateway({ providerBase: upstream.base, secret: UPSTREAM_SECRET });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it('a bad set-up link (merchant/auth/setup) reaches the console with its field: error.fields.token says what is wrong', async () => {
    const res = await gatewayCall(stack, staffApi.setup, {
      body: { token: 'not-a-link', name: 'Owner', email: 'owner@example.com', password: 'a long enough password' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.fields.token).toBe('must be the code from your link');
  });

  it('a bad preview link (settings/preview?token=) keeps its field message too', async () => {
    const res = await stackCall(stack, themeApi.preview, { query: { token: 'x' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.token).toMatch(/link/);
  });

  it('a token-shaped value in error.fields.token, or a `token` anywhere else, is still taken out', async () => {
    for (const path of ['bad-field', 'nested-fields']) {
      const res = await fetch(`${gw.url}/api/${path}`, { method: 'POST', headers: json, body: '{}' });
      const text = await res.text();
      expect(text, path).not.toContain(leaked);
      expect(res.status, path).toBe(400);
    }
  });
});

describe('what else a browser or a provider could slip through the gateway', () => {
  let upstream: FakeUpstream;
  let gw: TestGateway;
  beforeAll(async () => {
    upstream = await fakeUpstream((app) => {
      app.get('/api/v2/plants-cookies', (_req, res) => {
        res.setHeader('set-cookie', [
          'sid=tok_planted_by_the_provider_000000; Path=/',
          '__Host-sid=tok_planted_by_the_provider_000000; Path=/; Secure',
          '__HOST-sid=x; Path=/; Secure',
          'theme=dark; Path=/',
        ]);
        res.json({ status: 200, message: 'OK.', data: null });
      });
      app.get('/api/v2/plants-cookies-page', (_req, res) => {
        res.setHeader('set-cookie', ['sid=tok_planted_by_the_provider_000000; Path=/']);
        res.type('html').send('<!doctype html><title>Page</title>');
      });
    });
    gw = await startGateway({ providerBase: upstream.base, secret: UPSTREAM_SECRET });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it("never lets a provider's answer set the session cookie", async () => {
    const json = await raw(gw.url, 'GET', '/api/plants-cookies');
    expect(json.status).toBe(200);
    expect(withoutDeviceCookie(setCookies(json.headers))).toEqual(['theme=dark; Path=/']);
    const page = await raw(gw.url, 'GET', '/api/plants-cookies-page');
    expect(page.status).toBe(200);
    expect(withoutDeviceCookie(setCookies(page.headers))).toEqual([]);
  });

  it("does not pass on the browser's Connection header, which could have a proxy on the way strip the gateway's headers", async () => {
    const res = await raw(gw.url, 'GET', apiPath(customersApi.profile), {
      connection: 'keep-alive, x-forwarded-for, authorization, token-authorization',
      cookie: 'sid=tok_0123456789abcdefghijklmnopqrstuv',
      'proxy-authorization': 'Basic Zm9vOmJhcg==',
    });
    expect(res.status).toBe(200);
    const seen = upstream.seen.at(-1)!;
    expect(seen.signatureValid).toBe(true);
    expect(String(seen.headers.connection ?? '')).not.toMatch(/forwarded|authorization/i);
    expect(seen.headers['proxy-authorization']).toBeUndefined();
    expect(seen.headers.authorization).toBe('Bearer tok_0123456789abcdefghijklmnopqrstuv');
  });
});

describe('the development outbox answers this machine only, never through a proxy (finding 4)', () => {
  const stack = useStack();
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
    await stack?.close();
  });

  /** The stack's gateway again, listening where `HOST` would make it listen. */
  async function gatewayOn(host: string): Promise<number> {
    const app = createApp({
      config: stack.config,
      logger: stack.logger,
      providerBase: stack.provider.baseUrl,
      secret: STACK_SECRET,
      outbox: (phone) => readOutbox(stack.db, phone),
    });
    const server = app.listen(0, host);
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    servers.push(server);
    return (server.address() as AddressInfo).port;
  }

  const outbox = (origin: string, headers: Record<string, string> = {}) => fetch(`${origin}/__dev/outbox?phone=%2B639171234567`, { headers });
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && !a.address.startsWith('fe80'));
  const v4 = external.find((a) => a!.family === 'IPv4')?.address;
  const v6 = external.find((a) => a!.family === 'IPv6')?.address;

  it('answers a client on 127.0.0.1', async () => {
    const res = await outbox(stack.url);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [] });
  });

  it('answers 404 to a client on a network address of this machine (HOST=0.0.0.0)', async () => {
    expect(v4, 'this machine needs a network address that is not loopback').toBeDefined();
    const port = await gatewayOn('0.0.0.0');
    expect((await outbox(`http://127.0.0.1:${port}`)).status).toBe(200);
    const res = await outbox(`http://${v4}:${port}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('items');
  });

  it('answers ::1 and refuses the IPv6 network address (HOST=::)', async () => {
    if (!v6) return; // no IPv6 network address on this machine: the IPv4 case above covers the rule
    const port = await gatewayOn('::');
    expect((await outbox(`http://[::1]:${port}`)).status).toBe(200);
    expect((await outbox(`http://127.0.0.1:${port}`)).status).toBe(200); // ::ffff:127.0.0.1
    expect((await outbox(`http://[${v6}]:${port}`)).status).toBe(404);
    if (v4) expect((await outbox(`http://${v4}:${port}`)).status).toBe(404); // ::ffff:<v4>
  });

  it('answers 404 to a page on another host name that points at this machine (DNS rebinding)', async () => {
    const port = new URL(stack.url).port;
    const path = '/__dev/outbox?phone=%2B639171234567';
    expect((await raw(stack.url, 'GET', path, { host: `rebind.attacker.example:${port}` })).status).toBe(404);
    expect((await raw(stack.url, 'GET', path, { host: `localhost:${port}` })).status).toBe(200);
    expect((await raw(stack.url, 'GET', path, { host: `127.0.0.1:${port}` })).status).toBe(200);
  });

  it('answers 404 to a request that came through a proxy on this machine', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
    ];
    for (const headers of proxied) {
      const res = await outbox(stack.url, headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
    }
  });
});

describe('the session cookie behind HTTPS (TRUST_PROXY_HOPS=1, X-Forwarded-Proto: https) (finding 5)', () => {
  const stack = useStack({ config: { trustProxyHops: 1 } });
  const https = { 'x-forwarded-proto': 'https' };

  /** Signs up over HTTPS and answers the session token the __Host-sid cookie holds. */
  async function signUpSecure(): Promise<string> {
    const registration = await registrationToken(stack);
    const res = await gatewayCall(stack, authApi.register, { body: { registration_token: registration, name: 'Secure Tester' }, headers: https });
    expect(res.status).toBe(201);
    const line = res.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='));
    expect(line).toMatch(/; Secure/i);
    return line!.split(';')[0]!.slice('__Host-sid='.length);
  }

  /** The answer clears exactly these session cookies and sets none. */
  function expectCleared(setCookies: string[], names: string[]): void {
    const cleared = setCookies.filter((c) => /^[^=]+=;.*Max-Age=0/i.test(c)).map((c) => c.split('=')[0]);
    expect(cleared.sort(), `Set-Cookie: ${setCookies.join(' | ')}`).toEqual([...names].sort());
    expect(setCookies.filter((c) => /^(__Host-)?sid=[^;]/.test(c))).toEqual([]);
  }

  const profile = (cookie: string, headers: Record<string, string> = https) => gatewayCall(stack, customersApi.profile, { cookie, headers });

  it('reads only __Host-sid on HTTPS: a plain sid cookie (planted over http or by a sibling site) is not a session there', async () => {
    const token = await signUpSecure();
    expect((await profile(`__Host-sid=${token}`)).status).toBe(200);
    expect((await profile(`sid=${token}`)).status).toBe(401);
    // with both sent, the secure one is the session
    expect((await profile(`sid=tok_planted_by_someone_else_0000000; __Host-sid=${token}`)).status).toBe(200);
  });

  it('logout clears every session cookie the browser sent', async () => {
    const token = await signUpSecure();
    const res = await gatewayCall(stack, authApi.logout, { cookie: `sid=${token}; __Host-sid=${token}`, headers: https });
    expect(res.status).toBe(200);
    expectCleared(res.headers.getSetCookie(), ['__Host-sid', 'sid']);
  });

  it('an expired session clears every session cookie the browser sent', async () => {
    const token = await signUpSecure();
    await gatewayCall(stack, authApi.logout, { cookie: `__Host-sid=${token}`, headers: https });
    const res = await profile(`sid=${token}; __Host-sid=${token}`);
    expect(res.status).toBe(401);
    expectCleared(res.headers.getSetCookie(), ['__Host-sid', 'sid']);
  });
});

describe("a merchant's `$` in the boot data (page-html.ts) (finding 5)", () => {
  let build: ReturnType<typeof makeDist>;
  beforeAll(() => {
    build = makeDist();
  });
  afterAll(() => build?.cleanup());
  const stack = useStack(() => ({ config: { distDir: build.dist } }));

  it("keeps $` $& $' $$ as they are: the boot data parses and equals the settings, the page is intact", async () => {
    const company = "Kopi $` $& $' $$ $1 Senja";
    await sql`update merchants set settings = settings || jsonb_build_object('setting_company', ${company}::text) where id = 'kopi-senja'`.execute(stack.db);
    clearMerchantCache();
    const settings = ((await (await gatewayCall(stack, settingsApi.mainSetting)).json()) as { data: Record<string, unknown> }).data;
    expect(settings.setting_company).toBe(company);

    const html = await (await fetch(`${stack.url}/home`, { headers: { accept: 'text/html' } })).text();
    const tag = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
    expect(tag).not.toBeNull();
    const boot = JSON.parse(tag![1]!) as { settings: Record<string, unknown> };
    expect(boot.settings).toEqual(settings);
    // nothing else changed: the page is index.html with the one script element and the install links
    // (the manifest, iOS's icon: page-html.ts installHead) added
    expect(html.replace(tag![0], '').replace(installHead(settings).links, '')).toBe(readFileSync(join(build.dist, 'index.html'), 'utf8'));
  });
});

describe('a TLS proxy the gateway was not told about (finding 5)', () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await fakeUpstream();
  });
  afterAll(() => upstream?.close());

  async function gatewayWith(trustProxyHops: number) {
    const { logger, lines } = captureLogger('info');
    const app = createApp({ config: testConfig({ trustProxyHops }), logger, providerBase: upstream.base, secret: UPSTREAM_SECRET });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url,
      warnings: () => lines.filter((l) => /TRUST_PROXY_HOPS/.test(l)),
      close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
    };
  }

  it('warns once, the first time a request says X-Forwarded-Proto: https while TRUST_PROXY_HOPS is 0', async () => {
    const g = await gatewayWith(0);
    try {
      await fetch(`${g.url}/app-config.json`);
      expect(g.warnings()).toEqual([]);
      for (const path of ['/app-config.json', apiPath(settingsApi.mainSetting), '/healthz'])
        await fetch(`${g.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
      const w = g.warnings();
      expect(w).toHaveLength(1);
      const line = JSON.parse(w[0]!) as { level: number; msg: string };
      expect(line.level).toBe(40);
      expect(line.msg).toMatch(/set TRUST_PROXY_HOPS/);
    } finally {
      await g.close();
    }
  });

  it('says nothing when the proxy is trusted', async () => {
    const g = await gatewayWith(1);
    try {
      await fetch(`${g.url}/app-config.json`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(g.warnings()).toEqual([]);
    } finally {
      await g.close();
    }
  });
});
