/**
 * The theme (the console's Brand page): a draft kept on the server, published versions, share-preview
 * links, and the public read of a preview link (`settings/preview`). The schemas of the area's calls
 * (theme.calls.ts declares them; theme.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { id, linkToken } from './fields';
import { imageUrl } from './media';

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #9a4a1c')
  .transform((v) => v.toLowerCase());
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
export type PreviewQuery = z.infer<typeof previewQuery>;

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
  checks: z
    .array(contrastCheckAnswer)
    .meta({ description: 'WCAG AA (4.5:1) for body text on the brand colour and, in Lite, on the landing background colour' }),
  saved_at: time().nullable().meta({ description: 'when the draft was last saved; null: no draft, this is the live theme' }),
  live: z.boolean().meta({ description: 'whether the draft is the live theme' }),
});
export type ThemeDraftData = z.infer<typeof themeDraftAnswer>;

const staffRef = z.object({ id: int(), name: z.string(), email: z.string() }).nullable();
export const themeVersionAnswer = z
  .object({
    id: int(),
    theme: themeAnswer,
    published_at: time(),
    published_by: staffRef.meta({ description: 'null: the theme the shop had before its first publish' }),
    restored_from: int().nullable(),
  })
  .meta({ id: 'ThemeVersion' });
export type ThemeVersionData = z.infer<typeof themeVersionAnswer>;
export const themeVersionOnlyAnswer = z.object({ version: themeVersionAnswer });
export type ThemeVersionOnlyData = z.infer<typeof themeVersionOnlyAnswer>;
export const themeVersionsAnswer = z.object({ versions: z.array(themeVersionAnswer).meta({ description: 'newest first' }), current_id: int().nullable() });
export type ThemeVersionsData = z.infer<typeof themeVersionsAnswer>;
export const previewLinkAnswer = z.object({
  preview_token: z.string().meta({ description: 'opens the app with the draft: /?preview=<preview_token>' }),
  expires_at: time(),
});
export type PreviewLinkData = z.infer<typeof previewLinkAnswer>;
