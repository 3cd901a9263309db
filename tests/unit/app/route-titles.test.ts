/**
 * The pages' titles in the language spoken (src/app/route-titles.ts): every route's English title in the
 * contract, and the page not found's, has its message, with the same English, so a new route's title is
 * never left out of the catalogues (which tests/unit/i18n/catalogues.test.ts then holds translated).
 */
import { describe, expect, it } from 'vitest';
import { TITLES } from '#contract/routes';
import { i18n } from '#i18n/i18n';
import { NOT_FOUND_TITLE, TITLE_MESSAGES, translatedTitle } from '../../../src/app/route-titles';

describe("the pages' titles", () => {
  it('has a message for every title, its English the same', () => {
    for (const english of [...new Set(Object.values(TITLES)), NOT_FOUND_TITLE]) {
      const message = TITLE_MESSAGES[english];
      expect(message, english).toBeDefined();
      // in English (spoken until another language is), the message says the title as the contract does
      expect(i18n._(message!), english).toBe(english);
    }
    // and none for a title no route has
    expect(Object.keys(TITLE_MESSAGES).sort()).toEqual([...new Set([...Object.values(TITLES), NOT_FOUND_TITLE])].sort());
  });

  it('speaks English until another language is spoken, and keeps a title it has no message for', () => {
    expect(translatedTitle('Order History')).toBe('Order History');
    expect(translatedTitle('Not a title')).toBe('Not a title');
  });
});
