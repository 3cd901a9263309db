/**
 * The call signature between this gateway and this embedded provider. The contract's header
 * (token-authorization: SHA-256 of base + path + platform + timestamp + secret) covers neither the
 * method, the query, the body nor the client's address, and stays valid for 300 s: whoever sees one
 * signed call (a proxy's log, a packet capture on a private network, a provider reached over plain
 * http) can send that path again with any body, as any address, for five minutes. Here the attacker
 * sits on the wire between the gateway and the provider: every call the gateway sends is recorded,
 * then replayed to the provider's port. Real HTTP through a real gateway; PGlite and PostgreSQL.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { FakeClock } from '../../server/lib/clock';
import { describeDb, describePostgres, newStackPhone, startStack, useStack, STACK_SECRET, stackCall, type DbKind, type Stack } from './support';
import { addressesApi } from '#contract/addresses.calls';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { gatewayCall, pathOf } from '../support/calls';
import { PROVIDER_MOUNT } from '../../server/provider/app';
import type { Call } from '#contract/api';
import { notificationsApi } from '#contract/notifications.calls';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** What the wire between the gateway and the provider shows: every call's method, path and headers. */
function tap(s: Stack): Seen[] {
  const seen: Seen[] = [];
  s.provider.server.prependListener('request', (req: http.IncomingMessage) => seen.push({ method: req.method!, url: req.url!, headers: { ...req.headers } }));
  return seen;
}

const HOME = {
  label: 'Home',
  recipient: 'Maria Santos',
  phone: '0917 123 4567',
  line1: '12 Jupiter Street',
  city: 'Makati',
  postal_code: '1209',
  lat: 14.5547,
  lng: 121.0244,
};

