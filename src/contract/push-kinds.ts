/**
 * Web push's kinds and payload, zod-free (the app's pages and the service worker import this; the
 * schemas are push.ts's). Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/** What a customer can have pushed, each on or off (all on until they choose). */
export const PUSH_KINDS = ['order_status', 'points', 'rewards', 'expiring', 'campaigns'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Each kind in the customer's words (the profile's switches). */
export const PUSH_KIND_LABELS: Record<PushKind, { label: string; hint: string }> = {
  order_status: { label: 'Order updates', hint: 'When your order is being prepared and when it is ready' },
  points: { label: 'Points', hint: 'When points are added to your balance' },
  rewards: { label: 'Rewards', hint: 'When a reward is within reach' },
  expiring: { label: 'Expiring points', hint: 'A week before points expire' },
  campaigns: { label: 'Offers', hint: 'Offers and news from the shop' },
};

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
