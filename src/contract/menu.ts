/**
 * The menu as the merchant changes it: the owner's menu editor in the merchant console (paths under
 * `merchant/menu/`: categories and products) and the merchant key's product change
 * (`merchant/product/update`). The schemas of the area's calls (menu.calls.ts declares them), the types
 * inferred from them, and its specs.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { describe } from './api-spec';
import { descriptionText, id, minorUnits } from './fields';
import { imageUrl } from './media';
import { menuApi, menuMachineApi } from './menu.calls';
import { OPTION_LIMITS } from './options';
import { productAnswer } from './shop';

const optionGroupIds = z
  .array(id)
  .max(OPTION_LIMITS.groupsPerProduct, `must be at most ${OPTION_LIMITS.groupsPerProduct} groups`)
  .refine((ids) => new Set(ids).size === ids.length, 'names a group twice');
const categoryName = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');
const productName = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');

/** `merchant/menu/category/create` */
export const categoryCreateBody = z.object({ name: categoryName });
export type CategoryCreateInput = z.infer<typeof categoryCreateBody>;
/** `merchant/menu/category/rename` */
export const categoryRenameBody = z.object({ id, name: categoryName });
export type CategoryRenameInput = z.infer<typeof categoryRenameBody>;
/** `merchant/menu/category/reorder`: every category's id, in the new order. */
export const categoryReorderBody = z.object({ ids: z.array(id).min(1, 'must list the categories').max(200, 'must list at most 200 categories') });
export type CategoryReorderInput = z.infer<typeof categoryReorderBody>;
/** `merchant/menu/category/delete`: only an empty category. */
export const categoryDeleteBody = z.object({ id });

/** `merchant/menu/product/create`: `image` is an uploaded image (`merchant/images`), a path on this site, or empty. */
export const productCreateBody = z.object({
  category_id: id,
  name: productName,
  description: descriptionText.default(''),
  price: minorUnits,
  image: imageUrl.default(''),
  available: z.boolean().default(true),
  /** the option groups customers choose from (options.ts), in the order they are shown */
  option_group_ids: optionGroupIds.default([]),
});
/** what a product form sends: every field of a product but its id and place */
export type ProductFields = z.infer<typeof productCreateBody>;
/** `merchant/menu/product/update`: the fields to change. A new price never changes an order already placed. */
export const productUpdateBody = z
  .object({ id, category_id: id.optional(), name: productName.optional(), description: descriptionText.optional(), price: minorUnits.optional(), image: imageUrl.optional(), available: z.boolean().optional(), option_group_ids: optionGroupIds.optional() })
  .refine((b) => Object.keys(b).some((k) => k !== 'id'), { message: 'give at least one field to change', path: ['name'] });
export type ProductUpdateInput = z.infer<typeof productUpdateBody>;
/** `merchant/menu/product/archive`, `…/restore`, `…/delete`: one product. */
export const productIdBody = z.object({ id });
/**
 * `merchant/menu/product/reorder`: the ids of every product of the category that customers see (archived
 * ones are not listed: they keep no place, and come back last when restored), once each, in the new order.
 */
export const productReorderBody = z.object({
  category_id: id,
  ids: z.array(id).min(1, 'must list the products').max(500, 'must list at most 500 products'),
});
export type ProductReorderInput = z.infer<typeof productReorderBody>;

/** `merchant/product/update` (the merchant key): a price, or taking a product off (or back on) the menu. */
export const merchantProductBody = z
  .object({
    product_id: id,
    price: z.number().int('must be a whole number of minor units').min(0).max(100_000_000).optional(),
    available: z.boolean().optional(),
  })
  .refine((b) => b.price !== undefined || b.available !== undefined, {
    message: 'give price or available',
    path: ['price'],
  });
export type MerchantProductBody = z.infer<typeof merchantProductBody>;

const editorProduct = z
  .object({
    id: z.number().int(),
    category_id: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.number().int(),
    image: z.string(),
    available: z.boolean().meta({ description: 'false: sold out (shown, cannot be ordered)' }),
    position: z.number().int(),
    option_group_ids: z.array(z.number().int()).meta({ description: 'its option groups, in order' }),
    archived_at: z.string().nullable().meta({ description: 'when it was archived (hidden from customers, kept for past orders); null: on the menu' }),
    in_orders: z.boolean().meta({ description: 'an order names it: it can be archived, never deleted' }),
  })
  .meta({ id: 'EditorProduct' });
export type EditorProduct = z.infer<typeof editorProduct>;

const editorCategory = z
  .object({ id: z.number().int(), name: z.string(), position: z.number().int(), products: z.array(editorProduct) })
  .meta({ id: 'EditorCategory' });

