/**
 * The language the customer app speaks (docs/languages.md), chosen in this order: the signed-in
 * customer's stored choice, else a choice made on this device, else the browser's first language the
 * shop offers, else the shop's default. Free of React: main.tsx picks and loads it before the first paint.
 */
import { i18n, type Messages } from '@lingui/core';
import { isLanguage, SOURCE_LANGUAGE, type Language } from '#contract/languages';
import { useLingui } from './use-lingui';

/** The device's choice (the sign-in page's switch, the profile's), kept across visits. */
export const LANGUAGE_KEY = 'language';

export interface LanguageInputs {
  /** the languages the shop offers (absent or empty: English only) */
  offered?: readonly string[] | undefined;
  /** the shop's default language */
  shopDefault?: string | undefined;
  /** the signed-in customer's stored choice (null: never chosen) */
  customer?: string | null | undefined;
  /** the choice made on this device */
  device?: string | null | undefined;
  /** the browser's languages, most wanted first (navigator.languages) */
  browser?: readonly string[] | undefined;
}

/** The browser tag's language (fil-PH → fil, in-ID and id-ID → id, tl → fil: Tagalog is Filipino's base). */
function languageOfTag(tag: string): Language | undefined {
  const base = tag.toLowerCase().split('-')[0] ?? '';
  const code = base === 'tl' ? 'fil' : base === 'in' ? 'id' : base;
  return isLanguage(code) ? code : undefined;
}

/** The language to speak: the first of the customer's, the device's, the browser's the shop offers; else the shop's default. */
export function pickLanguage({ offered, shopDefault, customer, device, browser = [] }: LanguageInputs): Language {
  const offers = (offered ?? []).filter(isLanguage);
  const fallback = isLanguage(shopDefault) && (offers.length === 0 || offers.includes(shopDefault)) ? shopDefault : (offers[0] ?? SOURCE_LANGUAGE);
  const allowed = (l: unknown): l is Language => isLanguage(l) && (offers.length === 0 ? l === fallback : offers.includes(l));
  if (allowed(customer)) return customer;
  if (allowed(device)) return device;
  for (const tag of browser) {
    const l = languageOfTag(tag);
    if (allowed(l)) return l;
  }
  return fallback;
}

/** The choice made on this device, if any. */
export function deviceLanguage(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function keepDeviceLanguage(language: Language, storage: Storage = localStorage) {
  try {
    storage.setItem(LANGUAGE_KEY, language);
  } catch {
    // private mode: the choice lasts this visit
  }
}

/** Each translated language's catalogue, compiled by Lingui's Vite plugin, in a chunk of its own. English has none. */
const CATALOGUES: Record<Language, (() => Promise<{ messages: Messages }>) | null> = {
  en: null,
  fil: () => import('../locales/fil/messages.po'),
  id: () => import('../locales/id/messages.po'),
};

let wanted: Language = SOURCE_LANGUAGE;

/**
 * Speaks `language` from now on: loads its catalogue (none for English), activates it and sets
 * `<html lang>` (which the shop's own words follow). A later call wins over one still loading.
 */
export async function speakLanguage(language: Language): Promise<void> {
  wanted = language;
  const load = CATALOGUES[language];
  const messages = load ? (await load()).messages : {};
  if (wanted !== language) return;
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
}

/** The language spoken now. */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : SOURCE_LANGUAGE);

/**
 * The language spoken, for a component: it renders again when the language changes, so what it reads in
 * the reader's language (the shop's own words: the menu, the rewards, as `lang`) is read again.
 */
export function useLanguage(): Language {
  const { locale } = useLingui();
  return isLanguage(locale) ? locale : SOURCE_LANGUAGE;
}

// Lingui throws on a message before any language is active: English (no catalogue) until main.tsx picks one.
i18n.loadAndActivate({ locale: SOURCE_LANGUAGE, messages: {} });
