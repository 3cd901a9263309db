import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { describeDb, useTestProvider } from './support/provider';
import { newPhone } from './auth.helpers';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { callApi } from '../support/calls';

const CLIENT_ID = 'test-google-client.apps.example';

describeDb('Google sign-in', (kind) => {
  let jwks: Server;
  let key: CryptoKey;
  let otherKey: CryptoKey;
  let jwksHits = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      jwksHits++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => jwks?.close(resolve)));
  const p = useTestProvider(kind, () => ({
    googleJwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`,
    googleClientId: CLIENT_ID,
    reset: true,
  }));

  let n = 0;
  async function idToken(
    claims: JWTPayload = {},
    o: { aud?: string; iss?: string; expSeconds?: number; signWith?: CryptoKey; kid?: string; sub?: string } = {},
  ): Promise<string> {
    const now = Math.floor(p.clock.now().getTime() / 1000);
    return new SignJWT({ email: `user${++n}@gmail.com`, email_verified: true, name: 'Gina Google', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? 'test-key-1', typ: 'JWT' })
      .setIssuer(o.iss ?? 'https://accounts.google.com')
      .setAudience(o.aud ?? CLIENT_ID)
      .setSubject(o.sub ?? `google-${n}-${randomUUID()}`)
      .setIssuedAt(now)
      .setExpirationTime(now + (o.expSeconds ?? 3600))
      .sign(o.signWith ?? key);
  }
  const google = (id_token: unknown) => callApi(p, authApi.google, { body: { id_token } });

  it('accepts a valid token: creates a customer without a phone and a session', async () => {
    const res = await google(await idToken({ email: 'Gina@Gmail.com', name: 'Gina G' })).expect(200);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.customer).toEqual({
      id: expect.any(Number),
      name: 'Gina G',
      phone: null,
      email: 'gina@gmail.com',
      email_verified: true,
      points: 0,
      wallet_balance: 0,
      birthday: null,
      language: null,
    });
    await callApi(p, customersApi.profile, { token: res.body.data.token }).expect(200);
    const notes = await p.db.selectFrom('notifications').select('type').where('customer_id', '=', res.body.data.customer.id).execute();
    expect(notes).toEqual([{ type: 'account' }]);
  });

  it('signs the same Google account in to the same customer, with a new token each time', async () => {
    const a = await google(await idToken({}, { sub: 'sub-123' })).expect(200);
    const b = await google(await idToken({}, { sub: 'sub-123' })).expect(200);
    expect(b.body.data.customer.id).toBe(a.body.data.customer.id);
    expect(b.body.data.token).not.toBe(a.body.data.token);
  });

  it('accepts the short issuer accounts.google.com', async () => {
    await google(await idToken({}, { iss: 'accounts.google.com' })).expect(200);
  });

  it('links to an existing customer whose e-mail they verified, when Google verified it too', async () => {
    const c = await p.newCustomer({ phone: newPhone(), name: 'Phone Person' });
    await p.db.updateTable('customers').set({ email: 'linked@example.com', email_verified_at: p.clock.now() }).where('id', '=', c.id).execute();
    const res = await google(await idToken({ email: 'LINKED@example.com' }, { sub: 'sub-link' })).expect(200);
    expect(res.body.data.customer.id).toBe(c.id);
    expect(res.body.data.customer.name).toBe('Phone Person');
    const row = await p.db.selectFrom('customers').select('google_sub').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.google_sub).toBe('sub-link');
  });

  it('never links to a customer who only typed the address (unverified): a new customer gets it, verified by Google', async () => {
    const c = await p.newCustomer({ phone: newPhone(), name: 'Typed It' });
    await p.db.updateTable('customers').set({ email: 'typed@example.com' }).where('id', '=', c.id).execute();
    const res = await google(await idToken({ email: 'typed@example.com' })).expect(200);
    expect(res.body.data.customer.id).not.toBe(c.id);
    expect(res.body.data.customer).toMatchObject({ email: 'typed@example.com', email_verified: true });
    const typed = await p.db.selectFrom('customers').select(['google_sub', 'email_verified_at']).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(typed).toEqual({ google_sub: null, email_verified_at: null });
  });

  it('does not link or keep an e-mail Google has not verified', async () => {
    const c = await p.newCustomer({ phone: newPhone() });
    await p.db.updateTable('customers').set({ email: 'unverified@example.com' }).where('id', '=', c.id).execute();
    const res = await google(await idToken({ email: 'unverified@example.com', email_verified: false })).expect(200);
    expect(res.body.data.customer.id).not.toBe(c.id);
    expect(res.body.data.customer.email).toBeNull();
  });

  it('makes one customer of concurrent first sign-ins', async () => {
    const token = await idToken({}, { sub: 'sub-race' });
    const results = await Promise.all(Array.from({ length: 8 }, () => google(token)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.customer.id)).size).toBe(1);
    expect(await p.db.selectFrom('customers').select('id').where('google_sub', '=', 'sub-race').execute()).toHaveLength(1);
  });

  const refused: Array<[string, () => Promise<string>]> = [
    ['a wrong audience', () => idToken({}, { aud: 'someone-else.apps.example' })],
    ['a wrong issuer', () => idToken({}, { iss: 'https://evil.example.com' })],
    ['a past expiry', () => idToken({}, { expSeconds: -60 })],
    ['a signature by another key (same kid)', () => idToken({}, { signWith: otherKey })],
    ['a signature by another key (unknown kid)', () => idToken({}, { signWith: otherKey, kid: 'unknown-kid' })],
    ['a token that is not a JWT', async () => 'not.a.jwt-at-all'],
    ['a token without a signature', async () => (await idToken()).split('.').slice(0, 2).join('.') + '.'],
  ];
  for (const [what, make] of refused) {
    it(`refuses ${what} with 401 INVALID_TOKEN`, async () => {
      const res = await google(await make()).expect(401);
      expect(res.body.error.code).toBe('INVALID_TOKEN');
      expect(await p.db.selectFrom('customers').select('id').execute()).toHaveLength(0);
    });
  }

  it('checks expiry against the provider clock', async () => {
    const token = await idToken({}, { expSeconds: 600 });
    p.clock.advance(601_000);
    expect((await google(token).expect(401)).body.error.code).toBe('INVALID_TOKEN');
  });

  it('fetches the key set once and reuses it', async () => {
    await google(await idToken()).expect(200);
    const before = jwksHits;
    await google(await idToken()).expect(200);
    await google(await idToken()).expect(200);
    expect(jwksHits).toBe(before);
  });

  it('refuses bad input with the field named', async () => {
    for (const body of [undefined, {}, { id_token: 'short' }, { id_token: 12345678901 }, { id_token: 'x'.repeat(5000) }]) {
      const res = await callApi(p, authApi.google, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(Object.keys(res.body.error.fields)).toEqual(['id_token']);
    }
  });

  it('answers 404 when Google sign-in is not enabled', async () => {
    const saved = p.ctx.google;
    p.ctx.google = { ...saved, clientId: undefined };
    try {
      const res = await google(await idToken()).expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(res.body.message).toBe('Google sign-in is not enabled.');
    } finally {
      p.ctx.google = saved;
    }
  });
});
