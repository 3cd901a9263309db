// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SiteSettings } from '#contract';
import { applyTheme, themeFromSettings, DEFAULT_BRAND, NOTICE_TINTS, SURFACE, SURFACE_RAISED } from '../../../src/ui/theme/theme';
import { contrastRatio, parseColor } from '../../../src/ui/theme/color';

const base: SiteSettings = {
  setting_company: 'Kopi Senja',
  post_title: '/favicon.ico',
  post_file: '/logo.svg',
  landing_body_background_image: '/images/landing.jpg',
  landing_body_background_color: '#F4E9DC',
  version: 'Full',
  currency: 'IDR',
  locale: 'id-ID',
  brand_color: '#8B4513',
};

const ratio = (a: string, b: string) => contrastRatio(parseColor(a)!, parseColor(b)!);

describe('themeFromSettings', () => {
  it('uses the image with the colour behind it on the Full version', () => {
    expect(themeFromSettings(base).landing).toEqual({ color: '#f4e9dc', image: '/images/landing.jpg' });
  });

  it('never uses the image on the Lite version', () => {
    expect(themeFromSettings({ ...base, version: 'Lite' }).landing).toEqual({ color: '#f4e9dc', image: null });
  });

  it('treats an empty image as no image', () => {
    expect(themeFromSettings({ ...base, landing_body_background_image: '  ' }).landing.image).toBeNull();
  });

  it('falls back to the surface colour when the landing colour is unreadable', () => {
    expect(themeFromSettings({ ...base, landing_body_background_color: 'not a colour' }).landing.color).toBe(SURFACE);
  });

  it('sets the brand colour from the settings', () => {
    expect(themeFromSettings(base).vars['--color-brand']).toBe('#8b4513');
  });

  it('falls back to a neutral brand when none or an invalid one is given', () => {
    expect(themeFromSettings({ ...base, brand_color: undefined }).vars['--color-brand']).toBe(DEFAULT_BRAND);
    expect(themeFromSettings({ ...base, brand_color: 'javascript:alert(1)' }).vars['--color-brand']).toBe(DEFAULT_BRAND);
  });

  it('accepts short hex and rgb() colours', () => {
    expect(themeFromSettings({ ...base, brand_color: '#fe0' }).vars['--color-brand']).toBe('#ffee00');
    expect(themeFromSettings({ ...base, brand_color: 'rgb(0, 128, 255)' }).vars['--color-brand']).toBe('#0080ff');
  });

  it('puts black text on a yellow brand and white text on a dark brand', () => {
    expect(themeFromSettings({ ...base, brand_color: '#FFE600' }).vars['--color-brand-contrast']).toBe('#000000');
    expect(themeFromSettings(base).vars['--color-brand-contrast']).toBe('#ffffff');
  });

  it('keeps a brand that already reads on the surface as its own ink', () => {
    expect(themeFromSettings(base).vars['--color-brand-ink']).toBe('#8b4513');
  });

  it('darkens a light brand until it reads on the surface', () => {
    const ink = themeFromSettings({ ...base, brand_color: '#FFE600' }).vars['--color-brand-ink']!;
    expect(ink).not.toBe('#ffe600');
    expect(ratio(ink, SURFACE)).toBeGreaterThanOrEqual(4.5);
  });

  const hex = fc
    .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
    .map(([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`);

  it('meets WCAG AA for text on the brand, whatever colour the merchant picks', () => {
    fc.assert(
      fc.property(hex, (brand) => {
        const { vars } = themeFromSettings({ ...base, brand_color: brand });
        expect(ratio(vars['--color-brand']!, vars['--color-brand-contrast']!)).toBeGreaterThanOrEqual(4.5);
        expect(ratio(vars['--color-accent']!, vars['--color-accent-contrast']!)).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 500 },
    );
  });

  it('meets WCAG AA for brand ink on both surfaces, whatever colour the merchant picks', () => {
    fc.assert(
      fc.property(hex, (brand) => {
        const { vars } = themeFromSettings({ ...base, brand_color: brand });
        expect(ratio(vars['--color-brand-ink']!, SURFACE)).toBeGreaterThanOrEqual(4.5);
        expect(ratio(vars['--color-brand-ink']!, SURFACE_RAISED)).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 500 },
    );
  });

  it("meets WCAG AA for brand ink on a notice's tinted box too (a ghost button in a danger notice)", () => {
    // the Lite demo brand: its ink read 4.48:1 on the danger notice (#f8e8e8), which axe found on the desktop
    const { vars } = themeFromSettings({ ...base, brand_color: '#1F7A4D' });
    expect(ratio(vars['--color-brand-ink']!, '#f8e8e8')).toBeGreaterThanOrEqual(4.5);
    fc.assert(
      fc.property(hex, (brand) => {
        const ink = themeFromSettings({ ...base, brand_color: brand }).vars['--color-brand-ink']!;
        for (const tint of Object.values(NOTICE_TINTS)) expect(ratio(ink, tint)).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 300 },
    );
  });

  it('reads the tones of the notices from the same colours as the stylesheet', () => {
    const css = readFileSync('src/ui/theme/tokens.css', 'utf8');
    const token = (name: string) => new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
    // a tone at 10 % over the raised surface (white): bg-danger/10 on a card or the landing
    const tint = (hex: string) => {
      const c = parseColor(hex)!;
      const over = (v: number) => Math.round(255 + (v - 255) * 0.1);
      return `#${[c.r, c.g, c.b].map((v) => over(v).toString(16).padStart(2, '0')).join('')}`;
    };
    expect(NOTICE_TINTS).toEqual({ danger: tint(token('danger')!), warning: tint(token('warning')!), success: tint(token('success')!) });
    expect(SURFACE_RAISED).toBe(token('surface-raised'));
    expect(SURFACE).toBe(token('surface'));
  });

  it('is pure: the same settings give the same theme and the input is not changed', () => {
    const copy = structuredClone(base);
    expect(themeFromSettings(base)).toEqual(themeFromSettings(base));
    expect(base).toEqual(copy);
  });
});

describe('applyTheme', () => {
  it('sets each variable as an inline custom property', () => {
    const el = document.createElement('div');
    applyTheme({ '--color-brand': '#8b4513', '--color-brand-contrast': '#ffffff' }, el);
    expect(el.style.getPropertyValue('--color-brand')).toBe('#8b4513');
    expect(el.style.getPropertyValue('--color-brand-contrast')).toBe('#ffffff');
  });
});
