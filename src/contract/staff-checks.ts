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
/** The largest body of an image upload: the image in base64 (4 characters for every 3 bytes) with room for the JSON around it. */
export const IMAGE_UPLOAD_BODY_MAX = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 16 * 1024;

/** No side of an uploaded image may be longer than this before it is decoded: a small file can unpack into gigabytes. */
export const IMAGE_MAX_SIDE = 8000;
/**
 * Where the app shows an uploaded image, and the box it is stored within (never enlarged): about twice
 * the largest size the app paints it, for sharp screens. Anything else: the landing background's.
 */
export const IMAGE_PURPOSES = {
  favicon: 256,
  logo: 512,
  product: 1200,
  reward: 1200,
  background: 2048,
} as const satisfies Record<string, number>;
export type ImagePurpose = keyof typeof IMAGE_PURPOSES;
