/**
 * A paged list read page by page (useCallPages), apart from use-call.ts: SWR's infinite hook is a module
 * with effects of its own, so whatever imports it carries it, and the app's first load (the entry, /login)
 * reads no paged list. Only the pages with one import this.
 */
import useSWRInfinite, { type SWRInfiniteConfiguration, type SWRInfiniteResponse } from 'swr/infinite';
import type { Call, DataOf } from '#contract/api';
import type { Key } from './client';
import { fetchFor, keyFor, type Paged, type Pages } from './use-call';

/**
 * Reads a paged call page by page with SWR's infinite hook: page n+1 while page n says there is one.
 * `pages` null asks nothing. Each page's key is `keyOf(call, page(n))`.
 */
export function useCallPages<C extends Call<Paged, any>>(
  pages: Pages<C> | null,
  options?: SWRInfiniteConfiguration<DataOf<C>>,
): SWRInfiniteResponse<DataOf<C>> {
  return useSWRInfinite(
    (index: number, previous: DataOf<C> | null): Key | null =>
      pages === null || (previous && previous.next_page === null) ? null : keyFor(pages.call, pages.page(previous?.next_page ?? index + 1)),
    pages === null ? null : fetchFor(pages.call),
    options,
  );
}
