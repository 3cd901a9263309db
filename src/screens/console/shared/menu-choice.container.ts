import { useMenuEditor } from '../../../api/menu';
import { useCatalog } from '../../../api/shop';
import type { RuleMenu } from './product-picker';

/**
 * The menu a console page names and chooses products from (the Loyalty area's rules and stamp cards, the
 * offers): the owner's editor menu, every product not archived; staff may not read it and name them from
 * the shop's. Undefined while it loads.
 */
export function useRuleMenu(owner: boolean): RuleMenu | undefined {
  const editorMenu = useMenuEditor(owner);
  const catalog = useCatalog();
  return owner
    ? editorMenu.data && {
        categories: editorMenu.data.categories.map((c) => ({ id: c.id, name: c.name, products: c.products.filter((p) => p.archived_at === null) })),
      }
    : catalog.data;
}
