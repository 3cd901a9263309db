import { sql } from 'kysely';
import type { z } from 'zod';
import type { categoryCreateBody, categoryRenameBody, EditorProduct, MenuData, productCreateBody, productUpdateBody } from '#contract/editors';
import type { Database } from '../../db';
import { forgetCatalog } from '../shop/shop.service';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { insertAudit } from '../staff/staff.repo';

/**
 * The owner's menu editor: categories (add, rename, reorder, delete when empty) and products (add,
 * change name, description, price, category, image, sold out). Every change is in the audit log with
 * the thing before and after, and the menu's cache is forgotten, so customers see it within 10 s.
 * Orders keep the price they were placed at (order_items hold their own copy).
 */

const PRODUCT_COLUMNS = ['id', 'category_id', 'name', 'description', 'price', 'image', 'available', 'position'] as const;

export async function menu(ctx: ProviderContext): Promise<MenuData> {
  const categories = await ctx.db.selectFrom('categories').select(['id', 'name', 'position']).orderBy('position').orderBy('id').execute();
  const products = await ctx.db.selectFrom('products').select(PRODUCT_COLUMNS).orderBy('position').orderBy('id').execute();
  return { categories: categories.map((c) => ({ ...c, products: products.filter((p) => p.category_id === c.id) })) };
}

async function changed<T>(ctx: ProviderContext, staff: StaffOfRequest, run: (trx: Database) => Promise<{ result: T; action: string; target: string; before: unknown; after: unknown }>): Promise<T> {
  const out = await ctx.db.transaction().execute(async (trx) => {
    const r = await run(trx);
    await insertAudit(trx, { staffId: staff.id, action: r.action, target: r.target, before: r.before, after: r.after, now: ctx.clock.now() });
    return r.result;
  });
  forgetCatalog(ctx.db);
  return out;
}

const categoryNotFound = () => validation({ category_id: 'is not a category of this menu' }, 'That category does not exist.');

export function createCategory(ctx: ProviderContext, staff: StaffOfRequest, body: z.infer<typeof categoryCreateBody>) {
  return changed(ctx, staff, async (trx) => {
    const { next } = await trx.selectFrom('categories').select(sql<number>`coalesce(max(position), -1) + 1`.as('next')).executeTakeFirstOrThrow();
    const category = await trx.insertInto('categories').values({ name: body.name, position: next }).returning(['id', 'name', 'position']).executeTakeFirstOrThrow();
    return { result: category, action: 'menu.category.create', target: `category:${category.id}`, before: null, after: category };
  });
}

export function renameCategory(ctx: ProviderContext, staff: StaffOfRequest, body: z.infer<typeof categoryRenameBody>) {
  return changed(ctx, staff, async (trx) => {
    const before = await trx.selectFrom('categories').select(['id', 'name', 'position']).where('id', '=', body.id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Category');
    const category = await trx.updateTable('categories').set({ name: body.name }).where('id', '=', body.id).returning(['id', 'name', 'position']).executeTakeFirstOrThrow();
    return { result: category, action: 'menu.category.rename', target: `category:${category.id}`, before, after: category };
  });
}

/** The new order of every category: the list must name each exactly once. */
export function reorderCategories(ctx: ProviderContext, staff: StaffOfRequest, ids: number[]) {
  return changed(ctx, staff, async (trx) => {
    const rows = await trx.selectFrom('categories').select(['id', 'position']).orderBy('position').orderBy('id').forUpdate().execute();
    const known = rows.map((r) => r.id);
    if (new Set(ids).size !== ids.length || ids.length !== known.length || ids.some((i) => !known.includes(i))) {
      throw validation({ ids: 'must list every category once' }, 'List every category of the menu once, in the new order.');
    }
    for (const [position, categoryId] of ids.entries()) await trx.updateTable('categories').set({ position }).where('id', '=', categoryId).execute();
    const after = await menu({ ...ctx, db: trx });
    return { result: after, action: 'menu.category.reorder', target: 'menu', before: known, after: ids };
  });
}

export function deleteCategory(ctx: ProviderContext, staff: StaffOfRequest, categoryId: number) {
  return changed(ctx, staff, async (trx) => {
    const before = await trx.selectFrom('categories').select(['id', 'name', 'position']).where('id', '=', categoryId).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Category');
    const { n } = await trx.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', categoryId).executeTakeFirstOrThrow();
    if (Number(n) > 0) throw new AppError('CONFLICT', `${before.name} still has ${n} product${Number(n) === 1 ? '' : 's'}: move or remove them first.`, { id: 'is not empty' });
    await trx.deleteFrom('categories').where('id', '=', categoryId).execute();
    return { result: null, action: 'menu.category.delete', target: `category:${categoryId}`, before, after: null };
  });
}

export function createProduct(ctx: ProviderContext, staff: StaffOfRequest, body: z.infer<typeof productCreateBody>): Promise<EditorProduct> {
  return changed(ctx, staff, async (trx) => {
    // held until commit: a removal of the category under way is waited for, then this finds it gone
    const category = await trx.selectFrom('categories').select('id').where('id', '=', body.category_id).forShare().executeTakeFirst();
    if (!category) throw categoryNotFound();
    const { next } = await trx.selectFrom('products').select(sql<number>`coalesce(max(position), -1) + 1`.as('next')).where('category_id', '=', body.category_id).executeTakeFirstOrThrow();
    const product = await trx.insertInto('products').values({ ...body, position: next }).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow();
    return { result: product, action: 'menu.product.create', target: `product:${product.id}`, before: null, after: product };
  });
}

export function updateProduct(ctx: ProviderContext, staff: StaffOfRequest, body: z.infer<typeof productUpdateBody>): Promise<EditorProduct> {
  return changed(ctx, staff, async (trx) => {
    const before = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', body.id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Product');
    const { id: productId, ...patch } = body;
    if (patch.category_id !== undefined && !(await trx.selectFrom('categories').select('id').where('id', '=', patch.category_id).forShare().executeTakeFirst())) throw categoryNotFound();
    const product = await trx.updateTable('products').set(patch).where('id', '=', productId).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow();
    return { result: product, action: 'menu.product.update', target: `product:${productId}`, before, after: product };
  });
}
