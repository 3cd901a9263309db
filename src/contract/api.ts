/**
 * One declaration per call, the part every layer may import: its method, its path under the provider's
 * `…/api/v2/`, who may make it, the status it answers with and whether it takes an idempotency key, and
 * (as types only) what it takes and what it answers. Free of zod, so the app's chunks can import it.
 *
 * Each area writes its calls once, in `src/contract/<area>.calls.ts`:
 *
 *     export const addressesApi = {
 *       list: call.customer.get<AddressListData>('address/list'),
 *       create: call.customer.post<AddressData, AddressInput>('address/create', { status: 201 }),
 *     };
 *
 * taking its types from the area's schemas (`src/contract/<area>.ts`, as types only), and beside it,
 * in `src/contract/<area>.spec.ts`, the spec that joins each call to the schemas the provider validates
 * with and to the OpenAPI words (api-spec.ts). Nothing imports a spec but the provider and the OpenAPI
 * table, so the imports run one way: calls → schemas, spec → calls and schemas. The provider mounts its
 * handlers from the spec (server/provider/http/mount.ts); the app calls through the declarations
 * (`callApi` in src/api/client.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import type { ApiKeyScope } from './api-key-rules';

/**
 * Who may make a call, on top of the gateway signature every call but the webhook carries:
 * `none` anyone a gateway forwards; `customer` a customer's session; `merchant` the merchant key
 * (`x-merchant-key`); `webhook` no gateway signature, the payment gateway's own instead; `staff` a
 * merchant console session of any role; `owner` a console session of an owner (a staff member's: 403).
 */
export type CallAuth = 'none' | 'customer' | 'merchant' | 'webhook' | 'staff' | 'owner';

export interface Call<Data = unknown, Input = void, Auth extends CallAuth = CallAuth> {
  readonly method: 'get' | 'post';
  /** under the provider's base URL, path parameters as OpenAPI writes them: `payment/sandbox/{id}` */
  readonly path: string;
  readonly auth: Auth;
  /** the status of a success (a call that can answer two, such as 201 or 200, names the usual one) */
  readonly status: number;
  /** takes an `idempotency_key`: a repeat returns the first answer (409 while it runs, 422 with another body) */
  readonly idempotent: boolean;
  /**
   * Whose session a gateway carries with it: the staff member's (the console's cookie) or the customer's.
   * By default a `staff` or `owner` call carries the staff session and every other call the customer's; a
   * console call anyone may make (signing in, a forgotten password, "who is signed in?") says `staff`.
   */
  readonly session: 'customer' | 'staff';
  /** its answer's token becomes the session cookie (`in`), or it ends the session and its cookie (`out`) */
  readonly signs?: 'in' | 'out';
  /** a `merchant` call: the scope an API key needs to make it (api-key-rules.ts) */
  readonly scope?: ApiKeyScope;
  /**
   * a `customer` call a guest's session may make too (ordering at a table with a first name): the
   * allow-list, checked in one place (server/provider/http/session.ts); any other customer call is 403
   * GUEST_FORBIDDEN for a guest
   */
  readonly guests?: true;
  /** types only, never set: what the call answers (the envelope's `data`) and takes (its query or body) */
  readonly types?: { data: Data; input: Input };
}

/** What a call answers: the envelope's `data`. */
export type DataOf<C> = C extends Call<infer Data, infer _Input> ? Data : never;
/** What a call takes: its query (GET) or body (POST); `void` when nothing. */
export type InputOf<C> = C extends Call<infer _Data, infer Input> ? Input : never;

interface CallOptions {
  status?: number;
  idempotent?: boolean;
  /** whose session it carries, when not what its auth says (a console call anyone may make: `staff`) */
  session?: 'customer' | 'staff';
  /** it signs in (its answer's token becomes the session cookie) or out (it ends the session) */
  signs?: 'in' | 'out';
  scope?: ApiKeyScope;
  /** a guest's session may make it too (Call.guests) */
  guests?: true;
}

const declared = <Auth extends CallAuth>(method: 'get' | 'post', path: string, auth: Auth, o: CallOptions) => ({
  method,
  path,
  auth,
  status: o.status ?? 200,
  idempotent: method === 'post' && (o.idempotent ?? false),
  session: o.session ?? (auth === 'staff' || auth === 'owner' ? 'staff' : 'customer'),
  ...(o.signs ? { signs: o.signs } : {}),
  ...(o.scope ? { scope: o.scope } : {}),
  ...(o.guests ? { guests: o.guests } : {}),
});

const calls = <Auth extends CallAuth>(auth: Auth) => ({
  get: <Data, Query = void>(path: string, options: CallOptions = {}): Call<Data, Query, Auth> => declared('get', path, auth, options),
  post: <Data, Body = void>(path: string, options: CallOptions = {}): Call<Data, Body, Auth> => declared('post', path, auth, options),
});

/** The builders of declarations, by who may make the call: `call.customer.post<Data, Body>('address/create')`. */
export const call = {
  anyone: calls('none'),
  customer: calls('customer'),
  staff: calls('staff'),
  owner: calls('owner'),
  merchantKey: calls('merchant'),
  webhook: calls('webhook'),
};

/**
 * The merchant console's calls of an area the customer app calls too (the console's customer look-up
 * beside the customer's profile): declared through this, so the app's build, which never makes them,
 * drops them (a declaration is a call, which a bundler keeps unless it knows the call has no effect).
 */
export const consoleCalls = /* @__NO_SIDE_EFFECTS__ */ <T>(declare: () => T): T => declare();
