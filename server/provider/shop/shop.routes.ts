import { Router } from 'express';
import { merchantProductBody, shopSpec } from '#contract';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { mount } from '../http/mount';
import { parse } from '../http/validate';
import { getCatalog, updateMerchantProduct } from './shop.service';
import { requireMerchant } from '../http/merchant-key';

export function shopRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  // public: guests browse the menu before signing in
  r.use(mount(ctx, shopSpec, { catalog: () => getCatalog(ctx) }));

  r.post('/merchant/product/update', requireMerchant(ctx), async (req, res) => {
    const body = parse(merchantProductBody, req.body);
    send(res, 200, 'Product updated.', { product: await updateMerchantProduct(ctx, body) });
  });

  return r;
}
