import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Settings the owner pastes into the console (Stripe, Twilio and SMTP credentials) are kept in the
 * database sealed with AES-256-GCM. The key is derived (HKDF-SHA256) from the provider's signing secret,
 * which is already generated once in DATA_DIR/secrets.json or shared by every instance through
 * PROVIDER_SECRET: no new secret to keep, and a copy of the database alone opens nothing.
 */
const VERSION = 'v1';
const TAG_BYTES = 16;

export type SealKey = Buffer & { readonly __sealKey: true };

/** The 32-byte key for one purpose, derived from a server secret. */
export function sealKeyOf(secret: string, purpose: string): SealKey {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `wato:${purpose}`, 32)) as SealKey;
}

/**
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). `context` (what the value is, such as `stripe`) is bound as
 * additional data: a value moved to another row does not open.
 */
export function seal(key: SealKey, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plaintext, or null when the value does not open with this key (another server secret, tampering). */
export function open(key: SealKey, sealed: string, context: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    // the whole 16-byte tag or nothing: GCM would otherwise check a shortened tag's first bytes only
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
