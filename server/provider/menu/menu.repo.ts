import { sql } from 'kysely';
import type { EditorProduct, ProductFields } from '#contract/menu';
import type { Product } from '#contract';
import type { ShopWords } from '#contract/translations';
import { withWordsColumn } from '../../lib/words-column';
import type { Database } from '../../db';
import { toProduct } from '../shop/shop.repo';

/** SQL of the menu as the merchant changes it: categories, products, their places. */

const CATEGORY_COLUMNS = ['id', 'name', 'position', 'translations'] as const;
const PRODUCT_COLUMNS = [
  'id',
  'category_id',
  'name',
  'description',
  'price',
  'image',
  'available',
  'position',
  'archived_at',
  'prep_minutes',
  'translations',
] as const;
/** a product's option groups' ids, in its order (the options editor attaches them: options/) */
const optionGroupIds = sql<
  number[]
>`coalesce((select json_agg(pog.group_id order by pog.position) from product_option_groups pog where pog.product_id = products.id), '[]')`.as(
  'option_group_ids',
);

export type CategoryRow = { id: number; name: string; position: number; translations: ShopWords };

export function listCategories(db: Database): Promise<CategoryRow[]> {
  return db.selectFrom('categories').select(CATEGORY_COLUMNS).where('removed_at', 'is', null).orderBy('position').orderBy('id').execute();
}

/** Products as the editor shows them: with their option groups, when they were archived and whether an order names them. */
function editorProducts(db: Database) {
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .select(optionGroupIds)
    .select((eb) => eb.exists(eb.selectFrom('order_items').select('order_items.id').whereRef('order_items.product_id', '=', 'products.id')).as('in_orders'));
}

type EditorProductRow = Omit<EditorProduct, 'archived_at' | 'in_orders'> & { archived_at: Date | null; in_orders: boolean | number };
const toEditorProduct = (r: EditorProductRow): EditorProduct => ({
  ...r,
  archived_at: r.archived_at ? r.archived_at.toISOString() : null,
  in_orders: Boolean(r.in_orders),
});

export async function listEditorProducts(db: Database): Promise<EditorProduct[]> {
  return (await editorProducts(db).orderBy('position').orderBy('id').execute()).map(toEditorProduct);
}

async function findEditorProduct(db: Database, id: number): Promise<EditorProduct> {
  return toEditorProduct(await editorProducts(db).where('id', '=', id).executeTakeFirstOrThrow());
}

/**
 * A category on the menu (a removed one is not found), its row locked until commit (`update`: to change
 * it; `share`: to add a product to it). A removal that commits first is seen: the row is checked again.
 */
export function lockCategory(trx: Database, id: number, mode: 'update' | 'share'): Promise<CategoryRow | undefined> {
  const q = trx.selectFrom('categories').select(CATEGORY_COLUMNS).where('id', '=', id).where('removed_at', 'is', null);
  return (mode === 'update' ? q.forUpdate() : q.forShare()).executeTakeFirst();
}

/** Every category's id and place on the menu, their rows locked until commit, in menu order. */
export function lockCategories(trx: Database): Promise<{ id: number; position: number }[]> {
  return trx.selectFrom('categories').select(['id', 'position']).where('removed_at', 'is', null).orderBy('position').orderBy('id').forUpdate().execute();
}

/** Removed for everyone, kept for the archived products that still name it. */
export async function markCategoryRemoved(trx: Database, id: number, at: Date): Promise<void> {
  await trx.updateTable('categories').set({ removed_at: at }).where('id', '=', id).execute();
}

/** A removed category back on the menu, last; undefined when it was never removed (or does not exist). */
export async function bringCategoryBack(trx: Database, id: number): Promise<CategoryRow | undefined> {
  const removed = await trx.selectFrom('categories').select('id').where('id', '=', id).where('removed_at', 'is not', null).forUpdate().executeTakeFirst();
  if (!removed) return undefined;
  const { next } = await trx
    .selectFrom('categories')
    .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return trx.updateTable('categories').set({ removed_at: null, position: next }).where('id', '=', id).returning(CATEGORY_COLUMNS).executeTakeFirstOrThrow();
}

