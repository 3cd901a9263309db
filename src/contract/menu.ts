/**
 * The menu as the merchant changes it: the owner's menu editor in the merchant console (paths under
 * `merchant/menu/`: categories and products) and the merchant key's product change
 * (`merchant/product/update`). The schemas of the area's calls (menu.calls.ts declares them), the types
 * inferred from them (menu.spec.ts describes the calls).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { descriptionText, id, minorUnits, wholeNumber } from './fields';
import { imageUrl } from './media';
import { OPTION_LIMITS } from './options';
import { productAnswer } from './shop';
import { translatedText, translationsAnswer, translationsInput } from './translations';

const optionGroupIds = z
  .array(id)
  .max(OPTION_LIMITS.groupsPerProduct, `must be at most ${OPTION_LIMITS.groupsPerProduct} groups`)
  .refine((ids) => new Set(ids).size === ids.length, 'names a group twice');
const categoryName = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');
const productName = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');
/** a category's name in other languages (translations.ts), as long as its name may be */
const categoryTranslations = translationsInput({ name: translatedText(60) });
/** a product's name and description in other languages (translations.ts), as long as the main fields may be */
const productTranslations = translationsInput({ name: translatedText(80), description: translatedText(500) });
/** The most minutes a product may take to make (4 hours). */
export const PREP_MINUTES_MAX = 240;
/** minutes to make it; null: the location's preparation time (a pickup's first slot waits for the longest) */
const prepMinutes = wholeNumber(0, PREP_MINUTES_MAX, 'minutes').nullable();

/** `merchant/menu/category/create` */
export const categoryCreateBody = z.object({ name: categoryName, translations: categoryTranslations.default({}) });
export type CategoryCreateInput = z.input<typeof categoryCreateBody>;
/** `merchant/menu/category/rename` */
export const categoryRenameBody = z.object({ id, name: categoryName, translations: categoryTranslations.optional() });
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
  /** minutes to make it (0–240); null: the location's preparation time */
  prep_minutes: prepMinutes.default(null),
  /** its name and description in other languages; empty: the main ones */
  translations: productTranslations.default({}),
});
/** what a product form sends: every field of a product but its id and place */
export type ProductFields = z.infer<typeof productCreateBody>;
/** `merchant/menu/product/update`: the fields to change. A new price never changes an order already placed. */
export const productUpdateBody = z
  .object({
    id,
    category_id: id.optional(),
    name: productName.optional(),
    description: descriptionText.optional(),
    price: minorUnits.optional(),
    image: imageUrl.optional(),
    available: z.boolean().optional(),
    option_group_ids: optionGroupIds.optional(),
    prep_minutes: prepMinutes.optional(),
    translations: productTranslations.optional(),
  })
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
    prep_minutes: z
      .number()
      .int()
      .nullable()
      .meta({ description: "minutes to make it (0–240); null: the location's preparation time. A pickup's first slot waits for its longest product" }),
    archived_at: z.string().nullable().meta({ description: 'when it was archived (hidden from customers, kept for past orders); null: on the menu' }),
    in_orders: z.boolean().meta({ description: 'an order names it: it can be archived, never deleted' }),
    translations: translationsAnswer(),
  })
  .meta({ id: 'EditorProduct' });
export type EditorProduct = z.infer<typeof editorProduct>;

const editorCategory = z
  .object({ id: z.number().int(), name: z.string(), position: z.number().int(), translations: translationsAnswer(), products: z.array(editorProduct) })
  .meta({ id: 'EditorCategory' });

export const menuAnswer = z.object({ categories: z.array(editorCategory) });
export type MenuData = z.infer<typeof menuAnswer>;
export const menuCategoryAnswer = z.object({ category: editorCategory.omit({ products: true }) });
export type MenuCategoryData = z.infer<typeof menuCategoryAnswer>;
export const menuProductAnswer = z.object({ product: editorProduct });
export type MenuProductData = z.infer<typeof menuProductAnswer>;
/** A product as customers see it (`merchant/product/update`'s answer). */
export const productOnlyAnswer = z.object({ product: productAnswer });
export type ProductData = z.infer<typeof productOnlyAnswer>;
