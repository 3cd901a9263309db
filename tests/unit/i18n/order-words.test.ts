/**
 * The order pages' counted words in the shipped catalogues (src/locales): a guest's points to claim and the
 * receipt's points earned, "1 point" and "3 points" in Filipino (English loanwords count with =1), one form in
 * Bahasa Indonesia.
 */
import { setupI18n } from '@lingui/core';
import { compiledCatalogue as compiled } from './support/compiled';
import { describe, expect, it } from 'vitest';

const EARNS = '{points, plural, one {This order earns {count} point} other {This order earns {count} points}}';
const EARNED = '{earned, plural, one {{count} point earned} other {{count} points earned}}';

describe("the order pages' points, counted", () => {
  it("English: '1 point', '3 points'", () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: compiled('en') } });
    expect(i18n._(EARNS, { points: 1, count: '1' })).toBe('This order earns 1 point');
    expect(i18n._(EARNED, { earned: 3, count: '3' })).toBe('3 points earned');
  });

  it("Filipino: '1 point', and '3 points' though 3 is Filipino's 'one' form", () => {
    const i18n = setupI18n({ locale: 'fil', messages: { fil: compiled('fil') } });
    expect(i18n._(EARNS, { points: 1, count: '1' })).toBe('May 1 point ang order na ito');
    expect(i18n._(EARNS, { points: 3, count: '3' })).toBe('May 3 points ang order na ito');
    expect(i18n._(EARNED, { earned: 1, count: '1' })).toBe('1 point ang nakuha');
    expect(i18n._(EARNED, { earned: 5, count: '5' })).toBe('5 points ang nakuha');
  });

  it("Bahasa Indonesia: one form, '1 poin', '3 poin'", () => {
    const i18n = setupI18n({ locale: 'id', messages: { id: compiled('id') } });
    expect(i18n._(EARNS, { points: 1, count: '1' })).toBe('Pesanan ini dapat 1 poin');
    expect(i18n._(EARNED, { earned: 3, count: '3' })).toBe('3 poin didapat');
  });
});
