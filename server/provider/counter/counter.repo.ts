import { sql } from 'kysely';
import type { Database } from '../../db';

/**
 * SQL of the counter: vouchers as staff see them and their redemptions, the rotating codes' secret and
 * the short codes handed out, and each staff session's unknown codes.
 */

export async function customerName(db: Database, id: number): Promise<string> {
  return (await db.selectFrom('customers').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
}

/** Any customer's voucher, as the counter shows it: its reward and its customer's name. */
export async function findCounterVoucher(db: Database, voucherId: number) {
  return db
    .selectFrom('vouchers as v')
    .innerJoin('rewards as r', 'r.id', 'v.reward_id')
    .innerJoin('customers as c', 'c.id', 'v.customer_id')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .select([
      'v.id',
      'v.status',
      'v.expires_at',
      'v.used_at',
      'r.name as reward_name',
      'r.title',
      'r.image',
      'r.description',
      'c.name as customer_name',
      'p.name as free_product',
    ])
    .where('v.id', '=', voucherId)
    .executeTakeFirst();
}

/** The order a voucher was used on (not a cancelled one). */
export async function findOrderUsingVoucher(db: Database, voucherId: number) {
  return db.selectFrom('orders').select('name').where('voucher_id', '=', voucherId).where('status', '<>', 'cancelled').executeTakeFirst();
}

function redemptions(db: Database) {
  return db
    .selectFrom('counter_redemptions as cr')
    .innerJoin('vouchers as v', 'v.id', 'cr.voucher_id')
    .innerJoin('rewards as r', 'r.id', 'v.reward_id')
    .innerJoin('customers as c', 'c.id', 'v.customer_id')
    .innerJoin('staff as s', 's.id', 'cr.staff_id')
    .leftJoin('locations as l', 'l.id', 'cr.location_id')
    .select([
      'cr.id',
      'cr.voucher_id',
      'cr.redeemed_at',
      'cr.undone_at',
      'cr.issued',
      'cr.location_id',
      'v.points_paid',
      'r.title as reward_title',
      'c.name as customer_name',
      's.name as staff_name',
      'l.name as location_name',
    ]);
}

/** A redemption with its reward's title, its customer's, its staff member's and its location's names. */
export type RedemptionRow = Awaited<ReturnType<ReturnType<typeof redemptions>['executeTakeFirstOrThrow']>>;

export async function findRedemption(db: Database, id: number): Promise<RedemptionRow> {
  return redemptions(db).where('cr.id', '=', id).executeTakeFirstOrThrow();
}

/** A voucher's counter redemption that was not undone. */
export async function liveRedemptionOf(db: Database, voucherId: number): Promise<RedemptionRow | undefined> {
  return redemptions(db).where('cr.voucher_id', '=', voucherId).where('cr.undone_at', 'is', null).executeTakeFirst();
}

/** Redemptions since an instant, newest first. */
export async function redemptionsSince(db: Database, since: Date, limit: number): Promise<RedemptionRow[]> {
  return redemptions(db).where('cr.redeemed_at', '>=', since).orderBy('cr.id', 'desc').limit(limit).execute();
}

/**
 * Marks a voucher used if it is active and not past its date: one UPDATE, so of many counters at once
 * exactly one passes (the others wait for its row lock and then find it used). Undefined: it did not.
 */
export async function takeActiveVoucher(trx: Database, voucherId: number, now: Date) {
  return trx
    .updateTable('vouchers')
    .set({ status: 'used', used_at: now })
    .where('id', '=', voucherId)
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .returning(['id', 'customer_id'])
    .executeTakeFirst();
}

/** `issued`: the voucher was issued by this redemption, for points from the member card (its undo cancels it). */
export async function insertRedemption(
  trx: Database,
  voucherId: number,
  staffId: number,
  locationId: number | null,
  now: Date,
  issued = false,
): Promise<number> {
  return (
    await trx
      .insertInto('counter_redemptions')
      .values({ voucher_id: voucherId, staff_id: staffId, location_id: locationId, redeemed_at: now, issued })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function lockRedemption(trx: Database, id: number) {
  return trx.selectFrom('counter_redemptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markRedemptionUndone(trx: Database, id: number, staffId: number, now: Date): Promise<void> {
  await trx.updateTable('counter_redemptions').set({ undone_at: now, undone_by: staffId }).where('id', '=', id).execute();
}

/** A used voucher back: active again, or expired if its date has passed since. */
export async function restoreVoucher(trx: Database, voucherId: number, now: Date) {
  return trx
    .updateTable('vouchers')
    .set({ status: sql<'active' | 'expired'>`case when expires_at <= ${now} then 'expired' else 'active' end`, used_at: null })
    .where('id', '=', voucherId)
    .where('status', '=', 'used')
    .returning(['customer_id', 'status'])
    .executeTakeFirstOrThrow();
}

/**
 * A voucher issued and used at the counter, cancelled by its undo: its unit back to the reward's stock
 * (run under the customer's row lock, which the redemption took before the reward's), then the voucher.
 */
export async function cancelIssuedVoucher(trx: Database, voucherId: number, now: Date) {
  const v = await trx
    .updateTable('vouchers')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', voucherId)
    .where('status', '=', 'used')
    .returning(['customer_id', 'reward_id', 'points_paid'])
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('rewards')
    .set((eb) => ({ stock: eb('stock', '+', 1) }))
    .where('id', '=', v.reward_id)
    .where('stock', 'is not', null)
    .execute();
  return v;
}

// ---------------------------------------------------------------------------------------------
// Unknown codes per staff session
// ---------------------------------------------------------------------------------------------

/** How many unknown codes a session typed since an instant, and when the oldest of them was. */
export async function codeFailuresSince(db: Database, sessionId: number, since: Date) {
  return db
    .selectFrom('counter_code_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('session_id', '=', sessionId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
}

export async function insertCodeFailure(trx: Database, sessionId: number, at: Date): Promise<void> {
  await trx.insertInto('counter_code_failures').values({ session_id: sessionId, created_at: at }).execute();
}

/** The customer a voucher is for. */
export async function voucherCustomer(db: Database, voucherId: number): Promise<number> {
  return (await db.selectFrom('vouchers').select('customer_id').where('id', '=', voucherId).executeTakeFirstOrThrow()).customer_id;
}
