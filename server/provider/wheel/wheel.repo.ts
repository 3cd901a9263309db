import type { Database } from '../../db';
import type { PrizeType } from '#contract';

/** SQL of the wheel: its segments and the spins customers made. */

export interface SegmentRow {
  id: number;
  label: string;
  weight: number;
  prize_type: PrizeType;
  prize_points: number;
  reward_id: number | null;
  color: string | null;
  odds_version: number;
}

/** The active segments of the newest odds version, in their order around the wheel. */
export async function activeSegments(db: Database): Promise<SegmentRow[]> {
  const rows = await db
    .selectFrom('wheel_segments')
    .select(['id', 'label', 'weight', 'prize_type', 'prize_points', 'reward_id', 'color', 'odds_version'])
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const version = Math.max(...rows.map((r) => r.odds_version));
  return rows.filter((r) => r.odds_version === version);
}

export async function freeSpinsOn(db: Database, customerId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('wheel_spins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('spin_day', '=', day)
    .where('free', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewSpin {
  customerId: number;
  segmentId: number;
  oddsVersion: number;
  free: boolean;
  costPoints: number;
  day: string;
  prize: Record<string, unknown>;
  at: Date;
}

/**
 * Records a spin. A free spin that would be the customer's second free spin of the day hits the
 * unique partial index `wheel_spins_one_free_a_day`; `on conflict do nothing` turns that into null
 * (no free spin left) without aborting the transaction.
 */
export async function insertSpin(trx: Database, s: NewSpin): Promise<number | null> {
  let q = trx.insertInto('wheel_spins').values({
    customer_id: s.customerId,
    segment_id: s.segmentId,
    odds_version: s.oddsVersion,
    free: s.free,
    cost_points: s.costPoints,
    spin_day: s.day,
    prize: JSON.stringify(s.prize),
    created_at: s.at,
  });
  if (s.free) q = q.onConflict((oc) => oc.columns(['customer_id', 'spin_day']).where('free', '=', true).doNothing());
  const row = await q.returning('id').executeTakeFirst();
  return row?.id ?? null;
}

export async function setSpinPrize(trx: Database, spinId: number, prize: Record<string, unknown>): Promise<void> {
  await trx.updateTable('wheel_spins').set({ prize: JSON.stringify(prize) }).where('id', '=', spinId).execute();
}
