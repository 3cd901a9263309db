/**
 * Where the service worker (src/sw.ts) keeps what it may keep for offline use (offline-allowlist.ts
 * says what: an allowlist of GET reads, nothing else), and the shop's pictures. Shared by the worker and
 * the page (which deletes the customer's copy at sign-in, sign-out and an expired session:
 * src/api/forget.ts), so it imports nothing: the page's chunks get only these names. Free of React and
 * of the worker's globals, so a unit test reads it as it is.
 */

/** The merchant's reads, the same for every customer: the shop's settings, the menu, where it is. */
export const SHOP_CACHE = 'offline-shop-v1';
/** The signed-in customer's reads: deleted at every sign-in, sign-out and expired session. */
export const CUSTOMER_CACHE = 'offline-customer-v1';

/** The header the worker puts on a copy it answered because the network did not. */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

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

/**
 * The app's words in Filipino and in Bahasa Indonesia: a chunk per language (`assets/lang-<hash>.js`, vite.config.ts), left
 * out of the precache, since a customer reads one language and the worker would fetch every one. The worker keeps the one a
 * page fetched (named by the hash of its content: never changed), so the app offline speaks as it did online.
 */
export const LANGUAGE_CACHE = 'offline-languages-v1';
const LANGUAGE_CHUNK = /^\/assets\/lang-[A-Za-z0-9_-]+\.js$/;

/** Whether a request is for a language's chunk the worker may keep: a same-origin GET, no query. */
export function isLanguageChunk(method: string, url: URL, origin: string): boolean {
  return method === 'GET' && url.origin === origin && url.search === '' && LANGUAGE_CHUNK.test(url.pathname);
}
