import { sql } from 'kysely';
import type { Database } from '../../db';

/**
 * SQL of points given at the counter (counter_earns): the earn and its undo, the day's sums the caps
 * count, the day's list and a customer's latest.
 */

/** One staff member's counter earns take turns (see lockGiverEarns); one API key's, apart. */
const LOCK_COUNTER_STAFF = 74_001;
const LOCK_COUNTER_KEY = 74_002;

/** Who gives an earn: a member of staff at the counter, or an API key (a till's, merchant/till/earn). */
export type Giver = { kind: 'staff'; id: number } | { kind: 'key'; id: number; name: string };

/** The column an earn's giver is kept in, and its id. */
const giverColumn = (g: Giver) => (g.kind === 'staff' ? (['staff_id', g.id] as const) : (['api_key_id', g.id] as const));

/**
 * Serialises one staff member's earns until the transaction ends, so two of their earns (for two
 * customers, each under their own customer lock) cannot both read the day's sum before either counts.
 * An advisory lock rather than the staff row's: it guards this sum and nothing else, so a sign-in, a
 * role change or an audit entry's foreign key check never waits behind a sale. Taken after the
 * customer's row lock, always in that order, so no two earns wait for each other in a circle. An API key's
 * earns take turns the same way, under a lock of their own.
 */
export async function lockGiverEarns(trx: Database, giver: Giver): Promise<void> {
  const lockClass = giver.kind === 'staff' ? LOCK_COUNTER_STAFF : LOCK_COUNTER_KEY;
  await sql`select pg_advisory_xact_lock(${lockClass}::int4, ${giver.id}::int4)`.execute(trx);
}

/** Points earned at the counter since an instant, not undone: by a customer, or given by a member of staff or a key. */
export async function earnedSince(db: Database, by: { customer_id: number } | Giver, since: Date): Promise<number> {
  const [column, id] = 'customer_id' in by ? (['customer_id', by.customer_id] as const) : giverColumn(by);
  const row = await db
    .selectFrom('counter_earns')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('points'))
    .where(column, '=', id)
    .where('created_at', '>=', since)
    .where('undone_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.points);
}

/**
 * Stamp card stamps given at the counter since an instant, by earns not undone (an undo deletes its
 * stamps anyway): to a customer, or by a member of staff or a key. Read under the same locks as earnedSince.
 */
export async function stampsGivenSince(db: Database, by: { customer_id: number } | Giver, since: Date): Promise<number> {
  const [column, id] =
    'customer_id' in by
      ? (['ce.customer_id', by.customer_id] as const)
      : by.kind === 'staff'
        ? (['ce.staff_id', by.id] as const)
        : (['ce.api_key_id', by.id] as const);
  const row = await db
    .selectFrom('stamp_events as e')
    .innerJoin('counter_earns as ce', 'ce.id', 'e.earn_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('e.stamps'), sql<number>`0`).as('stamps'))
    .where(column, '=', id)
    .where('ce.created_at', '>=', since)
    .where('ce.undone_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.stamps);
}

/** Of these products, the ids that exist (archived ones too: the counter sold what it sold). */
export async function existingProductIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function insertEarn(
  trx: Database,
  e: {
    customerId: number;
    giver: Giver;
    locationId: number | null;
    amount: number;
    points: number;
    items: { product_id: number; qty: number }[] | null;
    now: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('counter_earns')
    .values({
      customer_id: e.customerId,
      staff_id: e.giver.kind === 'staff' ? e.giver.id : null,
      api_key_id: e.giver.kind === 'key' ? e.giver.id : null,
      location_id: e.locationId,
      amount: e.amount,
      points: e.points,
      items: e.items === null ? null : JSON.stringify(e.items),
      created_at: e.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function earns(db: Database) {
  return db
    .selectFrom('counter_earns as ce')
    .innerJoin('customers as c', 'c.id', 'ce.customer_id')
    .leftJoin('staff as s', 's.id', 'ce.staff_id')
    .leftJoin('api_keys as k', 'k.id', 'ce.api_key_id')
    .leftJoin('locations as l', 'l.id', 'ce.location_id')
    .select([
      'ce.id',
      'ce.customer_id',
      'ce.amount',
      'ce.points',
      'ce.created_at',
      'ce.undone_at',
      'ce.location_id',
      'c.name as customer_name',
      // a till's earn names its key: "Front till (API key)"
      sql<string>`coalesce(s.name, k.name || ' (API key)')`.as('staff_name'),
      'l.name as location_name',
    ]);
}

/** An earn with its customer's, its giver's (a staff member's, or a key's) and its location's names. */
export type EarnRow = Awaited<ReturnType<ReturnType<typeof earns>['executeTakeFirstOrThrow']>>;

export async function findEarn(db: Database, id: number): Promise<EarnRow | undefined> {
  return earns(db).where('ce.id', '=', id).executeTakeFirst();
}

/** Earns since an instant, newest first; of some locations only (and those that name none), or of all. */
export async function earnsSince(db: Database, since: Date, limit: number, locationIds: 'all' | readonly number[]): Promise<EarnRow[]> {
  let q = earns(db).where('ce.created_at', '>=', since);
  if (locationIds !== 'all')
    q = q.where((eb) => eb.or([eb('ce.location_id', 'is', null), eb('ce.location_id', 'in', locationIds.length ? [...locationIds] : [-1])]));
  return q.orderBy('ce.id', 'desc').limit(limit).execute();
}

/** A customer's latest earn since an instant that was not undone. */
export async function latestEarnOf(db: Database, customerId: number, since: Date): Promise<EarnRow | undefined> {
  return earns(db)
    .where('ce.customer_id', '=', customerId)
    .where('ce.created_at', '>=', since)
    .where('ce.undone_at', 'is', null)
    .orderBy('ce.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function lockEarn(trx: Database, id: number) {
  return trx.selectFrom('counter_earns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The tier an earn raised the customer to, for its undo (tiers.service.ts placeAfterEarn). */
export async function setEarnTierRise(trx: Database, id: number, rise: object): Promise<void> {
  await trx
    .updateTable('counter_earns')
    .set({ tier_rise: JSON.stringify(rise) })
    .where('id', '=', id)
    .execute();
}

export async function markEarnUndone(trx: Database, id: number, staffId: number, now: Date): Promise<void> {
  await trx.updateTable('counter_earns').set({ undone_at: now, undone_by: staffId }).where('id', '=', id).execute();
}
