/**
 * Web push in the service worker (src/sw.ts imports these): `push` shows the notification the
 * provider encrypted (the payload of src/contract/push.ts), `notificationclick` focuses the app's
 * window on the notification's link, or opens one. The inbox stays the record: a push the worker
 * cannot read still shows a notice that opens the inbox.
 *
 * Typed structurally (the events' few members used here), so the app's DOM types compile it too.
 */
import type { PushPayload } from '#contract/push-kinds';

/** Where a tap goes when the push names no link (or one that is not the app's own path): the inbox. */
export const INBOX_PATH = '/profile/notification';

export interface PushNotificationOptions {
  body: string;
  tag: string;
  icon?: string;
  badge?: string;
  /** a newer push with the same tag still rings (an order moving from preparing to ready) */
  renotify: boolean;
  data: { link: string; notification_id: number | null };
}

/** The origin a link is read against when the worker's own is not at hand (a push's payload): any will do. */
const SOME_ORIGIN = 'https://app.invalid';

/**
 * An app path: the link resolved against `origin` as the browser will resolve it (which drops tabs and
 * line breaks and reads `\` as `/`, so `"/\t/evil.example"` is `//evil.example`, another site), kept
 * only when it stays on `origin`, as its path, query and fragment. Never another site's address,
 * whatever a payload says.
 */
function appPath(link: unknown, origin: string = SOME_ORIGIN): string | null {
  if (typeof link !== 'string' || !link.startsWith('/') || link.length > 500 || !URL.canParse(link, origin)) return null;
  const url = new URL(link, origin);
  return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * The notification to show for a push's payload (its JSON text, or nothing): the title and the
 * options for showNotification. Anything missing or malformed falls back to a plain notice that
 * opens the inbox.
 */
export function notificationFor(data: string | null, o: { icon?: string; badge?: string } = {}): { title: string; options: PushNotificationOptions } {
  let p: Partial<Record<keyof PushPayload, unknown>> = {};
  try {
    const parsed: unknown = data ? JSON.parse(data) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) p = parsed as typeof p;
  } catch {
    // not JSON: the plain notice below
  }
  const id = typeof p.notification_id === 'number' && Number.isSafeInteger(p.notification_id) ? p.notification_id : null;
  const tag = text(p.tag, 100) || (id !== null ? `notification:${id}` : 'notification');
  return {
    title: text(p.title, 200) || 'You have a new notification',
    options: {
      body: text(p.body, 1000),
      tag,
      ...(o.icon ? { icon: o.icon } : {}),
      ...(o.badge ? { badge: o.badge } : {}),
      renotify: true,
      data: { link: appPath(p.link) ?? INBOX_PATH, notification_id: id },
    },
  };
}

interface PushEventLike {
  data: { text(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}

interface NotificationClickLike {
  notification: { data?: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}

interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

interface WorkerScopeLike {
  location: { origin: string };
  registration: { showNotification(title: string, options: PushNotificationOptions): Promise<void> };
  clients: { matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>; openWindow(url: string): Promise<unknown> };
}

const scope = () => globalThis as unknown as WorkerScopeLike;

/** The `push` event: shows the notification (a push must show one: userVisibleOnly). */
export function handlePush(event: PushEventLike, o: { icon?: string; badge?: string } = {}, self: WorkerScopeLike = scope()): void {
  let data: string | null;
  try {
    data = event.data?.text() ?? null;
  } catch {
    data = null;
  }
  const { title, options } = notificationFor(data, o);
  event.waitUntil(self.registration.showNotification(title, options));
}

/** The `notificationclick` event: the app's open window goes to the link and comes forward, else a new one opens there. */
export function handleNotificationClick(event: NotificationClickLike, self: WorkerScopeLike = scope()): void {
  event.notification.close();
  const data = event.notification.data as { link?: unknown } | undefined;
  const url = new URL(appPath(data?.link, self.location.origin) ?? INBOX_PATH, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const mine = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (mine) {
        if (mine.url !== url && mine.navigate) await mine.navigate(url).catch(() => undefined);
        await mine.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
}
