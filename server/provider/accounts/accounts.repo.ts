import type { Database } from '../../db';
import { emitCustomerCreated } from '../events/events.service';
import type { Customer } from '#contract';
import type { Language } from '#contract/languages';
import { notFound } from '../http/errors';

/**
 * A customer's account, the row every area reads and changes: locked for a balance change, a balance
 * moved, read, created at sign-up, its Google account and e-mail address linked. The customers area
 * (the customer's profile, the console's look-up) sits high; this sits low, so sign-in, the ledgers and
 * every area that changes a balance import it.
 */

/**
 * Locks the customer's row for the rest of the transaction. Every change to a balance (wallet,
 * points) or to a per-customer limit goes through this lock first, so concurrent calls for one
 * customer take turns and a balance is never read stale.
 */
export async function lockCustomer(trx: Database, customerId: number) {
  const row = await trx.selectFrom('customers').selectAll().where('id', '=', customerId).forUpdate().executeTakeFirst();
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
    .select(['id', 'name', 'phone', 'email', 'email_verified_at', 'points', 'wallet_balance', 'birth_day', 'birth_month', 'birth_year', 'language'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  const { email_verified_at, birth_day, birth_month, birth_year, ...customer } = row;
  return {
    ...customer,
    email_verified: email_verified_at !== null && customer.email !== null,
    birthday: birth_day !== null && birth_month !== null ? { day: birth_day, month: birth_month, year: birth_year } : null,
  };
}

/** The customer's chosen language (null: never chosen, or no such customer). */
export async function customerLanguage(db: Database, customerId: number): Promise<Language | null> {
  const row = await db.selectFrom('customers').select('language').where('id', '=', customerId).executeTakeFirst();
  return row?.language ?? null;
}

/** Keeps the customer's language (null: none chosen); false when there is no such customer. */
export async function saveName(db: Database, customerId: number, name: string): Promise<boolean> {
  const done = await db.updateTable('customers').set({ name }).where('id', '=', customerId).executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

export async function saveLanguage(db: Database, customerId: number, language: Language | null): Promise<boolean> {
  const done = await db.updateTable('customers').set({ language }).where('id', '=', customerId).executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

export async function findCustomerIdByPhone(db: Database, phone: string): Promise<number | null> {
  const row = await db.selectFrom('customers').select('id').where('phone', '=', phone).executeTakeFirst();
  return row?.id ?? null;
}

export async function findCustomerIdByGoogleSub(db: Database, sub: string): Promise<number | null> {
  const row = await db.selectFrom('customers').select('id').where('google_sub', '=', sub).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The one customer whose verified e-mail is this address (compared lowercased), with their Google link;
 * a unique index makes it at most one. An address nobody verified belongs to nobody here.
 */
export async function findCustomerByVerifiedEmail(db: Database, email: string): Promise<{ id: number; google_sub: string | null } | null> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'google_sub'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Inserts a customer; null when the phone or Google account already belongs to someone
 * (a concurrent sign-up won), so the caller can sign in to that one instead, or when the verified
 * address it was given got verified by another customer meanwhile.
 */
export async function insertCustomer(
  trx: Database,
  c: { phone: string | null; googleSub: string | null; name: string; email: string | null; emailVerifiedAt?: Date | null; now: Date },
): Promise<number | null> {
  const row = await trx
    .insertInto('customers')
    .values({
      phone: c.phone,
      google_sub: c.googleSub,
      name: c.name,
      email: c.email,
      email_verified_at: c.email ? (c.emailVerifiedAt ?? null) : null,
      created_at: c.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) await emitCustomerCreated(trx, { id: row.id, name: c.name, phone: c.phone, email: c.email, created_at: c.now.toISOString() }, c.now);
  return row?.id ?? null;
}

/** Links a Google account to a customer that has none yet; false when one got linked meanwhile. */
export async function linkGoogleSub(trx: Database, customerId: number, sub: string): Promise<boolean> {
  const res = await trx.updateTable('customers').set({ google_sub: sub }).where('id', '=', customerId).where('google_sub', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Saves the customer's address. Another address is unverified until its code is entered; saving the
 * same address again (in any case) keeps what was proved.
 */
export async function setCustomerEmail(db: Database, customerId: number, email: string): Promise<void> {
  const res = await db
    .updateTable('customers')
    .set((eb) => ({
      email,
      email_verified_at: eb
        .case()
        .when(eb.fn('lower', ['email']), '=', email.toLowerCase())
        .then(eb.ref('email_verified_at'))
        .else(null)
        .end(),
    }))
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw notFound('Customer');
}

/** Marks the customer's address verified, only while it is still `email`; false when it changed meanwhile. */
export async function markEmailVerified(trx: Database, customerId: number, email: string, now: Date): Promise<boolean> {
  const res = await trx
    .updateTable('customers')
    .set({ email_verified_at: now })
    .where('id', '=', customerId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Sets a customer's address and marks it verified at once (a Google account proved it). */
export async function setVerifiedEmail(trx: Database, customerId: number, email: string, now: Date): Promise<void> {
  await trx.updateTable('customers').set({ email, email_verified_at: now }).where('id', '=', customerId).execute();
}
