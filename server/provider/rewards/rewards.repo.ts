import type { Database } from '../../db';
import type { Reward } from '#contract';

/** SQL of the reward catalogue: reading rewards, taking stock, counting a customer's redemptions. */

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
}

const COLUMNS = ['id', 'name', 'title', 'description', 'points_cost', 'image', 'stock', 'valid_days', 'per_customer_limit', 'discount_amount'] as const;

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
  };
}

export async function listActiveRewards(db: Database): Promise<RewardRow[]> {
  return db.selectFrom('rewards').select(COLUMNS).where('active', '=', true).orderBy('position').orderBy('id').execute();
}

export async function findActiveReward(db: Database, name: string): Promise<RewardRow | undefined> {
  return db.selectFrom('rewards').select(COLUMNS).where('name', '=', name).where('active', '=', true).executeTakeFirst();
}

export async function findRewardById(db: Database, id: number): Promise<RewardRow | undefined> {
  return db.selectFrom('rewards').select(COLUMNS).where('id', '=', id).executeTakeFirst();
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

/** Vouchers a customer got by redeeming this reward (wheel prizes, and vouchers cancelled with the order whose points bought them, do not count against the limit). */
export async function countRedemptions(trx: Database, customerId: number, rewardId: number): Promise<number> {
  const row = await trx
    .selectFrom('vouchers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('reward_id', '=', rewardId)
    .where('source', '=', 'redeem')
    .where('status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
