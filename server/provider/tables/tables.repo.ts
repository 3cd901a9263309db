import type { Database } from '../../db';

/**
 * SQL of dine-in tables (migration 0059): each location's areas and tables. A label (an area's name)
 * is unique at its location whatever its case: the unique index decides, so two owners adding "12" at
 * once get one table and one refusal.
 */

export interface AreaRow {
  id: number;
  location_id: number;
  name: string;
}
export interface TableRow {
  id: number;
  location_id: number;
  area_id: number | null;
  label: string;
  active: boolean;
}

/** A location's areas and tables (unsorted). */
export async function tablesAt(db: Database, locationId: number): Promise<{ areas: AreaRow[]; tables: TableRow[] }> {
  const [areas, tables] = await Promise.all([
    db.selectFrom('dining_areas').select(['id', 'location_id', 'name']).where('location_id', '=', locationId).execute(),
    db.selectFrom('dining_tables').select(['id', 'location_id', 'area_id', 'label', 'active']).where('location_id', '=', locationId).execute(),
  ]);
  return { areas, tables };
}

export async function countAt(db: Database, table: 'dining_areas' | 'dining_tables', locationId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('location_id', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findArea(db: Database, id: number): Promise<AreaRow | undefined> {
  return db.selectFrom('dining_areas').select(['id', 'location_id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function findTable(db: Database, id: number): Promise<TableRow | undefined> {
  return db.selectFrom('dining_tables').select(['id', 'location_id', 'area_id', 'label', 'active']).where('id', '=', id).executeTakeFirst();
}

/** A new area; null when the location has one of that name already. */
export async function insertArea(db: Database, locationId: number, name: string, now: Date): Promise<AreaRow | null> {
  const row = await db
    .insertInto('dining_areas')
    .values({ location_id: locationId, name, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'location_id', 'name'])
    .executeTakeFirst();
  return row ?? null;
}

/** Renames an area; false when the location has another of that name. */
export async function renameAreaRow(db: Database, id: number, name: string): Promise<boolean> {
  const taken = await db
    .selectFrom('dining_areas as a')
    .innerJoin('dining_areas as b', 'b.location_id', 'a.location_id')
    .select('b.id')
    .where('a.id', '=', id)
    .where('b.id', '<>', id)
    .where((eb) => eb(eb.fn('lower', ['b.name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (taken) return false;
  await db.updateTable('dining_areas').set({ name }).where('id', '=', id).execute();
  return true;
}

/** Removes an area; its tables stay, without one (the foreign key sets it null). */
export async function deleteArea(db: Database, id: number): Promise<void> {
  await db.deleteFrom('dining_areas').where('id', '=', id).execute();
}

/** A new table; null when the location has one of that label already. */
export async function insertTable(db: Database, t: { location_id: number; area_id: number | null; label: string }, now: Date): Promise<TableRow | null> {
  const row = await db
    .insertInto('dining_tables')
    .values({ ...t, created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'location_id', 'area_id', 'label', 'active'])
    .executeTakeFirst();
  return row ?? null;
}

/** Whether another table of the location has this label (whatever its case). */
export async function labelTaken(db: Database, locationId: number, label: string, except: number): Promise<boolean> {
  const row = await db
    .selectFrom('dining_tables')
    .select('id')
    .where('location_id', '=', locationId)
    .where('id', '<>', except)
    .where((eb) => eb(eb.fn('lower', ['label']), '=', label.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateTableRow(db: Database, id: number, t: Pick<TableRow, 'label' | 'area_id' | 'active'>, now: Date): Promise<void> {
  await db
    .updateTable('dining_tables')
    .set({ ...t, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteTable(db: Database, id: number): Promise<void> {
  await db.deleteFrom('dining_tables').where('id', '=', id).execute();
}

/** A table by its location and id, with its area's name: what a signed code names. */
export async function tableAt(db: Database, locationId: number, tableId: number): Promise<{ label: string; active: boolean; area: string | null } | undefined> {
  return db
    .selectFrom('dining_tables as t')
    .leftJoin('dining_areas as a', 'a.id', 't.area_id')
    .select(['t.label', 't.active', 'a.name as area'])
    .where('t.id', '=', tableId)
    .where('t.location_id', '=', locationId)
    .executeTakeFirst();
}

/** A guest at a table (tables/guests.ts): a customer row with a first name, no phone, bound to the location. */
export async function insertGuest(trx: Database, g: { name: string; locationId: number; now: Date }): Promise<number> {
  const row = await trx
    .insertInto('customers')
    .values({ phone: null, google_sub: null, name: g.name, email: null, created_at: g.now, guest_location_id: g.locationId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A guest's session: only the token's hash is kept; bound to the location (http/session.ts reads it). */
export async function insertGuestSession(
  trx: Database,
  s: { tokenHash: string; customerId: number; locationId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('sessions')
    .values({ token_hash: s.tokenHash, customer_id: s.customerId, created_at: s.now, expires_at: s.expiresAt, guest_location_id: s.locationId })
    .execute();
}
