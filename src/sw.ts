/// <reference lib="webworker" />
/**
 * The customer app's service worker, built by vite-plugin-pwa (`injectManifest`) to /sw.js and
 * registered from src/main.tsx for scope `/`. What it does (docs/app.md, "Offline and updates"):
 *
 * - Precaches the build: the hashed code and styles, and the built index.html as the offline shell.
 * - A page load goes to the network as always (the gateway's index.html carries the page's preload links
 *   and the boot data); only when the network fails does the worker answer with the precached shell,
 *   which has neither and so reads the settings through the worker like any other call.
 * - An allowlist of GET reads (src/pwa/offline-allowlist.ts) is answered from the network when it
 *   answers and kept; when it does not, the kept copy is answered, marked with `x-offline-copy`. Nothing
 *   else is touched: no POST, nothing that moves money or points, no console page, no other API call.
 * - The customer's copies live in a cache of their own, which the page deletes at sign-in, sign-out and
 *   an expired session, and the worker deletes when the provider says the session is gone (401).
 * - A new version waits: it takes over only when the page asks it to (src/app/connection.tsx, on a
 *   navigation outside the checkout), and the page then loads again at once.
 * - The shop's pictures (product photos, the logo) are kept as they are shown, for the menu offline.
 * - The app's words in the language spoken are kept once a page loaded them (never precached: one language is read).
 * - Web push: shows the provider's notices and opens their links (src/pwa/sw-push.ts).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { settingsApi } from '#contract/settings.calls';
import { offlineCacheFor, readPath } from './pwa/offline-allowlist';
import { CUSTOMER_CACHE, IMAGE_CACHE, isLanguageChunk, isShopImage, LANGUAGE_CACHE, OFFLINE_COPY_HEADER, SHOP_CACHE } from './pwa/offline-reads';
import { handleNotificationClick, handlePush } from './pwa/sw-push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const SHELL = '/index.html';

// `directoryIndex: ''`: `/` is a page of its own (the alternative login) the gateway answers with its
// boot data, never the precached index.html while online
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// Pages: the network's page; the precached shell only when there is no network. The console
// (/merchant) and the gateway's own paths are never answered by the worker.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache(SHELL)) ?? Response.error();
      }
    },
    { denylist: [/^\/(merchant|api|__dev|healthz|assets)(\/|$)/] },
  ),
);

/** A kept copy answered instead of the network says so, for the page's offline banner. */
const markOfflineCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, '1');
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

/** Only a 200 is kept; a 401 means the session is gone: every customer copy goes with it. */
const customerGuard: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401 || response.status === 403) await caches.delete(CUSTOMER_CACHE);
    return response;
  },
};

// a copy is answered at most this long after it was kept: a menu a month old, a card a week old, is no
// longer what the shop has
const DAY = 24 * 60 * 60;
const shopReads = new NetworkFirst({ cacheName: SHOP_CACHE, plugins: [new ExpirationPlugin({ maxAgeSeconds: 30 * DAY }), markOfflineCopy] });
const customerReads = new NetworkFirst({
  cacheName: CUSTOMER_CACHE,
  plugins: [customerGuard, new ExpirationPlugin({ maxAgeSeconds: 7 * DAY }), markOfflineCopy],
});

registerRoute(
  ({ request, url }) => offlineCacheFor(request.method, url, self.location.origin) !== null,
  (options) => (offlineCacheFor(options.request.method, options.url, self.location.origin) === CUSTOMER_CACHE ? customerReads : shopReads).handle(options),
);

/** Only a whole answer (200) is kept: never an error, a redirect or a partial one. */
const keepOnlyOk: WorkboxPlugin = { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) };

// The shop's pictures (offline-reads.ts: the uploaded images, never changed, and the demo's): answered
// from the copy at once and fetched again behind it, so the menu offline has its photos; the newest 200,
// a month at most, and dropped first when the browser is short of room. Only a 200 is kept.
registerRoute(
  ({ request, url }) => isShopImage(request.method, url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: IMAGE_CACHE,
    plugins: [keepOnlyOk, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
  }),
);

// The language the page speaks (offline-reads.ts isLanguageChunk): not precached, kept once a page fetched it; its name
// changes with its content, so the copy is answered without asking the network. Two languages at most, a year.
registerRoute(
  ({ request, url }) => isLanguageChunk(request.method, url, self.location.origin),
  new CacheFirst({
    cacheName: LANGUAGE_CACHE,
    plugins: [keepOnlyOk, new ExpirationPlugin({ maxEntries: 2, maxAgeSeconds: 365 * DAY })],
  }),
);

// The offline shell reads the shop's settings itself (it has no boot data): keep them from the start.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      const cache = await caches.open(SHOP_CACHE);
      await Promise.all(
        [readPath(settingsApi.mainSetting), '/app-config.json'].map(async (path) => {
          try {
            const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
            if (res.status === 200) await cache.put(path, res);
          } catch {
            // offline while activating: kept when the page next reads them
          }
        }),
      );
    })(),
  );
});

// The page asks a waiting version to take over only when it is about to load again (a navigation
// outside the checkout): never on its own, so no page runs with another version's files under it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Web push (src/pwa/sw-push.ts): the provider's notice, shown with the shop's icon (the logo on its
// brand colour, app/icon: an unversioned URL is answered with the current icon); a tap opens its link.
// spelled: app/icon is no declared call but a file, whose row (app-install.spec.ts) would bring zod in
const PUSH_ICON = '/api/app/icon?size=192';
self.addEventListener('push', (event) => handlePush(event, { icon: PUSH_ICON }));
self.addEventListener('notificationclick', (event) => handleNotificationClick(event));
