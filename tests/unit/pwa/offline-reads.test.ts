/**
 * What the service worker may keep offline (src/pwa/offline-allowlist.ts), checked against every call
 * the contract declares: only the allowlisted GETs, with the app's own query; never a POST (every call
 * that moves money, points or vouchers is one), never a console call, never another origin.
 */
import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../../../src/contract/calls';
import type { Call } from '#contract/api';
import { customersApi } from '#contract/customers.calls';
import { locationsApi } from '#contract/locations.calls';
import { membersApi } from '#contract/members.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { previewCall, settingsApi } from '#contract/settings.calls';
import { shopApi } from '#contract/shop.calls';
import { offlineCacheFor } from '../../../src/pwa/offline-allowlist';
import { CUSTOMER_CACHE, IMAGE_CACHE, isLanguageChunk, isShopImage, LANGUAGE_CACHE, SHOP_CACHE } from '../../../src/pwa/offline-reads';
import { undeclared } from '../../support/calls';

const ORIGIN = 'https://kopi.example';
const at = (path: string) => new URL(path, ORIGIN);
/** A declared call's address, `/api/<path>`, with a query when given. */
const api = (declaration: Call<any, any>, query = '') => at(`/api/${declaration.path}${query ? `?${query}` : ''}`);

describe('the offline allowlist', () => {
  it('keeps no answer of a call that is not a GET, whatever its path', () => {
    const posts = ALL_CALLS.filter((c) => c.method === 'post');
    expect(posts.length).toBeGreaterThan(50);
    for (const c of posts) {
      expect(offlineCacheFor('POST', api(c), ORIGIN), c.path).toBeNull();
      // the same path asked with GET is no declared read: not kept either
      expect(offlineCacheFor('GET', api(c), ORIGIN), `GET ${c.path}`).toBeNull();
    }
  });

  it('keeps exactly the menu, the rewards catalogue, the locations, the settings, the profile, the member card and the active vouchers', () => {
    const kept = ALL_CALLS.filter((c) => c.method === 'get' && offlineCacheFor('GET', api(c), ORIGIN) !== null).map((c) => c.path);
    expect(kept.sort()).toEqual(
      [customersApi.profile, membersApi.card, rewardsApi.list, settingsApi.mainSetting, shopApi.catalog, locationsApi.list].map((c) => c.path).sort(),
    );
    // the vouchers only with the active tab's query, as the app asks for them
    expect(offlineCacheFor('GET', api(rewardsApi.storage, 'status=active'), ORIGIN)).toBe(CUSTOMER_CACHE);
    expect(offlineCacheFor('GET', api(rewardsApi.storage), ORIGIN)).toBeNull();
    // in the reader's language (the rewards' words in it): the same tab with one `lang` the app ships
    expect(offlineCacheFor('GET', api(rewardsApi.storage, 'status=active&lang=fil'), ORIGIN)).toBe(CUSTOMER_CACHE);
    for (const q of [
      'status=used',
      'status=expired',
      'status=active&status=used',
      'status=active&x=1',
      'status=used&lang=fil',
      'status=active&lang=xx',
      'status=active&lang=fil&lang=id',
      'lang=fil',
    ]) {
      expect(offlineCacheFor('GET', api(rewardsApi.storage, q), ORIGIN), q).toBeNull();
    }
  });

  it("keeps the customer's reads apart from the shop's", () => {
    expect(offlineCacheFor('GET', api(membersApi.card), ORIGIN)).toBe(CUSTOMER_CACHE);
    expect(offlineCacheFor('GET', api(customersApi.profile), ORIGIN)).toBe(CUSTOMER_CACHE);
    expect(offlineCacheFor('GET', api(shopApi.catalog), ORIGIN)).toBe(SHOP_CACHE);
    expect(offlineCacheFor('GET', api(shopApi.catalog, 'lang=fil'), ORIGIN)).toBe(SHOP_CACHE);
    expect(offlineCacheFor('GET', api(rewardsApi.list, 'lang=id'), ORIGIN)).toBe(SHOP_CACHE);
    expect(offlineCacheFor('GET', api(settingsApi.mainSetting), ORIGIN)).toBe(SHOP_CACHE);
    expect(offlineCacheFor('GET', at('/app-config.json'), ORIGIN)).toBe(SHOP_CACHE);
    expect(SHOP_CACHE).not.toBe(CUSTOMER_CACHE);
  });

  it('keeps nothing with another query, another spelling, method or origin', () => {
    for (const url of [
      api(shopApi.catalog, 'x=1'),
      api(shopApi.catalog, 'lang=xx'),
      api(shopApi.catalog, 'lang=fil&x=1'),
      // other spellings of shop/catalog: paths no declaration has
      at(`/api/${undeclared('Shop/Catalog')}`),
      at(`/api/${undeclared('shop/catalog/')}`),
      api(membersApi.card, 'id=2'),
      api(previewCall, 'token=abcdefghijklmnopqrstuvwxyz'),
    ]) {
      expect(offlineCacheFor('GET', url, ORIGIN), url.href).toBeNull();
    }
    for (const method of ['POST', 'HEAD', 'PUT', 'DELETE']) expect(offlineCacheFor(method, api(membersApi.card), ORIGIN), method).toBeNull();
    expect(offlineCacheFor('GET', new URL(api(membersApi.card).pathname, 'https://elsewhere.example'), ORIGIN)).toBeNull();
  });
});

