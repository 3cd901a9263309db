import type { Database } from '../../db';

/**
 * Which of these products and categories exist (products archived count: an owner may name one to come
 * back), and which of the categories were removed from the menu (kept only for what already names them).
 */
export async function existingTargets(
  db: Database,
  productIds: readonly number[],
  categoryIds: readonly number[],
): Promise<{ products: Set<number>; categories: Set<number>; removedCategories: Set<number> }> {
  const products = productIds.length
    ? await db
        .selectFrom('products')
        .select('id')
        .where('id', 'in', [...productIds])
        .execute()
    : [];
  const categories = categoryIds.length
    ? await db
        .selectFrom('categories')
        .select(['id', 'removed_at'])
        .where('id', 'in', [...categoryIds])
        .execute()
    : [];
  return {
    products: new Set(products.map((r) => r.id)),
    categories: new Set(categories.map((r) => r.id)),
    removedCategories: new Set(categories.filter((r) => r.removed_at !== null).map((r) => r.id)),
  };
}
