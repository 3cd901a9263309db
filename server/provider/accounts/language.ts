import type { Language } from '#contract/languages';
import type { Database } from '../../db';
import { customerLanguage } from './accounts.repo';
import { recipientLanguage, sayIn, type Say } from '../i18n/translate';

/**
 * What is sent to a customer in their language (docs/app.md, "What the shop sends"): the one they
 * chose while the shop offers it, else the shop's default. In the caller's transaction.
 */
export async function sayToCustomer(db: Database, shop: Shop, customerId: number): Promise<Say> {
  return sayIn(await languageOfCustomer(db, shop, customerId));
}

type Shop = { language_default: Language; languages: readonly Language[] };

/** sayToCustomer for a customer whose row is at hand already (locked by the caller): no read of its language again. */
export const sayToRow = (customer: { language: Language | null }, shop: Shop): Say => sayIn(recipientLanguage(customer.language, shop));

/** The language what is sent to a customer speaks (as sayToCustomer), for what needs the code itself (an e-mail's `lang`). */
export async function languageOfCustomer(db: Database, shop: Shop, customerId: number): Promise<Language> {
  return recipientLanguage(await customerLanguage(db, customerId), shop);
}