describe("the shop's pictures", () => {
  const sha = 'a'.repeat(64);
  /** an uploaded image's address, `/api/media/<file>`: a file beside the calls, which no declaration has */
  const media = (file: string) => `/api/${undeclared(`media/${file}`)}`;
  it('keeps the uploaded images by their hash, and the demo files', () => {
    for (const path of [media(`${sha}.png`), media(`${sha}.webp`), '/demo/products/spanish-latte.svg', '/demo/logo.png']) {
      expect(isShopImage('GET', at(path), ORIGIN), path).toBe(true);
    }
    expect([SHOP_CACHE, CUSTOMER_CACHE]).not.toContain(IMAGE_CACHE);
  });

  it('keeps nothing else: another method, origin, query, name, or any API call', () => {
    for (const path of [
      media(`${sha.slice(1)}.png`),
      `${media(`${sha}.png`)}?x=1`,
      media(`${sha}.html`),
      `/api/${undeclared('app/icon')}`,
      api(membersApi.card).pathname,
      '/demo/x.js',
      '/demo/../secret.svg',
      '/assets/a.svg',
    ]) {
      expect(isShopImage('GET', at(path), ORIGIN), path).toBe(false);
    }
    expect(isShopImage('POST', at(media(`${sha}.png`)), ORIGIN)).toBe(false);
    expect(isShopImage('GET', new URL(media(`${sha}.png`), 'https://elsewhere.example'), ORIGIN)).toBe(false);
    // no declared call as the app asks it (media/{file} is only ever asked by its hash, above)
    for (const c of ALL_CALLS) expect(isShopImage('GET', api(c), ORIGIN), c.path).toBe(false);
  });
});

describe("the languages' words", () => {
  it('keeps a language chunk the page fetched, by its hashed name, and nothing else', () => {
    expect(isLanguageChunk('GET', at('/assets/lang-B6L7Eccp.js'), ORIGIN)).toBe(true);
    for (const path of ['/assets/B6L7Eccp.js', '/assets/lang-B6L7Eccp.js?x=1', '/assets/lang-B6L7Eccp.css', '/lang-B6L7Eccp.js', '/assets/lang-../x.js']) {
      expect(isLanguageChunk('GET', at(path), ORIGIN), path).toBe(false);
    }
    expect(isLanguageChunk('POST', at('/assets/lang-B6L7Eccp.js'), ORIGIN)).toBe(false);
    expect(isLanguageChunk('GET', new URL('/assets/lang-B6L7Eccp.js', 'https://elsewhere.example'), ORIGIN)).toBe(false);
    expect([SHOP_CACHE, CUSTOMER_CACHE, IMAGE_CACHE]).not.toContain(LANGUAGE_CACHE);
    for (const c of ALL_CALLS) expect(isLanguageChunk('GET', api(c), ORIGIN), c.path).toBe(false);
  });
});
