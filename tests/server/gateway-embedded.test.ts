/**
 * The gateway in front of the real embedded provider (PGlite, and PostgreSQL when TEST_DATABASE_URL
 * is set): a full phone sign-up read from the development outbox, the session cookie, and logs that
 * never show a secret, a token, a cookie or a code.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db';
import { seed } from '../../server/db/seed';
import { readOutbox } from '../../server/provider/auth/sender';
import { startEmbeddedProvider, type EmbeddedProvider } from '../../server/provider/embedded';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { newPhone } from './auth.helpers';
import { captureLogger, cookiePair, listen, testConfig } from './gateway.helpers';
import { describeEachDb, openTestDatabase } from './support/provider';
import { createApp } from '../../server/app';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { settingsApi } from '#contract/settings.calls';
import { ordersApi } from '#contract/orders.calls';
import { tablesApi } from '#contract/tables.calls';
import { sql } from 'kysely';
import { tableCode } from '../../server/provider/tables/table-codes';
import { gatewayUrl } from '../support/calls';

const SECRET = 'embedded-test-signing-secret-0123456789';
const MERCHANT_KEY = 'embedded-test-merchant-key-0123456789';
const WEBHOOK_SECRET = 'embedded-test-webhook-secret-0123456789';

describeEachDb('the gateway with the embedded provider', (kind) => {
  let handle: DatabaseHandle;
  let provider: EmbeddedProvider;
  let gateway: Awaited<ReturnType<typeof listen>>;
  const { logger, lines } = captureLogger('debug');

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seed(handle.db);
    clearMerchantCache();
    provider = await startEmbeddedProvider({
      db: handle.db,
      logger,
      secret: SECRET,
      platform: 'wato',
      merchantId: 'kopi-senja',
      merchantApiKey: MERCHANT_KEY,
      webhookSecret: WEBHOOK_SECRET,
      google: { clientId: undefined, jwksUrl: 'http://127.0.0.1:9/jwks' },
      demoOrderProgress: false,
      jobs: false,
    });
    const app = createApp({ config: testConfig(), logger, providerBase: provider.baseUrl, secret: SECRET, outbox: (phone) => readOutbox(handle.db, phone) });
    gateway = await listen(app);
  });

  afterAll(async () => {
    await gateway?.close();
    await provider?.close();
    await new Promise((r) => setTimeout(r, 100));
    await handle?.close();
  });

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${gateway.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('signs up through the gateway: code from the outbox, verify, register, then the profile with the cookie', async () => {
    const phone = newPhone();
    const requested = await post(authApi.otpRequest.path, { phone, purpose: 'register' });
    expect(requested.status).toBe(200);

    // the phone's + arrives as a space when the query is not encoded: the outbox still finds it
    const outbox = await fetch(`${gateway.url}/__dev/outbox?phone=${phone}`);
    expect(outbox.status).toBe(200);
    const { items } = (await outbox.json()) as { items: { phone: string; code: string | null }[] };
    expect(items[0]?.phone).toBe(phone);
    const code = items[0]!.code!;
    expect(code).toMatch(/^\d{6}$/);

    const verified = await post(authApi.otpVerify.path, { phone, code, purpose: 'register' });
    expect(verified.status).toBe(200);
    const { data: v } = await verified.json();
    expect(typeof v.registration_token).toBe('string');

    const registered = await post(authApi.register.path, { registration_token: v.registration_token, name: 'Maria Clara' });
    expect(registered.status).toBe(201);
    const regText = await registered.text();
    const reg = JSON.parse(regText);
    expect(reg.data.token).toBeUndefined();
    expect(reg.data.customer.name).toBe('Maria Clara');
    const setCookie = registered.headers.getSetCookie();
    const cookie = cookiePair({ 'set-cookie': setCookie }, 'sid')!;
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{20,}$/);
    const token = cookie.slice(4);
    expect(regText).not.toContain(token);
    expect(setCookie[0]).toMatch(/HttpOnly/i);

    const profile = await fetch(gatewayUrl(gateway.url, customersApi.profile), { headers: { cookie } });
    expect(profile.status).toBe(200);
    const p = await profile.json();
    expect(p.data.name).toBe('Maria Clara');
    expect(p.data.phone).toBe(phone);

    // without the cookie: the provider's 401
    expect((await fetch(gatewayUrl(gateway.url, customersApi.profile))).status).toBe(401);

    // logout revokes upstream and clears the cookie; the old token is dead
    const out = await post(authApi.logout.path, {}, cookie);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^sid=;.*Max-Age=0/i);
    const after = await fetch(gatewayUrl(gateway.url, customersApi.profile), { headers: { cookie } });
    expect(after.status).toBe(401);
    expect((await after.json()).error.code).toBe('SESSION_EXPIRED');
    expect(after.headers.getSetCookie()[0]).toMatch(/^sid=;/);

    // the logs: request lines with method, path, status and time; nothing secret
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.req && l.res);
    expect(requestLines.length).toBeGreaterThanOrEqual(7);
    for (const l of requestLines) {
      expect(l.req.method).toMatch(/^[A-Z]+$/);
      expect(l.req.path).toMatch(/^\//);
      expect(l.req.path).not.toContain('?');
      expect(typeof l.res.statusCode).toBe('number');
      expect(typeof l.responseTime).toBe('number');
      expect(l.req.headers).toBeUndefined();
      expect(l.res.headers).toBeUndefined();
    }
    const all = lines.join('\n');
    for (const secret of [SECRET, MERCHANT_KEY, WEBHOOK_SECRET, token, v.registration_token as string]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(all).not.toMatch(/sid=/);
    expect(all).not.toMatch(/set-cookie|authorization/i);
  });

  it("a guest at a table: the guest session's token stays in the HttpOnly cookie, never in the answer", async () => {
    const { id: locationId } = await handle.db.selectFrom('locations').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = new Date();
    const table = await handle.db
      .insertInto('dining_tables')
      .values({ location_id: locationId, label: 'Gateway 1', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`update merchants set rules = rules || '{"dine_in": true}'::jsonb`.execute(handle.db);
    clearMerchantCache();
    const res = await post(tablesApi.guest.path, { table_code: tableCode(SECRET, locationId, table.id), name: 'Ana' });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    const body = JSON.parse(text);
    expect(body.data.token).toBeUndefined();
    expect(body.data.guest).toMatchObject({ name: 'Ana', location_id: locationId, table: 'Gateway 1' });
    const setCookie = res.headers.getSetCookie();
    expect(setCookie[0]).toMatch(/HttpOnly/i);
    const cookie = cookiePair({ 'set-cookie': setCookie }, 'sid')!;
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{20,}$/);
    expect(text).not.toContain(cookie.slice(4));
    // the cookie carries the guest's session: its own orders, and nothing a member has
    expect((await fetch(gatewayUrl(gateway.url, ordersApi.list), { headers: { cookie } })).status).toBe(200);
    const profile = await fetch(gatewayUrl(gateway.url, customersApi.profile), { headers: { cookie } });
    expect([profile.status, (await profile.json()).error.code]).toEqual([403, 'GUEST_FORBIDDEN']);
  });

  it("keeps the merchant's settings for the few seconds the provider allows", async () => {
    const first = await fetch(gatewayUrl(gateway.url, settingsApi.mainSetting));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=5');
    const body = await first.json();
    expect(body.data.setting_company).toBe('Kopi Senja');
    expect(first.headers.get('age')).toBeNull();
    // the second answer comes from the gateway's memory: only the cache sets `age` (the provider never does)
    const second = await fetch(gatewayUrl(gateway.url, settingsApi.mainSetting));
    expect(second.status).toBe(200);
    expect(second.headers.get('age')).toMatch(/^[0-5]$/);
    expect(await second.json()).toEqual(body);
  });

  it('answers /healthz 200 while the provider is up, 503 once it stops', async () => {
    const up = await fetch(`${gateway.url}/healthz`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: 'ok' });
    await provider.close();
    const down = await fetch(`${gateway.url}/healthz`);
    expect(down.status).toBe(503);
    const api = await fetch(gatewayUrl(gateway.url, customersApi.profile));
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('2');
    expect((await api.json()).error.code).toBe('PROVIDER_UNAVAILABLE');
  });
});
