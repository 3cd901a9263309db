import type {
  CategoryCreateInput,
  CategoryRenameInput,
  EditorProduct,
  MenuData,
  MerchantProductBody,
  ProductFields,
  ProductReorderInput,
  ProductUpdateInput,
} from '#contract/menu';
import type { Product } from '#contract';
import type { ShopWords } from '#contract/translations';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { forgetCatalog } from '../shop/shop.service';
import { attachGroups, menuChange } from '../options/options.service';
import { insertMachineAudit } from '../staff/staff.repo';
import {
  archiveListedProducts,
  bringCategoryBack,
  countProductsIn,
  deleteCategoryRow,
  deleteProductRow,
  insertCategory,
  insertProduct,
  listCategories,
  listEditorProducts,
  lockCategories,
  lockCategory,
  lockListedProducts,
  lockProduct,
  markCategoryRemoved,
  nextProductPosition,
  renameCategoryRow,
  rewardsGiving,
  setCategoryPosition,
  setProductPosition,
  updatePriceOrAvailability,
  updateProductRow,
} from './menu.repo';

/**
 * The owner's menu editor: categories (add, rename, reorder, remove when none of theirs is on the menu) and products (add,
 * change name, description, price, category, image, sold out). Every change is in the audit log with
 * the thing before and after, and the menu's cache is forgotten, so customers see it within 10 s.
 * Orders keep the price they were placed at (order_items hold their own copy).
 */

export async function menu(db: Database): Promise<MenuData> {
  const categories = await listCategories(db);
  const products = await listEditorProducts(db);
  return { categories: categories.map((c) => ({ ...c, products: products.filter((p) => p.category_id === c.id) })) };
}

/** A change of the menu: in one transaction, audited, then the menu's cache forgotten (options/ changes its groups the same way). */
const changed = menuChange;

const products = (n: number, kind = '') => `${n} ${kind}product${n === 1 ? '' : 's'}`;

const categoryNotFound = () => validation({ category_id: 'is not a category of this menu' }, 'That category does not exist.');

export function createCategory(ctx: ProviderContext, staff: StaffOfRequest, body: CategoryCreateInput) {
  return changed(ctx, staff, async (trx) => {
    const category = await insertCategory(trx, body.name, (body.translations ?? {}) as ShopWords);
    return { result: category, action: 'menu.category.create', target: `category:${category.id}`, before: null, after: category };
  });
}

export function renameCategory(ctx: ProviderContext, staff: StaffOfRequest, body: CategoryRenameInput) {
  return changed(ctx, staff, async (trx) => {
    const before = await lockCategory(trx, body.id, 'update');
    if (!before) throw notFound('Category');
    const category = await renameCategoryRow(trx, body.id, body.name, body.translations);
    return { result: category, action: 'menu.category.rename', target: `category:${category.id}`, before, after: category };
  });
}

/** The new order of every category: the list must name each exactly once. */
export function reorderCategories(ctx: ProviderContext, staff: StaffOfRequest, ids: number[]) {
  return changed(ctx, staff, async (trx) => {
    const rows = await lockCategories(trx);
    const known = rows.map((r) => r.id);
    if (new Set(ids).size !== ids.length || ids.length !== known.length || ids.some((i) => !known.includes(i))) {
      throw validation({ ids: 'must list every category once' }, 'List every category of the menu once, in the new order.');
    }
    for (const [position, categoryId] of ids.entries()) await setCategoryPosition(trx, categoryId, position);
    const after = await menu(trx);
    return { result: after, action: 'menu.category.reorder', target: 'menu', before: known, after: ids };
  });
}

/**
 * Removed when no product of it is on the menu. One that still holds archived products is marked
 * removed rather than deleted: they keep the category their orders were placed under (and the loyalty
 * rules and stamp cards that count it keep its name), while customers and the editor no longer see it.
 */
