import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbeddedSecrets {
  provider_secret: string;
  merchant_api_key: string;
  webhook_secret: string;
}

/**
 * The embedded provider's secrets: generated once on first start and kept in DATA_DIR/secrets.json
 * (mode 0600), so restarts keep sessions signed and merchant keys stable. `created` tells the caller
 * to print the merchant key once.
 */
export function loadOrCreateSecrets(dataDir: string): { secrets: EmbeddedSecrets; created: boolean } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  try {
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as EmbeddedSecrets;
    if (secrets.provider_secret && secrets.merchant_api_key && secrets.webhook_secret) return { secrets, created: false };
  } catch {
    // missing or unreadable: make new ones below
  }
  const secrets: EmbeddedSecrets = {
    provider_secret: randomBytes(32).toString('base64url'),
    merchant_api_key: randomBytes(24).toString('base64url'),
    webhook_secret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return { secrets, created: true };
}
