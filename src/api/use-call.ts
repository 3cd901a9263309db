/**
 * The one way the app reads a declared call through SWR: `useCall(stampsApi.cards)`,
 * `useCall(customersConsoleApi.detail, id ? { id } : null)`. The answer's type is the declaration's, and
 * the SWR key is `keyOf(call, query)`, the key every mutate() and refresh elsewhere names.
 */
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { Call, DataOf, InputOf } from '#contract/api';
import { callApi, keyOf, type Key, type Query } from './client';

type AnyCall = Call<any, any>;

/**
 * What the call is asked with, then SWR's options: `undefined` for a call that takes nothing; its query
 * (`null`: ask nothing yet) for one that takes one.
 */
type Args<C extends AnyCall, Options> = InputOf<C> extends void ? [query?: undefined, options?: Options] : [query: InputOf<C> | null, options?: Options];

export const keyFor = (call: AnyCall, query: unknown): Key => (keyOf as (c: AnyCall, q?: unknown) => Key)(call, query);

/** Makes the call a key names (use-call-pages.ts too): its query (or body, for a POST read such as point/history) is the key's second half. */
export const fetchFor =
  <C extends AnyCall>(call: C) =>
  (key: Key): Promise<DataOf<C>> =>
    (callApi as (c: C, q?: Query) => Promise<DataOf<C>>)(call, typeof key === 'string' ? undefined : key[1]);

/**
 * Reads a declared GET call (or a POST read) with SWR. `call` null, or `query` null: nothing is asked
 * (SWR's null key). The key is exactly `keyOf(call, query)`.
 */
export function useCall<C extends AnyCall>(call: C | null, ...[query, options]: Args<C, SWRConfiguration<DataOf<C>>>): SWRResponse<DataOf<C>> {
  return useSWR(call === null || query === null ? null : keyFor(call, query), call === null ? null : fetchFor(call), options);
}

/** What every paged list of the contract answers: its items and the next page, or null. */
export interface Paged {
  next_page: number | null;
}

/** A list read page by page: its declared call and the query (or body) of page n. */
export interface Pages<C extends Call<Paged, any>> {
  readonly call: C;
  readonly page: (n: number) => InputOf<C>;
}
export const pagesOf = <C extends Call<Paged, any>>(call: C, page: (n: number) => InputOf<C>): Pages<C> => ({ call, page });
