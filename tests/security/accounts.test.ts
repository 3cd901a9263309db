/**
 * Accounts: who an e-mail address belongs to, and the limits on guessing codes.
 *
 * Review finding 2 (account takeover through an unverified e-mail): Google sign-in used to link a Google
 * account to "the one unlinked customer with that e-mail", an address anyone could type. These tests
 * play the attacker through the real gateway and provider (a local JWKS signs the Google ID tokens),
 * then prove the fix: an address links accounts only once its owner entered the code sent to it.
 * Also: the development outbox only in development, and purged; per-address limits that count an IPv6
 * client by its /64 and count wrong code entries across phones.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { createApp } from '../../server/app';
import { seed } from '../../server/db/seed';
import { FakeClock, HOUR } from '../../server/lib/clock';
import { purgeAuthLeftovers } from '../../server/provider/auth/auth.service';
import { readOutbox } from '../../server/provider/auth/sender';
import { startEmbeddedProvider, type EmbeddedProvider } from '../../server/provider/embedded';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { captureLogger, cookiePair, listen, testConfig } from '../server/gateway.helpers';
import { openTestDatabase } from '../server/support/provider';
import {
  describeDb,
  describePostgres,
  newStackPhone,
  useStack,
  STACK_MERCHANT_KEY,
  STACK_SECRET,
  STACK_WEBHOOK_SECRET,
  apiPath,
  type DbKind,
  type Stack,
} from './support';
import { customersApi } from '#contract/customers.calls';
import { gatewayCall } from '../support/calls';
import type { Call } from '#contract/api';
import { addressesApi } from '#contract/addresses.calls';
import { authApi } from '#contract/auth.calls';

const CLIENT_ID = 'accounts-test.apps.example';

/** an answer's JSON, read loosely: the assertions say what matters */
type Body = any;