export const menuAnswer = z.object({ categories: z.array(editorCategory) });
export type MenuData = z.infer<typeof menuAnswer>;
const menuCategoryAnswer = z.object({ category: editorCategory.omit({ products: true }) });
export type MenuCategoryData = z.infer<typeof menuCategoryAnswer>;
const menuProductAnswer = z.object({ product: editorProduct });
export type MenuProductData = z.infer<typeof menuProductAnswer>;
/** A product as customers see it (`merchant/product/update`'s answer). */
const productOnlyAnswer = z.object({ product: productAnswer });
export type ProductData = z.infer<typeof productOnlyAnswer>;

/** The owner's menu editor (tag "Merchant console"). */
export const menuSpec = /* @__PURE__ */ describe('Merchant console', menuApi, {
  menu: { summary: 'The menu to edit: every category and product, sold out and archived ones too', inContract: false, data: menuAnswer, answer: 'The menu.', message: 'The menu.' },
  createCategory: {
    summary: 'Add a category (at the end)',
    inContract: false,
    body: categoryCreateBody,
    data: menuCategoryAnswer,
    answer: 'The category.',
    message: '<name> is on the menu.',
  },
  renameCategory: { summary: 'Rename a category', inContract: false, body: categoryRenameBody, data: menuCategoryAnswer, answer: 'The category.', message: 'Renamed.', errors: ['NOT_FOUND'] },
  reorderCategories: {
    summary: 'Put the categories in a new order',
    description: '`ids` lists every category once; anything else is 400 naming `ids`.',
    inContract: false,
    body: categoryReorderBody,
    data: menuAnswer,
    answer: 'The menu in its new order.',
    message: 'The new order is saved.',
  },
  deleteCategory: {
    summary: 'Remove an empty category',
    description: 'A category that still has products: 409 CONFLICT.',
    inContract: false,
    body: categoryDeleteBody,
    answer: 'Removed.',
    message: 'The category is removed.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  createProduct: {
    summary: 'Add a product',
    description: 'Customers see it within 10 s. `image`: an uploaded image (`merchant/images`), a path on this site, or empty.',
    inContract: false,
    body: productCreateBody,
    data: menuProductAnswer,
    answer: 'The product.',
    message: '<name> is on the menu.',
  },
  updateProduct: {
    summary: 'Change a product: name, description, price, category, image, sold out',
    description: 'A new price never changes an order already placed. Customers see the change within 10 s.',
    inContract: false,
    body: productUpdateBody,
    data: menuProductAnswer,
    answer: 'The product as it is now.',
    message: 'Saved. Customers see it within 10 seconds.',
    errors: ['NOT_FOUND'],
  },
  archiveProduct: {
    summary: 'Archive a product: hidden from customers, kept for the orders that name it',
    description: 'Customers no longer see it and quotes and orders refuse it as a product not on the menu; past orders, tickets and exports still show it. Archiving an archived product changes nothing.',
    inContract: false,
    body: productIdBody,
    data: menuProductAnswer,
    answer: 'The product as it is now.',
    message: '<name> is archived: customers no longer see it.',
    errors: ['NOT_FOUND'],
  },
  restoreProduct: {
    summary: 'Bring an archived product back on the menu (last in its category)',
    inContract: false,
    body: productIdBody,
    data: menuProductAnswer,
    answer: 'The product as it is now.',
    message: '<name> is back on the menu.',
    errors: ['NOT_FOUND'],
  },
  deleteProduct: {
    summary: 'Delete a product that no order names',
    description: 'A product in any order: 409 CONFLICT (archive it instead); one a reward gives: 409 CONFLICT (change the reward first).',
    inContract: false,
    body: productIdBody,
    answer: 'Deleted.',
    message: 'The product is deleted.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  reorderProducts: {
    summary: 'Put the products of a category in a new order',
    description: '`ids` lists every product of the category that is not archived, once; anything else is 400 naming `ids`. Archived products are not listed: a restored one comes back last.',
    inContract: false,
    body: productReorderBody,
    data: menuAnswer,
    answer: 'The menu in its new order.',
    message: 'The new order is saved.',
  },
});

/** The merchant key's product change (tag "Merchant"). */
export const menuMachineSpec = /* @__PURE__ */ describe('Merchant', menuMachineApi, {
  updateProduct: {
    summary: "Change a product's price or availability",
    inContract: false,
    body: merchantProductBody,
    data: productOnlyAnswer,
    answer: 'The product as it is now.',
    message: 'Product updated.',
    errors: ['NOT_FOUND'],
  },
});
