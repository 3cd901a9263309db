/**
 * Settings pasted in the console are sealed with AES-256-GCM under a key derived from the server's
 * secret (server/lib/secret-box.ts): they open with that key and context only, and any change is caught.
 */
import { describe, expect, it } from 'vitest';
import { open, seal, sealKeyOf } from '../../server/lib/secret-box';

const key = sealKeyOf('a-server-secret-of-at-least-32-bytes-long', 'channel-connections');
const SECRET = '{"secret_key":"sk_live_abc4242"}';

describe('the secret box', () => {
  it('opens what it sealed, and each seal differs (a fresh IV)', () => {
    const a = seal(key, SECRET, 'stripe');
    const b = seal(key, SECRET, 'stripe');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk_live');
    expect(open(key, a, 'stripe')).toBe(SECRET);
  });

  it('opens nothing with another server secret, another purpose or another context', () => {
    const sealed = seal(key, SECRET, 'stripe');
    expect(open(sealKeyOf('another-server-secret-of-at-least-32-bytes', 'channel-connections'), sealed, 'stripe')).toBeNull();
    expect(open(sealKeyOf('a-server-secret-of-at-least-32-bytes-long', 'backups'), sealed, 'stripe')).toBeNull();
    expect(open(key, sealed, 'twilio')).toBeNull();
  });

  it('catches a changed byte anywhere, and refuses what is not a sealed value', () => {
    const sealed = seal(key, SECRET, 'stripe');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flip = (s: string) => Buffer.from(Buffer.from(s, 'base64url').map((x, i) => (i === 0 ? x ^ 1 : x))).toString('base64url');
    for (const changed of [
      [v, flip(iv), tag, body],
      [v, iv, flip(tag), body],
      [v, iv, tag, flip(body)],
      ['v2', iv, tag, body],
    ])
      expect(open(key, changed.join('.'), 'stripe')).toBeNull();
    for (const junk of ['', 'v1', 'v1..', 'plain text']) expect(open(key, junk, 'stripe')).toBeNull();
  });

  it('refuses a shortened tag: GCM would check only its first bytes, and 4 of them can be guessed', () => {
    const sealed = seal(key, SECRET, 'stripe');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    for (const bytes of [4, 8, 12, 15]) {
      const short = Buffer.from(tag, 'base64url').subarray(0, bytes).toString('base64url');
      expect(open(key, [v, iv, short, body].join('.'), 'stripe'), `${bytes} bytes`).toBeNull();
    }
  });
});
