import { describeCatalogues } from './support/catalogues';

/** The app's catalogues (src/locales) and the provider's (server/locales: what the shop sends customers, compiled beside them). */
describeCatalogues('the message catalogues', { locales: 'src/locales' });
describeCatalogues("the provider's message catalogues", { locales: 'server/locales', config: 'lingui.server.config.ts', compiled: true });
