import { createHash, createPublicKey, verify as verifySignature, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { createLocalJWKSet, decodeJwt, exportJWK, jwtVerify } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { providerContext } from '../../server/provider/embedded';
import { pushPassUpdates } from '../../server/provider/passes/passes.service';
import type { PassesConfig } from '../../server/provider/passes/passes-config';
import { newStaff, newStaffSession, type TestStaff } from './merchant.helpers';
import { key } from './orders.helpers';
import { describeDb, embeddedOptions, TEST_PUBLIC_URL, useTestProvider } from './support/provider';
import { googleKeys, PASS_TYPE, signerCert, signerKeys, testPasses, tlsCert, tlsKeys, unzip, wwdr } from './support/wallet';
import { counterApi } from '#contract/counter.calls';
import { customersConsoleApi } from '#contract/customers.calls';
import { membersApi } from '#contract/members.calls';
import { passesApi } from '#contract/passes.calls';
import { callApi, gatewayUrl, providerUrl, rawCall } from '../support/calls';

/**
 * The wallet card (issue 31) against self-made certificates (a CA playing Apple's WWDR, a pass
 * certificate it signed) and loopback fakes of APNs (HTTP/2 over TLS) and of Google's token and Wallet
 * API endpoints: the .pkpass is a signed archive whose manifest and signature check out, the pass web
 * service answers Apple's protocol, a balance change pushes once per device across two instances, 410
 * unregisters, the Google JWT verifies with the key's public half, a change PATCHes loyaltyPoints once.
 */

/** Checks the detached PKCS#7 signature over manifest.json: the digest attribute, and the signature over the signed attributes with the signer's key. */
function checkSignature(signature: Buffer, manifest: Buffer): { signer: string } {
  const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(signature.toString('binary'))) as unknown as {
    certificates: forge.pki.Certificate[];
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string; digestAlgorithm: string; content?: unknown };
  };
  const { authenticatedAttributes: attrs, signature: sig, digestAlgorithm } = p7.rawCapture;
  expect(p7.rawCapture.content, 'detached: no content inside').toBeUndefined();
  const algorithm = forge.pki.oids[forge.asn1.derToOid(digestAlgorithm)]!;
  const digestOf = (attr: forge.asn1.Asn1) => {
    const [oid, values] = attr.value as forge.asn1.Asn1[];
    return forge.asn1.derToOid(oid!.value as string) === forge.pki.oids.messageDigest
      ? Buffer.from((values!.value as forge.asn1.Asn1[])[0]!.value as string, 'binary')
      : null;
  };
  const digest = attrs.map(digestOf).find(Boolean);
  expect(digest?.toString('hex')).toBe(createHash(algorithm).update(manifest).digest('hex'));
  const signedAttributes = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs)).getBytes();
  const signer = p7.certificates.find((c) => c.subject.getField('CN')?.value === `Pass Type ID: ${PASS_TYPE}`)!;
  expect(signer, 'the signer certificate is in the signature').toBeTruthy();
  const ok = verifySignature(algorithm, Buffer.from(signedAttributes, 'binary'), forge.pki.certificateToPem(signer), Buffer.from(sig, 'binary'));
  expect(ok, 'the signature verifies with the signer certificate').toBe(true);
  // and the signer certificate is the one configured, issued by the WWDR stand-in
  expect(new X509Certificate(forge.pki.certificateToPem(signer)).verify(new X509Certificate(wwdr).publicKey)).toBe(true);
  return { signer: forge.pki.certificateToPem(signer) };
}

interface ApnsCall {
  token: string;
  topic: string;
  body: string;
}

