/**
 * Colour contrast by WCAG 2.x, pure: relative luminance, contrast ratio, and the colour nearest to a
 * merchant's pick that passes. The provider refuses to publish a theme whose body text fails AA
 * (4.5:1) on the brand colour or on the Lite landing background, with the suggestion from here; the
 * merchant console shows the same checks as the owner edits. Colours are `#rrggbb` (or `#rgb`).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/** WCAG AA for body text. */
export const AA_BODY_TEXT = 4.5;

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function parse(colour: string): Rgb | null {
  const m = HEX.exec(colour.trim());
  if (!m) return null;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!;
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

function hex({ r, g, b }: Rgb): string {
  const h = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(r)}${h(g)}${h(b)}`;
}

/** A colour as typed ("#1F7A4D", "#1f7", "1f7a4d", spaces around): #rrggbb in small letters, or null when it is none. */
export function hexColour(typed: string): string | null {
  const t = typed.trim();
  const rgb = parse(t.startsWith('#') ? t : `#${t}`);
  return rgb ? hex(rgb) : null;
}

function lum({ r, g, b }: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function ratio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2.x relative luminance of `#rrggbb` (0 black … 1 white); NaN when it is not a colour. */
export function relativeLuminance(colour: string): number {
  const c = parse(colour);
  return c ? lum(c) : Number.NaN;
}

/** The contrast ratio of two colours, 1 to 21; NaN when either is not a colour. */
export function contrastRatio(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  return x && y ? ratio(x, y) : Number.NaN;
}

/**
 * The colour nearest to `colour` (mixed toward black or toward white, whichever needs the smaller
 * change) whose contrast with `background` reaches `min`, as `#rrggbb`; `colour` itself when it passes
 * already; null when it is not a colour. Rounded to whole channels and checked again, so the answer
 * itself passes.
 */
export function nearestPassingColour(colour: string, background: string, min = AA_BODY_TEXT): string | null {
  const c = parse(colour);
  const bg = parse(background);
  if (!c || !bg) return null;
  if (ratio(c, bg) >= min) return hex(c);
  const mix = (to: Rgb, t: number): Rgb => ({
    r: Math.round(c.r + (to.r - c.r) * t),
    g: Math.round(c.g + (to.g - c.g) * t),
    b: Math.round(c.b + (to.b - c.b) * t),
  });
  let best: { t: number; rgb: Rgb } | null = null;
  for (const to of [
    { r: 0, g: 0, b: 0 },
    { r: 255, g: 255, b: 255 },
  ]) {
    if (ratio(to, bg) < min) continue;
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 30; i++) {
      const mid = (lo + hi) / 2;
      if (ratio(mix(to, mid), bg) >= min) hi = mid;
      else lo = mid;
    }
    // rounding may land just under: step on until the rounded colour passes
    let t = hi;
    while (t < 1 && ratio(mix(to, t), bg) < min) t = Math.min(1, t + 1 / 512);
    if (ratio(mix(to, t), bg) >= min && (!best || t < best.t)) best = { t, rgb: mix(to, t) };
  }
  return best ? hex(best.rgb) : null;
}

/** What a theme's text contrast is checked on: the colours the app paints. */
export interface ThemeColours {
  brand_color: string;
  /** text on brand-coloured buttons and bars (unset: black or white, whichever reads better) */
  brand_text_color?: string | undefined;
  landing_body_background_color: string;
  /** text on the landing background (unset: black or white, whichever reads better) */
  landing_text_color?: string | undefined;
  version: string;
}

export interface ContrastCheck {
  /** the setting a failure is reported on (and the one the suggestion replaces) */
  field: 'brand_color' | 'landing_body_background_color';
  text: string;
  background: string;
  ratio: number;
  passes: boolean;
  /** the background colour nearest to the merchant's that passes with this text; null when it passes */
  suggestion: string | null;
}

/**
 * The text colour the app paints on a background when the merchant sets none: black or white,
 * whichever reads better (src/ui/theme's bestTextOn), so an unset text colour is checked as shown.
 */
