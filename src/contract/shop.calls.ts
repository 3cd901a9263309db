/** The calls of the shop, declared once (api.ts); their schemas and words are in shop.ts. */
import { call } from './api';
import type { CatalogData } from './shop';

export const shopApi = {
  catalog: call.anyone.get<CatalogData>('shop/catalog'),
};
