import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../../../src/i18n/language';

/** Which language the app speaks (docs/languages.md): the customer's, the device's, the browser's the shop offers, the shop's default. */
describe('pickLanguage', () => {
  const shop = { offered: ['en', 'fil', 'id'], shopDefault: 'en' };

  it("speaks the signed-in customer's stored choice first, then this device's, then the browser's", () => {
    expect(pickLanguage({ ...shop, customer: 'id', device: 'fil', browser: ['en-US'] })).toBe('id');
    expect(pickLanguage({ ...shop, customer: null, device: 'fil', browser: ['id-ID'] })).toBe('fil');
    expect(pickLanguage({ ...shop, browser: ['de-DE', 'id-ID', 'en'] })).toBe('id');
  });

  it('reads the browser tags Filipino and Indonesian go by (tl, fil-PH, in, id-ID)', () => {
    expect(pickLanguage({ ...shop, browser: ['tl-PH'] })).toBe('fil');
    expect(pickLanguage({ ...shop, browser: ['fil-PH'] })).toBe('fil');
    expect(pickLanguage({ ...shop, browser: ['in'] })).toBe('id');
  });

  it("never speaks a language the shop does not offer: the shop's default then", () => {
    const enFil = { offered: ['en', 'fil'], shopDefault: 'fil' };
    expect(pickLanguage({ ...enFil, customer: 'id', device: 'id', browser: ['id-ID'] })).toBe('fil');
    expect(pickLanguage({ ...enFil, browser: ['de'] })).toBe('fil');
    expect(pickLanguage({ ...enFil, customer: 'de', device: 'xx' })).toBe('fil');
  });

  it('English when the settings say nothing (an outside host, an older provider)', () => {
    expect(pickLanguage({ browser: ['fil-PH'] })).toBe('en');
    expect(pickLanguage({ offered: ['id'], shopDefault: 'en', browser: [] })).toBe('id');
  });
});
