import type { Database } from '../../db';
import type { EarnTierRise, PointsBreakdown, ReasonWords } from '../../db/schema';
import { type Clock, DAY } from '../../lib/clock';
import { lockCustomer } from '../accounts/accounts.repo';
import { earnPoints } from './points.ledger';
import { emitPointsConfirmed, emitPointsPending } from '../events/events.service';

/**
 * Pending points (issue 29): earned, not yet spendable. An order's points are recorded when it is paid
 * and wait for it to be completed (available_at null), then for the owner's hold (points_hold_days); a
 * counter earn's wait for the hold only. Crediting one is an `earn` entry with the pending row's reason,
 * ref and breakdown, so the ledger reads as if the points had been earned then; voiding one (a
 * cancellation, a refund, an undo) touches no balance. Pending points are never in customers.points.
 *
 * Locks, always in this order: the customer's row, then the pending row. Every change here takes the
 * customer's row lock first (a caller holding an order's row lock takes it after that one), and the job
 * takes its rows `for update skip locked` after the customer's lock and re-checks their status, so a
 * row is credited or voided once, whoever gets there first.
 */

export type PendingStatus = 'pending' | 'credited' | 'voided';

export interface NewPending {
  customerId: number;
  points: number;
  reason: string;
  /** the reason's words, carried to the entry that credits them (reasons.ts) */
  words?: ReasonWords | null;
  ref: string;
  orderId?: number | null;
  /** null: waiting for the order to be completed */
  availableAt: Date | null;
  breakdown?: PointsBreakdown | null;
}

/** The hold's end from `from` (the owner's points_hold_days). */
export const holdEnd = (from: Date, holdDays: number) => new Date(from.getTime() + holdDays * DAY);

/** Records points as pending (nothing when points ≤ 0). Returns the row's id, or null. */
export async function addPending(trx: Database, clock: Clock, p: NewPending): Promise<number | null> {
  const insert = pendingInsert(trx, clock, p);
  if (!insert) return null;
  const { id } = await insert.executeTakeFirstOrThrow();
  await emitPointsPending(trx, pendingEventData(p), clock.now());
  return id;
}

/** addPending's insert (returning the row's id), for a statement that writes it with others; null when points ≤ 0. */
export function pendingInsert(trx: Database, clock: Clock, p: NewPending) {
  const values = pendingValues(clock, p);
  if (!values) return null;
  return trx
    .insertInto('points_pending')
    .values({
      ...values,
      breakdown: values.breakdown ? JSON.stringify(values.breakdown) : null,
      reason_words: values.reason_words ? JSON.stringify(values.reason_words) : null,
    })
    .returning('id');
}

/** points.pending's data for points held (an order's, written with it: orders.repo.ts paidOrderWritesSql). */
export const pendingEventData = (p: Pick<NewPending, 'customerId' | 'points' | 'reason' | 'ref' | 'availableAt'>) => ({
  customer_id: p.customerId,
  points: p.points,
  reason: p.reason,
  ref: p.ref,
  available_at: p.availableAt ? p.availableAt.toISOString() : null,
});

/**
 * A pending row's columns (its breakdown as it is, not as JSON text), for a statement that writes it its
 * own way (rowsFrom); null when points ≤ 0.
 */
export function pendingValues(clock: Clock, p: NewPending) {
  if (!Number.isInteger(p.points) || p.points <= 0) return null;
  return {
    customer_id: p.customerId,
    points: p.points,
    reason: p.reason,
    reason_words: p.words ?? null,
    ref: p.ref,
    order_id: p.orderId ?? null,
    available_at: p.availableAt,
    breakdown: p.breakdown ?? null,
    created_at: clock.now(),
  };
}

/** The pending row of a source (`order:<name>`, `counter:<id>`), locked; call after locking its customer. */
export async function lockPendingByRef(trx: Database, ref: string) {
  return trx.selectFrom('points_pending').selectAll().where('ref', '=', ref).forUpdate().executeTakeFirst();
}

type PendingRow = NonNullable<Awaited<ReturnType<typeof lockPendingByRef>>>;

/** Credits one locked pending row: the `earn` entry and its lot, the row marked credited. Returns the points. */
async function creditRow(trx: Database, clock: Clock, row: PendingRow, expiryDays: number): Promise<number> {
  await earnPoints(
    trx,
    clock,
    row.customer_id,
    row.points,
    { reason: row.reason, words: row.reason_words, ref: row.ref, breakdown: row.breakdown },
    expiryDays,
  );
  await trx.updateTable('points_pending').set({ status: 'credited', settled_at: clock.now() }).where('id', '=', row.id).execute();
  await emitPointsConfirmed(trx, { customer_id: row.customer_id, points: row.points, reason: row.reason, ref: row.ref }, clock.now());
  return row.points;
}

