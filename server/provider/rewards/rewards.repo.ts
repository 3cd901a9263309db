import { sql } from 'kysely';
import type { EditorReward, Reward, RewardFields } from '#contract';
import { withWordsColumn } from '../../lib/words-column';
import type { Database } from '../../db';
import type { ShopWords } from '#contract/translations';

/** SQL of the reward catalogue: reading rewards, taking stock, counting a customer's redemptions; the owner's changes. */

export interface RewardRow {
  id: number;
  name: string;
  title: string;
  description: string;
  points_cost: number;
  image: string;
  stock: number | null;
  valid_days: number;
  per_customer_limit: number | null;
  discount_amount: number;
  /** the product it gives free, by name (archived ones too: the counter still honours them) */
  free_product: string | null;
  /** its title and description in other languages (translations.ts) */
  translations: ShopWords;
}

const COLUMNS = [
  'id',
  'name',
  'title',
  'description',
  'points_cost',
  'image',
  'stock',
  'valid_days',
  'per_customer_limit',
  'discount_amount',
  'translations',
] as const;

export function toReward(r: RewardRow): Reward {
  return {
    name: r.name,
    title: r.title,
    description: r.description,
    points_cost: r.points_cost,
    image: r.image,
    stock: r.stock,
    valid_days: r.valid_days,
    per_customer_limit: r.per_customer_limit,
    discount_amount: r.discount_amount,
    free_product: r.free_product,
  };
}

/** Rewards with the name of the product each gives free (null: none). */
function rewardRows(db: Database) {
  return db
    .selectFrom('rewards')
    .select(COLUMNS)
    .select((eb) => eb.selectFrom('products').select('products.name').whereRef('products.id', '=', 'rewards.product_id').as('free_product'));
}

export async function listActiveRewards(db: Database): Promise<RewardRow[]> {
  return rewardRows(db).where('active', '=', true).orderBy('position').orderBy('id').execute();
}

export async function findActiveReward(db: Database, name: string): Promise<RewardRow | undefined> {
  return rewardRows(db).where('name', '=', name).where('active', '=', true).executeTakeFirst();
}

/** An offered reward by its id (a full stamp card's, a tier's welcome). */
export async function findActiveRewardById(db: Database, id: number): Promise<RewardRow | undefined> {
  return rewardRows(db).where('id', '=', id).where('active', '=', true).executeTakeFirst();
}

export async function findRewardById(db: Database, id: number): Promise<RewardRow | undefined> {
  return rewardRows(db).where('id', '=', id).executeTakeFirst();
}

/**
 * Takes one unit of a limited reward's stock, atomically: the row update re-checks `stock > 0` on the
 * latest committed row after waiting for any concurrent taker, so stock never goes below 0.
 * Unlimited rewards (stock null) are not touched at all (and so not row-locked by every redemption).
 * False when none is left.
 */
