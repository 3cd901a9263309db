import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { SOURCE_LANGUAGE } from './src/contract/languages.ts';

/**
 * The merchant console's catalogue (docs/languages.md, "The merchant console"): its shell (src/console) and
 * screens (src/screens/console), English in the code through the same macros as the app's, apart from the
 * app's catalogue (lingui.config.ts) so the app's Filipino and Indonesian never wait on the console's words.
 * English alone ships: the console's macros run on the app's one instance (runtimeConfigModule as the
 * app's), which speaks English in the console, and English needs no catalogue. To translate the console,
 * add a language to `locales` here, run `npm run extract`, translate its src/console/locales/<lang>/messages.po,
 * and have the console load it as the app does (src/i18n/language.ts).
 */
export default defineConfig({
  sourceLocale: SOURCE_LANGUAGE,
  locales: [SOURCE_LANGUAGE],
  fallbackLocales: { default: SOURCE_LANGUAGE },
  // LINGUI_CATALOGS: another folder for the catalogues (tests/unit/i18n/catalogues.test.ts extracts into a copy)
  catalogs: [
    {
      path: `${process.env.LINGUI_CATALOGS ?? '<rootDir>/src/console/locales'}/{locale}/messages`,
      include: ['<rootDir>/src/console', '<rootDir>/src/screens/console'],
      exclude: ['**/node_modules/**'],
    },
  ],
  // the same instance, hook and <Trans> as the app's macros (lingui.config.ts): the macros are transformed with that config
  runtimeConfigModule: { i18n: ['#i18n/i18n', 'i18n'], useLingui: ['#i18n/use-lingui', 'useLingui'], Trans: ['#i18n/trans', 'Trans'] },
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
