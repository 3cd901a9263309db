/**
 * The `useLingui` Lingui's macros call (lingui.config.ts `runtimeConfigModule`): the app's one Lingui
 * instance, re-rendering the component when the language changes, without @lingui/react's provider,
 * so the sign-in page's first load carries only @lingui/core (docs/performance.md).
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { I18n } from '@lingui/core';
import { i18n } from './i18n';

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
