import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LANGUAGES, SOURCE_LANGUAGE } from './src/contract/languages.ts';

/**
 * The app's message catalogues (docs/languages.md): English is the source, written in the code through
 * Lingui's macros; Filipino and Bahasa Indonesia are PO files under src/locales, compiled per language
 * by the Vite plugin when the app imports one. Storybook's pseudo-locale (text about 40 %
 * longer) is made from the source catalogue by Storybook (.storybook/pseudo.ts), never shipped.
 */
export default defineConfig({
  sourceLocale: SOURCE_LANGUAGE,
  locales: [...LANGUAGES],
  fallbackLocales: { default: SOURCE_LANGUAGE },
  // LINGUI_CATALOGS: another folder for the catalogues (tests/unit/i18n/catalogues.test.ts extracts into a copy)
  catalogs: [
    {
      path: `${process.env.LINGUI_CATALOGS ?? '<rootDir>/src/locales'}/{locale}/messages`,
      include: ['<rootDir>/src'],
      // the merchant console's words are its own catalogue's (lingui.console.config.ts)
      exclude: ['**/node_modules/**', '<rootDir>/src/console/**', '<rootDir>/src/screens/console/**'],
    },
  ],
  // the instance, hook and <Trans> the macros use: the app's own (src/i18n), without @lingui/react's provider
  runtimeConfigModule: { i18n: ['#i18n/i18n', 'i18n'], useLingui: ['#i18n/use-lingui', 'useLingui'], Trans: ['#i18n/trans', 'Trans'] },
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
