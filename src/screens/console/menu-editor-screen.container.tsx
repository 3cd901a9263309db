import type { SiteSettings } from '#contract';
import { useCreateCategory, useCreateProduct, useDeleteCategory, useMenuEditor, useRenameCategory, useReorderCategories, useUpdateProduct } from '../../api/menu';
import { useOptionGroups } from '../../api/options';
import { useSettings } from '../../api/settings';
import { consoleLink } from '../../console/link';
import { messageOf } from '../../shared/errors';
import { useImageUpload } from './image-upload.container';
import { MenuEditorScreen } from './menu-editor-screen';
import { saved, useRowActions } from './save.container';

/** /merchant/menu (owners). */
export default function MenuEditorContainer() {
  const menu = useMenuEditor();
  const settings = useSettings().data as SiteSettings | undefined;
  const createCategory = useCreateCategory();
  const renameCategory = useRenameCategory();
  const reorder = useReorderCategories();
  const deleteCategory = useDeleteCategory();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const images = useImageUpload<'product'>();
  const rows = useRowActions<string>();
  const optionGroups = useOptionGroups();

  return (
    <MenuEditorScreen
      menu={menu.data}
      loading={menu.isLoading}
      error={menu.error ? messageOf(menu.error) : null}
      onRetry={() => void menu.mutate()}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      onCreateCategory={(name) => saved(() => createCategory(name))}
      onRenameCategory={(id, name) => saved(() => renameCategory(id, name))}
      onMoveCategory={(id, by) => {
        const ids = (menu.data?.categories ?? []).map((c) => c.id);
        const at = ids.indexOf(id);
        if (at < 0 || at + by < 0 || at + by >= ids.length) return;
        [ids[at], ids[at + by]] = [ids[at + by]!, ids[at]!];
        void rows.act('order', () => reorder(ids));
      }}
      onDeleteCategory={(id) => void rows.act(`category-${id}`, () => deleteCategory(id))}
      onSaveProduct={(id, form) => saved(() => (id === null ? createProduct(form) : updateProduct(id, form)))}
      onSetAvailable={(p, available) => void rows.act(`product-${p.id}`, () => updateProduct(p.id, { available }))}
      onUpload={(file) => images.upload('product', file)}
      uploading={images.uploading === 'product'}
      {...(images.errors.product ? { uploadError: images.errors.product } : {})}
      actionError={rows.error}
      busy={rows.busy}
      optionGroups={optionGroups.data?.groups ?? []}
      renderLink={consoleLink}
    />
  );
}