/** A local stand-in for Google's key set, and ID tokens signed with its key. */
async function startJwks() {
  const pair = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'accounts-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const key: CryptoKey = pair.privateKey;
  return {
    url: `http://127.0.0.1:${port}/certs`,
    /** an ID token as Google signs it; the address verified unless said otherwise */
    token(o: { email?: string | undefined; sub?: string; emailVerified?: boolean; name?: string }) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...(o.email ? { email: o.email, email_verified: o.emailVerified ?? true } : {}), name: o.name ?? 'Gina Google' })
        .setProtectedHeader({ alg: 'RS256', kid: 'accounts-key', typ: 'JWT' })
        .setIssuer('https://accounts.google.com')
        .setAudience(CLIENT_ID)
        .setSubject(o.sub ?? `google-${randomUUID()}`)
        .setIssuedAt(now - 30)
        .setExpirationTime(now + 3600)
        .sign(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A client address of its own for each test (the gateway trusts one proxy, so X-Forwarded-For is the client). */
function newIpv4(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A declared call through a stack's gateway from a client address (its own unless given). */
const callFrom = (stack: Stack, declaration: Call<any, any>, o: { body?: unknown; cookie?: string; ip?: string }) =>
  gatewayCall(stack, declaration, {
    ...(o.body !== undefined ? { body: o.body } : {}),
    ...(o.cookie ? { cookie: o.cookie } : {}),
    headers: { 'x-forwarded-for': o.ip ?? newIpv4() },
  });

const newEmail = (who: string) => `${who}.${randomBytes(4).toString('hex')}@example.com`;

describeDb('accounts: an e-mail address links accounts only once its owner proved it', (kind) => {
  let jwks: Awaited<ReturnType<typeof startJwks>>;
  const clock = new FakeClock();

  beforeAll(async () => {
    jwks = await startJwks();
  });
  afterAll(() => jwks?.close());
  const stack = useStack(() => ({ kind, clock, google: { clientId: CLIENT_ID, jwksUrl: jwks.url }, config: { trustProxyHops: 1 } }));
  afterEach(() => clock.set(Date.now()));

  const api = (declaration: Call<any, any>, o: { body?: unknown; cookie?: string; ip?: string } = {}) => callFrom(stack, declaration, o);

  /** Registers by phone through the gateway, from one client address; answers the session cookie and the customer. */
  async function register(o: { email?: string; name?: string; ip?: string } = {}) {
    const phone = newStackPhone();
    const ip = o.ip ?? newIpv4();
    expect((await api(authApi.otpRequest, { body: { phone, purpose: 'register' }, ip })).status).toBe(200);
    const verified = (await (await api(authApi.otpVerify, { body: { phone, code: stack.lastCode(phone), purpose: 'register' }, ip })).json()) as Body;
    const res = await api(authApi.register, {
      body: { registration_token: verified.data.registration_token, name: o.name ?? 'Phone Person', ...(o.email ? { email: o.email } : {}) },
      ip,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Body;
    return { cookie: cookiePair({ 'set-cookie': res.headers.getSetCookie() }, 'sid')!, customer: body.data.customer, phone };
  }

  async function google(token: string, cookie?: string, declaration: Call<any, any> = authApi.google) {
    const res = await api(declaration, { body: { id_token: token }, ...(cookie ? { cookie } : {}) });
    const body = (await res.json()) as Body;
    return { status: res.status, body, cookie: cookiePair({ 'set-cookie': res.headers.getSetCookie() }, 'sid') };
  }

  const profile = async (cookie: string) => ((await (await api(customersApi.profile, { cookie })).json()) as Body).data;

  /** The newest code e-mailed to an address, read from the development outbox as a developer would. */
  async function emailedCode(email: string): Promise<string | undefined> {
    const res = await fetch(`${stack.url}/__dev/outbox?email=${encodeURIComponent(email)}`);
    expect(res.status, `outbox ?email= answered ${res.status}`).toBe(200);
    const body = (await res.json()) as { items: Array<{ code: string | null; email?: string }> };
    return body.items[0]?.code ?? undefined;
  }

  const verifyEmail = (cookie: string, code: string, ip?: string) => api(customersApi.emailVerify, { body: { code }, cookie, ...(ip ? { ip } : {}) });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a victim signing in with Google for the first time lands in a new account, not in the one an attacker registered with their address', async () => {
    const victimEmail = newEmail('victim');
    // the attacker registers their own phone with the victim's address
    const attacker = await register({ email: victimEmail, name: 'Attacker' });

    // the victim signs in with Google; Google has verified the address
    const victim = await google(await jwks.token({ email: victimEmail, name: 'Victim' }));
    expect(victim.status).toBe(200);
    expect(victim.body.data.customer.id, 'the victim must not land in the attacker’s account').not.toBe(attacker.customer.id);
    expect(victim.body.data.customer).toMatchObject({ name: 'Victim', email: victimEmail, email_verified: true });

    // what the victim saves stays theirs: the attacker's session cannot see it
    const saved = await api(addressesApi.create, {
      cookie: victim.cookie!,
      body: {
        label: 'Home',
        recipient: 'Victim',
        phone: '0917 555 0101',
        line1: '7 Secret Street',
        city: 'Makati',
        postal_code: '1226',
        lat: 14.55,
        lng: 121.02,
      },
    });
    expect(saved.status).toBe(201);
    const seen = (await (await api(addressesApi.list, { cookie: attacker.cookie })).json()) as Body;
    expect(JSON.stringify(seen.data)).not.toContain('Secret Street');
    expect((await profile(attacker.cookie)).email_verified).toBe(false);
  });

  it('an address typed at sign-up is unverified until the code e-mailed to it is entered; then Google signs in to that customer', async () => {
    const email = newEmail('ana');
    const ana = await register({ email, name: 'Ana' });
    expect(ana.customer).toMatchObject({ email, email_verified: false });
    expect(await profile(ana.cookie)).toMatchObject({ email, email_verified: false });

    const first = await emailedCode(email);
    expect(first).toMatch(/^\d{6}$/);
    expect((await fetch(`${stack.url}/__dev/outbox?email=not-an-address`)).status).toBe(400);

    // a wrong code counts a try
    const bad = await verifyEmail(ana.cookie, wrong(first!));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Body).error.code).toBe('INVALID_CODE');

    // a resend within 60 s of the last code is refused with retry_after
    const soon = await api(customersApi.emailVerifyRequest, { cookie: ana.cookie, body: { email } });
    expect(soon.status).toBe(429);
    const soonBody = (await soon.json()) as Body;
    expect(soonBody.error.code).toBe('RATE_LIMITED');
    expect(soonBody.data.retry_after).toBeGreaterThan(0);
    expect(soonBody.data.retry_after).toBeLessThanOrEqual(60);

    clock.advance(61_000);
    const again = await api(customersApi.emailVerifyRequest, { cookie: ana.cookie, body: { email } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Body).data).toMatchObject({ expires_in: expect.any(Number), resend_in: 60 });
    const second = await emailedCode(email);
    expect(second).toMatch(/^\d{6}$/);

    const ok = await verifyEmail(ana.cookie, second!);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Body).data.customer).toMatchObject({ id: ana.customer.id, email, email_verified: true });
    expect(await profile(ana.cookie)).toMatchObject({ email_verified: true });

    // now that Ana proved the address, her first Google sign-in with it is hers
    const g = await google(await jwks.token({ email: email.toUpperCase() }));
    expect(g.status).toBe(200);
    expect(g.body.data.customer.id).toBe(ana.customer.id);
    expect(g.body.data.customer.name).toBe('Ana');
  });

  it('an address another customer verified cannot be verified again (409 EMAIL_TAKEN), and nothing changes', async () => {
    const email = newEmail('shared');
    const owner = await register({ email });
    expect((await verifyEmail(owner.cookie, (await emailedCode(email))!)).status).toBe(200);

    const other = await register({ email });
    const code = await emailedCode(email);
    const res = await verifyEmail(other.cookie, code!);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Body).error.code).toBe('EMAIL_TAKEN');
    expect(await profile(other.cookie)).toMatchObject({ email, email_verified: false });
    expect(await profile(owner.cookie)).toMatchObject({ email, email_verified: true });
    const verified = await stack.db.selectFrom('customers').select('id').where('email', '=', email).where('email_verified_at', 'is not', null).execute();
    expect(verified).toEqual([{ id: owner.customer.id }]);
  });

  it('changing the address makes it unverified again, and a code for the old address no longer verifies', async () => {
    const email = newEmail('mover');
    const c = await register({ email });
    const oldCode = await emailedCode(email);
    const next = newEmail('moved');
    const changed = await api(customersApi.changeEmail, { cookie: c.cookie, body: { email: next } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Body).data.customer).toMatchObject({ email: next, email_verified: false });
    const res = await verifyEmail(c.cookie, oldCode!);
    expect(res.status).toBe(400);
    expect(await profile(c.cookie)).toMatchObject({ email: next, email_verified: false });

    // a verified address changed for another is unverified again
    clock.advance(61_000);
    expect((await api(customersApi.emailVerifyRequest, { cookie: c.cookie, body: { email: next } })).status).toBe(200);
    expect((await verifyEmail(c.cookie, (await emailedCode(next))!)).status).toBe(200);
    const third = newEmail('third');
    await api(customersApi.changeEmail, { cookie: c.cookie, body: { email: third } });
    expect(await profile(c.cookie)).toMatchObject({ email: third, email_verified: false });
  });

  it('five wrong tries end an e-mail code', async () => {
    const email = newEmail('guess');
    const c = await register({ email });
    const code = (await emailedCode(email))!;
    const ip = newIpv4();
    for (let i = 0; i < 4; i++) expect((await verifyEmail(c.cookie, wrong(code), ip)).status).toBe(400);
    const fifth = await verifyEmail(c.cookie, wrong(code), ip);
    expect(((await fifth.json()) as Body).error.code).toBe('TOO_MANY_ATTEMPTS');
    const right = await verifyEmail(c.cookie, code, ip);
    expect(right.status).toBe(400);
    expect(((await right.json()) as Body).error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(await profile(c.cookie)).toMatchObject({ email_verified: false });
  });

  it('Google with an address another customer verified makes a new account without that address', async () => {
    const email = newEmail('owner');
    const owner = await register({ email });
    expect((await verifyEmail(owner.cookie, (await emailedCode(email))!)).status).toBe(200);
    // the owner's account is linked to one Google account; another Google account shows the same address
    const first = await google(await jwks.token({ email, sub: `sub-${randomUUID()}` }));
    expect(first.body.data.customer.id).toBe(owner.customer.id);
    const second = await google(await jwks.token({ email, sub: `sub-${randomUUID()}` }));
    expect(second.status).toBe(200);
    expect(second.body.data.customer.id).not.toBe(owner.customer.id);
    expect(second.body.data.customer).toMatchObject({ email: null, email_verified: false });
  });

  it('a signed-in customer links a Google account explicitly; a Google account linked elsewhere is refused', async () => {
    const c = await register({ name: 'Linker' });
    const sub = `sub-${randomUUID()}`;
    const linked = await google(await jwks.token({ email: newEmail('linker'), sub }), c.cookie, authApi.googleLink);
    expect(linked.status).toBe(200);
    expect(linked.body.data.customer.id).toBe(c.customer.id);
    // that Google account now signs in to the phone customer
    const g = await google(await jwks.token({ sub }));
    expect(g.body.data.customer.id).toBe(c.customer.id);

    // another customer cannot take it over
    const other = await register({ name: 'Other' });
    const refused = await google(await jwks.token({ sub }), other.cookie, authApi.googleLink);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('GOOGLE_LINKED');
    // and without a session there is nothing to link
    expect((await google(await jwks.token({ sub }), undefined, authApi.googleLink)).status).toBe(401);
  });

  // --- the per-address limits (the gateway trusts one proxy: X-Forwarded-For names the client) ---

  it('counts code requests from one IPv6 /64 together', async () => {
    const ask = (ip: string) => api(authApi.otpRequest, { body: { phone: newStackPhone(), purpose: 'login' }, ip });
    const [g3, g4] = [randomBytes(2).readUInt16BE(), randomBytes(2).readUInt16BE() & 0x7fff];
    const prefix = `2001:db8:${g3.toString(16)}:${g4.toString(16)}`;
    for (let i = 0; i < 10; i++) expect((await ask(`${prefix}::a${i}`)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await ask(`${prefix}:0:0:b:${i}`)).status).toBe(200);
    const over = await ask(`${prefix}::c`);
    expect(over.status, 'the 21st code from one /64 within the hour').toBe(429);
    expect(((await over.json()) as Body).error.code).toBe('RATE_LIMITED');
    // another /64 is another client
    expect((await ask(`2001:db8:${g3.toString(16)}:${(g4 + 1).toString(16)}::a`)).status).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const ask = (ip: string) => api(authApi.otpRequest, { body: { phone: newStackPhone(), purpose: 'login' }, ip });
    const v4 = newIpv4();
    for (let i = 0; i < 10; i++) expect((await ask(v4)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await ask(`::ffff:${v4}`)).status).toBe(200);
    expect((await ask(v4)).status).toBe(429);
  });

  it('limits wrong code entries per client address across many phones, checked before the code is compared', async () => {
    const ip = newIpv4();
    const phones: Array<{ phone: string; code: string }> = [];
    for (let i = 0; i < 6; i++) {
      const phone = newStackPhone();
      expect((await api(authApi.otpRequest, { body: { phone, purpose: 'login' }, ip })).status).toBe(200);
      phones.push({ phone, code: stack.lastCode(phone)! });
    }
    const enter = (p: { phone: string }, code: string, from = ip) => api(authApi.otpVerify, { body: { phone: p.phone, code, purpose: 'login' }, ip: from });
    // 4 wrong tries on each of 5 phones: no code is used up, 20 wrong entries from one address
    for (const p of phones.slice(0, 5)) {
      for (let i = 0; i < 4; i++) expect((await enter(p, wrong(p.code))).status).toBe(400);
    }
    const sixth = phones[5]!;
    const limited = await enter(sixth, wrong(sixth.code));
    expect(limited.status, 'the 21st wrong entry from one address within the hour').toBe(429);
    const body = (await limited.json()) as Body;
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.data.retry_after).toBeGreaterThan(0);
    // checked before comparing: even the right code is not looked at from this address
    expect((await enter(sixth, sixth.code)).status).toBe(429);
    // the limit is the address's: the same code from elsewhere still works
    expect((await enter(sixth, sixth.code, newIpv4())).status).toBe(200);
  });
});

