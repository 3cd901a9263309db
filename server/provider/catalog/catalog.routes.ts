import { Router } from 'express';
import { merchantProductBody } from '#contract';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { parse } from '../http/validate';
import { getCatalog, updateMerchantProduct } from './catalog.service';
import { requireMerchant } from '../http/merchant-key';

export function catalogRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  // public: guests browse the menu before signing in
  r.get('/shop/catalog', async (_req, res) => {
    send(res, 200, 'Menu loaded.', await getCatalog(ctx));
  });

  r.post('/merchant/product/update', requireMerchant(ctx), async (req, res) => {
    const body = parse(merchantProductBody, req.body);
    send(res, 200, 'Product updated.', { product: await updateMerchantProduct(ctx, body) });
  });

  return r;
}
