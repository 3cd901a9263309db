/**
 * What the service worker (src/sw.ts) may keep for offline use: an allowlist of GET reads, nothing else,
 * named by their calls' declarations (src/contract/*.calls.ts), so a renamed call cannot leave it behind.
 * The worker's alone (the page imports offline-reads.ts, which imports no declaration, so the calls stay
 * in the chunks that make them). Free of React and of the worker's globals, so a unit test reads it as
 * it is.
 */
import type { Call, InputOf } from '#contract/api';
import { customersApi } from '#contract/customers.calls';
import { locationsApi } from '#contract/locations.calls';
import { membersApi } from '#contract/members.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { shopApi } from '#contract/shop.calls';
import { isLanguage } from '#contract/languages';
import { CUSTOMER_CACHE, SHOP_CACHE } from './offline-reads';

/** Where the app reads a declared call, without its query (src/api/client.ts's apiUrl). */
export const readPath = (c: Pick<Call, 'path'>) => `/api/${c.path}`;

/** The merchant's reads, the same for every customer: the shop's settings, the menu, where it is. */
const SHOP_READS: ReadonlySet<string> = new Set([
  '/app-config.json',
  readPath(settingsApi.mainSetting), // the theme and the shop's settings the shell draws with
  readPath(shopApi.catalog), // the menu
  readPath(locationsApi.list), // where to pick up (the menu says which place it orders from)
  readPath(rewardsApi.list), // the rewards catalogue
]);

/** The shop's reads that take the reader's language (the menu, the rewards in it): with `lang=<a language the app ships>` alone, or no query. */
const SHOP_READS_IN_LANGUAGE: ReadonlySet<string> = new Set([readPath(shopApi.catalog), readPath(rewardsApi.list)]);
const onlyLanguage = (url: URL) => [...url.searchParams.keys()].join() === 'lang' && isLanguage(url.searchParams.get('lang'));

/** The vouchers' tab the app reads offline: the only query their copy may carry. */
const ACTIVE_VOUCHERS = { status: 'active' } satisfies InputOf<typeof rewardsApi.storage>;

/** The customer's reads, each with the only query it may carry (null: none). */
const CUSTOMER_READS: ReadonlyMap<string, Readonly<Record<string, string>> | null> = new Map([
  [readPath(membersApi.card), null], // the member card
  [readPath(customersApi.profile), null], // the name, points and balance Home draws, and its way to the member card
  [readPath(rewardsApi.storage), ACTIVE_VOUCHERS], // the active vouchers (not the used or expired tabs)
]);

/** The customer's reads that may carry `lang` too (the vouchers, their rewards' words in it). */
const CUSTOMER_READS_IN_LANGUAGE: ReadonlySet<string> = new Set([readPath(rewardsApi.storage)]);

/**
 * The cache a request's answer may be kept in, or null: never kept. Only a same-origin GET on the
 * allowlist, with exactly the query the app sends; anything that moves money or points is a POST and
 * never matches.
 */
export function offlineCacheFor(method: string, url: URL, origin: string): typeof SHOP_CACHE | typeof CUSTOMER_CACHE | null {
  if (method !== 'GET' || url.origin !== origin) return null;
  if (SHOP_READS.has(url.pathname)) return url.search === '' || (SHOP_READS_IN_LANGUAGE.has(url.pathname) && onlyLanguage(url)) ? SHOP_CACHE : null;
  if (!CUSTOMER_READS.has(url.pathname)) return null;
  const query = CUSTOMER_READS.get(url.pathname) ?? {};
  // the vouchers read in the reader's language (their rewards' words): the same copy, with one `lang` beside
  const inLanguage = CUSTOMER_READS_IN_LANGUAGE.has(url.pathname) && url.searchParams.has('lang');
  if (inLanguage && (url.searchParams.getAll('lang').length !== 1 || !isLanguage(url.searchParams.get('lang')))) return null;
  const params = [...url.searchParams].filter(([k]) => !(inLanguage && k === 'lang'));
  const wanted = Object.entries(query);
  const same = params.length === wanted.length && wanted.every(([k, v]) => url.searchParams.getAll(k).length === 1 && url.searchParams.get(k) === v);
  return same ? CUSTOMER_CACHE : null;
}