export async function insertCategory(trx: Database, name: string, translations: ShopWords): Promise<CategoryRow> {
  const { next } = await trx
    .selectFrom('categories')
    .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
    .executeTakeFirstOrThrow();
  return trx
    .insertInto('categories')
    .values({ ...withWordsColumn({ name, translations }), position: next })
    .returning(CATEGORY_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function renameCategoryRow(trx: Database, id: number, name: string, translations?: ShopWords): Promise<CategoryRow> {
  return trx.updateTable('categories').set(withWordsColumn({ name, translations })).where('id', '=', id).returning(CATEGORY_COLUMNS).executeTakeFirstOrThrow();
}

export async function setCategoryPosition(trx: Database, id: number, position: number): Promise<void> {
  await trx.updateTable('categories').set({ position }).where('id', '=', id).execute();
}

/** How many products a category holds: those on the menu, and those archived (which stay in it). */
export async function countProductsIn(trx: Database, categoryId: number): Promise<{ listed: number; archived: number }> {
  const { listed, archived } = await trx
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('archived_at', 'is', null).as('listed'),
      eb.fn.countAll<number>().filterWhere('archived_at', 'is not', null).as('archived'),
    ])
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return { listed: Number(listed), archived: Number(archived) };
}

export async function deleteCategoryRow(trx: Database, id: number): Promise<void> {
  await trx.deleteFrom('categories').where('id', '=', id).execute();
}

/** The place after the last product of a category. */
export async function nextProductPosition(trx: Database, categoryId: number): Promise<number> {
  const { next } = await trx
    .selectFrom('products')
    .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(next);
}

/** A new product, last in its category. */
export async function insertProduct(trx: Database, fields: Omit<ProductFields, 'option_group_ids'>): Promise<EditorProduct> {
  const position = await nextProductPosition(trx, fields.category_id);
  const { id } = await trx
    .insertInto('products')
    .values({ ...withWordsColumn(fields), position })
    .returning('id')
    .executeTakeFirstOrThrow();
  return findEditorProduct(trx, id);
}

/** A product, its row locked until commit. */
export async function lockProduct(trx: Database, id: number): Promise<EditorProduct | undefined> {
  const row = await editorProducts(trx).where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? toEditorProduct(row) : undefined;
}

export async function updateProductRow(
  trx: Database,
  id: number,
  patch: Partial<Omit<ProductFields, 'option_group_ids'>> & { position?: number; archived_at?: Date | null },
): Promise<EditorProduct> {
  await trx.updateTable('products').set(withWordsColumn(patch)).where('id', '=', id).execute();
  return findEditorProduct(trx, id);
}

/** A category's products on the menu archived now; their ids. */
export async function archiveListedProducts(trx: Database, categoryId: number, at: Date): Promise<number[]> {
  const ids = await lockListedProducts(trx, categoryId);
  if (ids.length) await trx.updateTable('products').set({ archived_at: at }).where('id', 'in', ids).execute();
  return ids;
}

/** The ids of a category's products on the menu (not archived), their rows locked until commit, in menu order. */
export async function lockListedProducts(trx: Database, categoryId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('products')
    .select('id')
    .where('category_id', '=', categoryId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function setProductPosition(trx: Database, id: number, position: number): Promise<void> {
  await trx.updateTable('products').set({ position }).where('id', '=', id).execute();
}

/** The titles of the rewards that give this product free (retired ones too: their vouchers may still be used). */
export async function rewardsGiving(trx: Database, productId: number): Promise<string[]> {
  return (await trx.selectFrom('rewards').select('title').where('product_id', '=', productId).orderBy('id').execute()).map((r) => r.title);
}

export async function deleteProductRow(trx: Database, id: number): Promise<void> {
  await trx.deleteFrom('products').where('id', '=', id).execute();
}

/** The merchant key's change: a price or availability, the product as customers see it (undefined: no such product). */
export async function updatePriceOrAvailability(db: Database, id: number, patch: { price?: number; available?: boolean }): Promise<Product | undefined> {
  const row = await db
    .updateTable('products')
    .set(patch)
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .returning(['id', 'name', 'description', 'price', 'image', 'available'])
    .executeTakeFirst();
  return row ? toProduct(row) : undefined;
}
