/**
 * How PostgreSQL's text values of a few types become JavaScript values, the same for both drivers: int8
 * (counts, money) and numeric as numbers, dates as 'YYYY-MM-DD' strings. node-postgres takes them in
 * server/db/index.ts, PGlite in its worker (pglite-worker.ts), which imports this file by itself.
 */
export const INT8 = 20;
export const NUMERIC = 1700;
export const DATE = 1082;

export const parseIntSafe = (v: string): number => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`integer out of range: ${v}`);
  return n;
};

/** PGlite's `parsers` option. */
export const PGLITE_PARSERS: Record<number, (v: string) => unknown> = { [INT8]: parseIntSafe, [NUMERIC]: Number, [DATE]: (v: string) => v };
