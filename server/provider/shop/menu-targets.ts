import type { Database } from '../../db';
import { existingTargets } from './menu-targets.repo';

const listed = (ids: readonly number[]) => `${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} not`;
const removedFrom = (ids: readonly number[]) => `${ids.join(', ')} ${ids.length === 1 ? 'was' : 'were'} removed from it`;

/**
 * What is wrong with the products and categories an earning rule, a stamp card or an offer counts, by field
 * (`prefix` + product_ids / category_ids), empty when nothing is. (Here, under loyalty and offers, which
 * both use it: the menu's rows.) Each must exist; a category removed from
 * the menu (menu.service deleteCategory) is refused, as the editor no longer offers it, unless the saved
 * rule, card or offer already counted it (`kept`): it can still be renamed, paused or ended.
 */
export async function targetProblems(
  db: Database,
  t: { product_ids: readonly number[]; category_ids: readonly number[] },
  kept: readonly number[],
  prefix = '',
): Promise<Record<string, string>> {
  const found = await existingTargets(db, t.product_ids, t.category_ids);
  const problems: Record<string, string> = {};
  const products = t.product_ids.filter((id) => !found.products.has(id));
  const unknown = t.category_ids.filter((id) => !found.categories.has(id));
  const removed = t.category_ids.filter((id) => found.removedCategories.has(id) && !kept.includes(id));
  if (products.length) problems[`${prefix}product_ids`] = `must be products of the menu (${listed(products)})`;
  if (unknown.length || removed.length) {
    const why = [unknown.length && listed(unknown), removed.length && removedFrom(removed)].filter(Boolean).join('; ');
    problems[`${prefix}category_ids`] = `must be categories of the menu (${why})`;
  }
  return problems;
}
