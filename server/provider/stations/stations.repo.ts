import { sql } from 'kysely';
import type { Database } from '../../db';

/** SQL of kitchen display stations: the stations and their routes, routing order lines, a station's tickets, bumps. */

/** The statuses whose orders a station makes (and bumps): paid and not yet ready. */
export const MAKING = ['paid', 'preparing'] as const;

/** Orders paid longer ago than this are not routed to a screen that appears later (a demo's old orders, a forgotten one). */
const ROUTE_WINDOW_HOURS = 12;

export async function listStations(db: Database) {
  return db.selectFrom('stations').select(['id', 'name', 'is_default', 'late_minutes']).orderBy('position').orderBy('id').execute();
}

export async function listRoutes(db: Database) {
  return db.selectFrom('station_routes').select(['station_id', 'category_id', 'product_id']).orderBy('id').execute();
}

export async function findStation(db: Database, id: number) {
  return db.selectFrom('stations').select(['id', 'name', 'is_default', 'late_minutes']).where('id', '=', id).executeTakeFirst();
}

/** Every station's row locked, in order: the editor's changes one at a time (the count, the one default). */
export async function lockStations(trx: Database) {
  return trx.selectFrom('stations').select(['id', 'name', 'is_default', 'late_minutes', 'position']).orderBy('id').forUpdate().execute();
}

export async function insertStation(trx: Database, row: { name: string; late_minutes: number; position: number; now: Date }): Promise<number> {
  const { id } = await trx
    .insertInto('stations')
    .values({ name: row.name, late_minutes: row.late_minutes, position: row.position, created_at: row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateStation(trx: Database, id: number, row: { name: string; late_minutes: number; is_default: boolean }): Promise<void> {
  // one default: the others let go of it first (a unique index holds it)
  if (row.is_default) await trx.updateTable('stations').set({ is_default: false }).where('is_default', '=', true).where('id', '<>', id).execute();
  await trx.updateTable('stations').set(row).where('id', '=', id).execute();
}

/** Removes a station: its tickets to `to` (null: dropped), its routes with it. */
export async function deleteStation(trx: Database, id: number, to: number | null): Promise<void> {
  if (to === null) await trx.deleteFrom('station_tickets').where('station_id', '=', id).execute();
  else await trx.updateTable('station_tickets').set({ station_id: to }).where('station_id', '=', id).execute();
  await trx.deleteFrom('stations').where('id', '=', id).execute();
}

/** Whether a category (not removed) or a product (not archived) exists to be routed. */
export async function routeTargetExists(db: Database, target: 'category' | 'product', id: number): Promise<boolean> {
  const row =
    target === 'category'
      ? await db.selectFrom('categories').select('id').where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst()
      : await db.selectFrom('products').select('id').where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** A category's or a product's route: to `stationId`, or none (null). */
export async function setRoute(trx: Database, target: 'category' | 'product', id: number, stationId: number | null): Promise<void> {
  const column = target === 'category' ? 'category_id' : 'product_id';
  if (stationId === null) {
    await trx.deleteFrom('station_routes').where(column, '=', id).execute();
    return;
  }
  await trx
    .insertInto('station_routes')
    .values({ station_id: stationId, [column]: id })
    .onConflict((oc) => oc.column(column).doUpdateSet({ station_id: stationId }))
    .execute();
}

/**
 * Routes the lines of paid orders not routed yet (of the last hours): each to its product's station,
 * else its category's, else the default station (else the first). One statement; a line is routed
 * once (its id is the key), so screens asking at once write one row each.
 */
export async function routeNewLines(db: Database, now: Date): Promise<void> {
  const since = new Date(now.getTime() - ROUTE_WINDOW_HOURS * 3_600_000);
  await sql`
    insert into station_tickets (order_item_id, order_id, station_id, routed_at)
    select i.id, i.order_id,
      coalesce(pr.station_id, cr.station_id, (select s.id from stations s order by s.is_default desc, s.position, s.id limit 1)),
      ${now}
    from orders o
    join order_items i on i.order_id = o.id
    left join products p on p.id = i.product_id
    left join station_routes pr on pr.product_id = i.product_id
    left join station_routes cr on cr.category_id = p.category_id
    where o.status in ('paid', 'preparing')
      and coalesce(o.paid_at, o.created_at) >= ${since}
      and exists (select 1 from stations)
      and not exists (select 1 from station_tickets t where t.order_item_id = i.id)
    on conflict (order_item_id) do nothing
  `.execute(db);
}

/** A station's lines of orders still being made that have a line to make there: oldest order first, then line by line. */
export async function openTicketLines(db: Database, stationId: number, orderIds?: number[]) {
  let q = db
    .selectFrom('station_tickets as t')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .innerJoin('order_items as i', 'i.id', 't.order_item_id')
    .select(['t.order_item_id as id', 't.order_id', 't.bumped_at', 'i.name', 'i.qty'])
    .where('t.station_id', '=', stationId);
  if (orderIds) q = q.where('t.order_id', 'in', orderIds.length ? orderIds : [0]);
  else
    q = q
      .where('o.status', 'in', [...MAKING])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('station_tickets as u')
            .select('u.order_item_id')
            .whereRef('u.order_id', '=', 't.order_id')
            .whereRef('u.station_id', '=', 't.station_id')
            .where('u.bumped_at', 'is', null),
        ),
      );
  return q
    .orderBy(sql`coalesce(o.paid_at, o.created_at)`)
    .orderBy('o.id')
    .orderBy('i.id')
    .execute();
}

/** The orders of these ids with their customers' names, for the tickets' headers. */
export async function ticketOrders(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.id',
      'o.name',
      'o.status',
      'o.fulfilment',
      'o.created_at',
      'o.paid_at',
      'o.pickup_at',
      'o.location_id',
      'o.table_label',
      'o.payment_method',
      'o.total',
      'c.name as customer_name',
      'c.guest_location_id',
    ])
    .where('o.id', 'in', ids)
    .execute();
}

/** The order's lines at a station, those named (`lineIds`) or all. */
export async function ticketLineIds(trx: Database, orderId: number, stationId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('station_tickets')
    .select('order_item_id')
    .where('order_id', '=', orderId)
    .where('station_id', '=', stationId)
    .orderBy('order_item_id')
    .execute();
  return rows.map((r) => r.order_item_id);
}

/** Bumps (or un-bumps) lines that are not so already: answers the lines it changed. */
export async function setBumped(trx: Database, lineIds: number[], bump: { at: Date; by: number } | null): Promise<number[]> {
  const rows = await trx
    .updateTable('station_tickets')
    .set(bump ? { bumped_at: bump.at, bumped_by: bump.by } : { bumped_at: null, bumped_by: null })
    .where('order_item_id', 'in', lineIds)
    .where('bumped_at', bump ? 'is' : 'is not', null)
    .returning('order_item_id')
    .execute();
  return rows.map((r) => r.order_item_id).sort((a, b) => a - b);
}

/** Whether these lines are all bumped. */
export async function linesBumped(trx: Database, lineIds: number[]): Promise<boolean> {
  const row = await trx
    .selectFrom('station_tickets')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('order_item_id', 'in', lineIds)
    .where('bumped_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left) === 0;
}

/** Whether every line of the order is routed and bumped, at every station. */
export async function allLinesBumped(trx: Database, orderId: number): Promise<boolean> {
  const row = await sql<{ left: number }>`
    select count(*)::int as left from order_items i
    left join station_tickets t on t.order_item_id = i.id
    where i.order_id = ${orderId} and t.bumped_at is null
  `.execute(trx);
  return row.rows[0]!.left === 0;
}
