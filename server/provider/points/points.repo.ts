import type { Database } from '../../db';

/** SQL of the points ledger's reads: a customer's history, and what the expiry job expires or warns about. */

type LedgerRow = Awaited<ReturnType<typeof ledgerPage>>[number];

/** A ledger row as the contract's entry (an earned lot says when it expires). */
export const toPointEntry = (r: LedgerRow) => ({
  id: r.id,
  type: r.type,
  points: r.points,
  balance_after: r.balance_after,
  reason: r.reason,
  created_at: r.created_at.toISOString(),
  expires_at: r.type === 'earn' && r.expires_at ? r.expires_at.toISOString() : null,
});

/** One page of a customer's ledger, newest first; asks for one more row than the page to know if another follows. */
export async function ledgerPage(db: Database, customerId: number, offset: number, limit: number) {
  return db
    .selectFrom('points_ledger')
    .select(['id', 'type', 'points', 'balance_after', 'reason', 'reason_words', 'created_at', 'expires_at'])
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The rewards of these names, with their titles in other languages: the history names them in the reader's. */
export async function rewardTitles(db: Database, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom('rewards')
    .select(['name', 'title', 'translations'])
    .where('name', 'in', [...names])
    .execute();
}

/** Points still left in lots that expire in (now, until], and the earliest such date. */
export async function expiringBetween(db: Database, customerId: number, now: Date, until: Date) {
  const row = await db
    .selectFrom('points_ledger')
    .select((eb) => [eb.fn.sum<number | string | null>('remaining').as('points'), eb.fn.min('expires_at').as('first')])
    .where('customer_id', '=', customerId)
    .where('remaining', '>', 0)
    .where('expires_at', '>', now)
    .where('expires_at', '<=', until)
    .executeTakeFirstOrThrow();
  return { points: Number(row.points ?? 0), first: row.first ? new Date(row.first) : null };
}

// the points expiry job: which customers have lots to expire or to warn about

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
