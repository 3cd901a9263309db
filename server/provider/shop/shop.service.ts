import type { CatalogData } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { listCatalog } from './shop.repo';

/**
 * How long a read of the menu is reused. Every shop visit reads it and it changes only when the
 * merchant edits a product: this instance forgets its copy at once then, other instances (several
 * providers on one database) within these few seconds. Prices and availability are read again
 * when an order is priced, so a stale menu never decides what a customer pays.
 */
const CATALOG_CACHE_MS = 5_000;
const catalogs = new WeakMap<Database, { at: number; data: Promise<CatalogData> }>();

export function getCatalog(ctx: ProviderContext): Promise<CatalogData> {
  const hit = catalogs.get(ctx.db);
  if (hit && Date.now() - hit.at < CATALOG_CACHE_MS) return hit.data;
  // one read for every request that finds the copy missing at the same moment
  const data = listCatalog(ctx.db).then((categories) => ({ categories }));
  const entry = { at: Date.now(), data };
  catalogs.set(ctx.db, entry);
  data.catch(() => {
    if (catalogs.get(ctx.db) === entry) catalogs.delete(ctx.db);
  });
  return data;
}

/** The menu changed (a product, a category): this instance reads it again at once, the others within 5 s. */
export function forgetCatalog(db: Database): void {
  catalogs.delete(db);
}
