/**
 * Web push's kinds and payload, zod-free (the app's pages and the service worker import this; the
 * schemas are push.ts's). Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/** What a customer can have pushed, each on or off (all on until they choose). */
export const PUSH_KINDS = ['order_status', 'points', 'rewards', 'expiring', 'campaigns'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** What a push carries, encrypted for the browser (RFC 8291), and what the service worker shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** an app path to open on a tap, or null (the inbox) */
  link: string | null;
  /** a newer push with the same tag replaces the older on the phone */
  tag: string;
  notification_id: number;
}
