import type { Database } from '../../db';

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
