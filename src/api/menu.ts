/**
 * The owner's menu editor in the merchant console. Every change says what it changes, so the page that
 * made it shows it at once (the shop's menu and the audit log too).
 */
import { shopApi } from '#contract/shop.calls';
import { staffApi } from '#contract/staff.calls';
import type { ProductFields } from '#contract/menu';
import { menuApi } from '#contract/menu.calls';
import { callApi } from './client';
import type { ShopWords } from '#contract/translations';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** `load` false: not asked (a page staff open too) */
export const useMenuEditor = (load = true) => useCall(load ? menuApi.menu : null);

const menuChanged = { refreshes: [menuApi.menu.path, shopApi.catalog.path, staffApi.audit.path], wait: true };
export const useCreateCategory = () =>
  useMutation((name: string, translations: ShopWords = {}) => callApi(menuApi.createCategory, { name, translations }), menuChanged);
export const useRenameCategory = () =>
  useMutation((id: number, name: string, translations?: ShopWords) => callApi(menuApi.renameCategory, { id, name, translations }), menuChanged);
export const useReorderCategories = () =>
  useMutation((ids: number[]) => callApi(menuApi.reorderCategories, { ids }), { ...menuChanged, refreshesOnFailure: [menuApi.menu.path] });
export const useDeleteCategory = () => useMutation((id: number) => callApi(menuApi.deleteCategory, { id }), menuChanged);
export const useArchiveCategoryProducts = () => useMutation((id: number) => callApi(menuApi.archiveCategoryProducts, { id }), menuChanged);
export const useCreateProduct = () => useMutation((fields: ProductFields) => callApi(menuApi.createProduct, fields), menuChanged);
export const useUpdateProduct = () =>
  useMutation((id: number, fields: Partial<ProductFields>) => callApi(menuApi.updateProduct, { id, ...fields }), menuChanged);
export const useArchiveProduct = () => useMutation((id: number) => callApi(menuApi.archiveProduct, { id }), menuChanged);
export const useRestoreProduct = () => useMutation((id: number) => callApi(menuApi.restoreProduct, { id }), menuChanged);
export const useDeleteProduct = () => useMutation((id: number) => callApi(menuApi.deleteProduct, { id }), menuChanged);
export const useReorderProducts = () =>
  useMutation((categoryId: number, ids: number[]) => callApi(menuApi.reorderProducts, { category_id: categoryId, ids }), {
    ...menuChanged,
    refreshesOnFailure: [menuApi.menu.path],
  });