/**
 * An order's points, once the order is completed: due after the hold, or credited at once when the hold
 * is 0. Returns what happened: `credited` (points now spendable), `waiting` (due at `availableAt`), or
 * null when the order has no pending points (none earned, voided, or paid before pending points).
 */
export async function releasePending(
  trx: Database,
  clock: Clock,
  customerId: number,
  ref: string,
  rules: { points_hold_days: number; points_expiry_days: number },
): Promise<{ state: 'credited' | 'waiting'; points: number; availableAt: Date } | null> {
  await lockCustomer(trx, customerId);
  const row = await lockPendingByRef(trx, ref);
  if (!row || row.status !== 'pending') return null;
  const availableAt = holdEnd(clock.now(), rules.points_hold_days);
  await trx.updateTable('points_pending').set({ available_at: availableAt }).where('id', '=', row.id).execute();
  if (rules.points_hold_days <= 0) return { state: 'credited', points: await creditRow(trx, clock, row, rules.points_expiry_days), availableAt };
  return { state: 'waiting', points: row.points, availableAt };
}

/**
 * Voids a source's points while they are still pending. Returns the status the row had (`pending`:
 * voided now, with its points), or null when the source never had pending points.
 */
export async function voidPending(trx: Database, clock: Clock, customerId: number, ref: string): Promise<{ was: PendingStatus; points: number } | null> {
  await lockCustomer(trx, customerId);
  const row = await lockPendingByRef(trx, ref);
  if (!row) return null;
  if (row.status === 'pending') await trx.updateTable('points_pending').set({ status: 'voided', settled_at: clock.now() }).where('id', '=', row.id).execute();
  return { was: row.status, points: row.points };
}

/**
 * Keeps the tier a credit of `ids` raised the customer to on those rows (the rise is the credit's as a
 * whole: each source's reversal places the customer again from what then counts, so the tier stays
 * while the others justify it).
 */
export async function recordCreditRise(trx: Database, ids: number[], rise: EarnTierRise): Promise<void> {
  if (ids.length > 0)
    await trx
      .updateTable('points_pending')
      .set({ tier_rise: JSON.stringify(rise) })
      .where('id', 'in', ids)
      .execute();
}

/** The tier a source's held credit raised the customer to (recordCreditRise), or null. */
export async function creditRiseOf(trx: Database, ref: string): Promise<EarnTierRise | null> {
  return (
    (await trx.selectFrom('points_pending').select('tier_rise').where('ref', '=', ref).where('status', '=', 'credited').executeTakeFirst())?.tier_rise ?? null
  );
}

/** Customers (after `afterId`, in id order) with pending points due at `now`. */
export async function customersWithDuePending(db: Database, now: Date, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('points_pending')
    .select('customer_id')
    .distinct()
    .where('status', '=', 'pending')
    .where('available_at', '<=', now)
    .where('customer_id', '>', afterId)
    .orderBy('customer_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.customer_id);
}

/**
 * Credits one customer's pending points that are due, in the caller's transaction: the customer's row
 * lock first, then the due rows `for update skip locked`, each re-checked. Returns the rows credited.
 */
export async function creditDuePending(trx: Database, clock: Clock, customerId: number, expiryDays: number): Promise<PendingRow[]> {
  await lockCustomer(trx, customerId);
  const rows = await trx
    .selectFrom('points_pending')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '=', 'pending')
    .where('available_at', '<=', clock.now())
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .execute();
  const credited: PendingRow[] = [];
  for (const row of rows) {
    if (row.status !== 'pending') continue;
    await creditRow(trx, clock, row, expiryDays);
    credited.push(row);
  }
  return credited;
}

/** A customer's points still pending, oldest first, with the order each waits for (its name). */
export async function pendingOf(db: Database, customerId: number) {
  return db
    .selectFrom('points_pending')
    .leftJoin('orders', 'orders.id', 'points_pending.order_id')
    .select([
      'points_pending.id',
      'points_pending.points',
      'points_pending.reason',
      'points_pending.reason_words',
      'points_pending.available_at',
      'orders.name as order_name',
    ])
    .where('points_pending.customer_id', '=', customerId)
    .where('points_pending.status', '=', 'pending')
    .orderBy('points_pending.id')
    .execute();
}

/** The pending-points row's status of each of these orders that has one (by order id): the board's points_state. */
export async function pendingStatusOfOrders(db: Database, orderIds: readonly number[]): Promise<Map<number, PendingStatus>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('points_pending')
    .select(['order_id', 'status'])
    .where('order_id', 'in', [...orderIds])
    .execute();
  return new Map(rows.flatMap((r) => (r.order_id === null ? [] : [[r.order_id, r.status as PendingStatus] as const])));
}