describeDb('wallet passes', (kind) => {
  const apnsCalls: ApnsCall[] = [];
  const gone = new Set<string>();
  const googleCalls: { method: string; url: string; body: string; auth: string }[] = [];
  let apns: Http2SecureServer;
  let fake: Server;
  let passes: PassesConfig;

  beforeAll(async () => {
    apns = createSecureServer({ key: tlsKeys.privateKey, cert: tlsCert });
    apns.on('stream', (stream, headers) => {
      let body = '';
      stream.on('data', (c: Buffer) => (body += c.toString()));
      stream.on('end', () => {
        const token = String(headers[':path']).replace('/3/device/', '');
        apnsCalls.push({ token, topic: String(headers['apns-topic']), body });
        stream.respond({ ':status': gone.has(token) ? 410 : 200 });
        stream.end(gone.has(token) ? '{"reason":"Unregistered"}' : '');
      });
    });
    await new Promise<void>((r) => apns.listen(0, '127.0.0.1', r));
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        googleCalls.push({ method: req.method!, url: req.url!, body, auth: String(req.headers.authorization ?? '') });
        res.setHeader('content-type', 'application/json');
        if (req.url === '/token') return void res.end(JSON.stringify({ access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' }));
        res.end(body);
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    passes = testPasses({
      apnsUrl: `https://127.0.0.1:${(apns.address() as AddressInfo).port}`,
      googleOrigin: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await new Promise((r) => apns.close(r));
    await new Promise((r) => fake.close(r));
  });

  const p = useTestProvider(kind, () => ({ passes, reset: true }));
  let owner: TestStaff;
  beforeEach(async () => {
    apnsCalls.length = 0;
    googleCalls.length = 0;
    gone.clear();
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    owner.token = (await newStaffSession(p.db, p.clock, owner.id)).token;
  });

  const download = async (token: string) => {
    const res = await callApi(p, passesApi.apple, { token })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status, String(res.body)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const files = unzip(res.body as Buffer);
    return { files, pass: JSON.parse(files.get('pass.json')!.toString()) as Record<string, any>, lastModified: res.headers['last-modified'] as string };
  };
  const ws = (method: 'get' | 'post' | 'delete', path: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    // Apple's pass web service: its routes are Apple's, not declared calls
    rawCall(p, method, `pass/apple/v1/${path}`, {
      headers: { ...(o.token ? { authorization: `ApplePass ${o.token}` } : {}), ...o.headers },
      ...(o.body !== undefined ? { body: o.body } : {}),
    });
  const adjust = (customerId: number, points: number) =>
    callApi(p, customersConsoleApi.adjustPoints, {
      token: owner.token,
      body: { customer_id: customerId, points, reason: 'Wallet test', idempotency_key: key() },
    }).expect(201);
  const otherInstance = () => providerContext({ ...embeddedOptions(p), passes, publicUrl: TEST_PUBLIC_URL, jobs: false }, () => 'http://provider.test/api/v2/');

  it('pass/status says which buttons show; none without configuration', async () => {
    const c = await p.newCustomer();
    expect((await callApi(p, passesApi.status, { token: c.token }).expect(200)).body.data).toEqual({ apple: true, google: true });
    const bare = providerContext({ ...embeddedOptions(p), publicUrl: TEST_PUBLIC_URL, jobs: false }, () => '');
    const { passStatus } = await import('../../server/provider/passes/passes.service');
    expect(passStatus(bare)).toEqual({ apple: false, google: false });
    expect(passStatus({ ...bare, passes: { google: passes.google } })).toEqual({ apple: false, google: true });
    await callApi(p, passesApi.status).expect(401);
  });

  it('the .pkpass is a signed archive: every manifest hash matches, the PKCS#7 signature verifies, pass.json has the card and the static code', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes', points: 120 });
    const { files, pass } = await download(c.token);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Record<string, string>;
    const listed = Object.keys(manifest).sort();
    expect(listed).toEqual([...files.keys()].filter((f) => f !== 'manifest.json' && f !== 'signature').sort());
    expect(listed).toContain('icon.png');
    for (const [name, sha1] of Object.entries(manifest)) expect(createHash('sha1').update(files.get(name)!).digest('hex'), name).toBe(sha1);
    checkSignature(files.get('signature')!, files.get('manifest.json')!);

    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: 'ABCDE12345',
      webServiceURL: gatewayUrl(TEST_PUBLIC_URL, passesApi.apple),
    });
    expect(pass.serialNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(pass.storeCard.primaryFields).toEqual([expect.objectContaining({ key: 'points', value: 120 })]);
    expect(pass.storeCard.secondaryFields).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'member', value: 'Ana Reyes' })]));
    const code = pass.barcodes[0].message as string;
    expect(code).toMatch(/^LP1\.kopi-senja\.\d+\.[0-9A-Z]{16}$/);
    // never a rotating code: not the member card's, whatever the time
    const card = (await callApi(p, membersApi.card, { token: c.token }).expect(200)).body.data;
    expect([card.current.qr, card.next.qr]).not.toContain(code);
    expect(JSON.stringify(pass)).not.toMatch(/LM1\.|LV1\./);
    // only the token's hash is kept; another customer's serial differs
    const row = await p.db.selectFrom('wallet_passes').selectAll().where('customer_id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.auth_token_hash).toBe(createHash('sha256').update(pass.authenticationToken).digest('hex'));
    const other = await download((await p.newCustomer()).token);
    expect(other.pass.serialNumber).not.toBe(pass.serialNumber);
    // the counter finds the member by the pass's code
    const found = await callApi(p, counterApi.member, { token: owner.token, body: { code } });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.member.customer_id).toBe(c.id);
    const forged = await callApi(p, counterApi.member, { token: owner.token, body: { code: code.replace(/\.\d+\./, `.${c.id + 1}.`) } });
    expect(forged.body.error?.code).toBe('CODE_UNKNOWN');
  });

  it('the web service answers the protocol: register 201 then 200, wrong token 401, serials since, 304, unregister', async () => {
    const c = await p.newCustomer({ points: 10 });
    const { pass, lastModified } = await download(c.token);
    const { serialNumber: serial, authenticationToken: token } = pass;
    const reg = `devices/device-1/registrations/${PASS_TYPE}/${serial}`;
    await ws('post', reg, { token: 'wrong-token-0123456789', body: { pushToken: 'ab'.repeat(32) } }).expect(401);
    await ws('post', reg, { body: { pushToken: 'ab'.repeat(32) } }).expect(401);
    await ws('post', `devices/device-1/registrations/${PASS_TYPE}/${'0'.repeat(32)}`, { token, body: { pushToken: 'ab'.repeat(32) } }).expect(404);
    await ws('post', `devices/device-1/registrations/pass.other.type/${serial}`, { token, body: { pushToken: 'ab'.repeat(32) } }).expect(404);
    const bad = await ws('post', reg, { token, body: { pushToken: 'not hex' } }).expect(400);
    expect(bad.body.error.fields).toEqual({ pushToken: 'must be the hex push token' });
    await ws('post', reg, { token, body: { pushToken: 'ab'.repeat(32) } }).expect(201);
    await ws('post', reg, { token, body: { pushToken: 'cd'.repeat(32) } }).expect(200);

    const first = await ws('get', `devices/device-1/registrations/${PASS_TYPE}`).expect(200);
    expect(first.body.serialNumbers).toEqual([serial]);
    await ws('get', `devices/device-1/registrations/${PASS_TYPE}`).query({ passesUpdatedSince: first.body.lastUpdated }).expect(204);
    await ws('get', `devices/nobody/registrations/${PASS_TYPE}`).expect(204);

    await ws('get', `passes/${PASS_TYPE}/${serial}`, { token, headers: { 'if-modified-since': lastModified } }).expect(304);
    await ws('get', `passes/${PASS_TYPE}/${serial}`, { token: 'wrong-token-0123456789' }).expect(401);
    await adjust(c.id, 25);
    const since = await ws('get', `devices/device-1/registrations/${PASS_TYPE}`).query({ passesUpdatedSince: first.body.lastUpdated }).expect(200);
    expect(since.body.serialNumbers).toEqual([serial]);
    const latest = await ws('get', `passes/${PASS_TYPE}/${serial}`, { token, headers: { 'if-modified-since': lastModified } })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (b: Buffer) => chunks.push(b));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(latest.status).toBe(200);
    const updated = JSON.parse(
      unzip(latest.body as Buffer)
        .get('pass.json')!
        .toString(),
    );
    expect(updated.storeCard.primaryFields[0].value).toBe(35);
    expect(updated.authenticationToken).toBe(token);

    await ws('post', 'log', { body: { logs: ['a test line'] } }).expect(200);
    await ws('delete', reg, { token }).expect(200);
    expect(await p.db.selectFrom('wallet_pass_devices').selectAll().execute()).toEqual([]);
  });

  it('a second download (another device, a pass deleted and added again) keeps the first one updating', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes', points: 40 });
    const phone = (await download(c.token)).pass;
    const tablet = (await download(c.token)).pass;
    // one pass (one serial), one token: Wallet's copy on the phone, synced or not, still gets its updates
    expect(tablet.serialNumber).toBe(phone.serialNumber);
    expect(tablet.authenticationToken).toBe(phone.authenticationToken);
    await ws('post', `devices/phone/registrations/${PASS_TYPE}/${phone.serialNumber}`, {
      token: phone.authenticationToken,
      body: { pushToken: 'ab'.repeat(32) },
    }).expect(201);
    await ws('get', `passes/${PASS_TYPE}/${phone.serialNumber}`, { token: phone.authenticationToken }).expect(200);
    // and the token is the shop's secret's alone: another customer's differs
    const other = (await download((await p.newCustomer()).token)).pass;
    expect(other.authenticationToken).not.toBe(phone.authenticationToken);
  });

  it("one customer's pass token opens only their own pass: Ana's token on Ben's serial is refused", async () => {
    const ana = await download((await p.newCustomer({ name: 'Ana Cruz', points: 10 })).token);
    const ben = await download((await p.newCustomer({ name: 'Ben Cruz', points: 90 })).token);
    const anaToken = ana.pass.authenticationToken as string;
    const benSerial = ben.pass.serialNumber as string;
    await ws('post', `devices/device-ana/registrations/${PASS_TYPE}/${benSerial}`, { token: anaToken, body: { pushToken: 'ab'.repeat(32) } }).expect(401);
    await ws('get', `passes/${PASS_TYPE}/${benSerial}`, { token: anaToken }).expect(401);
    await ws('delete', `devices/device-ana/registrations/${PASS_TYPE}/${benSerial}`, { token: anaToken }).expect(401);
    expect(await p.db.selectFrom('wallet_pass_devices').selectAll().execute()).toEqual([]);
  });

  it('limits the web service to 60 calls a minute per address, and its open log to 10', async () => {
    const ip = '203.0.113.77';
    const serials = (from: string) => rawCall(p, 'get', `pass/apple/v1/devices/quiet-device/registrations/${PASS_TYPE}`, { ip: from });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await serials(ip)).status);
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
    await serials('203.0.113.78').expect(204);
    p.clock.advance(61_000);
    await serials(ip).expect(204);

    const logs: number[] = [];
    for (let i = 0; i < 11; i++) logs.push((await rawCall(p, 'post', 'pass/apple/v1/log', { ip: '203.0.113.79', body: { logs: [] } })).status);
    expect(logs).toEqual([...Array(10).fill(200), 429]);
  });

  it('a balance change pushes once per device, with two instances at once; a second run sends none; 410 unregisters', async () => {
    const c = await p.newCustomer({ points: 10 });
    const { pass } = await download(c.token);
    const reg = (device: string, pushToken: string) =>
      ws('post', `devices/${device}/registrations/${PASS_TYPE}/${pass.serialNumber}`, { token: pass.authenticationToken, body: { pushToken } }).expect(201);
    await reg('phone', 'aa'.repeat(32));
    await reg('watch', 'bb'.repeat(32));
    // what was there when the pass was made is not a change to push
    await pushPassUpdates(p.ctx);
    apnsCalls.length = 0;

    // an earn at the counter (the owner: no location needed) moves the balance
    const earned = await callApi(p, counterApi.earn, { token: owner.token, body: { customer_id: c.id, amount: 10_000, idempotency_key: key() } });
    expect(earned.status, JSON.stringify(earned.body)).toBe(201);
    const results = await Promise.all([pushPassUpdates(p.ctx), pushPassUpdates(otherInstance())]);
    expect(results.reduce((n, r) => n + r.apple, 0)).toBe(2);
    expect(apnsCalls.map((a) => a.token).sort()).toEqual(['aa'.repeat(32), 'bb'.repeat(32)]);
    expect(apnsCalls.every((a) => a.topic === PASS_TYPE && a.body === '{}')).toBe(true);
    await pushPassUpdates(p.ctx);
    expect(apnsCalls).toHaveLength(2);

    // the watch is gone: 410 removes its registration, the phone still gets the next change
    gone.add('bb'.repeat(32));
    await adjust(c.id, 5);
    await pushPassUpdates(p.ctx);
    expect(apnsCalls).toHaveLength(4);
    expect((await p.db.selectFrom('wallet_pass_devices').select('device_id').execute()).map((d) => d.device_id)).toEqual(['phone']);
  });

  it('Google: the save link is a JWT the service account signed, with the loyalty object; a change PATCHes loyaltyPoints once', async () => {
    const c = await p.newCustomer({ name: 'Ben Cruz', points: 40 });
    const res = await callApi(p, passesApi.google, { token: c.token }).expect(200);
    const url = res.body.data.url as string;
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    const jwk = { ...(await exportJWK(createPublicKey(googleKeys.publicKey))), alg: 'RS256' };
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet({ keys: [jwk] }), { issuer: passes.google!.clientEmail, audience: 'google' });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    const object = (payload.payload as { loyaltyObjects: Record<string, any>[] }).loyaltyObjects[0]!;
    expect(object).toMatchObject({
      accountName: 'Ben Cruz',
      loyaltyPoints: { balance: { int: 40 } },
      barcode: { type: 'QR_CODE' },
      classId: expect.stringMatching(/^3388000000012345678\./),
    });
    expect(object.barcode.value).toMatch(/^LP1\./);
    expect(decodeJwt(jwt).iss).toBe(passes.google!.clientEmail);

    await pushPassUpdates(p.ctx);
    expect(googleCalls.filter((g) => g.method === 'PATCH')).toEqual([]);
    await adjust(c.id, 60);
    await Promise.all([pushPassUpdates(p.ctx), pushPassUpdates(otherInstance())]);
    await pushPassUpdates(p.ctx);
    const patches = googleCalls.filter((g) => g.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.url).toBe(`/walletobjects/v1/loyaltyObject/${encodeURIComponent(object.id)}`);
    expect(patches[0]!.auth).toBe('Bearer fake-access-token');
    expect(JSON.parse(patches[0]!.body).loyaltyPoints).toEqual({ label: 'Points', balance: { int: 100 } });
    expect(googleCalls.find((g) => g.url === '/token')?.body).toContain('grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer');
  });

  it('a customer who never asked for a pass has none, and nothing is pushed for them', async () => {
    const c = await p.newCustomer({ points: 5 });
    await adjust(c.id, 5);
    expect(await pushPassUpdates(p.ctx)).toEqual({ apple: 0, google: 0 });
    expect(apnsCalls).toEqual([]);
    await request(p.app).get(providerUrl('', passesApi.apple)).expect(401);
  });
});