export function readableTextOn(background: string): string {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

/**
 * The AA checks of a theme: body text on the brand colour, and (Lite, whose landing is colour only)
 * body text on the landing background colour.
 */
export function themeContrastChecks(t: ThemeColours): ContrastCheck[] {
  const pairs: [ContrastCheck['field'], string, string][] = [['brand_color', t.brand_text_color || readableTextOn(t.brand_color), t.brand_color]];
  if (t.version === 'Lite')
    pairs.push(['landing_body_background_color', t.landing_text_color || readableTextOn(t.landing_body_background_color), t.landing_body_background_color]);
  return pairs.map(([field, text, background]) => {
    const r = contrastRatio(text, background);
    const passes = r >= AA_BODY_TEXT;
    return {
      field,
      text,
      background,
      ratio: Math.round(r * 100) / 100,
      passes,
      suggestion: passes ? null : nearestPassingColour(background, text, AA_BODY_TEXT),
    };
  });
}

/** A failed check in words, for the field's message: what fails and the suggestion. */
export function contrastMessage(c: ContrastCheck): string {
  const what = c.field === 'brand_color' ? 'Text on the brand colour' : 'Text on the landing background colour';
  return `${what} has a contrast of ${c.ratio.toFixed(2)}:1, below ${AA_BODY_TEXT}:1 (WCAG AA)${c.suggestion ? `: try ${c.suggestion}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// The checks in a café owner's words: "White text on this green is hard to read."
// ---------------------------------------------------------------------------------------------

/** A colour's everyday name ("green", "dark blue", "light grey", "brown"), from its hue and lightness. */
export function colourName(colour: string): string {
  const c = parse(colour);
  if (!c) return 'colour';
  const r = c.r / 255;
  const g = c.g / 255;
  const b = c.b / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (l >= 0.94) return 'white';
  if (l <= 0.08) return 'black';
  if (s < 0.15) return l > 0.75 ? 'light grey' : l < 0.3 ? 'dark grey' : 'grey';
  let h = d === 0 ? 0 : max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + 360) % 360;
  const hue =
    h < 15 || h >= 345 ? 'red' : h < 40 ? 'orange' : h < 65 ? 'yellow' : h < 165 ? 'green' : h < 195 ? 'teal' : h < 255 ? 'blue' : h < 290 ? 'purple' : 'pink';
  // dark oranges and yellows are what people call brown (coffee, caramel)
  if ((hue === 'orange' || hue === 'yellow' || (hue === 'red' && s < 0.6)) && l < 0.4) return l < 0.2 ? 'dark brown' : 'brown';
  if (l > 0.78) return `light ${hue}`;
  if (l < 0.25) return `dark ${hue}`;
  return hue;
}

/** What a text colour is called in a sentence: "White text", "Black text", "Light yellow text". */
function textName(colour: string): string {
  const name = colourName(colour);
  return `${name[0]!.toUpperCase()}${name.slice(1)} text`;
}

/** A fix for a failing check, best first: the change and what it looks like. */
export interface ContrastFix {
  /** the setting it changes, and its new value (undefined: back to automatic) */
  field: 'brand_text_color' | 'landing_text_color' | 'brand_color' | 'landing_body_background_color';
  value: string | undefined;
  /** the colour the owner will see (for a swatch) */
  shows: string;
  /** the button's words: "Use black text", "Use a darker yellow (#8a7500)" */
  label: string;
}

/** A failed check in the owner's words, once: "White text on this yellow is hard to read." */
export function contrastProblem(c: ContrastCheck): string {
  const where = c.field === 'brand_color' ? '' : ' landing background';
  return `${textName(c.text)} on this ${colourName(c.background)}${where} is hard to read.`;
}

/**
 * The fixes for a failing check, the obvious one first: the text colour that reads on this background
 * (black or white, what "automatic" picks), when it passes and is not the text already; then the
 * nearest background colour that passes with the text as it is (a muddier brand colour, so second).
 */
export function contrastFixes(c: ContrastCheck): ContrastFix[] {
  if (c.passes) return [];
  const fixes: ContrastFix[] = [];
  const textField = c.field === 'brand_color' ? 'brand_text_color' : 'landing_text_color';
  const automatic = readableTextOn(c.background);
  if (automatic !== c.text.toLowerCase() && contrastRatio(automatic, c.background) >= AA_BODY_TEXT) {
    // back to automatic when the owner had chosen a text colour; automatic is this colour from then on
    fixes.push({ field: textField, value: undefined, shows: automatic, label: `Use ${automatic === '#000000' ? 'black' : 'white'} text` });
  }
  if (c.suggestion) {
    const darker = relativeLuminance(c.suggestion) < relativeLuminance(c.background);
    const name = colourName(c.suggestion).replace(/^(light|dark) /, '');
    fixes.push({ field: c.field, value: c.suggestion, shows: c.suggestion, label: `Use a ${darker ? 'darker' : 'lighter'} ${name} (${c.suggestion})` });
  }
  return fixes;
}
