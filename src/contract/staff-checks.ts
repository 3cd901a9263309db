/**
 * Light rules of the merchant console's forms (passwords, images), free of zod (like checks.ts, but apart from it so the
 * customer app's first load does not carry them): the provider's schemas (merchant.ts) are built from
 * the same constants. Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/** A staff password: at least 12 characters (a passphrase), at most 200, taken exactly as typed. */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 200;

/** What is wrong with a new staff password, or null. */
export function staffPasswordProblem(password: string): string | null {
  if (password.length < STAFF_PASSWORD_MIN) return `Use at least ${STAFF_PASSWORD_MIN} characters: a few words you will remember make a good one.`;
  if (password.length > STAFF_PASSWORD_MAX) return `Use at most ${STAFF_PASSWORD_MAX} characters.`;
  return null;
}

/** The largest image the theme studio takes, in bytes (2 MB), and the types it takes (never SVG). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];
