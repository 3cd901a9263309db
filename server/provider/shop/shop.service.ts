import type { CatalogData } from '#contract';
import type { Language } from '#contract/languages';
import { inLanguage } from '#contract/translations';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { RefreshingCopy } from '../../lib/refreshing-copy';
import { type CatalogWords, listCatalog } from './shop.repo';

/**
 * How long a read of the menu is reused, here and by anyone who keeps the answer (the gateway's shared
 * cache, browsers): the menu is the same for every customer (prices and availability are the shop's,
 * not per customer or per location), every shop visit reads it, and it changes only when the merchant
 * edits a product. The answer says `Cache-Control: public, max-age=5` with an `Age` counted from the
 * read that gave it, so a copy kept elsewhere is never more than 5 s older than that read. Once this
 * instance's copy is 5 s old, the next request starts one read and is answered with the copy meanwhile
 * (server/lib/refreshing-copy.ts; its `Age` over 5, which no cache keeps), unless the copy is a minute
 * old: a product marked sold out disappears from every menu within 5 s and the time one read of the menu
 * takes, which under a rush on PGlite is the queue of orders before it. This instance forgets its own
 * copy at once on an edit. Prices and availability are read again when an order is priced, so a stale
 * menu never decides what a customer pays or lets a sold-out product be ordered.
 */
export const CATALOG_MAX_AGE_S = 5;
type KeptCatalog = CatalogData & { words: CatalogWords };
const catalogs = new WeakMap<Database, RefreshingCopy<KeptCatalog>>();

/**
 * The menu, in `language` where the owner wrote its words in it (field by field, else the default
 * language's), and when it was read from the database (ms). The copy kept here holds every language's
 * words; each answer is made for its reader, so one reader's language is never another's.
 */
export async function readCatalog(ctx: ProviderContext, language?: Language): Promise<{ data: CatalogData; readAt: number }> {
  let copy = catalogs.get(ctx.db);
  if (!copy) catalogs.set(ctx.db, (copy = new RefreshingCopy({ freshMs: CATALOG_MAX_AGE_S * 1000, staleMs: 60_000 })));
  const { value, at } = await copy.get(() => listCatalog(ctx.db));
  return { data: catalogIn(value, language), readAt: at };
}

/** The menu's words in this language where they were written (translations.ts), the default language's elsewhere. */
function catalogIn({ categories, words }: KeptCatalog, language: Language | undefined): CatalogData {
  if (!language) return { categories };
  const { categories: c, products: p, groups: g, options: o } = words;
  return {
    categories: categories.map((category) => ({
      ...inLanguage(category, c.get(category.id), language, ['name']),
      products: category.products.map((product) => ({
        ...inLanguage(product, p.get(product.id), language, ['name', 'description']),
        option_groups: product.option_groups?.map((group) => ({
          ...inLanguage(group, g.get(group.id), language, ['name']),
          options: group.options.map((option) => inLanguage(option, o.get(option.id), language, ['name'])),
        })),
      })),
    })),
  };
}

/** The menu changed (a product, a category): this instance reads it again at once, the others within 5 s. */
export function forgetCatalog(db: Database): void {
  catalogs.get(db)?.forget();
}
