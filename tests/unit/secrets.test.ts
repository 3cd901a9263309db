import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadOrCreateSecrets, makeVapidKeys } from '../../server/lib/secrets';

/** The embedded provider's secrets file: made once, kept, and an older file given the VAPID keys it lacks. */

const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'secrets-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are a P-256 pair web-push signs with', () => {
    const { publicKey, privateKey } = makeVapidKeys();
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the public key is the private key's
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(publicKey);
    const headers = webpush.getVapidHeaders('https://fcm.googleapis.com', 'mailto:owner@shop.example', publicKey, privateKey, 'aes128gcm');
    expect(headers.Authorization).toMatch(new RegExp(`^vapid t=.+, k=${publicKey}$`));
  });
});

describe('loadOrCreateSecrets', () => {
  it('makes every secret once (mode 0600), then reads the same ones back', () => {
    const d = dir();
    const first = loadOrCreateSecrets(d);
    expect(first.created).toBe(true);
    expect(Object.keys(first.secrets).sort()).toEqual(['merchant_api_key', 'provider_secret', 'vapid_private_key', 'vapid_public_key', 'webhook_secret']);
    expect(statSync(join(d, 'secrets.json')).mode & 0o777).toBe(0o600);
    const second = loadOrCreateSecrets(d);
    expect(second).toEqual({ secrets: first.secrets, created: false });
  });

  it('gives a file from an earlier release the VAPID keys, keeping every value it had', () => {
    const d = dir();
    const old = { provider_secret: 'p'.repeat(43), merchant_api_key: 'm'.repeat(32), webhook_secret: 'w'.repeat(43), note: 'kept' };
    writeFileSync(join(d, 'secrets.json'), JSON.stringify(old));
    const { secrets, created } = loadOrCreateSecrets(d);
    // not a new shop: the merchant key is the one it had, and is not announced again
    expect(created).toBe(false);
    expect(secrets).toMatchObject(old);
    expect(secrets.vapid_public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(JSON.parse(readFileSync(join(d, 'secrets.json'), 'utf8'))).toEqual(secrets);
    expect(loadOrCreateSecrets(d).secrets).toEqual(secrets);
  });
});
