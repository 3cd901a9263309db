import { Router } from 'express';
import { menuMachineSpec, menuSpec } from '#contract/menu';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { createCategory, createProduct, deleteCategory, menu, renameCategory, reorderCategories, updateMerchantProduct, updateProduct } from './menu.service';

/** The owner's menu editor (merchant/menu/…): owners only, every change audited; and the merchant key's product change. */
export function menuRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, menuMachineSpec, {
      updateProduct: async (body) => ({ product: await updateMerchantProduct(ctx, body) }),
    }),
    mount(ctx, menuSpec, {
      menu: () => menu(ctx.db),
      createCategory: async (body, at) => at.reply({ category: await createCategory(ctx, at.staff(), body.name) }, `${body.name} is on the menu.`),
      renameCategory: async (body, at) => ({ category: await renameCategory(ctx, at.staff(), body) }),
      reorderCategories: (body, at) => reorderCategories(ctx, at.staff(), body.ids),
      deleteCategory: async (body, at) => {
        await deleteCategory(ctx, at.staff(), body.id);
        return null;
      },
      createProduct: async (body, at) => at.reply({ product: await createProduct(ctx, at.staff(), body) }, `${body.name} is on the menu.`),
      updateProduct: async (body, at) => ({ product: await updateProduct(ctx, at.staff(), body) }),
    }),
  );
}
