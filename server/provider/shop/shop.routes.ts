import type { Router } from 'express';
import { shopSpec } from '#contract/shop.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { CATALOG_MAX_AGE_S, readCatalog } from './shop.service';

/**
 * The menu customers browse: public, guests browse it before signing in, and the same for every
 * customer, so gateways (their shared cache) and browsers may keep it for CATALOG_MAX_AGE_S, counted
 * from when this instance read it (`Age`). Each language is its own URL (`?lang=fil`), so a kept answer
 * in one language is never served to a reader of another.
 */
export function shopRoutes(ctx: ProviderContext): Router {
  return mount(ctx, shopSpec, {
    catalog: async (query, at) => {
      const { data, readAt } = await readCatalog(ctx, query.lang);
      const age = Math.max(0, Math.floor((Date.now() - readAt) / 1000));
      at.res.setHeader('cache-control', `public, max-age=${CATALOG_MAX_AGE_S}`);
      if (age > 0) at.res.setHeader('age', String(age));
      return data;
    },
  });
}
