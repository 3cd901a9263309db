import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Staff passwords, hashed with scrypt (node:crypto, memory-hard): N = 2^15, r = 8, p = 1 (32 MiB and
 * about 50-100 ms per hash), a 16-byte random salt, a 32-byte key. The parameters are stored with the
 * hash, so they can be raised later without locking anyone out: `scrypt$15$8$1$<salt>$<key>` (base64).
 */
const LOG2_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** 128 · N · r · p bytes are needed; Node refuses above 32 MiB by default */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, o: { logN: number; r: number; p: number; keyBytes: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** o.logN, r: o.r, p: o.p, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) =>
    // NFC: the same password typed on two keyboards (composed or decomposed accents) is the same password
    scrypt(password.normalize('NFC'), salt, o.keyBytes, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { logN: LOG2_N, r: R, p: P, keyBytes: KEY_BYTES });
  return ['scrypt', LOG2_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

const STORED = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d)\$([A-Za-z0-9+/=]{8,64})\$([A-Za-z0-9+/=]{16,128})$/;

/** Whether `password` is the one `stored` was made from; compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = STORED.exec(stored);
  if (!m) return false;
  const [logN, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // bounds: a stored hash with absurd parameters must not make one sign-in take minutes
  if (logN < 10 || logN > 20 || r < 1 || r > 16 || p < 1 || p > 4) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const key = await derive(password, Buffer.from(m[4]!, 'base64'), { logN, r, p, keyBytes: expected.length });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, made once: a sign-in for an e-mail address with no account is checked
 * against it, so it takes the same time as a wrong password for one that has an account.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}
