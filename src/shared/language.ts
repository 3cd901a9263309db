import { isLanguage, SOURCE_LANGUAGE, type Language } from '#contract/languages';

/**
 * The language the app is shown in now: `<html lang>`, which the language switch keeps in step. Anything
 * else (no document, a code the app does not ship): the source language. The customer app passes it as
 * `lang` in the reads of the shop's own words (the menu), and keeps it in their SWR keys, so a switch reads them again.
 */
export function currentLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLanguage(lang) ? lang : SOURCE_LANGUAGE;
}
