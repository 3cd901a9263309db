import { sql } from 'kysely';
import type { EditorProduct, ProductFields } from '#contract/menu';
import type { Product } from '#contract';
import type { Database } from '../../db';
import { toProduct } from '../shop/shop.repo';

/** SQL of the menu as the merchant changes it: categories, products, their places. */

const CATEGORY_COLUMNS = ['id', 'name', 'position'] as const;
const PRODUCT_COLUMNS = ['id', 'category_id', 'name', 'description', 'price', 'image', 'available', 'position'] as const;
/** a product's option groups' ids, in its order (the options editor attaches them: options/) */
const optionGroupIds = sql<number[]>`coalesce((select json_agg(pog.group_id order by pog.position) from product_option_groups pog where pog.product_id = products.id), '[]')`.as('option_group_ids');
/** a product's own row, without its option groups */
export type ProductRow = Omit<EditorProduct, 'option_group_ids'>;

export type CategoryRow = { id: number; name: string; position: number };

export function listCategories(db: Database): Promise<CategoryRow[]> {
  return db.selectFrom('categories').select(CATEGORY_COLUMNS).orderBy('position').orderBy('id').execute();
}

export function listEditorProducts(db: Database): Promise<EditorProduct[]> {
  return db.selectFrom('products').select(PRODUCT_COLUMNS).select(optionGroupIds).orderBy('position').orderBy('id').execute();
}

/** A category, its row locked until commit (`update`: to change it; `share`: to add a product to it). */
export function lockCategory(trx: Database, id: number, mode: 'update' | 'share'): Promise<CategoryRow | undefined> {
  const q = trx.selectFrom('categories').select(CATEGORY_COLUMNS).where('id', '=', id);
  return (mode === 'update' ? q.forUpdate() : q.forShare()).executeTakeFirst();
}

/** Every category's id and place, their rows locked until commit, in menu order. */
export function lockCategories(trx: Database): Promise<{ id: number; position: number }[]> {
  return trx.selectFrom('categories').select(['id', 'position']).orderBy('position').orderBy('id').forUpdate().execute();
}

export async function insertCategory(trx: Database, name: string): Promise<CategoryRow> {
  const { next } = await trx.selectFrom('categories').select(sql<number>`coalesce(max(position), -1) + 1`.as('next')).executeTakeFirstOrThrow();
  return trx.insertInto('categories').values({ name, position: next }).returning(CATEGORY_COLUMNS).executeTakeFirstOrThrow();
}

export function renameCategoryRow(trx: Database, id: number, name: string): Promise<CategoryRow> {
  return trx.updateTable('categories').set({ name }).where('id', '=', id).returning(CATEGORY_COLUMNS).executeTakeFirstOrThrow();
}

export async function setCategoryPosition(trx: Database, id: number, position: number): Promise<void> {
  await trx.updateTable('categories').set({ position }).where('id', '=', id).execute();
}

export async function countProductsIn(trx: Database, categoryId: number): Promise<number> {
  const { n } = await trx.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', categoryId).executeTakeFirstOrThrow();
  return Number(n);
}

export async function deleteCategoryRow(trx: Database, id: number): Promise<void> {
  await trx.deleteFrom('categories').where('id', '=', id).execute();
}

/** A new product, last in its category. */
export async function insertProduct(trx: Database, fields: Omit<ProductFields, 'option_group_ids'>): Promise<ProductRow> {
  const { next } = await trx.selectFrom('products').select(sql<number>`coalesce(max(position), -1) + 1`.as('next')).where('category_id', '=', fields.category_id).executeTakeFirstOrThrow();
  return trx.insertInto('products').values({ ...fields, position: next }).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow();
}

/** A product, its row locked until commit. */
export function lockProduct(trx: Database, id: number): Promise<EditorProduct | undefined> {
  return trx.selectFrom('products').select(PRODUCT_COLUMNS).select(optionGroupIds).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateProductRow(trx: Database, id: number, patch: Partial<Omit<ProductFields, 'option_group_ids'>>): Promise<ProductRow> {
  return trx.updateTable('products').set(patch).where('id', '=', id).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow();
}

/** The merchant key's change: a price or availability, the product as customers see it (undefined: no such product). */
export async function updatePriceOrAvailability(db: Database, id: number, patch: { price?: number; available?: boolean }): Promise<Product | undefined> {
  const row = await db
    .updateTable('products')
    .set(patch)
    .where('id', '=', id)
    .returning(['id', 'name', 'description', 'price', 'image', 'available'])
    .executeTakeFirst();
  return row ? toProduct(row) : undefined;
}
