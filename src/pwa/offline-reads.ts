/**
 * What the service worker (src/sw.ts) may keep for offline use, and under which name: an allowlist of
 * GET reads, nothing else. Shared by the worker and the page (which deletes the customer's copy at sign-in,
 * sign-out and an expired session: src/api/forget.ts). Free of React and of the worker's globals, so a
 * unit test reads it as it is.
 */

/** The merchant's reads, the same for every customer: the shop's settings, the menu, where it is. */
export const SHOP_CACHE = 'offline-shop-v1';
/** The signed-in customer's reads: deleted at every sign-in, sign-out and expired session. */
export const CUSTOMER_CACHE = 'offline-customer-v1';

/** The header the worker puts on a copy it answered because the network did not. */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

const SHOP_READS: ReadonlySet<string> = new Set([
  '/app-config.json',
  '/api/settings/main-setting', // the theme and the shop's settings the shell draws with
  '/api/shop/catalog', // the menu
  '/api/shop/locations', // where to pick up (the menu says which place it orders from)
  '/api/reward/list', // the rewards catalogue
]);

/** The customer's reads, each with the only query it may carry (null: none). */
const CUSTOMER_READS: ReadonlyMap<string, Readonly<Record<string, string>> | null> = new Map([
  ['/api/member/card', null], // the member card
  ['/api/customer/profile', null], // the name, points and balance Home draws, and its way to the member card
  ['/api/reward/storage', { status: 'active' }], // the active vouchers (not the used or expired tabs)
]);

/**
 * The cache a request's answer may be kept in, or null: never kept. Only a same-origin GET on the
 * allowlist, with exactly the query the app sends; anything that moves money or points is a POST and
 * never matches.
 */
export function offlineCacheFor(method: string, url: URL, origin: string): typeof SHOP_CACHE | typeof CUSTOMER_CACHE | null {
  if (method !== 'GET' || url.origin !== origin) return null;
  if (SHOP_READS.has(url.pathname)) return url.search === '' ? SHOP_CACHE : null;
  if (!CUSTOMER_READS.has(url.pathname)) return null;
  const query = CUSTOMER_READS.get(url.pathname) ?? {};
  const params = [...url.searchParams];
  const wanted = Object.entries(query);
  const same = params.length === wanted.length && wanted.every(([k, v]) => url.searchParams.getAll(k).length === 1 && url.searchParams.get(k) === v);
  return same ? CUSTOMER_CACHE : null;
}

/**
 * The shop's pictures, kept so the menu offline still has its photos: the uploaded images, named by the
 * SHA-256 of their bytes (`/api/media/<sha256>.<ext>`: never changed), and the demo's files. The same
 * for every customer (no customer's picture is among them), so they are the shop's, in a cache of their
 * own (a count and an age cap it: sw.ts).
 */
export const IMAGE_CACHE = 'offline-images-v1';
const SHOP_IMAGES = /^\/(api\/media\/[0-9a-f]{64}\.(png|jpg|jpeg|webp|gif|svg)|demo\/[A-Za-z0-9/_.-]+\.(png|jpg|jpeg|webp|gif|svg))$/;

/** Whether a request is for one of the shop's pictures the worker may keep: a same-origin GET, no query. */
export function isShopImage(method: string, url: URL, origin: string): boolean {
  return method === 'GET' && url.origin === origin && url.search === '' && SHOP_IMAGES.test(url.pathname) && !url.pathname.includes('..');
}

