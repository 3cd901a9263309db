/**
 * The merchant console's theme studio and images (being split into their areas: staff.ts has the sign-in and team).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { id } from './fields';
import { linkToken } from './staff';
import { IMAGE_MAX_BYTES, IMAGE_PURPOSES } from './staff-checks';

const time = () => z.string().meta({ format: 'date-time', description: 'ISO 8601, UTC' });

// ---------------------------------------------------------------------------------------------
// The theme studio: a draft kept on the server, published versions, share-preview links
// ---------------------------------------------------------------------------------------------

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #9a4a1c')
  .transform((v) => v.toLowerCase());
/**
 * An image the app shows (favicon, logo, landing background): empty (none), a path on this site (an
 * uploaded image's `/media/…`, or the demo's files), or an https:// address. Never another scheme
 * (javascript:, data:, http:), never protocol-relative (`//host`).
 */
export const imageUrl = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine((v) => v === '' || /^\/(?![/\\])[^\s"'<>\\]*$/.test(v) || /^https:\/\/[^\s"'<>\\/]+(\/[^\s"'<>\\]*)?$/.test(v), 'must be an uploaded image (/media/…), a path on this site or an https:// address');

/** Every setting of the theme: what the app shell reads, and the colours its tokens derive from. Unknown fields are refused. */
const themeSettings = z.strictObject({
  setting_company: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  /** the favicon */
  post_title: imageUrl,
  /** the logo */
  post_file: imageUrl,
  landing_body_background_image: imageUrl,
  landing_body_background_color: colour,
  version: z.enum(['Lite', 'Full'], { error: 'must be Lite or Full' }),
  brand_color: colour,
  accent_color: colour,
  /** text on the brand colour (unset: black or white, whichever reads better): checked against it for WCAG AA */
  brand_text_color: colour.optional(),
  /** text on the landing background colour (unset: black or white, whichever reads better): checked against it (Lite) for WCAG AA */
  landing_text_color: colour.optional(),
});
export type ThemeSettings = z.infer<typeof themeSettings>;
/** The theme settings' names, for picking them out of the merchant's settings. */
export const THEME_FIELDS = Object.keys(themeSettings.shape) as (keyof ThemeSettings)[];

/** `merchant/theme/draft` (POST): the whole draft, saved as it is (it may fail the contrast checks; publishing may not). */
export const themeDraftBody = themeSettings;
/** `merchant/theme/restore`: an earlier published version. */
export const themeRestoreBody = z.object({ id });
/** `settings/preview`: a share-preview link's secret. */
export const previewQuery = z.object({ token: linkToken });

const themeAnswer = z
  .object({
    setting_company: z.string(),
    post_title: z.string(),
    post_file: z.string(),
    landing_body_background_image: z.string(),
    landing_body_background_color: z.string(),
    version: z.string(),
    brand_color: z.string(),
    accent_color: z.string(),
    brand_text_color: z.string().optional(),
    landing_text_color: z.string().optional(),
  })
  .meta({ id: 'Theme' });
const contrastCheckAnswer = z.object({
  field: z.enum(['brand_color', 'landing_body_background_color']),
  text: z.string(),
  background: z.string(),
  ratio: z.number(),
  passes: z.boolean(),
  suggestion: z.string().nullable().meta({ description: 'the colour nearest to the background that passes with this text' }),
});
export const themeDraftAnswer = z.object({
  theme: themeAnswer,
  checks: z.array(contrastCheckAnswer).meta({ description: 'WCAG AA (4.5:1) for body text on the brand colour and, in Lite, on the landing background colour' }),
  saved_at: time().nullable().meta({ description: 'when the draft was last saved; null: no draft, this is the live theme' }),
  live: z.boolean().meta({ description: 'whether the draft is the live theme' }),
});
export type ThemeDraftData = z.infer<typeof themeDraftAnswer>;

const staffRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable();
export const themeVersionAnswer = z
  .object({
    id: z.number().int(),
    theme: themeAnswer,
    published_at: time(),
    published_by: staffRef.meta({ description: 'null: the theme the shop had before its first publish' }),
    restored_from: z.number().int().nullable(),
  })
  .meta({ id: 'ThemeVersion' });
export type ThemeVersionData = z.infer<typeof themeVersionAnswer>;
export const themeVersionOnlyAnswer = z.object({ version: themeVersionAnswer });
export const themeVersionsAnswer = z.object({ versions: z.array(themeVersionAnswer).meta({ description: 'newest first' }), current_id: z.number().int().nullable() });
export type ThemeVersionsData = z.infer<typeof themeVersionsAnswer>;
export const previewLinkAnswer = z.object({ preview_token: z.string().meta({ description: 'opens the app with the draft: /?preview=<preview_token>' }), expires_at: time() });
export type PreviewLinkData = z.infer<typeof previewLinkAnswer>;

// ---------------------------------------------------------------------------------------------
// Images (logo, favicon, landing background): uploaded from the studio, kept in the database
// ---------------------------------------------------------------------------------------------

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
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int().meta({ description: 'bytes, after re-encoding' }),
});
export type ImageData = z.infer<typeof imageAnswer>;
