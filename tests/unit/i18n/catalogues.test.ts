import { SOURCE_LANGUAGE } from '#contract/languages';
import { describeCatalogues } from './support/catalogues';

/**
 * The app's catalogues (src/locales), the provider's (server/locales: what the shop sends customers, compiled beside them)
 * and the merchant console's (src/console/locales: English alone for now, so nothing to translate, but never out of date).
 */
describeCatalogues('the message catalogues', { locales: 'src/locales' });
describeCatalogues("the provider's message catalogues", { locales: 'server/locales', config: 'lingui.server.config.ts', compiled: true });
describeCatalogues("the merchant console's message catalogue", {
  locales: 'src/console/locales',
  config: 'lingui.console.config.ts',
  languages: [SOURCE_LANGUAGE],
});
