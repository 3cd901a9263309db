/**
 * Whether every read has had its first answer (data, or an error): a page that shows once all of its
 * parts have answered shows at once, and nothing on it moves as they arrive (no layout shift under the
 * customer's thumb). The reads are asked at the same time, so it waits for the slowest, not their sum;
 * from SWR's cache, not at all.
 */
export const allSettled = (...reads: Array<{ data?: unknown; error?: unknown }>): boolean => reads.every((r) => r.data !== undefined || r.error !== undefined);
