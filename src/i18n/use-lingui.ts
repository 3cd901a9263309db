/**
 * The `useLingui` Lingui's macros call (lingui.config.ts `runtimeConfigModule`): the app's one Lingui
 * instance, re-rendering the component when the language changes, without @lingui/react's provider,
 * so the sign-in page's first load carries only @lingui/core (docs/performance.md).
 */
import { useMemo, useSyncExternalStore } from 'react';
import { i18n, type I18n } from '@lingui/core';

// English (no catalogue) until a language is chosen (src/i18n/language.ts): a screen rendered on its own
// (a unit test) speaks the source language, never Lingui's error for no language
if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });

const subscribe = (changed: () => void) => i18n.on('change', changed);
const locale = () => i18n.locale;

export interface LinguiHandle {
  i18n: I18n;
  _: I18n['_'];
  /** the language spoken */
  locale: string;
}

export function useLingui(): LinguiHandle {
  const now = useSyncExternalStore(subscribe, locale, locale);
  // a new object for each language: what a component memoised on it is made again in the new one
  return useMemo(() => ({ i18n, _: i18n._.bind(i18n), locale: now }), [now]);
}
