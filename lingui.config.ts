import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The app's message catalogues (docs/languages.md): English is the source, written in the code through
 * Lingui's macros; Filipino and Bahasa Indonesia are PO files under src/locales, compiled per language
 * by the Vite plugin when the app imports one. Storybook's pseudo-locale (text about 40 %
 * longer) is made from the source catalogue by Storybook (.storybook/pseudo.ts), never shipped.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fil', 'id'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/node_modules/**', '<rootDir>/src/console/**'] }],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
