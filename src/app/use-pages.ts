import useSWRInfinite from 'swr/infinite';
import { fetcher, type Key } from '../api/client';
import { messageOf } from '../shared/errors';

/** What every paged list of the contract answers: its items and the next page, or null. */
interface Paged {
  next_page: number | null;
}

type KeyOf = (page: number) => Key;
type PageKey = (index: number, previous: Paged | null) => Key | null;

/** Page n+1's key while page n says there is one. */
const pageKeys =
  (keyOf: KeyOf): PageKey =>
  (index, previous) =>
    previous && previous.next_page === null ? null : keyOf(previous?.next_page ?? index + 1);

/**
 * A list loaded page by page with "Load more" (wallet history, point history, notifications). An error
 * before anything loaded is the page's error; after that, it belongs to the page that was asked for.
 * `keyOf` null: nothing to load yet.
 */
export function usePages<T extends Paged>(keyOf: KeyOf | null, fetch: (key: Key) => Promise<T> = fetcher<T>, options?: { refreshInterval?: number }) {
  // Every loaded page again on each revalidation: a page cached by a plain hook (the profile's unread
  // count reads notification page 1) would otherwise be shown as it was, and new items shift the
  // pages' boundaries, so a stale later page would repeat or skip items.
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<T>(keyOf ? pageKeys(keyOf) : () => null, fetch, {
    revalidateAll: true,
    ...options,
  });
  const last = data?.[data.length - 1];
  return {
    pages: data,
    loading: isLoading,
    error: error && !data ? messageOf(error) : null,
    /** The page "Load more" would load, or null at the end. */
    nextPage: last?.next_page ?? null,
    hasMore: !!last && last.next_page !== null,
    loadMore: () => void setSize(size + 1),
    loadingMore: isValidating && size > (data?.length ?? 0),
    loadMoreError: error && data ? messageOf(error) : null,
    reload: () => void mutate(),
    mutate,
  };
}
