import type { SiteSettings } from '#contract';
import { bestTextOn, parseColor, shadeForContrast, toHex, type Rgb } from './color';

/** Defaults used when the merchant leaves a colour out or sends one we cannot read. */
export const DEFAULT_BRAND = '#374151';
export const DEFAULT_ACCENT = '#b45309';
export const SURFACE = '#f8f7f5';
export const SURFACE_RAISED = '#ffffff';
/**
 * The boxes of the notices (`bg-danger/10`, `bg-warning/10`, `bg-success/10` over the raised surface,
 * src/ui/notice): a ghost button or a link in one is brand ink on that tint (tokens.css's tones at 10 %).
 */
export const NOTICE_TINTS = { danger: '#f8e8e8', warning: '#f4ece7', success: '#e8f0eb' } as const;

export interface Theme {
  /** CSS custom properties (`--color-brand` …) to set on the app root with applyTheme(). */
  vars: Record<string, string>;
  /** What the landing pages paint behind their content. */
  landing: { color: string; image: string | null };
}

function colorOr(input: string | undefined, fallback: string): Rgb {
  return parseColor(input) ?? parseColor(fallback)!;
}

/**
 * Pure: the merchant's settings → design tokens. Whatever colour the merchant picks, text on it
 * (`--color-brand-contrast`) is black or white, whichever contrasts more (≥ 4.5:1 for every
 * colour), and `--color-brand-ink` is a shade of the brand that reads at ≥ 4.5:1 on the surface,
 * on cards and in the notices' tinted boxes (for links, prices, active tabs, ghost buttons).
 */
export function themeFromSettings(settings: SiteSettings): Theme {
  const surface = parseColor(SURFACE)!;
  const raised = parseColor(SURFACE_RAISED)!;
  const brand = colorOr(settings.brand_color, DEFAULT_BRAND);
  const accent = colorOr(settings.accent_color, DEFAULT_ACCENT);
  // Ink must work on the surface, raised cards and the notices' tinted boxes: each shade only darkens
  // (or lightens) further, so the last one reads on every background checked before it.
  const backgrounds = [surface, raised, ...Object.values(NOTICE_TINTS).map((c) => parseColor(c)!)];
  const brandInk = backgrounds.reduce((ink, bg) => shadeForContrast(ink, bg), brand);

  const vars: Record<string, string> = {
    '--color-brand': toHex(brand),
    // the merchant's text colour on the brand when the theme studio set one (publishing checks it), else black or white
    '--color-brand-contrast': toHex(parseColor(settings.brand_text_color) ?? bestTextOn(brand)),
    '--color-brand-ink': toHex(brandInk),
    '--color-accent': toHex(accent),
    '--color-accent-contrast': toHex(bestTextOn(accent)),
    '--color-focus': toHex(brandInk),
  };

  const landingColor = parseColor(settings.landing_body_background_color);
  const color = landingColor ? toHex(landingColor) : SURFACE;
  const image = settings.landing_body_background_image?.trim() || null;
  const landing = settings.version === 'Lite' ? { color, image: null } : { color, image };
  return { vars, landing };
}

/** Sets the variables as inline custom properties on `element` (the app or story root). */
export function applyTheme(vars: Record<string, string>, element: HTMLElement): void {
  for (const [name, value] of Object.entries(vars)) element.style.setProperty(name, value);
}
