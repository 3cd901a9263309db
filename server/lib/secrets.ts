import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbeddedSecrets {
  provider_secret: string;
  merchant_api_key: string;
  webhook_secret: string;
  /** web push's VAPID key pair (base64url: the uncompressed P-256 point, the 32-byte private scalar) */
  vapid_public_key: string;
  vapid_private_key: string;
}

/** A new VAPID key pair on P-256, in the base64url form web-push and pushManager.subscribe take. */
export function makeVapidKeys(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

const RANDOM: Record<'provider_secret' | 'merchant_api_key' | 'webhook_secret', number> = { provider_secret: 32, merchant_api_key: 24, webhook_secret: 32 };
const NAMES: (keyof EmbeddedSecrets)[] = [...(Object.keys(RANDOM) as (keyof typeof RANDOM)[]), 'vapid_public_key', 'vapid_private_key'];

/**
 * The embedded provider's secrets: generated once on first start and kept in DATA_DIR/secrets.json
 * (mode 0600), so restarts keep sessions signed, merchant keys stable and push subscriptions valid.
 * A file from an earlier release gains the secrets it lacks (the VAPID keys) and keeps every other
 * value. `created` tells the caller to print the merchant key once (a new file, not an added key).
 */
export function loadOrCreateSecrets(dataDir: string): { secrets: EmbeddedSecrets; created: boolean } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  let kept: Partial<EmbeddedSecrets> & Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) kept = parsed as typeof kept;
  } catch {
    // missing or unreadable: make new ones below
  }
  const had = (k: keyof EmbeddedSecrets) => typeof kept[k] === 'string' && kept[k] !== '';
  if (NAMES.every(had)) return { secrets: kept as EmbeddedSecrets, created: false };
  const made: Partial<EmbeddedSecrets> = {};
  // the pair goes together: a file with half of it gets a new pair
  if (!had('vapid_public_key') || !had('vapid_private_key')) {
    const pair = makeVapidKeys();
    made.vapid_public_key = pair.publicKey;
    made.vapid_private_key = pair.privateKey;
  }
  for (const [k, bytes] of Object.entries(RANDOM) as [keyof typeof RANDOM, number][]) if (!had(k)) made[k] = randomBytes(bytes).toString('base64url');
  const secrets = { ...kept, ...made } as EmbeddedSecrets;
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return { secrets, created: !had('merchant_api_key') };
}
