import { createHmac } from 'node:crypto';
import type { Request } from 'express';

/**
 * The browser's device id, as the gateway forwards it: its long-lived device cookie, in a header the
 * gateway sets itself (dropping any copy the browser sent) and covers with its call signature
 * (server/lib/signature.ts), so no client can choose it. 16 random bytes, base64url.
 */
export const DEVICE_HEADER = 'x-device-id';
export const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The device of a call, hashed with the provider's secret (what is stored), or null when it has none. */
export function deviceHashOf(secret: string, req: Request): string | null {
  const id = req.get(DEVICE_HEADER) ?? '';
  if (!DEVICE_ID.test(id)) return null;
  return createHmac('sha256', secret).update(`device\n${id}`).digest('hex');
}
