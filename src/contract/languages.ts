/**
 * The languages the app ships, free of zod so the app's first chunk can read it: English (the source
 * language, whose words are in the code and need no catalogue), Filipino and Bahasa Indonesia.
 * One list for the provider (the shop's offered languages, a customer's stored choice, the shop's own
 * words per language), the app (the switch, the catalogues it loads) and the console.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

export const LANGUAGES = ['en', 'fil', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language the code is written in: every other language falls back to it, word by word. */
export const SOURCE_LANGUAGE: Language = 'en';

/** Each language's name in itself, as a switch offers it to someone who may not read the current one. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino', id: 'Bahasa Indonesia' };

/** The plain refusal for an unknown code, one wording for every call that takes a language. */
export const LANGUAGE_ERROR = `must be one of ${LANGUAGES.join(', ')}`;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The languages a shop offers, from its settings (unknown codes dropped; none set: the source language alone). */
export function offeredLanguages(settings: { languages?: readonly string[] | null | undefined }): Language[] {
  const offered = (settings.languages ?? []).filter(isLanguage);
  return offered.length > 0 ? offered : [SOURCE_LANGUAGE];
}

/** A shop's default language, from its settings (none set, or unknown: the source language). */
export const shopDefaultLanguage = (settings: { language_default?: string | null | undefined }): Language =>
  isLanguage(settings.language_default) ? settings.language_default : SOURCE_LANGUAGE;
