/**
 * The provider's words in the customer's language (docs/app.md, "What the shop sends"): Lingui's
 * core, no React, with each language's catalogue compiled by `npm run extract` (server/locales), so
 * nothing is parsed at run time. English is a catalogue too (the messages as written in messages.ts).
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { SOURCE_LANGUAGE, type Language } from '#contract/languages';
import { messages as en } from '../../locales/en/messages';
import { messages as fil } from '../../locales/fil/messages';
import { messages as id } from '../../locales/id/messages';

/** One Lingui instance per language, each activated once: no shared active language to switch back and forth. */
const CATALOGUES: Record<Language, Messages> = { en, fil, id };
const instances = new Map<Language, I18n>();

/** Where the text goes out: its words, each in the one language. */
export type Say = (message: MessageDescriptor, values?: Record<string, unknown>) => string;

/** The messages of messages.ts in `language` (a message missing there: in English, which the catalogue test forbids). */
export function sayIn(language: Language): Say {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGUES[language], [SOURCE_LANGUAGE]: en } });
    instances.set(language, i18n);
  }
  const active = i18n;
  return (message, values) => active._(message.id!, values, { message: en[message.id!] as unknown as string });
}

/**
 * The language of what is sent to a customer: the one they chose, while the shop still offers it, else
 * the shop's default. `chosen` null: never chosen (or no account yet and the page said none).
 */
export function recipientLanguage(chosen: Language | null | undefined, shop: { language_default: Language; languages: readonly Language[] }): Language {
  return chosen && shop.languages.includes(chosen) ? chosen : shop.language_default;
}
