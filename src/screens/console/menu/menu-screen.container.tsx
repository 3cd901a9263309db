import { useMemo } from 'react';
import type { SiteSettings } from '#contract';
import {
  useArchiveCategoryProducts,
  useArchiveProduct,
  useCreateCategory,
  useCreateProduct,
  useDeleteCategory,
  useDeleteProduct,
  useMenuEditor,
  useRenameCategory,
  useReorderCategories,
  useReorderProducts,
  useRestoreProduct,
  useUpdateProduct,
} from '../../../api/menu';
import { useOptionGroups } from '../../../api/options';
import { useRewardsEditor } from '../../../api/rewards';
import { useWheelEditor } from '../../../api/wheel';
import { useSettings } from '../../../api/settings';
import { consoleLink } from '../../../console/link';
import { messageOf } from '../../../shared/errors';
import { useImageUpload } from '../shared/image-upload.container';
import { MenuEditorScreen } from './menu-screen';
import { productGivers } from './product-givers';
import { saved, useRowActions } from '../shared/save.container';
import { useTranslationLanguages } from '../shared/translation-languages.container';

/** The ids with one moved a place up (-1) or down (1); null when it cannot move that way. */
function moved(ids: number[], id: number, by: -1 | 1): number[] | null {
  const at = ids.indexOf(id);
  if (at < 0 || at + by < 0 || at + by >= ids.length) return null;
  const out = [...ids];
  [out[at], out[at + by]] = [out[at + by]!, out[at]!];
  return out;
}

/** /merchant/menu (owners). */
export default function MenuEditorContainer() {
  const languages = useTranslationLanguages();
  const menu = useMenuEditor();
  const settings = useSettings().data as SiteSettings | undefined;
  const createCategory = useCreateCategory();
  const renameCategory = useRenameCategory();
  const reorder = useReorderCategories();
  const deleteCategory = useDeleteCategory();
  const archiveAll = useArchiveCategoryProducts();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const archiveProduct = useArchiveProduct();
  const restoreProduct = useRestoreProduct();
  const deleteProduct = useDeleteProduct();
  const reorderProducts = useReorderProducts();
  const images = useImageUpload<'product'>();
  const rows = useRowActions<string>();
  const optionGroups = useOptionGroups();
  // what gives a product away, named when it is archived
  const rewards = useRewardsEditor();
  const wheel = useWheelEditor();
  const givers = useMemo(() => productGivers(rewards.data?.rewards ?? [], wheel.data?.current), [rewards.data, wheel.data]);

  return (
    <MenuEditorScreen
      languages={languages}
      menu={menu.data}
      loading={menu.isLoading}
      error={menu.error ? messageOf(menu.error) : null}
      onRetry={() => void menu.mutate()}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      onCreateCategory={(name, translations) => saved(() => createCategory(name, translations))}
      onRenameCategory={(id, name, translations) => saved(() => renameCategory(id, name, translations))}
      onMoveCategory={(id, by) => {
        const ids = moved(
          (menu.data?.categories ?? []).map((c) => c.id),
          id,
          by,
        );
        if (ids) void rows.act('order', () => reorder(ids));
      }}
      onDeleteCategory={(id) => void rows.act(`category-${id}`, () => deleteCategory(id))}
      onArchiveCategory={(id) => void rows.act(`category-${id}`, () => archiveAll(id))}
      onSaveProduct={(id, form) => saved(() => (id === null ? createProduct(form) : updateProduct(id, form)))}
      onSetAvailable={(p, available) => void rows.act(`product-${p.id}`, () => updateProduct(p.id, { available }))}
      onMoveProduct={(p, by) => {
        // the category's products customers see, in their order (archived ones keep no place)
        const listed = (menu.data?.categories.find((c) => c.id === p.category_id)?.products ?? []).filter((x) => !x.archived_at);
        const ids = moved(
          listed.map((x) => x.id),
          p.id,
          by,
        );
        if (ids) void rows.act('product-order', () => reorderProducts(p.category_id, ids));
      }}
      onArchiveProduct={(p) => void rows.act(`product-${p.id}`, () => archiveProduct(p.id))}
      onRestoreProduct={(p) => void rows.act(`product-${p.id}`, () => restoreProduct(p.id))}
      onDeleteProduct={(p) => void rows.act(`product-${p.id}`, () => deleteProduct(p.id))}
      onUpload={(file) => images.upload('product', file)}
      uploading={images.uploading === 'product'}
      {...(images.errors.product ? { uploadError: images.errors.product } : {})}
      actionError={rows.error}
      busy={rows.busy}
      optionGroups={optionGroups.data?.groups ?? []}
      givers={givers}
      renderLink={consoleLink}
    />
  );
}
