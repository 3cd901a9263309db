import { sql } from 'kysely';
import type { EditorOptionGroup } from '#contract';
import { withWordsColumn } from '../../lib/words-column';
import type { Database } from '../../db';
import type { ShopWords } from '#contract/translations';

/** SQL of the owner's option groups (Size, Milk, Extras), their options, and which products have them. */

const GROUP_COLUMNS = ['id', 'name', 'min_choices', 'max_choices', 'translations'] as const;
const OPTION_COLUMNS = ['id', 'group_id', 'name', 'price_delta', 'is_default', 'available', 'translations'] as const;

type GroupRow = { id: number; name: string; min_choices: number; max_choices: number; translations: ShopWords };
/** a group as written: its words in other languages left out, those it has are kept */
type GroupFields = Omit<GroupRow, 'id' | 'translations'> & { translations?: ShopWords };
export type OptionRow = { id: number; group_id: number; name: string; price_delta: number; is_default: boolean; available: boolean; translations: ShopWords };
export type NewOption = { name: string; price_delta: number; is_default: boolean; available: boolean; translations?: ShopWords };

/** The groups as the editor shows them (all of them, or these), each with its options and its products, in order: three queries. */
export async function editorGroups(db: Database, ids?: number[]): Promise<EditorOptionGroup[]> {
  if (ids?.length === 0) return [];
  let groups = db.selectFrom('option_groups').select(GROUP_COLUMNS).orderBy('position').orderBy('id');
  if (ids) groups = groups.where('id', 'in', ids);
  const rows = await groups.execute();
  if (rows.length === 0) return [];
  const groupIds = rows.map((g) => g.id);
  const options = await db.selectFrom('options').select(OPTION_COLUMNS).where('group_id', 'in', groupIds).orderBy('position').orderBy('id').execute();
  const links = await db
    .selectFrom('product_option_groups')
    .select(['group_id', 'product_id'])
    .where('group_id', 'in', groupIds)
    .orderBy('product_id')
    .execute();
  return rows.map((g) => ({
    ...g,
    options: options.filter((o) => o.group_id === g.id).map(({ group_id: _g, ...o }) => o),
    product_ids: links.filter((l) => l.group_id === g.id).map((l) => l.product_id),
  }));
}

/** A group, its row locked until commit: every change of a group or of its options takes it first (orders read under its share lock). */
export function lockGroup(trx: Database, id: number): Promise<GroupRow | undefined> {
  return trx.selectFrom('option_groups').select(GROUP_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Of these groups, the ids that exist, held (share) until commit so none is removed under a product being given it. */
export async function holdGroups(trx: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await trx.selectFrom('option_groups').select('id').where('id', 'in', ids).orderBy('id').forShare().execute();
  return new Set(rows.map((r) => r.id));
}

export async function insertGroup(trx: Database, group: GroupFields): Promise<number> {
  const { next } = await trx
    .selectFrom('option_groups')
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('next'))
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('option_groups')
    .values({ ...withWordsColumn(group), position: next })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroupRow(trx: Database, id: number, group: GroupFields): Promise<void> {
  await trx.updateTable('option_groups').set(withWordsColumn(group)).where('id', '=', id).execute();
}

export async function deleteGroupRow(trx: Database, id: number): Promise<void> {
  await trx.deleteFrom('option_groups').where('id', '=', id).execute();
}

/** The ids of a group's options. */
export async function optionIdsOf(trx: Database, groupId: number): Promise<number[]> {
  const rows = await trx.selectFrom('options').select('id').where('group_id', '=', groupId).execute();
  return rows.map((r) => r.id);
}

export async function insertOption(trx: Database, groupId: number, position: number, option: NewOption): Promise<void> {
  await trx
    .insertInto('options')
    .values({ ...withWordsColumn(option), group_id: groupId, position })
    .execute();
}

export async function updateOptionRow(trx: Database, id: number, position: number, option: NewOption): Promise<void> {
  await trx
    .updateTable('options')
    .set({ ...withWordsColumn(option), position })
    .where('id', '=', id)
    .execute();
}

export async function deleteOptionRows(trx: Database, ids: number[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('options').where('id', 'in', ids).execute();
}

export function findOption(db: Database, id: number): Promise<OptionRow | undefined> {
  return db.selectFrom('options').select(OPTION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function setOptionAvailable(trx: Database, id: number, available: boolean): Promise<void> {
  await trx.updateTable('options').set({ available }).where('id', '=', id).execute();
}

/** A product's groups, in the order given (its product row is locked by the caller). */
export async function setProductGroups(trx: Database, productId: number, groupIds: number[]): Promise<void> {
  await trx.deleteFrom('product_option_groups').where('product_id', '=', productId).execute();
  if (groupIds.length) {
    await trx
      .insertInto('product_option_groups')
      .values(groupIds.map((groupId, position) => ({ product_id: productId, group_id: groupId, position })))
      .execute();
  }
}
