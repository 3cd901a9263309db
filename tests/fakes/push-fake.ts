import { createECDH, createDecipheriv, createPublicKey, createVerify, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of a browser's push service (RFC 8030), on loopback: it records every push (headers and
 * the encrypted body) and answers 201 Created, or what the test queued for a path (404, 410, 500 …).
 * It checks what a real push service checks first: a POST with a TTL, `Content-Encoding: aes128gcm`,
 * and a VAPID `Authorization: vapid t=<JWT>, k=<key>` whose ES256 signature verifies with k and whose
 * audience is this origin (RFC 8292); a push that fails these is answered 400 or 401/403 as they do.
 *
 * The browser's side is `browserKeys()` (a P-256 key pair and an auth secret, what pushManager.subscribe
 * makes) and `decryptPush()` (RFC 8291 with RFC 8188's aes128gcm, with node:crypto only), so a test
 * reads the text a phone would show.
 */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
  /** the answer the fake gave */
  status: number;
  /** what was wrong with the push; empty when it was right */
  problems: string[];
}

export interface PushFake {
  origin: string;
  /** every push received, in order */
  received: ReceivedPush[];
  /** a new endpoint on this fake (a browser's subscription) */
  endpoint(name?: string): string;
  /** the statuses to answer the next pushes to this endpoint with, in order (then 201 again) */
  answer(endpoint: string, ...statuses: number[]): void;
  /** resolves once `n` pushes have been received in all (or rejects after `timeoutMs`) */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** What a push service checks of a VAPID header (RFC 8292): the JWT's ES256 signature by k, its audience and expiry. */
function vapidProblems(authorization: string | undefined, origin: string): string[] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) return ['no vapid Authorization'];
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) return ['a malformed JWT'];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: 'jwk' });
  const verify = createVerify('SHA256');
  verify.update(`${h}.${p}`);
  const problems: string[] = [];
  if (!verify.verify({ key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) problems.push('a bad VAPID signature');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) problems.push(`the audience ${claims.aud} is not ${origin}`);
  if (!claims.exp || claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000 + 60_000) problems.push('an expiry not within 24 hours');
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) problems.push('no mailto: or https: subject');
  return problems;
}

export async function startPushFake(): Promise<PushFake> {
  const received: ReceivedPush[] = [];
  const queued = new Map<string, number[]>();
  const waiters: Array<{ n: number; resolve: (r: ReceivedPush[]) => void }> = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
      const problems: string[] = [];
      if (req.method !== 'POST') problems.push(`${req.method} instead of POST`);
      if (!/^\d+$/.test(headers.ttl ?? '')) problems.push('no TTL');
      if (headers['content-encoding'] !== 'aes128gcm') problems.push(`Content-Encoding ${headers['content-encoding']}`);
      const vapid = vapidProblems(headers.authorization, origin);
      const next = queued.get(path)?.shift();
      const status = problems.length > 0 ? 400 : vapid.length > 0 ? 403 : (next ?? 201);
      received.push({ path, headers, body: Buffer.concat(chunks), status, problems: [...problems, ...vapid] });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 201 ? '' : `answer ${status}`);
      for (const w of [...waiters]) {
        if (received.length >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(received.slice());
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    endpoint: (name = randomBytes(12).toString('base64url')) => `${origin}/push/${name}`,
    answer(endpoint, ...statuses) {
      const path = new URL(endpoint).pathname;
      queued.set(path, [...(queued.get(path) ?? []), ...statuses]);
    },
    waitFor(n, timeoutMs = 15_000) {
      if (received.length >= n) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const w = { n, resolve };
        waiters.push(w);
        setTimeout(() => {
          const i = waiters.indexOf(w);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`the push fake received ${received.length} pushes, not ${n}, within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (the keys pushManager.subscribe gives). */
export interface BrowserKeys {
  p256dh: string;
  auth: string;
  privateKey: Buffer;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(randomBytes(16)), privateKey: ecdh.getPrivateKey() };
}

/**
 * Decrypts a push as the browser does: RFC 8188's aes128gcm header (salt, record size, the sender's
 * key), the key derivation of RFC 8291 (ECDH with the browser's private key, HKDF with the auth
 * secret), one record, its padding delimiter. Throws when anything does not check out.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`the key id is ${idlen} bytes, not a P-256 key's 65`);
  if (record.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), Buffer.from(keys.p256dh, 'base64url'), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, Buffer.from(keys.auth, 'base64url'), info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // the last record's delimiter is 2, then zero padding
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}
