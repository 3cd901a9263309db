import { randomBytes } from 'node:crypto';
import { open, seal, sealKeyOf, type SealKey } from '../../lib/secret-box';

/**
 * Endpoints' signing secrets. Standard Webhooks signs with a symmetric key (HMAC-SHA256), so the provider
 * must read it at each send: it is kept sealed (AES-256-GCM, server/lib/secret-box.ts, as the services
 * connected in the console are) with a key derived from the provider's signing secret. A copy of the
 * database alone opens nothing; the console shows only its first and last characters.
 */

const CONTEXT = 'webhook-secret';
const keys = new Map<string, SealKey>();
function keyOf(serverSecret: string): SealKey {
  let key = keys.get(serverSecret);
  if (!key) keys.set(serverSecret, (key = sealKeyOf(serverSecret, 'webhook-secrets')));
  return key;
}

/** `whsec_` and the base64 of 32 random bytes (the specification asks 24 to 64). */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** `whsec_Ab…xY12`: which secret, without it. */
export const hintOf = (secret: string) => `${secret.slice(0, 8)}…${secret.slice(-4)}`;

export const sealSecret = (serverSecret: string, secret: string) => seal(keyOf(serverSecret), secret, CONTEXT);

/** The secret, or null when it does not open with this server's secret. */
export const openSecret = (serverSecret: string, sealed: string) => open(keyOf(serverSecret), sealed, CONTEXT);
