import type { CatalogData } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { listCatalog } from './shop.repo';

/**
 * How long a read of the menu is reused, here and by anyone who keeps the answer (the gateway's shared
 * cache, browsers): the menu is the same for every customer (prices and availability are the shop's,
 * not per customer or per location), every shop visit reads it, and it changes only when the merchant
 * edits a product. The answer says `Cache-Control: public, max-age=5` with an `Age` counted from this
 * read, so wherever a copy is kept it is never more than 5 s older than the database: a product marked
 * sold out disappears from every menu within 5 s. This instance forgets its own copy at once on an edit.
 * Prices and availability are read again when an order is priced, so a stale menu never decides what a
 * customer pays or lets a sold-out product be ordered.
 */
export const CATALOG_MAX_AGE_S = 5;
const CATALOG_CACHE_MS = CATALOG_MAX_AGE_S * 1000;
const catalogs = new WeakMap<Database, { at: number; data: Promise<CatalogData> }>();

/** The menu, and when it was read from the database (ms). */
export async function readCatalog(ctx: ProviderContext): Promise<{ data: CatalogData; readAt: number }> {
  const hit = catalogs.get(ctx.db);
  if (hit && Date.now() - hit.at < CATALOG_CACHE_MS) return { data: await hit.data, readAt: hit.at };
  // one read for every request that finds the copy missing at the same moment
  const data = listCatalog(ctx.db).then((categories) => ({ categories }));
  const entry = { at: Date.now(), data };
  catalogs.set(ctx.db, entry);
  data.catch(() => {
    if (catalogs.get(ctx.db) === entry) catalogs.delete(ctx.db);
  });
  return { data: await data, readAt: entry.at };
}

/** The menu changed (a product, a category): this instance reads it again at once, the others within 5 s. */
export function forgetCatalog(db: Database): void {
  catalogs.delete(db);
}
