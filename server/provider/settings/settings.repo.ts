import type { Database } from '../../db';

/** The merchant's row: its settings and its rules (the overrides of the defaults). */
export async function readMerchant(db: Database, merchantId: string) {
  return db.selectFrom('merchants').selectAll().where('id', '=', merchantId).executeTakeFirst();
}
