import { type Expression, type OperationNodeSource, type RawBuilder, sql } from 'kysely';
import type { DeliveryArea, HoursException, WeeklyHours } from '#contract/locations';
import type { Database } from '../../db';

/**
 * SQL of locations: their rows (hours, exceptions and delivery areas are JSON the contract's schemas
 * checked on the way in), the products each does not sell, and the count of orders in each pickup
 * slot. Which locations a staff member works at is staff's (staff.repo.ts: staffLocationIds).
 */

export interface LocationRow {
  id: number;
  name: string;
  address: string;
  lat: number | null;
  lng: number | null;
  phone: string;
  /** its own zone; empty: the shop's */
  timezone: string;
  hours: WeeklyHours;
  exceptions: HoursException[];
  pickup: boolean;
  prep_minutes: number;
  slot_minutes: number;
  slot_capacity: number;
  delivery_areas: DeliveryArea[];
  paused: boolean;
  paused_until: Date | null;
  position: number;
}

const COLUMNS = [
  'id',
  'name',
  'address',
  'lat',
  'lng',
  'phone',
  'timezone',
  'hours',
  'exceptions',
  'pickup',
  'prep_minutes',
  'slot_minutes',
  'slot_capacity',
  'delivery_areas',
  'paused',
  'paused_until',
  'position',
] as const;

type Raw = { [K in (typeof COLUMNS)[number]]: unknown };
const toRow = (r: Raw): LocationRow => r as unknown as LocationRow;

/** Every location, in the owner's order. */
export async function listLocations(db: Database): Promise<LocationRow[]> {
  const rows = await db.selectFrom('locations').select(COLUMNS).orderBy('position').orderBy('id').execute();
  return rows.map(toRow);
}

