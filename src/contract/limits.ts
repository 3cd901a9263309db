/**
 * Contract limits as plain numbers, in a module free of zod: a page that only needs a number does
 * not load the schema library with it (contract.ts re-exports these).
 */
export const TOPUP_MIN = 10_000;
export const TOPUP_MAX = 5_000_000;
