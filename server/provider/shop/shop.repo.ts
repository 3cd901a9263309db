import type { Database } from '../../db';
import type { Category, Product } from '#contract';

/** SQL of the menu: categories and their products, in the merchant's order. */

type ProductRow = { id: number; name: string; description: string; price: number; image: string; available: boolean };

export function toProduct(r: ProductRow): Product {
  return { id: r.id, name: r.name, description: r.description, price: r.price, image: r.image, available: r.available };
}

export async function listCatalog(db: Database): Promise<Category[]> {
  const categories = await db.selectFrom('categories').select(['id', 'name']).orderBy('position').orderBy('id').execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'category_id', 'name', 'description', 'price', 'image', 'available'])
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return categories.map((c) => ({ id: c.id, name: c.name, products: products.filter((p) => p.category_id === c.id).map(toProduct) }));
}

/** The products of these ids that are on the menu (an archived one is not: it is left out, as an unknown id is). */
export async function findProducts(db: Database, ids: number[]): Promise<Map<number, Product>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'description', 'price', 'image', 'available'])
    .where('id', 'in', [...new Set(ids)])
    .where('archived_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, toProduct(r)]));
}
