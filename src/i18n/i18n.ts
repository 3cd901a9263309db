/**
 * The app's one Lingui instance, as the core macros (`t`, `plural`, lingui.config.ts `runtimeConfigModule`),
 * `useLingui` and src/i18n/language.ts use it: English (no catalogue) until a language is chosen, so a
 * screen or a word helper used on its own (a unit test) speaks the source language, never Lingui's error
 * for no language.
 */
import { i18n } from '@lingui/core';

if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });

export { i18n };