/** Sends a recorded call's headers again, straight to the provider, with whatever the attacker changes. */
function replay(
  s: Stack,
  seen: Seen,
  o: { method?: string; url?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const base = new URL(s.provider.baseUrl);
  const { host: _h, 'content-length': _l, connection: _c, ...headers } = seen.headers;
  const body = o.body;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: o.method ?? seen.method,
        path: o.url ?? seen.url,
        headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...o.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // kept as text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A declared call's path on the provider (its mount, then the declaration's path). */
const providerPath = (declaration: Call<any, any>) => `${PROVIDER_MOUNT}/${pathOf(declaration)}`;
const last = (seen: Seen[], declaration: Call<any, any>) =>
  seen.filter((c) => c.method === declaration.method.toUpperCase() && c.url.split('?')[0] === providerPath(declaration)).at(-1)!;

describeDb('security: a signed call seen on the wire cannot be sent again', (kind: DbKind) => {
  const clock = new FakeClock(new Date());
  const s = useStack({ kind, production: true, clock });
  let seen: Seen[];
  beforeAll(async () => {
    seen = tap(s);
  });

  it('a sign-in code request, replayed for another phone from another address, sends nothing (SMS pumping past the per-address limit)', async () => {
    const phone = newStackPhone();
    expect((await gatewayCall(s, authApi.otpRequest, { body: { phone, purpose: 'register' } })).status).toBe(200);
    const captured = last(seen, authApi.otpRequest);
    const victims = [newStackPhone(), newStackPhone(), newStackPhone()];
    for (const [i, victim] of victims.entries()) {
      const res = await replay(s, captured, {
        body: JSON.stringify({ phone: victim, purpose: 'register' }),
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body.error.code).toBe('BAD_SIGNATURE');
    }
    expect(s.sent.filter((m) => victims.includes(m.to))).toEqual([]);
  });

  it('the same call sent again exactly (same body, same address) changes nothing: one address, not two', async () => {
    const { cookie, customerId } = await s.signUp();
    expect((await gatewayCall(s, addressesApi.create, { cookie, body: HOME })).status).toBe(201);
    const res = await replay(s, last(seen, addressesApi.create), { body: JSON.stringify(HOME) });
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body.error.code).toBe('BAD_SIGNATURE');
    expect(await s.db.selectFrom('addresses').select('id').where('customer_id', '=', customerId).execute()).toHaveLength(1);
  });

  it('a captured call cannot be turned into another: another body, another method, another query', async () => {
    const { cookie } = await s.signUp();
    expect((await gatewayCall(s, addressesApi.create, { cookie, body: HOME })).status).toBe(201);
    const post = last(seen, addressesApi.create);
    const other = await replay(s, post, { body: JSON.stringify({ ...HOME, label: 'Attacker', line1: '1 Elsewhere Road' }) });
    expect([other.status, other.body.error?.code]).toEqual([401, 'BAD_SIGNATURE']);
    expect((await stackCall(s, notificationsApi.list, { cookie, query: { page: 1 } })).status).toBe(200);
    const get = last(seen, notificationsApi.list);
    const query = await replay(s, get, { url: `${providerPath(notificationsApi.list)}?page=2` });
    expect([query.status, query.body.error?.code]).toEqual([401, 'BAD_SIGNATURE']);
    const method = await replay(s, get, { method: 'POST', body: '{"all":true}', headers: { 'content-type': 'application/json' } });
    expect([method.status, method.body.error?.code]).toEqual([401, 'BAD_SIGNATURE']);
    // the address binds the signature too: a read sent again from another address is refused
    const address = await replay(s, get, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect([address.status, address.body.error?.code]).toEqual([401, 'BAD_SIGNATURE']);
  });

  it('a signature older than 30 s is refused, even for a read', async () => {
    const { cookie } = await s.signUp();
    clock.set(new Date());
    expect((await gatewayCall(s, customersApi.profile, { cookie })).status).toBe(200);
    const get = last(seen, customersApi.profile);
    expect((await replay(s, get)).status).toBe(200); // a read sent again at once is a read (docs/security.md: a GET is not recorded)
    clock.advance(31_000);
    try {
      const late = await replay(s, get);
      expect([late.status, late.body.error?.code]).toEqual([401, 'BAD_SIGNATURE']);
    } finally {
      clock.set(new Date());
    }
  });
});

describePostgres('security: the replay cache is shared by every provider instance', () => {
  it('a call accepted by one instance is refused by another on the same database', async () => {
    const s = await startStack({ kind: 'postgres', production: true });
    try {
      const seen = tap(s);
      const { cookie, customerId } = await s.signUp();
      expect((await gatewayCall(s, addressesApi.create, { cookie, body: HOME })).status).toBe(201);
      const captured = last(seen, addressesApi.create);
      // a second instance of the provider behind the same base URL (a load balancer), on the same database
      const second = await s.secondProvider();
      try {
        const res = await replay({ ...s, provider: second } as Stack, captured, { body: JSON.stringify(HOME) });
        expect([res.status, res.body.error?.code]).toEqual([401, 'BAD_SIGNATURE']);
        expect(await s.db.selectFrom('addresses').select('id').where('customer_id', '=', customerId).execute()).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      await s.close();
    }
  });
});

describe('security: a signing secret too short to key an HMAC is refused at start', () => {
  it('SERVE=provider, and the embedded provider, with a PROVIDER_SECRET under 32 bytes: a configuration error naming it', () => {
    for (const env of [{ SERVE: 'provider', PROVIDER_SECRET: 'short-secret-1234567890' }, { PROVIDER_SECRET: 'short-secret-1234567890' }]) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (err) {
        error = err;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(/^PROVIDER_SECRET must be at least 32 bytes/m);
    }
    // an outside provider keeps the contract's rule: the secret is the provider's to choose
    expect(loadConfig({ PROVIDER_API_BASE: 'https://provider.example/api/v2/', PROVIDER_SECRET: 'short-secret-1234567890' }).providerSecret).toBe(
      'short-secret-1234567890',
    );
    expect(loadConfig({ SERVE: 'provider', PROVIDER_SECRET: STACK_SECRET }).providerSecret).toBe(STACK_SECRET);
  });
});
