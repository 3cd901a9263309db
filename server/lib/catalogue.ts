/**
 * The server's words in a customer's language, for the provider and the gateway alike: Lingui's core, no
 * React, with each language's catalogue compiled by `npm run extract` (server/locales, lingui.server.config.ts),
 * so nothing is parsed at run time. English is a catalogue too (the messages as written). Here, not in the
 * provider's i18n/, because the gateway words its own refusals too and imports nothing of the provider.
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { isLanguage, SOURCE_LANGUAGE, type Language } from '#contract/languages';
import { messages as en } from '../locales/en/messages';
import { messages as fil } from '../locales/fil/messages';
import { messages as id } from '../locales/id/messages';

/** One Lingui instance per language, each activated once: no shared active language to switch back and forth. */
const CATALOGUES: Record<Language, Messages> = { en, fil, id };
const instances = new Map<Language, I18n>();

/** Where the text goes out: its words, each in the one language. */
export type Say = (message: MessageDescriptor, values?: Record<string, unknown>) => string;

/** The catalogue's messages in `language` (a message missing there: in English, which the catalogue test forbids). */
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
 * The language a refusal is worded in: the request's Accept-Language when its first language is one the
 * app ships (the customer app sends the language it speaks; `fil-PH`, `tl`, `id-ID` and `in` count too),
 * else English (the console and API clients send none). Not checked against the shop's offer: the app
 * speaks only a language the shop offers, and a refusal's words are no setting of the shop.
 */
export function requestLanguage(header: string | undefined): Language {
  const base = (header ?? '').split(',')[0]!.split(';')[0]!.trim().toLowerCase().split('-')[0]!;
  const code = base === 'tl' ? 'fil' : base === 'in' ? 'id' : base;
  return isLanguage(code) ? code : SOURCE_LANGUAGE;
}
