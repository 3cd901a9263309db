import { sql } from 'kysely';
import type { Database } from '../../db';
import type { PrizeType } from '#contract';

/** SQL of the wheel: its segments and the spins customers made; the owner's published configurations. */

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
  // `free = true` written as it is, not as a parameter: PostgreSQL must see that it matches the partial
  // unique index's predicate when it plans the statement, and a named statement's generic plan sees no
  // parameter's value
  if (s.free) q = q.onConflict((oc) => oc.columns(['customer_id', 'spin_day']).where('free', '=', sql.lit(true)).doNothing());
  const row = await q.returning('id').executeTakeFirst();
  return row?.id ?? null;
}

export async function setSpinPrize(trx: Database, spinId: number, prize: Record<string, unknown>): Promise<void> {
  await trx
    .updateTable('wheel_spins')
    .set({ prize: JSON.stringify(prize) })
    .where('id', '=', spinId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The owner's wheel: every published configuration (odds version) kept
// ---------------------------------------------------------------------------------------------

/** The segments of every version, with the reward each voucher prize gives, newest version first, each in its order. */
export function listAllSegments(db: Database) {
  return db
    .selectFrom('wheel_segments as s')
    .leftJoin('rewards as r', 'r.id', 's.reward_id')
    .select([
      's.id',
      's.label',
      's.weight',
      's.prize_type',
      's.prize_points',
      's.color',
      's.odds_version',
      'r.name as reward_name',
      'r.title as reward_title',
      'r.active as reward_active',
    ])
    .where('s.active', '=', true)
    .orderBy('s.odds_version', 'desc')
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
}

/** What was recorded of these versions' publication (the first version has no record). */
export function listVersionRecords(db: Database, versions: number[]) {
  return db
    .selectFrom('wheel_versions as v')
    .leftJoin('staff', 'staff.id', 'v.published_by')
    .select(['v.version', 'v.spin_cost_points', 'v.free_spins_per_day', 'v.published_at', 'staff.name as staff_name'])
    .where('v.version', 'in', versions)
    .execute();
}

/** How many spins were drawn with each of these versions. */
export async function countSpinsByVersion(db: Database, versions: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('wheel_spins')
    .select(['odds_version', (eb) => eb.fn.countAll<number>().as('n')])
    .where('odds_version', 'in', versions)
    .groupBy('odds_version')
    .execute();
  return new Map(rows.map((r) => [r.odds_version, Number(r.n)]));
}

/** One publication at a time (instances included), until commit: each gets the next version number. */
export async function lockPublication(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('wheel-publish'))`.execute(trx);
}

/** The newest version's number (0 before any) and its segments as they were. */
export async function latestVersion(trx: Database): Promise<{ version: number; segments: Omit<NewSegment, 'color'>[] }> {
  const { max } = await trx
    .selectFrom('wheel_segments')
    .select(sql<number>`coalesce(max(odds_version), 0)`.as('max'))
    .executeTakeFirstOrThrow();
  const version = Number(max);
  const segments = await trx
    .selectFrom('wheel_segments')
    .select(['label', 'weight', 'prize_type', 'prize_points', 'reward_id'])
    .where('odds_version', '=', version)
    .orderBy('position')
    .execute();
  return { version, segments };
}

/** A segment of a new version (its version and place come with it). */
export type NewSegment = Omit<SegmentRow, 'id' | 'odds_version'>;

/** A new version: its segments in their order, its record, and its rules as the merchant's rules from now on. */
export async function insertVersion(
  trx: Database,
  merchantId: string,
  v: { version: number; segments: NewSegment[]; spin_cost_points: number; free_spins_per_day: number; published_at: Date; published_by: number },
): Promise<void> {
  await trx
    .insertInto('wheel_segments')
    .values(v.segments.map((s, position) => ({ ...s, odds_version: v.version, position })))
    .execute();
  await trx
    .insertInto('wheel_versions')
    .values({
      version: v.version,
      spin_cost_points: v.spin_cost_points,
      free_spins_per_day: v.free_spins_per_day,
      published_at: v.published_at,
      published_by: v.published_by,
    })
    .execute();
  await trx
    .updateTable('merchants')
    .set({ rules: sql`rules || ${JSON.stringify({ spin_cost_points: v.spin_cost_points, free_spins_per_day: v.free_spins_per_day })}::jsonb` })
    .where('id', '=', merchantId)
    .execute();
}
