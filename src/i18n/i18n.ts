/**
 * The app's one Lingui instance, as the core macros (`t`, `plural`, lingui.config.ts `runtimeConfigModule`),
 * `useLingui` and src/i18n/language.ts use it: English (no catalogue) until a language is chosen, so a
 * screen or a word helper used on its own (a unit test) speaks the source language, never Lingui's error
 * for no language.
 */
import { i18n as lingui, type I18n } from '@lingui/core';

if (!lingui.locale) lingui.loadAndActivate({ locale: 'en', messages: {} });

// a binding of this module's own, never a re-export: a re-export would let the bundler skip this module
// (package.json sideEffects) and its English, as the console's build did
export const i18n: I18n = lingui;
