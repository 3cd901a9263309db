import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LANGUAGES, SOURCE_LANGUAGE } from './src/contract/languages.ts';

/**
 * The provider's catalogue (docs/app.md, "What the shop sends"): the texts the provider sends
 * customers (the sign-in code, order notices, receipts' text messages), English in the code
 * (server/provider/i18n/messages.ts), Filipino and Bahasa Indonesia in server/locales. Apart from the
 * app's (lingui.config.ts): `npm run extract` extracts both; `lingui compile` writes each language's
 * compiled messages.ts beside its PO file, which the provider imports (no compiler at run time).
 */
export default defineConfig({
  sourceLocale: SOURCE_LANGUAGE,
  locales: [...LANGUAGES],
  fallbackLocales: { default: SOURCE_LANGUAGE },
  // LINGUI_CATALOGS: another folder for the catalogues (tests/unit/i18n/server-catalogues.test.ts extracts into a copy)
  catalogs: [
    {
      path: `${process.env.LINGUI_CATALOGS ?? '<rootDir>/server/locales'}/{locale}/messages`,
      include: [
        '<rootDir>/server/provider/i18n/messages.ts',
        '<rootDir>/server/provider/i18n/errors.ts',
        '<rootDir>/server/provider/i18n/field-words.ts',
        '<rootDir>/server/gateway/errors.ts',
      ],
    },
  ],
  compileNamespace: 'es',
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
