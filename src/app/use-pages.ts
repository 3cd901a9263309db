import type { Call } from '#contract/api';
import type { Paged, Pages } from '../api/use-call';
import { useCallPages } from '../api/use-call-pages';
import { messageOf } from '../shared/errors';

/**
 * A list loaded page by page with "Load more" (wallet history, point history, notifications). An error
 * before anything loaded is the page's error; after that, it belongs to the page that was asked for.
 * `pages` null: nothing to load yet.
 */
export function usePages<C extends Call<Paged, any>>(pages: Pages<C> | null, options?: { refreshInterval?: number }) {
  // Every loaded page again on each revalidation: a page cached by a plain hook (the profile's unread
  // count reads notification page 1) would otherwise be shown as it was, and new items shift the
  // pages' boundaries, so a stale later page would repeat or skip items.
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useCallPages(pages, {
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
