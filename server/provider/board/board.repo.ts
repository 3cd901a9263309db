import { sql, type ExpressionBuilder } from 'kysely';
import { TERMINAL_STATUSES, type OrderStatus } from '#contract';
import type { Database } from '../../db';
import type { DB } from '../../db/schema';
import { itemOptionsOf, type OrderRow } from '../orders/orders.repo';

/** SQL of the orders board: the orders it lists and what each card shows beside the order's own row. */

/**
 * Which orders a board shows: every one (null), or those of these locations, and with `unplaced` those
 * older than locations (they name none: every member sees them).
 */
export type BoardLocations = { ids: readonly number[]; unplaced: boolean } | null;

function ofLocations(only: BoardLocations) {
  return (eb: ExpressionBuilder<DB, 'orders'>) => {
    if (only === null) return eb.lit(true);
    const placed = only.ids.length ? eb('location_id', 'in', only.ids) : eb.lit(false);
    return only.unplaced ? eb.or([placed, eb('location_id', 'is', null)]) : placed;
  };
}

/** The open orders (paid to on delivery), by when each is due: a pickup at its time, any other when it was paid (or placed); earliest first. */
export async function openOrders(db: Database, statuses: OrderStatus[], only: BoardLocations, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', statuses)
    .where(ofLocations(only))
    .orderBy(sql`coalesce(case when fulfilment = 'pickup' then pickup_at end, paid_at, created_at)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Orders waiting for an online payment (orders/holds.ts: each holds its slot a short time), the oldest first. */
export async function awaitingPayment(db: Database, only: BoardLocations, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending_payment')
    .where(ofLocations(only))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Orders finished (the lifecycle's terminal statuses: completed or cancelled) since `since`, the latest change first. */
export async function finishedOrders(db: Database, since: Date, only: BoardLocations, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', TERMINAL_STATUSES)
    .where('updated_at', '>=', since)
    .where(ofLocations(only))
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

export async function findOrderByName(db: Database, name: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('name', '=', name).executeTakeFirst();
}

/** For the cards of these orders: their lines, their customers' names, their refunds and the vouchers their cancellation gave back. */
export async function boardCardParts(db: Database, rows: OrderRow[]) {
  const ids = rows.map((r) => r.id);
  const items = await db.selectFrom('order_items').select(['id', 'order_id', 'name', 'qty', 'price']).where('order_id', 'in', ids).orderBy('id').execute();
  const itemOptions = await itemOptionsOf(
    db,
    items.map((i) => i.id),
  );
  const customers = await db
    .selectFrom('customers')
    // guest_location_id: a guest at a table (migration 0064), shown "Ana (guest)"
    .select(['id', 'name', 'guest_location_id'])
    .where('id', 'in', [...new Set(rows.map((r) => r.customer_id))])
    .execute();
  const refunds = await db.selectFrom('order_refunds').select(['order_id', 'method', 'amount', 'status']).where('order_id', 'in', ids).execute();
  const givenBack = await db.selectFrom('vouchers').select(['cancelled_with_order', 'points_paid']).where('cancelled_with_order', 'in', ids).execute();
  return { items, itemOptions, customers, refunds, givenBack };
}

/** The titles of the vouchers an order's cancellation cancelled (bought with its points), in the order they were bought. */
export async function vouchersCancelledWith(trx: Database, orderId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('vouchers as v')
    .innerJoin('rewards as r', 'r.id', 'v.reward_id')
    .select('r.title')
    .where('v.cancelled_with_order', '=', orderId)
    .orderBy('v.id')
    .execute();
  return rows.map((v) => v.title);
}