export async function findLocation(db: Database, id: number): Promise<LocationRow | undefined> {
  const row = await db.selectFrom('locations').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

/** A location, its row locked until commit (a change or a pause takes it first). */
export async function lockLocation(trx: Database, id: number): Promise<LocationRow | undefined> {
  const row = await trx.selectFrom('locations').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  return row && toRow(row);
}

/** A location, held (share) until commit: an order reads its pause and hours while no pause or change of it commits. */
export async function holdLocation(trx: Database, id: number): Promise<LocationRow | undefined> {
  const row = await trx.selectFrom('locations').select(COLUMNS).where('id', '=', id).forShare().executeTakeFirst();
  return row && toRow(row);
}

/**
 * listLocations and, in the same statement, `hold`: one of them held (share) until commit as holdLocation
 * holds it, read as it is once held (`'first'`: the first in the owner's order; null: none), and
 * `alongside`, an expression read with them (null without one). One round trip for an order's pickup:
 * the list, then the one it names held, as the two statements did.
 */
export async function listLocationsHolding(
  trx: Database,
  hold: number | 'first' | null,
  alongside: RawBuilder<unknown> | null,
): Promise<{ all: LocationRow[]; held: LocationRow | undefined; alongside: unknown }> {
  const cols = (t: string) => sql.join(COLUMNS.map((c) => sql.ref(`${t}.${c}`)));
  const id = hold === 'first' ? sql`(select id from locations order by position, id limit 1)` : sql`${hold}::integer`;
  // a row when there is no location at all, for `alongside`; then the held one after the list
  const { rows } = await sql<Raw & { held: boolean | null; alongside: unknown }>`
    ${hold === null ? sql`` : sql`with h as (select ${cols('locations')} from locations where id = ${id} for share)`}
    select ${cols('l')}, false as held, ${alongside ?? sql`null`} as alongside, 0 as part from (select 1) as one left join locations as l on true
    ${hold === null ? sql`` : sql`union all select ${cols('h')}, true, null, 1 from h`}
    order by part, position, id`.execute(trx);
  const row = ({ held: _h, alongside: _a, part: _p, ...r }: (typeof rows)[number] & { part?: number }) => toRow(r);
  const held = rows.find((r) => r.held === true);
  return { all: rows.filter((r) => r.held === false && r.id !== null).map(row), held: held && row(held), alongside: rows[0]?.alongside ?? null };
}

/** The products each of these locations does not sell. */
export async function unavailableProducts(db: Database, locationIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(locationIds.map((id) => [id, []]));
  if (locationIds.length === 0) return out;
  const rows = await db
    .selectFrom('location_unavailable_products')
    .select(['location_id', 'product_id'])
    .where('location_id', 'in', locationIds)
    .orderBy('product_id')
    .execute();
  for (const r of rows) out.get(r.location_id)?.push(r.product_id);
  return out;
}

/** The products a location does not sell, as an expression (an integer array in id order), for a statement that reads it with others. */
export function unavailableAt(locationId: number): RawBuilder<number[]> {
  return sql<number[]>`array(select product_id from location_unavailable_products where location_id = ${locationId}::integer order by product_id)`;
}

/** How many orders hold each of these slots of a location. */
export async function slotCounts(db: Database, locationId: number, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('pickup_slots')
    .select(['slot_at', 'taken'])
    .where('location_id', '=', locationId)
    .where('slot_at', '>=', from)
    .where('slot_at', '<', to)
    .execute();
  return new Map(rows.map((r) => [r.slot_at.getTime(), r.taken]));
}

/**
 * A write that goes in the statement that takes a slot, given the slot it took (`slotAt`: an expression
 * that is null when it took none, so the write must then do nothing).
 */
export type WithSlot = (slotAt: Expression<Date | null>) => OperationNodeSource;

/** What takes a slot for an order: the order given it as its pickup time, and another write (WithSlot) with it. */
export interface SlotFor {
  orderId: number;
  also?: WithSlot;
}

/**
 * `taking`, a statement that takes a slot's place and returns the slot (`slot_at`) when it did, and in
 * the same statement, when `order` is given, the order gets that slot as its pickup time and its other
 * write is made.
 */
async function takingSlot(trx: Database, taking: OperationNodeSource, order: SlotFor | null): Promise<Date | null> {
  const { rows } = await (
    order === null
      ? sql<{ slot_at: Date }>`${taking}`
      : sql<{ slot_at: Date }>`
    with s as (${taking}),
    o as (update orders set pickup_at = s.slot_at from s where orders.id = ${order.orderId}::integer)
    ${order.also ? sql`, w as (${order.also(sql<Date | null>`(select slot_at from s)`)})` : sql``}
    select slot_at from s`
  ).execute(trx);
  return rows[0]?.slot_at ?? null;
}

/**
 * Takes one place in a slot, in one statement: the slot's row is created with 1, or its count goes up
 * only while under `capacity` (PostgreSQL's upsert takes the row's lock, so of many orders racing for
 * the last place one gets it). False: the slot is full. `order`: the order given the slot, in the
 * same statement (takingSlot).
 */
export async function takeSlot(trx: Database, locationId: number, at: Date, capacity: number, order: SlotFor | null = null): Promise<boolean> {
  const taking = trx
    .insertInto('pickup_slots')
    .values({ location_id: locationId, slot_at: at, taken: 1 })
    .onConflict((oc) =>
      oc
        .columns(['location_id', 'slot_at'])
        .doUpdateSet((eb) => ({ taken: eb('pickup_slots.taken', '+', 1) }))
        .where('pickup_slots.taken', '<', capacity),
    )
    .returning('slot_at');
  return (await takingSlot(trx, taking, order)) !== null;
}

/**
 * Takes one place in the first of these slots (earliest first) that has room by the counts as they are
 * now, in one statement: takeSlot's conditional upsert on that slot. Null when none had room, or when the
 * one chosen filled up meanwhile (its count is re-checked under the row's lock): the caller then tries
 * them one by one. `order` as takeSlot's.
 */
export async function takeFirstSlot(trx: Database, locationId: number, slots: Date[], capacity: number, order: SlotFor | null = null): Promise<Date | null> {
  if (slots.length === 0) return null;
  return takingSlot(
    trx,
    sql`
    insert into pickup_slots (location_id, slot_at, taken)
    select ${locationId}::integer, s.at, 1
    from (select e.value::timestamptz as at, e.n from jsonb_array_elements_text(${JSON.stringify(slots)}::jsonb) with ordinality as e(value, n)) s
    left join pickup_slots p on p.location_id = ${locationId}::integer and p.slot_at = s.at
    where coalesce(p.taken, 0) < ${capacity}::integer
    order by s.n
    limit 1
    on conflict (location_id, slot_at) do update set taken = pickup_slots.taken + 1 where pickup_slots.taken < ${capacity}::integer
    returning slot_at`,
    order,
  );
}

/** Gives a slot's place back (a cancelled pickup order). */
export async function releaseSlot(trx: Database, locationId: number, at: Date): Promise<void> {
  await trx
    .updateTable('pickup_slots')
    .set((eb) => ({ taken: eb('taken', '-', 1) }))
    .where('location_id', '=', locationId)
    .where('slot_at', '=', at)
    .where('taken', '>', 0)
    .execute();
}

/** What the owner's editor writes of a location (its pause is the pause switch's, its place in the list the shop's). */
export type LocationWrite = Omit<LocationRow, 'id' | 'paused' | 'paused_until' | 'position'>;

/** The row's values: the JSON columns as JSON text. */
const values = (l: LocationWrite) => ({
  ...l,
  hours: JSON.stringify(l.hours),
  exceptions: JSON.stringify(l.exceptions),
  delivery_areas: JSON.stringify(l.delivery_areas),
});

/** A new location, after the last one. */
export async function insertLocation(trx: Database, l: LocationWrite, now: Date): Promise<LocationRow> {
  const last = await trx
    .selectFrom('locations')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  const row = await trx
    .insertInto('locations')
    .values({ ...values(l), position: (last?.position ?? -1) + 1, created_at: now, updated_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export async function updateLocation(trx: Database, id: number, l: LocationWrite, now: Date): Promise<LocationRow> {
  const row = await trx
    .updateTable('locations')
    .set({ ...values(l), updated_at: now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** Pauses online orders (until `paused_until`, or until resumed when it is null), or resumes them. */
export async function setPause(trx: Database, id: number, pause: { paused: boolean; paused_until: Date | null }, now: Date): Promise<LocationRow> {
  const row = await trx
    .updateTable('locations')
    .set({ ...pause, updated_at: now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** The products a location does not sell, replaced by these. */
export async function replaceUnavailableProducts(trx: Database, locationId: number, productIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('location_unavailable_products').where('location_id', '=', locationId).execute();
  if (productIds.length > 0)
    await trx
      .insertInto('location_unavailable_products')
      .values(productIds.map((product_id) => ({ location_id: locationId, product_id })))
      .execute();
}

/** Which of these ids are products (archived ones too: a location may list one it will sell again). */
export async function existingProductIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The name and address of each of these locations, as orders and redemptions name them. */
export async function locationLabels(db: Database, ids: ReadonlyArray<number | null>): Promise<Map<number, { id: number; name: string; address: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('locations').select(['id', 'name', 'address']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Products on the menu among `ids`, with their preparation times (null: the location's); unknown or archived ones are left out. */
export async function productPreps(db: Database, ids: readonly number[]): Promise<Array<{ id: number; name: string; prep_minutes: number | null }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'name', 'prep_minutes'])
    .where('id', 'in', [...new Set(ids)])
    .where('archived_at', 'is', null)
    .execute();
}

/** The products an order names, with their preparation times now (its pickup time taken again: orders/holds.ts). */
export function orderProductPreps(db: Database, orderId: number): Promise<Array<{ id: number; name: string; prep_minutes: number | null }>> {
  return db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['products.id', 'products.name', 'products.prep_minutes'])
    .where('order_items.order_id', '=', orderId)
    .execute();
}
