/**
 * Web push: the schemas of the area's calls (push.calls.ts declares them), the kinds a customer turns
 * on and off, the payload the provider encrypts and the service worker shows (push.spec.ts describes the calls).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int } from './answer-fields';

export { PUSH_KINDS, type PushKind, type PushPayload } from './push-kinds';

/** The longest endpoint a push service gives (theirs are 150 to 400 characters). */
export const PUSH_ENDPOINT_MAX = 2048;

const loopbackHost = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * A push service's URL: https (plain http only to this machine, which only a test server allows:
 * PUSH_ALLOW_LOOPBACK), no user name or password, no fragment. Whether the host is public is the
 * provider's check (push/push.endpoint.ts), made again before every send.
 */
export const pushEndpoint = z
  .string({ error: 'must be the push service address from the browser' })
  .max(PUSH_ENDPOINT_MAX, `must be at most ${PUSH_ENDPOINT_MAX} characters`)
  .refine((v) => {
    if (!URL.canParse(v)) return false;
    const u = new URL(v);
    return (u.protocol === 'https:' || (u.protocol === 'http:' && loopbackHost(u.hostname))) && !u.username && !u.password && !u.hash;
  }, 'must be an https:// address of a push service');

export const pushSubscribeBody = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    // a P-256 public key, uncompressed (65 bytes, the first 0x04), base64url
    p256dh: z.string({ error: 'is required' }).regex(/^B[A-Za-z0-9_-]{86}=?$/, "must be the browser's P-256 key (87 characters of base64url)"),
    // 16 random bytes, base64url
    auth: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, "must be the browser's auth secret (22 characters of base64url)"),
  }),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeBody>;
export const pushUnsubscribeBody = z.object({ endpoint: pushEndpoint });
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeBody>;

const kindSwitch = z.boolean({ error: 'must be true or false' });
export const pushPreferencesBody = z
  .object({ order_status: kindSwitch, points: kindSwitch, rewards: kindSwitch, expiring: kindSwitch, campaigns: kindSwitch })
  .partial()
  .strict()
  .refine((o) => Object.keys(o).length > 0, 'give at least one kind to turn on or off');
export type PushPreferencesInput = z.infer<typeof pushPreferencesBody>;

export const pushPreferencesAnswer = z.object({
  order_status: z.boolean(),
  points: z.boolean(),
  rewards: z.boolean(),
  expiring: z.boolean(),
  campaigns: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesAnswer>;
export const pushStatusAnswer = z.object({
  public_key: z.string().nullable().meta({ description: "the shop's VAPID public key (base64url) for pushManager.subscribe; null: push is not set up" }),
  subscriptions: int().meta({ description: "how many browsers of the customer's receive pushes" }),
  preferences: pushPreferencesAnswer,
});
export type PushStatusData = z.infer<typeof pushStatusAnswer>;
