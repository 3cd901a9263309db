/**
 * The calls of the menu, declared once (api.ts): the owner's menu editor in the merchant console, and
 * the merchant key's product change. Their schemas are in menu.ts, their words in menu.spec.ts.
 */
import { call } from './api';
import type {
  CategoryCreateInput,
  CategoryRenameInput,
  CategoryReorderInput,
  MenuCategoryData,
  MenuData,
  MenuProductData,
  MerchantProductBody,
  ProductData,
  ProductFields,
  ProductReorderInput,
  ProductUpdateInput,
} from './menu';

export const menuApi = {
  menu: call.owner.get<MenuData>('merchant/menu'),
  createCategory: call.owner.post<MenuCategoryData, CategoryCreateInput>('merchant/menu/category/create', { status: 201 }),
  renameCategory: call.owner.post<MenuCategoryData, CategoryRenameInput>('merchant/menu/category/rename'),
  reorderCategories: call.owner.post<MenuData, CategoryReorderInput>('merchant/menu/category/reorder'),
  deleteCategory: call.owner.post<null, { id: number }>('merchant/menu/category/delete'),
  archiveCategoryProducts: call.owner.post<MenuData, { id: number }>('merchant/menu/category/archive-all'),
  createProduct: call.owner.post<MenuProductData, ProductFields>('merchant/menu/product/create', { status: 201 }),
  updateProduct: call.owner.post<MenuProductData, ProductUpdateInput>('merchant/menu/product/update'),
  archiveProduct: call.owner.post<MenuProductData, { id: number }>('merchant/menu/product/archive'),
  restoreProduct: call.owner.post<MenuProductData, { id: number }>('merchant/menu/product/restore'),
  deleteProduct: call.owner.post<null, { id: number }>('merchant/menu/product/delete'),
  reorderProducts: call.owner.post<MenuData, ProductReorderInput>('merchant/menu/product/reorder'),
};

/** The merchant key's (a machine's) change to a product. */
export const menuMachineApi = {
  updateProduct: call.merchantKey.post<ProductData, MerchantProductBody>('merchant/product/update', { session: 'staff', scope: 'menu:write' }),
};
