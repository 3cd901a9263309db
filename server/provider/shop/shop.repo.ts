import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db';
import type { Category, OptionGroup, Product } from '#contract';

/** SQL of the menu: categories and their products, in the merchant's order. */

type ProductRow = { id: number; name: string; description: string; price: number; image: string; available: boolean };

export function toProduct(r: ProductRow): Product {
  return { id: r.id, name: r.name, description: r.description, price: r.price, image: r.image, available: r.available };
}

/** The words in other languages of the menu's things, by id (only those the owner translated). */
export interface CatalogWords {
  categories: Map<number, unknown>;
  products: Map<number, unknown>;
  groups: Map<number, unknown>;
  options: Map<number, unknown>;
}

const wordsOf = (rows: { id: number; translations: unknown }[]) =>
  new Map(rows.filter((r) => Object.keys(r.translations ?? {}).length > 0).map((r) => [r.id, r.translations]));

/** The rows of a table whose words the owner wrote in another language (the option groups', the options'). */
function translatedRows(db: Database, table: 'option_groups' | 'options'): Promise<{ id: number; translations: unknown }[]> {
  return sql<{ id: number; translations: unknown }>`select id, translations from ${sql.table(table)} where translations <> '{}'::jsonb`
    .execute(db)
    .then((r) => r.rows);
}

/** The menu in the shop's default language, and the words in other languages of its things (translations.ts). */
export async function listCatalog(db: Database): Promise<{ categories: Category[]; words: CatalogWords }> {
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'name', 'translations'])
    .where('removed_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'category_id', 'name', 'description', 'price', 'image', 'available', 'translations'])
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const groups = await optionGroupsOf(db);
  const words: CatalogWords = {
    categories: wordsOf(categories),
    products: wordsOf(products),
    groups: wordsOf(await translatedRows(db, 'option_groups')),
    options: wordsOf(await translatedRows(db, 'options')),
  };
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      products: products.filter((p) => p.category_id === c.id).map((p) => ({ ...toProduct(p), option_groups: groups.get(p.id) ?? [] })),
    })),
    words,
  };
}

/**
 * Each product's option groups in the product's order, each with its options in theirs, sold-out ones
 * included (`available` false): one query, for every product or for these.
 */
export async function optionGroupsOf(db: Database, productIds?: number[]): Promise<Map<number, OptionGroup[]>> {
  if (productIds?.length === 0) return new Map();
  return groupOptionRows(await optionRows(db, productIds).execute());
}

/** optionGroupsOf's query, ordered: for every product or for these (at least one). */
function optionRows(db: Database, productIds?: number[]) {
  let query = db
    .selectFrom('product_option_groups as pg')
    .innerJoin('option_groups as g', 'g.id', 'pg.group_id')
    .innerJoin('options as o', 'o.group_id', 'g.id')
    .select([
      'pg.product_id',
      'g.id as group_id',
      'g.name as group_name',
      'g.min_choices',
      'g.max_choices',
      'o.id',
      'o.name',
      'o.price_delta',
      'o.is_default',
      'o.available',
    ])
    .orderBy('pg.product_id')
    .orderBy('pg.position')
    .orderBy('g.id')
    .orderBy('o.position')
    .orderBy('o.id');
  if (productIds) query = query.where('pg.product_id', 'in', [...new Set(productIds)]);
  return query;
}

type OptionRow = Awaited<ReturnType<ReturnType<typeof optionRows>['execute']>>[number];

function groupOptionRows(rows: OptionRow[]): Map<number, OptionGroup[]> {
  const byProduct = new Map<number, OptionGroup[]>();
  for (const r of rows) {
    const groups = byProduct.get(r.product_id) ?? [];
    byProduct.set(r.product_id, groups);
    let group = groups.at(-1);
    if (group?.id !== r.group_id) {
      group = { id: r.group_id, name: r.group_name, min_choices: r.min_choices, max_choices: r.max_choices, options: [] };
      groups.push(group);
    }
    group.options.push({ id: r.id, name: r.name, price_delta: r.price_delta, is_default: r.is_default, available: r.available });
  }
  return byProduct;
}

/**
 * optionGroupsOf for these products (at least one) as an expression: their rows as one JSON array in
 * optionGroupsOf's order, for a caller that reads them in a statement with others; `optionGroupsFrom`
 * makes the map of what it answered. (Every column is an integer, text or boolean: JSON keeps them.)
 */
export function optionGroupsJson(db: Database, productIds: number[]): RawBuilder<unknown> {
  // each row whole (`to_jsonb(r)`, not `r.*`: a statement with a `*` is never named, server/db/prepared.ts)
  return sql`(select coalesce(json_agg(to_jsonb(q.r) || jsonb_build_object('n', q.n)), '[]') from (select r, row_number() over () as n from (${optionRows(db, productIds)}) as r) as q)`;
}

/** The map optionGroupsOf answers, from what optionGroupsJson read. */
export function optionGroupsFrom(json: unknown): Map<number, OptionGroup[]> {
  return groupOptionRows((json as Array<OptionRow & { n: number }>).sort((a, b) => a.n - b.n));
}

/**
 * Holds (share) until commit the option groups of these products, and answers their ids (none: the
 * products have no options to read). Every change of an option takes its group's row for update first,
 * so it either commits before (and the reads after this see it whole) or waits until the order commits.
 * The products themselves are held by findProducts' `hold`, before this (products, then groups).
 */
export async function holdOptionGroups(trx: Database, productIds: number[]): Promise<number[]> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('option_groups')
    .select('id')
    .where('id', 'in', (eb) => eb.selectFrom('product_option_groups').select('group_id').where('product_id', 'in', ids))
    .orderBy('id')
    .forShare()
    .execute();
  return rows.map((r) => r.id);
}

/** The names of these options (a line that names an option of another product is told which). */
export async function optionNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('options').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The products of these ids that are on the menu (an archived one is not: it is left out, as an unknown
 * id is), with their category. `hold`: in an order's transaction, each row held (share, in id order)
 * until commit, so a change of its price either commits before this read or waits for the order.
 */
/** A product as an order reads it: with its category and its preparation time (null: the location's). */
export type OrderedProduct = Product & { category_id: number | null; prep_minutes: number | null };

export async function findProducts(db: Database, ids: number[], hold = false): Promise<Map<number, OrderedProduct>> {
  if (ids.length === 0) return new Map();
  return productMap(await productsQuery(db, ids, hold).execute());
}

/** findProducts' query, for a statement that reads it with others (`ids`: at least one). */
export function productsQuery(db: Database, ids: number[], hold: boolean) {
  const query = db
    .selectFrom('products')
    .select(['id', 'name', 'description', 'price', 'image', 'available', 'category_id', 'prep_minutes'])
    .where('id', 'in', [...new Set(ids)])
    .where('archived_at', 'is', null);
  return hold ? query.orderBy('id').forShare() : query;
}

/** What findProducts answers, from productsQuery's rows. */
export function productMap(rows: Array<ProductRow & { category_id: number | null; prep_minutes: number | null }>): Map<number, OrderedProduct> {
  return new Map(rows.map((r) => [r.id, { ...toProduct(r), category_id: r.category_id, prep_minutes: r.prep_minutes }]));
}
