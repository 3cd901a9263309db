/**
 * The contract's contrast module (src/contract/contrast.ts): WCAG 2.x luminance and contrast, the
 * nearest passing colour, and a theme's AA checks (what publishing is refused on).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hexColour as typedColour,
  AA_BODY_TEXT,
  colourName,
  contrastFixes,
  contrastMessage,
  contrastProblem,
  contrastRatio,
  nearestPassingColour,
  readableTextOn,
  relativeLuminance,
  themeContrastChecks,
} from '#contract/contrast';

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
    const base = {
      brand_color: '#f2b33d',
      brand_text_color: '#ffffff',
      landing_body_background_color: '#ffd166',
      landing_text_color: '#ffffff',
      version: 'Full',
    };
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

describe('contrast in a café owner’s words', () => {
  it('names colours the way people do', () => {
    expect(colourName('#ffffff')).toBe('white');
    expect(colourName('#000000')).toBe('black');
    expect(colourName('#16a34a')).toBe('green');
    expect(colourName('#22c55e')).toBe('green');
    expect(colourName('#fde047')).toBe('yellow');
    expect(colourName('#fef9c3')).toBe('light yellow');
    expect(colourName('#eab308')).toBe('yellow');
    expect(colourName('#1d4ed8')).toBe('blue');
    expect(colourName('#9a4a1c')).toBe('brown');
    expect(colourName('#3b2418')).toBe('dark brown');
    expect(colourName('#0f766e')).toBe('teal');
    expect(colourName('#dc2626')).toBe('red');
    expect(colourName('#9ca3af')).toBe('grey');
    expect(colourName('#f3f4f6')).toBe('white');
  });

  it('says what is wrong once, in words: which text on which colour', () => {
    const [brand] = themeContrastChecks({ brand_color: '#22c55e', brand_text_color: '#ffffff', landing_body_background_color: '#ffffff', version: 'Full' });
    expect(brand!.passes).toBe(false);
    expect(contrastProblem(brand!)).toBe('White text on this green is hard to read.');
    const landing = themeContrastChecks({
      brand_color: '#000000',
      landing_body_background_color: '#fde047',
      landing_text_color: '#fafafa',
      version: 'Lite',
    })[1]!;
    expect(contrastProblem(landing)).toBe('White text on this yellow landing background is hard to read.');
  });

  it('offers dark text before a muddier brand colour, and each fix passes', () => {
    const theme = { brand_color: '#22c55e', brand_text_color: '#ffffff', landing_body_background_color: '#ffffff', version: 'Full' };
    const [check] = themeContrastChecks(theme);
    const fixes = contrastFixes(check!);
    expect(fixes.map((f) => f.label)).toEqual([`Use black text`, expect.stringMatching(/^Use a darker green \(#[0-9a-f]{6}\)$/)]);
    // the first goes back to automatic text, which is black on this green
    expect(fixes[0]).toMatchObject({ field: 'brand_text_color', value: undefined, shows: '#000000' });
    for (const f of fixes) {
      const fixed = { ...theme, [f.field]: f.value };
      expect(themeContrastChecks(fixed)[0]!.passes).toBe(true);
    }
  });

  it('never fails automatic text: black or white always reads on one side of AA, so the fixes are for chosen colours', () => {
    fc.assert(
      fc.property(hexColour, (brand) => {
        expect(themeContrastChecks({ brand_color: brand, landing_body_background_color: brand, version: 'Lite' }).every((c) => c.passes)).toBe(true);
      }),
    );
  });

  it('has nothing to fix on a passing check', () => {
    expect(contrastFixes(themeContrastChecks({ brand_color: '#1d4ed8', landing_body_background_color: '#ffffff', version: 'Full' })[0]!)).toEqual([]);
  });
});

describe('a colour code typed beside the picker', () => {
  it('takes #rgb and #rrggbb in any case, with or without #, as #rrggbb in small letters', () => {
    expect(typedColour('#1F7A4D')).toBe('#1f7a4d');
    expect(typedColour(' #1f7 ')).toBe('#11ff77');
    expect(typedColour('1f7a4d')).toBe('#1f7a4d');
  });

  it('refuses what is no colour code', () => {
    for (const typed of ['', '#', 'green', '#12', '#12345', '#1234567', '#ggg', 'rgb(0,0,0)']) expect(typedColour(typed)).toBeNull();
  });
});
