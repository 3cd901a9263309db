import { t } from '@lingui/core/macro';
/**
 * This browser's side of web push: whether it can receive pushes, what it answered when asked, and
 * its PushSubscription (navigator.serviceWorker.ready → pushManager). Loaded only with the pages that
 * offer push (the order page, the profile), never on /login.
 */
import type { PushSubscribeInput } from '#contract/push';

/**
 * - `unsupported`: no service worker, PushManager or Notification here (an old browser, a private window);
 * - `needs-install`: iPhone and iPad Safari receive pushes only in the app added to the Home Screen;
 * - `default` / `granted` / `denied`: the browser's permission, as Notification.permission says.
 */
export type PushSupport = 'unsupported' | 'needs-install' | NotificationPermission;

function isIos(): boolean {
  const ua = navigator.userAgent;
  // iPadOS says it is a Mac; a Mac with touch is an iPad
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function isInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  if (!('PushManager' in window) || !('Notification' in window)) return isIos() && !isInstalled() ? 'needs-install' : 'unsupported';
  return Notification.permission;
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The worker's registration, once it is active (with a bound: a page without a worker never resolves `ready`). */
async function registration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(t`The app is still getting ready on this phone. Try again in a moment.`)), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the browser (its own prompt: only ever after the customer chose Allow on ours) and subscribes
 * with the shop's key. Answers what push/subscribe takes, or the permission the customer gave instead.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<{ subscription: PushSubscribeInput } | { refused: NotificationPermission }> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { refused: permission };
  const reg = await registration();
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  // a subscription made with another key (the shop's keys changed) cannot be used: a new one
  if (sub && sub.options.applicationServerKey && !sameBytes(new Uint8Array(sub.options.applicationServerKey), key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  return { subscription: { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } } };
}

/** Ends this browser's subscription; answers its endpoint (for push/unsubscribe), or null when it had none. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const sub = await currentSubscription();
  if (!sub) return null;
  await sub.unsubscribe();
  return sub.endpoint;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

const DISMISSED = 'push-card-dismissed';

/** "Not now" on the order page's card: not shown again on this browser (the profile still offers it). */
export const pushCardDismissed = () => {
  try {
    return localStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
};
export const dismissPushCard = () => {
  try {
    localStorage.setItem(DISMISSED, '1');
  } catch {
    // private mode: the card may come back on another visit
  }
};

/**
 * The words for a failure to turn push on or off: the app's own errors say what happened already; a
 * browser's (a DOMException from the push service: "Registration failed - push service error") is
 * replaced by a plain line; a call's refusal is the provider's message (messageOf, passed in).
 */
export function pushFailureText(err: unknown, messageOf: (err: unknown) => string): string | null {
  if (!err) return null;
  if (typeof DOMException !== 'undefined' && err instanceof DOMException) {
    // what the customer reads when the browser itself refused to subscribe (its own words are for developers)
    return t`This browser couldn't turn on notifications. Try again in a moment, or check its notification settings.`;
  }
  return err instanceof Error && !('status' in err) ? err.message : messageOf(err);
}
