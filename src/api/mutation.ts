import { useCallback, useEffect, useRef } from 'react';
import { unstable_serialize, useSWRConfig, type Cache } from 'swr';
import type { ErrorCode } from '#contract';
import { ApiRequestError, type Key } from './client';
import { pathOf } from './forget';

/**
 * The one way the app changes data: a call to the API that says which cached answers it changes, and
 * brings them up to date itself (SWR's mutate), so no page has to remember what else to read again.
 */

/** A cached answer brought up to date from what a call answered, instead of asking for it again. */
export interface Write {
  key: Key;
  /** The new value, or how to make it from the cached one. */
  data: unknown;
}

/** Cached answers by the API path each came from (a declaration's `path`): every query of it. */
type Names = readonly string[];

export interface Changes<A extends unknown[], T> {
  /** What a success changes: every cached answer of these API paths is read again. */
  refreshes?: Names | ((answer: T, ...args: A) => Names);
  /** What the answer itself brings up to date, written at once (not read again). */
  writes?: (answer: T, ...args: A) => readonly Write[];
  /**
   * Refusals that show the app's copy was out of date (sold out, fewer points than shown): what the
   * refusal's data says is written at once, and the named data is read again.
   */
  refusals?: Partial<Record<ErrorCode, { refreshes?: Names; writes?: (error: ApiRequestError, ...args: A) => readonly Write[] }>>;
  /** What any failure (a refusal, a lost answer) leaves in doubt: read again as well. */
  refreshesOnFailure?: Names;
  /** Answer only once what it changed has been read again (a page that confirms the change shows it at once). */
  wait?: boolean;
}

const PAGED = '$inf$';
const SUBSCRIPTION = '$sub$';

/**
 * The cache's own keys for every answer of these API paths: plain answers by the key they were asked
 * with, and lists loaded page by page (useSWRInfinite keeps them under "$inf$" and its first page's
 * key, serialized: the path itself, or an array starting with it).
 */
export function cachedKeysOf(cache: Cache, names: readonly string[]): string[] {
  const wanted = new Set(names);
  const paged = new Set(names.map((n) => PAGED + n));
  const pagedArrays = names.map((n) => PAGED + unstable_serialize([n]));
  const found: string[] = [];
  for (const key of cache.keys()) {
    if (key.startsWith(PAGED)) {
      if (paged.has(key) || pagedArrays.some((prefix) => key.startsWith(prefix))) found.push(key);
    } else if (!key.startsWith(SUBSCRIPTION)) {
      const path = pathOf((cache.get(key) as { _k?: unknown } | undefined)?._k);
      if (path !== null && wanted.has(path)) found.push(key);
    }
  }
  return found;
}

/** Reads again every cached answer of these API paths that a page shows; the others are read when next shown. */
export function useRefresh(): (names: readonly string[]) => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    async (names) => {
      await Promise.all(cachedKeysOf(cache, [...new Set(names)]).map((key) => mutate(key)));
    },
    [cache, mutate],
  );
}

/**
 * Reads these API paths again once `when` turns to a new value that is not null: for a change that
 * happened elsewhere (a payment the gateway confirmed) and shows up in what a page is watching.
 */
export function useRefreshWhen(when: string | null, names: readonly string[]): void {
  const refresh = useRefresh();
  const namesRef = useRef(names);
  namesRef.current = names;
  useEffect(() => {
    if (when !== null) void refresh(namesRef.current);
  }, [when, refresh]);
}

/**
 * A call that changes data, with what it changes (see Changes). Answers what the call answered, or
 * throws what it threw, once the cache has been brought up to date (or is being, unless `wait`).
 */
export function useMutation<A extends unknown[], T>(call: (...args: A) => Promise<T>, changes: Changes<A, T>): (...args: A) => Promise<T> {
  const { mutate } = useSWRConfig();
  const refresh = useRefresh();
  const latest = useRef({ call, changes });
  latest.current = { call, changes };

  return useCallback(
    async (...args: A) => {
      const { call: run, changes: c } = latest.current;
      const apply = async (writes: readonly Write[], names: Names) => {
        for (const w of writes) await mutate(w.key, w.data, { revalidate: false });
        const refreshed = refresh(names);
        if (c.wait) await refreshed;
      };
      let answer: T;
      try {
        answer = await run(...args);
      } catch (err) {
        const refusal = err instanceof ApiRequestError ? c.refusals?.[err.code as ErrorCode] : undefined;
        const names = [...(refusal?.refreshes ?? []), ...(c.refreshesOnFailure ?? [])];
        await apply(refusal?.writes?.(err as ApiRequestError, ...args) ?? [], names);
        throw err;
      }
      const names = typeof c.refreshes === 'function' ? c.refreshes(answer, ...args) : (c.refreshes ?? []);
      await apply(c.writes?.(answer, ...args) ?? [], names);
      return answer;
    },
    [mutate, refresh],
  );
}
