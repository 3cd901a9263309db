import { createHmac, createSecretKey, hash, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * The API v2 call signature: lowercase hex SHA-256 of base + path (no query) + platform + timestamp + secret.
 * One function for both sides: the gateway signs with it, the embedded provider checks with it.
 */
export function signCall(base: string, path: string, platform: string, timestamp: number | string, secret: string): string {
  // (crypto.hash: Node's one-shot digest, without the Hash object createHash makes: a third of its cost)
  return hash('sha256', `${base}${path}${platform}${timestamp}${secret}`, 'hex');
}

/** Constant-time comparison of two hex digests; unequal lengths are refused before comparing. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  if (x.length !== y.length) return false;
  return timingSafeEqual(x, y);
}

export function sha256Hex(value: string | Buffer): string {
  return hash('sha256', value, 'hex');
}

/**
 * An HMAC-SHA256 of `message` under a key derived from `secret` for one `purpose` only (an unsubscribe
 * link, a wallet pass's token): what one purpose's value reveals says nothing of another's.
 */
export function purposeMac(secret: string, purpose: string, message: string): Buffer {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return createHmac('sha256', key).update(message).digest();
}

/**
 * The call signature between this gateway and this embedded provider, on top of the contract's header
 * (which binds only the base, the path and a timestamp, for 300 s, and which outside providers keep
 * checking as the contract says). An HMAC-SHA256 over everything the call means: its method, its path
 * with the query, the platform, the timestamp, a nonce, the client address the gateway forwards, the
 * credentials it carries, the browser's device id (its device cookie) and a SHA-256 of the body, valid for 30 s, each nonce once (the provider keeps
 * them in PostgreSQL, shared by its instances). Keyed by the signing secret, which must be at least
 * 32 bytes for it.
 */
export const CALL_SIGNATURE_HEADER = 'x-call-signature';
export const CALL_NONCE_HEADER = 'x-call-nonce';
export const CALL_WINDOW_SECONDS = 30;
export const MIN_CALL_SECRET_BYTES = 32;
/** 16 random bytes, base64url */
export const CALL_NONCE = /^[A-Za-z0-9_-]{22}$/;

const EMPTY_BODY_SHA256 = sha256Hex('');

export interface GatewayCall {
  method: string;
  /** the path after the provider's base, with its query, exactly as sent: `order/detail?name=KS-1` */
  target: string;
  platform: string;
  timestamp: number | string;
  nonce: string;
  /** the x-forwarded-for the gateway sends ('' for its own calls) */
  forwardedFor: string;
  authorization: string;
  merchantKey: string;
  /** hex SHA-256 of the body's bytes; bodySha256() of nothing for a call without one */
  bodySha256: string;
  /** the x-device-id the gateway sends: the browser's device cookie ('' or absent for a call without one) */
  device?: string;
}

/** Whether a secret is long enough to key the call HMAC. */
export const keysCallHmac = (secret: string): boolean => Buffer.byteLength(secret, 'utf8') >= MIN_CALL_SECRET_BYTES;

/**
 * The HMAC's own key, derived from the secret, so it never meets the contract's digest of it. A
 * KeyObject, made once: given a Buffer, every createHmac first probes whether it is a KeyObject or a
 * CryptoKey, which cost more than the HMAC itself in the gateway's profile.
 */
export function callKey(secret: string): KeyObject {
  return createSecretKey(createHmac('sha256', secret).update('gateway-call-v1').digest());
}

/**
 * 16 random bytes, base64url (22 characters): a nonce, a device id. Taken from a block of the
 * CSPRNG's bytes drawn 4 KiB at a time, each byte handed out once (as Node's randomUUID does): one
 * call into the CSPRNG per 256 ids instead of one per id.
 */
const RANDOM_BLOCK = 4096;
let randomPool = Buffer.alloc(0);
let randomAt = RANDOM_BLOCK;
export function random16(): string {
  if (randomAt + 16 > randomPool.length) {
    randomPool = randomBytes(RANDOM_BLOCK);
    randomAt = 0;
  }
  const id = randomPool.toString('base64url', randomAt, randomAt + 16);
  randomAt += 16;
  return id;
}

export function bodySha256(body?: Buffer): string {
  return body && body.length > 0 ? sha256Hex(body) : EMPTY_BODY_SHA256;
}

/** Lowercase hex HMAC-SHA256 of the call, one field a line (no field can hold a line break). */
export function signGatewayCall(key: KeyObject | Buffer, c: GatewayCall): string {
  const fields = [
    'v1',
    c.method.toUpperCase(),
    c.target,
    c.platform,
    String(c.timestamp),
    c.nonce,
    c.forwardedFor,
    c.authorization,
    c.merchantKey,
    c.bodySha256,
    c.device ?? '',
  ];
  return createHmac('sha256', key).update(fields.join('\n')).digest('hex');
}

/** The two headers that sign a call: a new nonce, and the HMAC over the call with it. */
export function callHeaders(key: KeyObject | Buffer, c: Omit<GatewayCall, 'nonce'>): Record<string, string> {
  const nonce = random16();
  return { [CALL_NONCE_HEADER]: nonce, [CALL_SIGNATURE_HEADER]: signGatewayCall(key, { ...c, nonce }) };
}
