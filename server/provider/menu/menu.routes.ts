import { Router } from 'express';
import { menuMachineSpec, menuSpec } from '#contract/menu.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import {
  archiveCategoryProducts,
  archiveProduct,
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  menu,
  renameCategory,
  reorderCategories,
  reorderProducts,
  restoreProduct,
  updateMerchantProduct,
  updateProduct,
} from './menu.service';

/** The owner's menu editor (merchant/menu/…): owners only, every change audited; and the merchant key's product change. */
export function menuRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, menuMachineSpec, {
      updateProduct: async (body) => ({ product: await updateMerchantProduct(ctx, body) }),
    }),
    mount(ctx, menuSpec, {
      menu: () => menu(ctx.db),
      createCategory: async (body, at) => at.reply({ category: await createCategory(ctx, at.staff(), body) }, `${body.name} is on the menu.`),
      renameCategory: async (body, at) => ({ category: await renameCategory(ctx, at.staff(), body) }),
      reorderCategories: (body, at) => reorderCategories(ctx, at.staff(), body.ids),
      deleteCategory: async (body, at) => {
        await deleteCategory(ctx, at.staff(), body.id);
        return null;
      },
      archiveCategoryProducts: async (body, at) => {
        const { menu: after, count, name } = await archiveCategoryProducts(ctx, at.staff(), body.id);
        const what = count === 1 ? '1 product' : `${count} products`;
        return at.reply(after, `${what} of ${name} ${count === 1 ? 'is' : 'are'} archived: customers no longer see ${count === 1 ? 'it' : 'them'}.`);
      },
      createProduct: async (body, at) => at.reply({ product: await createProduct(ctx, at.staff(), body) }, `${body.name} is on the menu.`),
      updateProduct: async (body, at) => ({ product: await updateProduct(ctx, at.staff(), body) }),
      archiveProduct: async (body, at) => {
        const product = await archiveProduct(ctx, at.staff(), body.id);
        return at.reply({ product }, `${product.name} is archived: customers no longer see it.`);
      },
      restoreProduct: async (body, at) => {
        const product = await restoreProduct(ctx, at.staff(), body.id);
        return at.reply({ product }, `${product.name} is back on the menu.`);
      },
      deleteProduct: (body, at) => deleteProduct(ctx, at.staff(), body.id),
      reorderProducts: (body, at) => reorderProducts(ctx, at.staff(), body),
    }),
  );
}