export function deleteCategory(ctx: ProviderContext, staff: StaffOfRequest, categoryId: number) {
  return changed(ctx, staff, async (trx) => {
    const before = await lockCategory(trx, categoryId, 'update');
    if (!before) throw notFound('Category');
    const { listed, archived } = await countProductsIn(trx, categoryId);
    if (listed > 0) {
      throw new AppError('CONFLICT', `${before.name} still has ${products(listed)} on the menu: archive or move them first.`, {
        id: `has ${products(listed)} on the menu`,
      });
    }
    if (archived > 0) await markCategoryRemoved(trx, categoryId, ctx.clock.now());
    else await deleteCategoryRow(trx, categoryId);
    return { result: null, action: 'menu.category.delete', target: `category:${categoryId}`, before, after: null };
  });
}

/** Every product of a category that is on the menu archived in one change (setting up a menu, a season over). */
export function archiveCategoryProducts(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  categoryId: number,
): Promise<{ menu: MenuData; count: number; name: string }> {
  return changed(ctx, staff, async (trx) => {
    const category = await lockCategory(trx, categoryId, 'update');
    if (!category) throw notFound('Category');
    const ids = await archiveListedProducts(trx, categoryId, ctx.clock.now());
    const after = await menu(trx);
    return {
      result: { menu: after, count: ids.length, name: category.name },
      action: 'menu.category.archive_all',
      target: `category:${categoryId}`,
      before: { listed: ids },
      after: { archived: ids },
    };
  });
}

export function createProduct(ctx: ProviderContext, staff: StaffOfRequest, body: ProductFields): Promise<EditorProduct> {
  return changed(ctx, staff, async (trx) => {
    // held until commit: a removal of the category under way is waited for, then this finds it gone
    if (!(await lockCategory(trx, body.category_id, 'share'))) throw categoryNotFound();
    const { option_group_ids: groupIds, ...fields } = body;
    const row = await insertProduct(trx, fields);
    await attachGroups(trx, row.id, groupIds);
    const product = { ...row, option_group_ids: groupIds };
    return { result: product, action: 'menu.product.create', target: `product:${product.id}`, before: null, after: product };
  });
}

export function updateProduct(ctx: ProviderContext, staff: StaffOfRequest, body: ProductUpdateInput): Promise<EditorProduct> {
  return changed(ctx, staff, async (trx) => {
    const before = await lockProduct(trx, body.id);
    if (!before) throw notFound('Product');
    const { id: productId, option_group_ids: groupIds, ...patch } = body;
    if (patch.category_id !== undefined && !(await lockCategory(trx, patch.category_id, 'share'))) throw categoryNotFound();
    // moved to another category: last in it, never sharing a place with one already there
    const moved =
      patch.category_id !== undefined && patch.category_id !== before.category_id ? { position: await nextProductPosition(trx, patch.category_id) } : {};
    const row = Object.keys(patch).length ? await updateProductRow(trx, productId, { ...patch, ...moved }) : before;
    if (groupIds !== undefined) await attachGroups(trx, productId, groupIds);
    const product = { ...row, option_group_ids: groupIds ?? before.option_group_ids };
    return { result: product, action: 'menu.product.update', target: `product:${productId}`, before, after: product };
  });
}

/**
 * Archived: customers no longer see it and quotes and orders refuse it as not on the menu, while the
 * orders that name it keep it (they hold their own name and price). Archiving it again changes nothing.
 */
export function archiveProduct(ctx: ProviderContext, staff: StaffOfRequest, productId: number): Promise<EditorProduct> {
  return changed(ctx, staff, async (trx) => {
    const before = await lockProduct(trx, productId);
    if (!before) throw notFound('Product');
    const product = before.archived_at ? before : await updateProductRow(trx, productId, { archived_at: ctx.clock.now() });
    return { result: product, action: 'menu.product.archive', target: `product:${productId}`, before, after: product };
  });
}

