import type { Language } from '#contract/languages';
import { shopApi } from '#contract/shop.calls';
import { useCall } from './use-call';

/**
 * The menu; in `lang` (the customer app passes useLanguage(), src/i18n/language.ts) it has the owner's
 * words in that language where written, else the default language's. The key holds the language, so a switch reads it again.
 */
export const useCatalog = (lang?: Language) => useCall(shopApi.catalog, lang ? { lang } : {});
