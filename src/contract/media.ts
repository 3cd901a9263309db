/**
 * Images (logo, favicon, landing background, products, rewards): uploaded from the console
 * (`merchant/images`), kept in the database and served as files (`media/{file}`). The schemas of the
 * area's calls (media.calls.ts declares them; media.spec.ts describes
 * them and the row of its file).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int } from './answer-fields';
import { IMAGE_MAX_BYTES, IMAGE_PURPOSES } from './staff-checks';

/**
 * An image the app shows (favicon, logo, landing background): empty (none), a path on this site (an
 * uploaded image's `/media/…`, or the demo's files), or an https:// address. Never another scheme
 * (javascript:, data:, http:), never protocol-relative (`//host`).
 */
export const imageUrl = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine(
    (v) => v === '' || /^\/(?![/\\])[^\s"'<>\\]*$/.test(v) || /^https:\/\/[^\s"'<>\\/]+(\/[^\s"'<>\\]*)?$/.test(v),
    'must be an uploaded image (/media/…), a path on this site or an https:// address',
  );

/** An image's file in base64: at most 2 MB once decoded (base64 takes 4 characters for every 3 bytes). */
const IMAGE_MAX_BASE64 = Math.ceil(IMAGE_MAX_BYTES / 3) * 4;

/**
 * `merchant/images`: a PNG, JPEG or WebP file of at most 2 MB, as base64 (calls are JSON). Its type is
 * read from its content, never from its name or the type the browser declared (both informational).
 */
export const imageUploadBody = z.object({
  file: z
    .string()
    .min(1, 'is required')
    .max(IMAGE_MAX_BASE64, 'must be at most 2 MB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be the file in base64'),
  name: z.string().trim().max(255, 'must be at most 255 characters').optional(),
  type: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  /** where the app shows it: the stored image is no larger than that (IMAGE_PURPOSES); default the largest */
  purpose: z.enum(Object.keys(IMAGE_PURPOSES) as [string, ...string[]]).optional(),
});
/** `media/{file}`: an image by the SHA-256 of its bytes, with its format's extension. */
export const mediaParams = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, 'must be <sha256>.png, .jpg or .webp') });

export const imageAnswer = z.object({
  url: z.string().meta({ description: 'where the image is served, content-hashed and cached for a year: /api/media/<sha256>.<ext>' }),
  sha256: z.string(),
  content_type: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  width: int(),
  height: int(),
  size: int().meta({ description: 'bytes, after re-encoding' }),
});
export type ImageData = z.infer<typeof imageAnswer>;
export type ImageUploadInput = z.input<typeof imageUploadBody>;
