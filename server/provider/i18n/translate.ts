/**
 * The provider's words in the customer's language (docs/app.md, "What the shop sends"): the messages of
 * messages.ts and errors.ts, compiled by `npm run extract` into server/locales, read through
 * server/lib/catalogue.ts (which the gateway uses for its own refusals, importing nothing of the provider).
 */
import type { Language } from '#contract/languages';

/** The catalogues' words (server/lib/catalogue.ts, which the gateway reads too). */
export { sayIn, type Say } from '../../lib/catalogue';

/**
 * The language of what is sent to a customer: the one they chose, while the shop still offers it, else
 * the shop's default. `chosen` null: never chosen (or no account yet and the page said none).
 */
export function recipientLanguage(chosen: Language | null | undefined, shop: { language_default: Language; languages: readonly Language[] }): Language {
  return chosen && shop.languages.includes(chosen) ? chosen : shop.language_default;
}
