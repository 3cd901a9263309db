import type { Database } from '../../db';

/**
 * The devices a customer was seen on (migration 0026): a keyed hash of the device cookie the gateway
 * gives every browser and signs into each call (http/device.ts), recorded at sign-in, sign-up and
 * order creation. Referrals read them: a friend whose device was ever seen on the referrer's account
 * is the referrer. Here, low, so sign-in (auth) and orders record them without knowing referrals.
 */
export async function recordDevice(db: Database, customerId: number, deviceHash: string | null, now: Date): Promise<void> {
  const write = deviceWrite(db, customerId, deviceHash, now);
  if (write) await write.execute();
}

/** recordDevice's statement, for a caller that runs it inside one of its own (null: no device to record). */
export function deviceWrite(db: Database, customerId: number, deviceHash: string | null, now: Date) {
  if (!deviceHash) return null;
  return db
    .insertInto('customer_devices')
    .values({ customer_id: customerId, device_hash: deviceHash, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['customer_id', 'device_hash']).doUpdateSet({ last_seen_at: now }));
}
