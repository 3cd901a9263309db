import type { Database } from '../../db';

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
    .select(['id', 'type', 'points', 'balance_after', 'reason', 'created_at', 'expires_at'])
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
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
