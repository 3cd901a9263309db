/**
 * The contract's contrast module (src/contract/contrast.ts): WCAG 2.x luminance and contrast, the
 * nearest passing colour, and a theme's AA checks (what publishing is refused on).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AA_BODY_TEXT, contrastMessage, contrastRatio, nearestPassingColour, readableTextOn, relativeLuminance, themeContrastChecks } from '#contract/contrast';

const hexColour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

describe('contrast', () => {
  it('computes WCAG luminance and ratios (known values)', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // the classic borderline grey: #767676 passes on white, #777777 does not
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#9a4a1c', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#9a4a1c'));
    expect(contrastRatio('red', '#ffffff')).toBeNaN();
    expect(nearestPassingColour('red', '#ffffff')).toBeNull();
  });

  it('suggests the colour itself when it passes, else a passing colour, in the same direction as the nearest fix', () => {
    expect(nearestPassingColour('#1f5f8b', '#ffffff')).toBe('#1f5f8b');
    const s = nearestPassingColour('#f2b33d', '#ffffff')!;
    expect(contrastRatio(s, '#ffffff')).toBeGreaterThanOrEqual(AA_BODY_TEXT);
    expect(relativeLuminance(s)).toBeLessThan(relativeLuminance('#f2b33d'));
    // a light text colour on a near-white background: the background must darken
    const d = nearestPassingColour('#fafafa', '#eeeeee')!;
    expect(contrastRatio(d, '#eeeeee')).toBeGreaterThanOrEqual(AA_BODY_TEXT);
  });

  it('always answers a passing colour, and the colour itself when it passes already', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (colour, background) => {
        const s = nearestPassingColour(colour, background)!;
        expect(s).toMatch(/^#[0-9a-f]{6}$/);
        expect(contrastRatio(s, background)).toBeGreaterThanOrEqual(AA_BODY_TEXT);
        if (contrastRatio(colour, background) >= AA_BODY_TEXT) expect(s).toBe(colour);
      }),
      { numRuns: 500 },
    );
  });

  it("checks a theme's body text on the brand colour, and on the landing colour in Lite only", () => {
    const base = { brand_color: '#f2b33d', brand_text_color: '#ffffff', landing_body_background_color: '#ffd166', landing_text_color: '#ffffff', version: 'Full' };
    const full = themeContrastChecks(base);
    expect(full.map((c) => [c.field, c.passes])).toEqual([['brand_color', false]]);
    expect(contrastMessage(full[0]!)).toMatch(/^Text on the brand colour has a contrast of \d\.\d\d:1, below 4\.5:1 \(WCAG AA\): try #[0-9a-f]{6}$/);
    const lite = themeContrastChecks({ ...base, version: 'Lite', brand_text_color: '#111111' });
    expect(lite.map((c) => [c.field, c.passes])).toEqual([
      ['brand_color', true],
      ['landing_body_background_color', false],
    ]);
    expect(themeContrastChecks({ ...base, version: 'Lite', brand_text_color: '#111111', landing_text_color: '#222222' }).every((c) => c.passes)).toBe(true);
  });

  it('checks an unset text colour as the app paints it: black or white, whichever reads better', () => {
    // white on this teal is 4.2:1 and would fail; the app paints black on it, which passes
    const checks = themeContrastChecks({ brand_color: '#1f8a70', landing_body_background_color: '#f2b33d', version: 'Lite' });
    expect(checks.map((c) => [c.text, c.passes])).toEqual([
      ['#000000', true],
      ['#000000', true],
    ]);
    expect(readableTextOn('#1f2937')).toBe('#ffffff');
  });
});
