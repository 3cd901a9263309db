import { useDeferredValue, useEffect, useState } from 'react';

type Read = { data?: unknown; error?: unknown };

/** Whether every read has had its first answer: data, or an error. */
export const allSettled = (...reads: Read[]): boolean => reads.every((r) => r.data !== undefined || r.error !== undefined);

/** How long a page waits at most for its slowest part before it shows without it. */
export const SETTLE_AT_MOST_MS = 2500;

/**
 * Whether a page may show: every read has had its first answer (allSettled), or the page has waited
 * SETTLE_AT_MOST_MS since it first asked. A page that shows once all of its parts have answered shows at
 * once, and nothing on it moves as they arrive (no layout shift under the customer's thumb); the reads
 * are asked at the same time, so it waits for the slowest, not their sum, and from SWR's cache not at
 * all. A part that does not answer does not hold the page: it shows without it, and the part arrives later.
 * The answer turns true as a transition (useDeferredValue): the whole page, once in, is drawn in slices
 * between which the browser stays free, not in one long task.
 */
export function useAllSettled(reads: Read[], atMostMs = SETTLE_AT_MOST_MS): boolean {
  const settled = allSettled(...reads);
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setLate(true), atMostMs);
    return () => clearTimeout(timer);
  }, [settled, atMostMs]);
  return useDeferredValue(settled || late);
}
