/** Small colour maths for the theme: sRGB parsing, WCAG 2.x relative luminance and contrast. */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_FN = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})(?:[\s,/]+[\d.]+%?)?\s*\)$/i;

/** Parses `#rgb`, `#rrggbb` (with or without `#`) and `rgb(r, g, b)`; anything else is null. */
export function parseColor(input: string | null | undefined): Rgb | null {
  if (!input) return null;
  const text = input.trim();
  const hex = HEX.exec(text);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
    const n = Number.parseInt(digits, 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
  }
  const fn = RGB_FN.exec(text);
  if (fn) {
    const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number) as [number, number, number];
    if (r > 255 || g > 255 || b > 255) return null;
    return { r, g, b };
  }
  return null;
}

export function toHex({ r, g, b }: Rgb): string {
  const h = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(r)}${h(g)}${h(b)}`;
}

/** WCAG 2.x relative luminance. */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

export const BLACK: Rgb = { r: 0, g: 0, b: 0 };
export const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** Black or white, whichever contrasts more with `bg` (at least 4.58:1 for any colour). */
export function bestTextOn(bg: Rgb): Rgb {
  return contrastRatio(bg, BLACK) >= contrastRatio(bg, WHITE) ? BLACK : WHITE;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

/**
 * The shade of `color` nearest to it that reaches `ratio` against `bg`: mixed toward black on a
 * light background, toward white on a dark one. Binary search on the mix amount, then rounded
 * to whole channels and re-checked, so the hex we emit is itself compliant.
 */
export function shadeForContrast(color: Rgb, bg: Rgb, ratio = 4.5): Rgb {
  if (contrastRatio(color, bg) >= ratio) return color;
  const target = bestTextOn(bg);
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(mix(color, target, mid), bg) >= ratio) hi = mid;
    else lo = mid;
  }
  let t = hi;
  let out = parseColor(toHex(mix(color, target, t)))!;
  while (contrastRatio(out, bg) < ratio && t < 1) {
    t = Math.min(1, t + 0.01);
    out = parseColor(toHex(mix(color, target, t)))!;
  }
  return out;
}
