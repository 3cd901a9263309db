import type { Database } from '../../db';
import type { Customer } from '../../../src/api/contract';
import { notFound } from '../http/errors';

/**
 * Locks the customer's row for the rest of the transaction. Every change to a balance (wallet,
 * points) or to a per-customer limit goes through this lock first, so concurrent calls for one
 * customer take turns and a balance is never read stale.
 */
export async function lockCustomer(trx: Database, customerId: number) {
  const row = await trx
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  return row;
}

/**
 * Moves one of the customer's balances by `delta` in one statement, which also takes the customer's
 * row lock for the rest of the transaction, unless that would leave it below zero. The new balance,
 * or null when nothing moved (no such customer, or not enough): the caller tells which with
 * lockCustomer, on the rare path only.
 */
export async function moveBalance(trx: Database, customerId: number, column: 'wallet_balance' | 'points', delta: number): Promise<number | null> {
  const moved = await trx
    .updateTable('customers')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('id', '=', customerId)
    .where((eb) => eb(eb(column, '+', delta), '>=', 0))
    .returning(column)
    .executeTakeFirst();
  return moved ? (moved as Record<typeof column, number>)[column] : null;
}

export async function getCustomer(db: Database, customerId: number): Promise<Customer> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'name', 'phone', 'email', 'points', 'wallet_balance'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  return row;
}

export async function findCustomerIdByPhone(db: Database, phone: string): Promise<number | null> {
  const row = await db.selectFrom('customers').select('id').where('phone', '=', phone).executeTakeFirst();
  return row?.id ?? null;
}

export async function findCustomerIdByGoogleSub(db: Database, sub: string): Promise<number | null> {
  const row = await db.selectFrom('customers').select('id').where('google_sub', '=', sub).executeTakeFirst();
  return row?.id ?? null;
}

/** Customers not yet linked to a Google account whose e-mail is this one (compared lowercased). */
export async function findUnlinkedCustomerIdsByEmail(db: Database, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom('customers')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('google_sub', 'is', null)
    .orderBy('id')
    .limit(2)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Inserts a customer; null when the phone or Google account already belongs to someone
 * (a concurrent sign-up won), so the caller can sign in to that one instead.
 */
export async function insertCustomer(
  trx: Database,
  c: { phone: string | null; googleSub: string | null; name: string; email: string | null; now: Date },
): Promise<number | null> {
  const row = await trx
    .insertInto('customers')
    .values({ phone: c.phone, google_sub: c.googleSub, name: c.name, email: c.email, created_at: c.now })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Links a Google account to a customer that has none yet; false when one got linked meanwhile. */
export async function linkGoogleSub(trx: Database, customerId: number, sub: string): Promise<boolean> {
  const res = await trx
    .updateTable('customers')
    .set({ google_sub: sub })
    .where('id', '=', customerId)
    .where('google_sub', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setCustomerEmail(db: Database, customerId: number, email: string): Promise<void> {
  const res = await db.updateTable('customers').set({ email }).where('id', '=', customerId).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw notFound('Customer');
}
