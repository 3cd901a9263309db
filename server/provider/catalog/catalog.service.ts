import type { CatalogData, MerchantProductBody, Product } from '../../../src/api/contract';
import type { ProviderContext } from '../context';
import { notFound } from '../http/errors';
import { listCatalog, updateProduct } from './catalog.repo';

export async function getCatalog(ctx: ProviderContext): Promise<CatalogData> {
  return { categories: await listCatalog(ctx.db) };
}

/** The merchant changes a price or takes a product off (or back on) the menu; orders quote current prices. */
export async function updateMerchantProduct(ctx: ProviderContext, body: MerchantProductBody): Promise<Product> {
  const patch: { price?: number; available?: boolean } = {};
  if (body.price !== undefined) patch.price = body.price;
  if (body.available !== undefined) patch.available = body.available;
  const product = await updateProduct(ctx.db, body.product_id, patch);
  if (!product) throw notFound('Product');
  ctx.logger.info({ product_id: product.id, ...patch }, 'merchant updated a product');
  return product;
}