/** Back on the menu, last in its category (its old place was given to others while it was away). */
export function restoreProduct(ctx: ProviderContext, staff: StaffOfRequest, productId: number): Promise<EditorProduct> {
  return changed(ctx, staff, async (trx) => {
    const before = await lockProduct(trx, productId);
    if (!before) throw notFound('Product');
    if (!before.archived_at) return { result: before, action: 'menu.product.restore', target: `product:${productId}`, before, after: before };
    // the category's lock, as an added product takes it: two restored at once get two places; a
    // category removed while it held only archived products comes back with the first one restored
    if (!(await lockCategory(trx, before.category_id, 'update'))) await bringCategoryBack(trx, before.category_id);
    const product = await updateProductRow(trx, productId, { archived_at: null, position: await nextProductPosition(trx, before.category_id) });
    return { result: product, action: 'menu.product.restore', target: `product:${productId}`, before, after: product };
  });
}

/** Only a product no order names (those are archived instead) and no reward gives (its vouchers would lose it). */
export function deleteProduct(ctx: ProviderContext, staff: StaffOfRequest, productId: number): Promise<null> {
  return changed(ctx, staff, async (trx) => {
    const before = await lockProduct(trx, productId);
    if (!before) throw notFound('Product');
    if (before.in_orders) throw new AppError('CONFLICT', 'This product is in past orders: archive it instead.', { id: 'is in past orders' });
    const rewards = await rewardsGiving(trx, productId);
    if (rewards.length > 0) {
      throw new AppError(
        'CONFLICT',
        `The reward ${rewards.join(', ')} gives this product: give another product in that reward first, or archive this one instead.`,
        { id: 'is given by a reward' },
      );
    }
    await deleteProductRow(trx, productId);
    return { result: null, action: 'menu.product.delete', target: `product:${productId}`, before, after: null };
  });
}

/** The new order of a category's products on the menu: the list must name each exactly once (archived ones are not listed). */
export function reorderProducts(ctx: ProviderContext, staff: StaffOfRequest, body: ProductReorderInput): Promise<MenuData> {
  return changed(ctx, staff, async (trx) => {
    // the category's lock first: a product being added to it is waited for, then listed
    if (!(await lockCategory(trx, body.category_id, 'update'))) throw categoryNotFound();
    const known = await lockListedProducts(trx, body.category_id);
    const { ids } = body;
    if (new Set(ids).size !== ids.length || ids.length !== known.length || ids.some((i) => !known.includes(i))) {
      throw validation(
        { ids: 'must list every product of the category once' },
        'List every product of the category once (archived ones aside), in the new order.',
      );
    }
    for (const [position, productId] of ids.entries()) await setProductPosition(trx, productId, position);
    return { result: await menu(trx), action: 'menu.product.reorder', target: `category:${body.category_id}`, before: known, after: ids };
  });
}

/**
 * The merchant key changes a price or takes a product off (or back on) the menu; orders quote current
 * prices. In the activity log as the machine (a point-of-sale system), in the change's transaction,
 * like a change made in the console: what it sent and the product's name.
 */
export async function updateMerchantProduct(ctx: ProviderContext, body: MerchantProductBody): Promise<Product> {
  const patch: { price?: number; available?: boolean } = {};
  if (body.price !== undefined) patch.price = body.price;
  if (body.available !== undefined) patch.available = body.available;
  const product = await ctx.db.transaction().execute(async (trx) => {
    const row = await updatePriceOrAvailability(trx, body.product_id, patch);
    if (!row) throw notFound('Product');
    const after = { ...body, product_name: row.name };
    await insertMachineAudit(trx, { action: 'product.update', target: `product:${body.product_id}`, after, now: ctx.clock.now() });
    return row;
  });
  forgetCatalog(ctx.db);
  ctx.logger.info({ product_id: product.id, ...patch }, 'merchant updated a product');
  return product;
}
