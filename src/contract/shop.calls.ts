/** The calls of the shop, declared once (api.ts); their schemas are in shop.ts, their words in shop.spec.ts. */
import { call } from './api';
import type { CatalogData, CatalogQuery } from './shop';

export const shopApi = {
  catalog: call.anyone.get<CatalogData, CatalogQuery>('shop/catalog'),
};
