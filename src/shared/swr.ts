import type { Cache, SWRConfiguration } from 'swr';
import { ApiRequestError, fetcher, REACHABLE_EVENT } from '../api/client';

/** SPEC section 9: retry 3 times, back-off from 1000 ms doubling, capped at 30000 ms; data kept 5 minutes. */
export const RETRIES = 3;
export const BACKOFF_START_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
export const CACHE_LIFETIME_MS = 5 * 60_000;

export function backoffDelay(retryCount: number): number {
  return Math.min(BACKOFF_START_MS * 2 ** Math.max(0, retryCount - 1), BACKOFF_CAP_MS);
}

/** Refusals (4xx) are answers, not outages: retrying them changes nothing. */
export function shouldRetry(error: unknown, retryCount: number): boolean {
  if (retryCount > RETRIES) return false;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return true;
}

/**
 * A cache whose entries are dropped 5 minutes after they were last read or written, so what the
 * customer stopped looking at does not linger (SWR keeps everything for the page's lifetime otherwise).
 */
export function createExpiringCache(lifetimeMs = CACHE_LIFETIME_MS, now: () => number = Date.now): Cache & { sweep(): void } {
  const entries = new Map<string, { value: unknown; touched: number }>();
  const cache = {
    // Only live keys: SWR's mutate(filter) reads `cache.get(key)._k` for every key it is given, and an
    // expired entry would answer undefined there (logout clears the cache that way).
    keys: () => {
      const t = now();
      return [...entries]
        .filter(([, e]) => t - e.touched <= lifetimeMs)
        .map(([k]) => k)
        [Symbol.iterator]();
    },
    get(key: string) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (now() - e.touched > lifetimeMs) {
        entries.delete(key);
        return undefined;
      }
      e.touched = now();
      return e.value;
    },
    set(key: string, value: unknown) {
      entries.set(key, { value, touched: now() });
    },
    delete(key: string) {
      entries.delete(key);
    },
    sweep() {
      const t = now();
      for (const [k, e] of entries) if (t - e.touched > lifetimeMs) entries.delete(k);
    },
  };
  return cache as Cache & { sweep(): void };
}

export function swrOptions(cache: Cache, fallback: Record<string, unknown> = {}): SWRConfiguration {
  return {
    fetcher,
    fallback,
    provider: () => cache,
    errorRetryCount: RETRIES,
    onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
      if (!shouldRetry(error, retryCount)) return;
      setTimeout(() => void revalidate({ retryCount }), backoffDelay(retryCount));
    },
    initReconnect: reconnectWhen,
  };
}

/**
 * What reads everything again: the browser's `online`, and also a call reaching the server after calls
 * stopped (api/client.ts). The browser may never have said it was offline: a page opened from the
 * worker with no network reads navigator.onLine true, so its `online` never comes, and what failed
 * meanwhile (a checkout's quote) would stay failed.
 */
export function reconnectWhen(revalidate: () => void): () => void {
  const events = ['online', REACHABLE_EVENT];
  for (const e of events) globalThis.addEventListener?.(e, revalidate);
  return () => {
    for (const e of events) globalThis.removeEventListener?.(e, revalidate);
  };
}
