import type { Database } from '../../db';

/** SQL of the points expiry job: which customers have lots to expire or to warn about. */

/** Customers (after `afterId`, in id order) holding points in lots past their date. */
export async function customersWithExpiredLots(db: Database, now: Date, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('points_ledger')
    .select('customer_id')
    .distinct()
    .where('remaining', '>', 0)
    .where('expires_at', '<=', now)
    .where('customer_id', '>', afterId)
    .orderBy('customer_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.customer_id);
}

/** Customers (after `afterId`) with lots expiring in (now, until] that were not yet announced. */
export async function customersWithUnnoticedLots(db: Database, now: Date, until: Date, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('points_ledger')
    .select('customer_id')
    .distinct()
    .where('remaining', '>', 0)
    .where('expires_at', '>', now)
    .where('expires_at', '<=', until)
    .where('expiry_notified', '=', false)
    .where('customer_id', '>', afterId)
    .orderBy('customer_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.customer_id);
}

/** One customer's unannounced lots expiring in (now, until]; call under the customer's lock. */
export async function unnoticedLots(trx: Database, customerId: number, now: Date, until: Date) {
  return trx
    .selectFrom('points_ledger')
    .select(['id', 'remaining', 'expires_at'])
    .where('customer_id', '=', customerId)
    .where('remaining', '>', 0)
    .where('expires_at', '>', now)
    .where('expires_at', '<=', until)
    .where('expiry_notified', '=', false)
    .orderBy('expires_at')
    .orderBy('id')
    .execute();
}

export async function markLotsNotified(trx: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('points_ledger').set({ expiry_notified: true }).where('id', 'in', ids).execute();
}
