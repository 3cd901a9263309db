/**
 * Installing the app on a phone or desktop: the web app manifest in the merchant's brand and the icons
 * made from the merchant's logo (issue 31). The provider answers both (`app/manifest`, `app/icon`;
 * server/provider/media/app-icons.ts); the gateway serves the manifest at `/manifest.webmanifest` and
 * names it, the apple-touch-icon and the theme colour in every page's <head> (page-html.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import type { SiteSettings } from './settings';
import { appShortName, SHORT_NAME_MAX } from './short-name';

/** The icon sizes installers ask for: 180 (iOS's apple-touch-icon), 192 and 512 (the manifest's). */
export const APP_ICON_SIZES = ['180', '192', '512'] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];
export const APP_ICON_PURPOSES = ['any', 'maskable'] as const;
export type AppIconPurpose = (typeof APP_ICON_PURPOSES)[number];

/** Where the gateway serves the manifest, named by every page. */
export const MANIFEST_PATH = '/manifest.webmanifest';
/** The provider's call the gateway answers it with. */
export const MANIFEST_CALL = 'app/manifest';
/** Changed when the icons are drawn differently, so every installed copy fetches them again. */
const ICON_DRAWING = 1;

export const appIconQuery = z.object({
  size: z.enum(APP_ICON_SIZES, { error: `must be one of ${APP_ICON_SIZES.join(', ')}` }),
  purpose: z.enum(APP_ICON_PURPOSES, { error: `must be one of ${APP_ICON_PURPOSES.join(', ')}` }).default('any'),
  /** the icons' version the manifest named (appIconVersion): with the current one the answer is kept a year */
  v: z
    .string()
    .regex(/^[0-9a-z]{1,16}$/, 'must be the version the manifest names')
    .optional(),
});

const HEX = /^#[0-9a-f]{6}$/i;
/** A `#rrggbb` colour of the settings, or the fallback (never anything else into an SVG or a page). */
export function hexColour(value: unknown, fallback: string): string {
  return typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : fallback;
}

/** The app's own defaults (src/ui/theme, index.html) for a colour the merchant never set. */
export const DEFAULT_BRAND = '#374151';
export const DEFAULT_BACKGROUND = '#f8f7f5';

export type InstallSettings = Pick<SiteSettings, 'setting_company' | 'post_file' | 'landing_body_background_color' | 'locale'> &
  Partial<Pick<SiteSettings, 'brand_color' | 'brand_text_color' | 'short_name'>>;

/** The letter a logo-less icon shows: the shop name's first letter or digit, upper case. */
export function appInitial(name: string): string {
  const first = [...name.normalize('NFC')].find((c) => /[\p{L}\p{N}]/u.test(c));
  return (first ?? '★').toLocaleUpperCase();
}

/** cyrb53: a fast 53-bit string hash; a cache key here, never a secret. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The version of the icons: it changes whenever what they are drawn from does (the logo, whose uploaded
 * URL is the hash of its bytes, the brand colours, the initial), so a versioned icon URL never changes meaning.
 */
export function appIconVersion(s: InstallSettings): string {
  const parts = [ICON_DRAWING, s.post_file, hexColour(s.brand_color, DEFAULT_BRAND), s.brand_text_color ?? '', appInitial(s.setting_company)];
  return hash53(JSON.stringify(parts)).toString(36);
}

/** An icon's URL under the gateway's `/api/` (`prefix`), with its version. */
export function appIconUrl(prefix: string, s: InstallSettings, size: AppIconSize, purpose: AppIconPurpose = 'any'): string {
  return `${prefix}app/icon?size=${size}${purpose === 'any' ? '' : `&purpose=${purpose}`}&v=${appIconVersion(s)}`;
}

export const webAppManifestAnswer = z
  .object({
    id: z.string(),
    name: z.string(),
    short_name: z.string().max(SHORT_NAME_MAX),
    lang: z.string(),
    start_url: z.literal('/home'),
    scope: z.literal('/'),
    display: z.literal('standalone'),
    theme_color: z.string(),
    background_color: z.string(),
    icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.literal('image/png'), purpose: z.enum(APP_ICON_PURPOSES) })),
  })
  .meta({ id: 'WebAppManifest' });
export type WebAppManifest = z.infer<typeof webAppManifestAnswer>;

/** The manifest of the merchant's app: public settings only (name, colours, the icons' URLs). */
export function webAppManifest(prefix: string, s: InstallSettings): WebAppManifest {
  const name = s.setting_company.trim() || 'Rewards';
  return {
    id: '/home',
    name,
    short_name: appShortName(s),
    lang: /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(s.locale ?? '') ? s.locale : 'en',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: hexColour(s.brand_color, DEFAULT_BRAND),
    background_color: hexColour(s.landing_body_background_color, DEFAULT_BACKGROUND),
    icons: [
      { src: appIconUrl(prefix, s, '192'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: appIconUrl(prefix, s, '512'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: appIconUrl(prefix, s, '512', 'maskable'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
