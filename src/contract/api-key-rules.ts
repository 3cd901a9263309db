/**
 * Scoped API keys (issue 52), free of zod: what a key may do (its scopes), what a key looks like, and the
 * limits on keys. A merchant call (`call.merchantKey`, api.ts) names the one scope it needs; a key without
 * it is refused (403 FORBIDDEN), whatever else it may do. api-keys.ts builds its schemas from these.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/**
 * What a key may do, each the merchant calls that need it: `menu:write` a product's price, stock or
 * availability (merchant/product/update), `orders:write` an order's status (merchant/order/status),
 * `points:earn` a member's points for a purchase at a till (merchant/till/earn).
 */
export const API_KEY_SCOPES = ['menu:write', 'orders:write', 'points:earn'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * What the server's own merchant key (MERCHANT_API_KEY) may do while it is on: the calls it always could.
 * Giving points is a key's from the console only, so each till's points are counted and named as its own.
 */
export const SERVER_KEY_SCOPES: readonly ApiKeyScope[] = ['menu:write', 'orders:write'];

/** What each scope lets a key do, in the console's words. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'menu:write': 'Change products: price, stock and whether they are available',
  'orders:write': "Move orders on: an order's status, up to cancelling it",
  'points:earn': 'Give members points for what they buy at a till',
};

/** The part of a key the console shows to tell keys apart (`lk_` and 6 more): never enough to use it. */
export const API_KEY_SHOWN_LENGTH = 9;
/** At most this many keys that are not revoked. */
export const API_KEYS_MAX = 20;
/** After a rotation the old secret still works this long, so a till can be given the new one without a gap. */
export const API_KEY_ROTATION_OVERLAP_HOURS = 24;
/** Calls one key may make in a minute; past them, 429 with Retry-After. */
export const API_KEY_CALLS_PER_MINUTE = 300;

/**
 * Where the gateway serves the API reference for integrators (the build writes it into `<dist>/developers`:
 * scripts/lib/api-reference.ts; server/gateway/static.ts serves it): the published OpenAPI document, every
 * key call with its scope, browsable in Redoc.
 */
export const API_REFERENCE_DIR = 'developers';
export const API_REFERENCE_PATH = `/${API_REFERENCE_DIR}/`;
