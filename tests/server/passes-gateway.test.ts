/**
 * Apple Wallet reaches the pass web service through the gateway, as a phone would: the pass's
 * webServiceURL is <PUBLIC_URL>/api/pass/apple; the gateway forwards `Authorization: ApplePass …`
 * (signed) instead of a session, lets the bodiless DELETE through, and streams the .pkpass unchanged.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { createApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db';
import { seed } from '../../server/db/seed';
import { startEmbeddedProvider, type EmbeddedProvider } from '../../server/provider/embedded';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { listen, testConfig } from './gateway.helpers';
import { describeDb, openTestDatabase } from './support/provider';
import { PASS_TYPE, testPasses, unzip } from './support/wallet';
import { addressesApi } from '#contract/addresses.calls';
import { passesApi } from '#contract/passes.calls';
import { gatewayUrl } from '../support/calls';

const SECRET = 'passes-gateway-signing-secret-0123456789';

describeDb('the pass web service through the gateway', (kind) => {
  let handle: DatabaseHandle;
  let provider: EmbeddedProvider;
  let gateway: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seed(handle.db);
    clearMerchantCache();
    provider = await startEmbeddedProvider({
      db: handle.db,
      logger: pino({ level: 'silent' }),
      secret: SECRET,
      platform: 'wato',
      merchantId: 'kopi-senja',
      merchantApiKey: 'passes-gateway-merchant-key-0123456789',
      webhookSecret: 'passes-gateway-webhook-secret-0123456789',
      google: { clientId: undefined, jwksUrl: 'http://127.0.0.1:9/jwks' },
      demoOrderProgress: false,
      jobs: false,
      passes: testPasses(),
      publicUrl: () => gateway?.url,
    });
    gateway = await listen(createApp({ config: testConfig(), logger: pino({ level: 'silent' }), providerBase: provider.baseUrl, secret: SECRET }));
  });

  afterAll(async () => {
    await gateway?.close();
    await provider?.close();
    await handle?.close();
  });

  it('downloads the pass with the session cookie, then registers, reads, updates and unregisters with the pass token', async () => {
    const customer = await handle.db
      .insertInto('customers')
      .values({ phone: '+639170000031', name: 'Ana Reyes', email: null, created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = randomBytes(32).toString('base64url');
    await handle.db
      .insertInto('sessions')
      .values({
        token_hash: createHash('sha256').update(session).digest('hex'),
        customer_id: customer.id,
        created_at: new Date(),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();

    const status = await fetch(gatewayUrl(gateway.url, passesApi.status), { headers: { cookie: `sid=${session}` } });
    expect((await status.json()).data).toEqual({ apple: true, google: true });
    const download = await fetch(gatewayUrl(gateway.url, passesApi.apple), { headers: { cookie: `sid=${session}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const pass = JSON.parse(
      unzip(Buffer.from(await download.arrayBuffer()))
        .get('pass.json')!
        .toString(),
    );
    expect(pass.webServiceURL).toBe(gatewayUrl(gateway.url, passesApi.apple));

    const base = `${pass.webServiceURL}/v1`;
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
    const registration = `${base}/devices/iphone-1/registrations/${PASS_TYPE}/${pass.serialNumber}`;
    const register = (headers: Record<string, string>) =>
      fetch(registration, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ pushToken: 'ab'.repeat(32) }),
      });
    expect((await register({ authorization: 'ApplePass wrong-token-0123456789' })).status).toBe(401);
    // a browser's session is no pass credential
    expect((await register({ cookie: `sid=${session}` })).status).toBe(401);
    expect((await register(auth)).status).toBe(201);
    expect((await register(auth)).status).toBe(200);

    const serials = await fetch(`${base}/devices/iphone-1/registrations/${PASS_TYPE}`);
    expect(serials.status).toBe(200);
    const { serialNumbers, lastUpdated } = await serials.json();
    expect(serialNumbers).toEqual([pass.serialNumber]);
    expect((await fetch(`${base}/devices/iphone-1/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`)).status).toBe(204);

    const latest = await fetch(`${base}/passes/${PASS_TYPE}/${pass.serialNumber}`, { headers: auth });
    expect(latest.status).toBe(200);
    const modified = latest.headers.get('last-modified')!;
    expect(unzip(Buffer.from(await latest.arrayBuffer())).has('signature')).toBe(true);
    expect((await fetch(`${base}/passes/${PASS_TYPE}/${pass.serialNumber}`, { headers: { ...auth, 'if-modified-since': modified } })).status).toBe(304);

    // Apple's DELETE has no body and no content type
    expect((await fetch(registration, { method: 'DELETE', headers: auth })).status).toBe(200);
    expect(await handle.db.selectFrom('wallet_pass_devices').selectAll().execute()).toEqual([]);
    // elsewhere a bodiless DELETE is still refused as before
    expect((await fetch(gatewayUrl(gateway.url, addressesApi.remove), { method: 'DELETE' })).status).toBe(415);
  });
});
