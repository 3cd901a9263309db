import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The API v2 call signature: lowercase hex SHA-256 of base + path (no query) + platform + timestamp + secret.
 * One function for both sides: the gateway signs with it, the embedded provider checks with it.
 */
export function signCall(base: string, path: string, platform: string, timestamp: number | string, secret: string): string {
  return createHash('sha256').update(`${base}${path}${platform}${timestamp}${secret}`).digest('hex');
}

/** Constant-time comparison of two hex digests; unequal lengths are refused before comparing. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  if (x.length !== y.length) return false;
  return timingSafeEqual(x, y);
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