describeDb('accounts in production mode', (kind) => {
  const stack = useStack({ kind, production: true });

  it('e-mail verification says it is unavailable; changing the address still works, unverified', async () => {
    const email = newEmail('prod');
    const c = await stack.signUp({ email });
    const res = await gatewayCall(stack, customersApi.emailVerifyRequest, { cookie: c.cookie, body: { email } });
    expect(res.status).toBe(503);
    const body = (await res.json()) as Body;
    expect(body.error.code).toBe('EMAIL_UNAVAILABLE');
    expect(body.message).toBe("We can't send e-mails just now, so your address can't be verified yet.");
    const changed = await gatewayCall(stack, customersApi.changeEmail, { cookie: c.cookie, body: { email: newEmail('prod2') } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Body).data.customer).toMatchObject({ email_verified: false });
    expect(await stack.db.selectFrom('dev_outbox').select('id').execute()).toEqual([]);
  });
});

/**
 * The embedded provider with its own default senders (no test sender): what `npm start` runs, in
 * production or development mode, behind a gateway.
 */
async function startBare(kind: DbKind, production: boolean) {
  const handle = await openTestDatabase(kind);
  await seed(handle.db);
  clearMerchantCache();
  const { logger, lines } = captureLogger('debug');
  const clock = new FakeClock();
  const config = { ...testConfig(), production, devOutbox: !production, paymentSandbox: false };
  const provider: EmbeddedProvider = await startEmbeddedProvider({
    db: handle.db,
    logger,
    secret: STACK_SECRET,
    platform: config.platformId,
    merchantId: 'kopi-senja',
    merchantApiKey: STACK_MERCHANT_KEY,
    webhookSecret: STACK_WEBHOOK_SECRET,
    google: { clientId: undefined, jwksUrl: 'http://127.0.0.1:9/jwks' },
    demoOrderProgress: false,
    paymentSandbox: false,
    devOutbox: !production,
    jobs: false,
    clock,
  });
  const app = createApp({
    config,
    logger,
    providerBase: provider.baseUrl,
    secret: STACK_SECRET,
    ...(production ? {} : { outbox: (r: string) => readOutbox(handle.db, r) }),
  });
  const gateway = await listen(app);
  return {
    url: gateway.url,
    db: handle.db,
    provider,
    clock,
    lines,
    requestCode: (phone: string) =>
      fetch(`${gateway.url}${apiPath(authApi.otpRequest)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, purpose: 'login' }),
      }),
    async close() {
      await gateway.close();
      await provider.close();
      await new Promise((r) => setTimeout(r, 50));
      await handle.close();
    },
  };
}

describeDb('the development outbox', (kind) => {
  it('is not written in production: without a text message service a code is refused (503), never kept or logged', async () => {
    const bare = await startBare(kind, true);
    try {
      const phone = newStackPhone();
      // a production shop starts without Twilio and the owner connects it from the console (issue 46):
      // until then no code is made at all
      const res = await bare.requestCode(phone);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SMS_UNAVAILABLE');
      expect(await bare.db.selectFrom('dev_outbox').select('id').execute(), 'an outbox row was written in production').toEqual([]);
      expect(
        bare.lines.filter((l) => /code is \d/.test(l)),
        'a code in the log',
      ).toEqual([]);
      expect((await fetch(`${bare.url}/__dev/outbox?phone=${encodeURIComponent(phone)}`)).status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('keeps messages in development, and purges them after an hour with the other leftovers', async () => {
    const bare = await startBare(kind, false);
    try {
      const phone = newStackPhone();
      expect((await bare.requestCode(phone)).status).toBe(200);
      const shown = (await (await fetch(`${bare.url}/__dev/outbox?phone=${encodeURIComponent(phone)}`)).json()) as Body;
      expect(shown.items).toHaveLength(1);
      expect(shown.items[0].code).toMatch(/^\d{6}$/);

      await purgeAuthLeftovers(bare.provider.ctx);
      expect(await bare.db.selectFrom('dev_outbox').select('id').execute(), 'a fresh message is kept').toHaveLength(1);
      bare.clock.advance(HOUR + 60_000);
      await purgeAuthLeftovers(bare.provider.ctx);
      expect(await bare.db.selectFrom('dev_outbox').select('id').execute(), 'the outbox still holds an hour-old code').toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describePostgres('accounts under concurrency', () => {
  const stack = useStack({ kind: 'postgres', config: { trustProxyHops: 1 } });

  const api = (declaration: Call<any, any>, o: { body?: unknown; cookie?: string; ip: string }) => callFrom(stack, declaration, o);

  it('of many customers verifying one address at once, exactly one gets it; the others get 409 EMAIL_TAKEN', async () => {
    const email = newEmail('race');
    const racers: Array<{ cookie: string; code: string }> = [];
    for (let i = 0; i < 8; i++) {
      const c = await stack.signUp({ email, phone: newStackPhone() });
      const items = (await (await fetch(`${stack.url}/__dev/outbox?email=${encodeURIComponent(email)}`)).json()) as { items: Array<{ code: string }> };
      racers.push({ cookie: c.cookie, code: items.items[0]!.code });
    }
    const results = await Promise.all(racers.map((r) => api(customersApi.emailVerify, { body: { code: r.code }, cookie: r.cookie, ip: newIpv4() })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(((await r.json()) as Body).error.code).toBe('EMAIL_TAKEN');
    const verified = await stack.db.selectFrom('customers').select('id').where('email', '=', email).where('email_verified_at', 'is not', null).execute();
    expect(verified).toHaveLength(1);
  });

  it('counts wrong code entries from one address exactly, however many arrive at once', async () => {
    const ip = newIpv4();
    const phones: Array<{ phone: string; code: string }> = [];
    for (let i = 0; i < 8; i++) {
      const phone = newStackPhone();
      expect((await api(authApi.otpRequest, { body: { phone, purpose: 'login' }, ip: newIpv4() })).status).toBe(200);
      phones.push({ phone, code: stack.lastCode(phone)! });
    }
    // 32 wrong entries at once, 4 per phone (no code is used up by them): 20 are looked at, 12 refused
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const results = await Promise.all(
      phones.flatMap((p) => Array.from({ length: 4 }, () => api(authApi.otpVerify, { body: { phone: p.phone, code: wrong(p.code), purpose: 'login' }, ip }))),
    );
    const counts = results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 400: 20, 429: 12 });
  });
});