describe('wallet configuration', () => {
  const base = {
    NODE_ENV: 'production',
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: '+15005550006',
    PUBLIC_URL: 'https://shop.example',
  };
  const apple = {
    APPLE_PASS_TYPE_ID: PASS_TYPE,
    APPLE_TEAM_ID: 'ABCDE12345',
    APPLE_PASS_CERT: signerCert,
    APPLE_PASS_KEY: signerKeys.privateKey,
    APPLE_WWDR_CERT: wwdr,
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      return (err as { problems: string[] }).problems;
    }
  };

  it('reads both wallets, PEMs with written-out line breaks too', () => {
    const account = JSON.stringify({ client_email: 'w@p.iam.gserviceaccount.com', private_key: googleKeys.privateKey });
    const config = loadConfig({
      ...base,
      ...apple,
      APPLE_PASS_KEY: signerKeys.privateKey.replace(/\n/g, '\\n'),
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT: account,
    });
    expect(config.passes.apple).toMatchObject({ passTypeId: PASS_TYPE, apnsUrl: 'https://api.push.apple.com', signerKey: signerKeys.privateKey });
    expect(config.passes.google).toMatchObject({
      clientEmail: 'w@p.iam.gserviceaccount.com',
      apiBase: 'https://walletobjects.googleapis.com/walletobjects/v1/',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
    expect(loadConfig(base).passes).toEqual({ apple: undefined, google: undefined });
  });

  it('refuses loopback overrides in production, non-https PUBLIC_URL with Apple, half a configuration and bad PEMs', () => {
    expect(problems({ ...base, ...apple, APNS_URL: 'https://127.0.0.1:4443' })).toEqual([expect.stringMatching(/^APNS_URL cannot be set in production/)]);
    expect(problems({ ...base, GOOGLE_WALLET_API_BASE: 'http://127.0.0.1:4010' })).toEqual([
      expect.stringMatching(/^GOOGLE_WALLET_API_BASE cannot be set in production/),
    ]);
    expect(problems({ ...base, APNS_URL: 'https://api.example.com' }).join()).toMatch(/APNS_URL must be an http:\/\/ or https:\/\/ origin on this machine/);
    expect(problems({ ...base, ...apple, PUBLIC_URL: 'http://shop.example' }).join()).toMatch(/PUBLIC_URL must be https:\/\/ in production/);
    expect(problems({ ...base, APPLE_PASS_TYPE_ID: PASS_TYPE })).toEqual([expect.stringMatching(/go together.*APPLE_TEAM_ID/)]);
    expect(problems({ ...base, ...apple, APPLE_PASS_CERT: 'not a pem' })).toEqual(['APPLE_PASS_CERT must be a PEM certificate (-----BEGIN CERTIFICATE-----…)']);
    expect(problems({ ...base, GOOGLE_WALLET_ISSUER_ID: '3388000000012345678', GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email":"x"}' }).join()).toMatch(
      /GOOGLE_WALLET_SERVICE_ACCOUNT must be a service account key/,
    );
    expect(loadConfig({ NODE_ENV: 'development', APNS_URL: 'https://127.0.0.1:4443' }).conveniences.on).toBe(true);
  });
});