export async function takeStock(trx: Database, rewardId: number): Promise<boolean> {
  const res = await trx
    .updateTable('rewards')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', rewardId)
    .where('stock', 'is not', null)
    .where('stock', '>', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Vouchers a customer got by redeeming rewards (wheel prizes, and vouchers cancelled with the order whose
 * points bought them or undone at the counter, do not count against a limit).
 */
function redeemedBy(db: Database, customerId: number) {
  return db.selectFrom('vouchers').where('customer_id', '=', customerId).where('source', '=', 'redeem').where('status', '<>', 'cancelled');
}

/** How many times a customer redeemed this reward (redeemedBy). */
export async function countRedemptions(trx: Database, customerId: number, rewardId: number): Promise<number> {
  const row = await redeemedBy(trx, customerId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reward_id', '=', rewardId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many times a customer redeemed each reward (redeemedBy), by reward id. */
export async function redemptionCounts(db: Database, customerId: number): Promise<Map<number, number>> {
  const rows = await redeemedBy(db, customerId)
    .select(['reward_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('reward_id')
    .execute();
  return new Map(rows.map((r) => [r.reward_id, Number(r.n)]));
}

// ---------------------------------------------------------------------------------------------
// The owner's reward catalogue
// ---------------------------------------------------------------------------------------------

const EDITOR_COLUMNS = [
  'id',
  'name',
  'title',
  'description',
  'image',
  'points_cost',
  'stock',
  'valid_days',
  'per_customer_limit',
  'discount_amount',
  'active',
  'translations',
] as const;

/** Every reward (or these), retired ones too, with how many were redeemed (not cancelled) and used, in the merchant's order. */
export async function listEditorRewards(db: Database, ids?: number[]): Promise<EditorReward[]> {
  let q = db
    .selectFrom('rewards as r')
    .select(EDITOR_COLUMNS.map((c) => `r.${c}` as const))
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .select(['p.id as product_id', 'p.name as product_name', 'p.archived_at as product_archived_at'])
    .select((eb) => [
      eb
        .selectFrom('vouchers as v')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('v.reward_id', '=', 'r.id')
        .where('v.source', '=', 'redeem')
        .where('v.status', '<>', 'cancelled')
        .as('issued'),
      eb
        .selectFrom('vouchers as v')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('v.reward_id', '=', 'r.id')
        .where('v.source', '=', 'redeem')
        .where('v.status', '=', 'used')
        .as('used'),
    ])
    .orderBy('r.position')
    .orderBy('r.id');
  if (ids) q = q.where('r.id', 'in', ids);
  const rows = await q.execute();
  return rows.map((r) => {
    const issued = Number(r.issued ?? 0);
    return {
      id: r.id,
      name: r.name,
      title: r.title,
      description: r.description,
      image: r.image,
      points_cost: r.points_cost,
      stock_total: r.stock === null ? null : r.stock + issued,
      stock_left: r.stock,
      issued,
      used: Number(r.used ?? 0),
      valid_days: r.valid_days,
      per_customer_limit: r.per_customer_limit,
      discount_amount: r.discount_amount,
      product: r.product_id === null || r.product_name === null ? null : { id: r.product_id, name: r.product_name, archived: r.product_archived_at !== null },
      active: r.active,
      translations: r.translations,
    };
  });
}

const LOCK_REWARD_CREATE = 73_001;

/** One creation at a time (instances included), until commit: each finds the next free name and position. */
export async function lockRewardCreation(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_REWARD_CREATE}::int4, 0)`.execute(trx);
}

export async function rewardNameTaken(trx: Database, name: string): Promise<boolean> {
  return (await trx.selectFrom('rewards').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;
}

export type NewReward = Omit<RewardFields, 'stock_total'> & { name: string; stock: number | null };

/** A new reward, last in the catalogue; its id. */
export async function insertReward(trx: Database, reward: NewReward): Promise<number> {
  const { next } = await trx
    .selectFrom('rewards')
    .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('rewards')
    .values({ ...withWordsColumn(reward), position: next })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A reward by its name, its row locked until commit (a redemption takes the same lock). */
export function lockRewardByName(
  trx: Database,
  name: string,
): Promise<{ id: number; title: string; discount_amount: number; product_id: number | null } | undefined> {
  return trx.selectFrom('rewards').select(['id', 'title', 'discount_amount', 'product_id']).where('name', '=', name).forUpdate().executeTakeFirst();
}

export async function updateRewardRow(trx: Database, id: number, patch: Partial<NewReward>): Promise<void> {
  await trx.updateTable('rewards').set(withWordsColumn(patch)).where('id', '=', id).execute();
}

/** The tiers (welcome, birthday, early access) and the stamp cards not ended that give this reward: retiring it would leave them giving nothing. */
export async function givenBy(trx: Database, rewardId: number): Promise<{ tiers: string[]; stampCards: string[] }> {
  const tiers = await trx.selectFrom('tiers').select(['name', 'welcome_reward_id', 'birthday_reward_id', 'early_reward_ids']).orderBy('position').execute();
  const cards = await trx.selectFrom('stamp_programs').select('name').where('reward_id', '=', rewardId).where('status', '!=', 'ended').orderBy('id').execute();
  return {
    tiers: tiers
      .filter((t) => t.welcome_reward_id === rewardId || t.birthday_reward_id === rewardId || (t.early_reward_ids ?? []).includes(rewardId))
      .map((t) => t.name),
    stampCards: cards.map((c) => c.name),
  };
}

/** Whether the wheel in use gives this reward's voucher as a prize. */
export async function onTheWheel(trx: Database, rewardId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('wheel_segments')
    .select('id')
    .where('reward_id', '=', rewardId)
    .where('active', '=', true)
    .where('odds_version', '=', (eb) =>
      eb
        .selectFrom('wheel_segments')
        .select(sql<number>`max(odds_version)`.as('v'))
        .where('active', '=', true),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Vouchers redeemed with points (a voucher cancelled with its order gave its unit back to the stock: it is not redeemed). */
export async function issuedOf(trx: Database, rewardId: number): Promise<number> {
  const { n } = await trx
    .selectFrom('vouchers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reward_id', '=', rewardId)
    .where('source', '=', 'redeem')
    .where('status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** These rewards (by name), their rows share-locked until commit: a retirement under way waits, then finds them in use. */
export function shareRewardsByName(trx: Database, names: string[]): Promise<{ id: number; name: string; active: boolean }[]> {
  return trx.selectFrom('rewards').select(['id', 'name', 'active']).where('name', 'in', names).forShare().execute();
}
