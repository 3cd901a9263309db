import { sql } from 'kysely';
import type { Database } from '../../db';

/** The rows of wallet passes: one pass per customer (wallet_passes) and the Apple devices registered for it. */

/** The customer's pass row, made on first use (two at once: one row, the other reads it). */
export async function ensurePass(db: Database, customerId: number, serial: string, now: Date) {
  await db
    .insertInto('wallet_passes')
    .values({ customer_id: customerId, serial, created_at: now })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
  return db.selectFrom('wallet_passes').selectAll().where('customer_id', '=', customerId).executeTakeFirstOrThrow();
}

export async function setTokenHash(db: Database, customerId: number, hash: string): Promise<void> {
  await db.updateTable('wallet_passes').set({ auth_token_hash: hash }).where('customer_id', '=', customerId).execute();
}

/** The pass has a Google object from now on; updates are owed from `version` (never moved back). */
export async function markGoogleObject(db: Database, customerId: number, version: number): Promise<void> {
  await db
    .updateTable('wallet_passes')
    .set({ google_object: true, google_pushed: sql<number>`greatest(google_pushed, ${version})` })
    .where('customer_id', '=', customerId)
    .execute();
}

/** A new serial, no token, no Google object, its devices forgotten and `revocations` up; false: the customer had no pass. */
export async function renewSerial(trx: Database, customerId: number, serial: string): Promise<boolean> {
  const pass = await trx.selectFrom('wallet_passes').select('serial').where('customer_id', '=', customerId).forUpdate().executeTakeFirst();
  if (!pass) return false;
  await trx.deleteFrom('wallet_pass_devices').where('serial', '=', pass.serial).execute();
  await trx
    .updateTable('wallet_passes')
    .set({
      serial,
      auth_token_hash: null,
      google_object: false,
      revocations: sql<number>`revocations + 1`,
      changed_at: sql<Date>`date_trunc('second', greatest(now(), changed_at + interval '1 second'))`,
    })
    .where('customer_id', '=', customerId)
    .execute();
  return true;
}

export function passBySerial(db: Database, serial: string) {
  return db.selectFrom('wallet_passes').selectAll().where('serial', '=', serial).executeTakeFirst();
}

/** Registers a device for a pass; true the first time, false when it only renewed its push token. */
export async function upsertDevice(db: Database, d: { device: string; serial: string; pushToken: string; now: Date }): Promise<boolean> {
  const inserted = await db
    .insertInto('wallet_pass_devices')
    .values({ device_id: d.device, serial: d.serial, push_token: d.pushToken, created_at: d.now })
    .onConflict((oc) => oc.columns(['device_id', 'serial']).doUpdateSet({ push_token: d.pushToken }))
    .returning(sql<boolean>`(xmax = 0)`.as('fresh'))
    .executeTakeFirstOrThrow();
  return inserted.fresh;
}

export async function deleteDevice(db: Database, device: string, serial: string): Promise<void> {
  await db.deleteFrom('wallet_pass_devices').where('device_id', '=', device).where('serial', '=', serial).execute();
}

/** The serials (and versions) of a device's passes changed after version `since`. */
export function deviceSerialsSince(db: Database, device: string, since: number) {
  return db
    .selectFrom('wallet_pass_devices as d')
    .innerJoin('wallet_passes as p', 'p.serial', 'd.serial')
    .select(['p.serial', 'p.version'])
    .where('d.device_id', '=', device)
    .where('p.version', '>', since)
    .execute();
}

export function devicesOf(db: Database, serial: string) {
  return db.selectFrom('wallet_pass_devices').select(['device_id', 'push_token']).where('serial', '=', serial).execute();
}

/**
 * Up to `limit` passes whose content changed since their last push to `wallet` (the trigger moved
 * `version`), claimed: locked (`skip locked`, so two instances never take the same) and marked pushed.
 */
export async function claimDue(
  trx: Database,
  wallet: 'apple' | 'google',
  limit: number,
): Promise<{ customer_id: number; serial: string; version: number; pushed: number }[]> {
  const pushed = wallet === 'apple' ? 'apple_pushed' : 'google_pushed';
  let q = trx.selectFrom('wallet_passes').select(['customer_id', 'serial', 'version', `${pushed} as pushed`]);
  if (wallet === 'google') q = q.where('google_object', '=', true);
  const due = await q
    .where(sql<boolean>`version > ${sql.ref(pushed)}`)
    .orderBy('customer_id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  for (const p of due)
    await trx
      .updateTable('wallet_passes')
      .set({ [pushed]: p.version })
      .where('customer_id', '=', p.customer_id)
      .execute();
  return due;
}

/** A failed push's claim given back (unless a later run has claimed a newer version meanwhile). */
export async function releaseClaim(db: Database, wallet: 'apple' | 'google', customerId: number, claimed: { version: number; pushed: number }): Promise<void> {
  const pushed = wallet === 'apple' ? 'apple_pushed' : 'google_pushed';
  await db
    .updateTable('wallet_passes')
    .set({ [pushed]: claimed.pushed })
    .where('customer_id', '=', customerId)
    .where(pushed, '=', claimed.version)
    .execute();
}
