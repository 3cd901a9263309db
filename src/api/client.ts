/**
 * The one client for the same-origin `/api`. The gateway signs each call and carries the session in
 * an HttpOnly cookie, so nothing here holds a secret or a token. Every answer is the contract's envelope;
 * a failure becomes an ApiRequestError with the provider's message, code and field errors.
 */
import { t } from '@lingui/core/macro';
import type { Envelope, ErrorCode } from '#contract';
import type { Call, DataOf, InputOf } from '#contract/api';
import { OFFLINE_COPY_HEADER } from '../pwa/offline-reads';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly fields: Record<string, string>;
  readonly data: unknown;
  constructor(status: number, code: ErrorCode | 'NETWORK', message: string, fields: Record<string, string> = {}, data: unknown = null) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.data = data;
  }
}

/** What a call that needs the network says without one (an order, a top-up, a reward, a spin), in the language spoken. */
const offlineMessage = () => t`You're offline. This will work when you're back online.`;

/** Fired on window when calls stop reaching the server, and when they reach it again (the offline banner). */
export const UNREACHABLE_EVENT = 'api-unreachable';
export const REACHABLE_EVENT = 'api-reachable';
/** Whether the latest call reached the server (its answer was not the worker's kept copy). */
let reachable = true;
function reached(yes: boolean): void {
  if (reachable === yes) return;
  reachable = yes;
  globalThis.dispatchEvent?.(new Event(yes ? REACHABLE_EVENT : UNREACHABLE_EVENT));
}
/**
 * When each of the worker's kept copies that the page was last answered with was fetched from the server
 * (its Date), by URL: a balance read offline says how old it is. Gone once the server answers it again.
 */
const copies = new Map<string, string>();
function keepCopyTime(url: string, res: Response): void {
  const date = res.headers.get('date');
  const at = date ? new Date(date) : null;
  if (res.headers.has(OFFLINE_COPY_HEADER) && at && !Number.isNaN(at.getTime())) copies.set(url, at.toISOString());
  else copies.delete(url);
}
/** When the kept copy that answered a GET was fetched (ISO), or null when the server answered it. */
export const copiedAt = (path: string, query?: Query): string | null => copies.get(apiUrl(path, query)) ?? null;

/** Whether the page is offline now: the browser says so, or calls stopped reaching the server (or were answered from the service worker's kept copies). */
export const isOffline = () => navigator.onLine === false || !reachable;

export type Query = Record<string, string | number | boolean | undefined | null>;

export function apiUrl(path: string, query?: Query): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `/api/${path}${s ? `?${s}` : ''}`;
}

async function request<T>(method: 'GET' | 'POST', path: string, opts: { query?: Query; body?: unknown; signal?: AbortSignal; url?: string }): Promise<T> {
  let res: Response;
  const url = opts.url ?? apiUrl(path, opts.query);
  const lang = document.documentElement.lang;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      // the language spoken (`<html lang>`, none before one is), which the provider words a refusal in (docs/languages.md, "The API's errors")
      headers: { accept: 'application/json', ...(method === 'POST' && { 'content-type': 'application/json' }), ...(lang ? { 'accept-language': lang } : {}) },
      body: method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // offline as the banner says it (isOffline): the browser says so, or calls had already stopped
    // reaching the server (the worker answered kept copies). Not navigator.onLine alone: it reads true
    // on a page opened from the worker with no network (Chromium 150 under Playwright's offline mode).
    const offline = isOffline();
    reached(false);
    throw new ApiRequestError(0, 'NETWORK', offline ? offlineMessage() : t`We could not reach the server. Check your connection and try again.`);
  }
  // the service worker's kept copy, answered because the network did not (src/sw.ts); its time is kept
  // first, so what the offline line's change renders reads it
  keepCopyTime(url, res);
  reached(!res.headers.has(OFFLINE_COPY_HEADER));
  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (!res.ok || !envelope) {
    throw new ApiRequestError(
      res.status,
      envelope?.error?.code ?? (res.status >= 500 ? 'BAD_GATEWAY' : 'INTERNAL'),
      envelope?.message ?? t`Something went wrong. Please try again.`,
      envelope?.error?.fields ?? {},
      envelope?.data ?? null,
    );
  }
  return envelope.data;
}

export const apiGet = <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal });
export const apiPost = <T>(path: string, body?: unknown) => request<T>('POST', path, { body });
/** A GET of one of the gateway's own endpoints (not /api), answered in the same envelope (the map's search). */
export const gatewayGet = <T>(url: string, signal?: AbortSignal) => request<T>('GET', '', { url, signal });

/**
 * Makes a declared call (src/contract/<area>.calls.ts): its method and path come from the declaration,
 * what it takes and answers are its types. `callApi(addressesApi.remove, { id })`.
 */
export function callApi<C extends Call<any, any>>(call: C, ...input: InputOf<C> extends void ? [] : [InputOf<C>]): Promise<DataOf<C>> {
  return call.method === 'get' ? apiGet<DataOf<C>>(call.path, input[0] as Query | undefined) : apiPost<DataOf<C>>(call.path, input[0]);
}

/** The SWR key of a declared GET call: its path, with its query when it has one. */
export function keyOf<C extends Call<unknown, unknown>>(call: C, ...query: InputOf<C> extends void ? [] : [InputOf<C>]): Key {
  return query[0] === undefined ? call.path : [call.path, query[0] as Query];
}

/** A fresh idempotency key: one per user action, reused for that action's retries. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** SWR keys: the API path, plus its query when it has one. */
export type Key = string | readonly [string, Query];

/**
 * SWR's default fetcher (src/shared/swr.ts) and the settings' preload: a GET of the key. It answers
 * `unknown`: a typed read goes through useCall (src/api/use-call.ts), whose answer is its declaration's.
 */
export function fetcher(key: Key): Promise<unknown> {
  return typeof key === 'string' ? apiGet(key) : apiGet(key[0], key[1]);
}
