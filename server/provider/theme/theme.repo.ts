import type { Database } from '../../db';

export async function readMerchantSettings(db: Database, merchantId: string, o: { lock?: boolean } = {}): Promise<Record<string, unknown> | null> {
  let q = db.selectFrom('merchants').select('settings').where('id', '=', merchantId);
  if (o.lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? (row.settings as Record<string, unknown>) : null;
}

export async function writeMerchantSettings(trx: Database, merchantId: string, settings: Record<string, unknown>): Promise<void> {
  await trx
    .updateTable('merchants')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', merchantId)
    .execute();
}

export async function readDraft(db: Database, merchantId: string) {
  return db.selectFrom('theme_drafts').select(['settings', 'updated_at']).where('merchant_id', '=', merchantId).executeTakeFirst();
}

export async function writeDraft(trx: Database, merchantId: string, settings: Record<string, unknown>, staffId: number, now: Date): Promise<void> {
  const json = JSON.stringify(settings);
  await trx
    .insertInto('theme_drafts')
    .values({ merchant_id: merchantId, settings: json, updated_by: staffId, updated_at: now })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ settings: json, updated_by: staffId, updated_at: now }))
    .execute();
}

export async function countVersions(trx: Database, merchantId: string): Promise<number> {
  const r = await trx
    .selectFrom('theme_versions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertVersion(
  trx: Database,
  row: { merchantId: string; settings: Record<string, unknown>; publishedBy: number | null; now: Date; restoredFrom: number | null },
): Promise<number> {
  const r = await trx
    .insertInto('theme_versions')
    .values({
      merchant_id: row.merchantId,
      settings: JSON.stringify(row.settings),
      published_by: row.publishedBy,
      published_at: row.now,
      restored_from: row.restoredFrom,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

const versionColumns = (db: Database) =>
  db
    .selectFrom('theme_versions as v')
    .leftJoin('staff as st', 'st.id', 'v.published_by')
    .select(['v.id', 'v.settings', 'v.published_at', 'v.restored_from', 'st.id as staff_id', 'st.name as staff_name', 'st.email as staff_email']);

export async function listVersions(db: Database, merchantId: string, limit: number) {
  return versionColumns(db).where('v.merchant_id', '=', merchantId).orderBy('v.id', 'desc').limit(limit).execute();
}

export async function getVersion(db: Database, merchantId: string, id: number) {
  return versionColumns(db).where('v.merchant_id', '=', merchantId).where('v.id', '=', id).executeTakeFirst();
}

export async function insertPreviewLink(
  trx: Database,
  row: { tokenHash: string; merchantId: string; createdBy: number; now: Date; expiresAt: Date },
): Promise<number> {
  const r = await trx
    .insertInto('theme_preview_links')
    .values({ token_hash: row.tokenHash, merchant_id: row.merchantId, created_by: row.createdBy, created_at: row.now, expires_at: row.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function livePreviewLink(db: Database, tokenHash: string, merchantId: string, now: Date): Promise<boolean> {
  const r = await db
    .selectFrom('theme_preview_links')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('merchant_id', '=', merchantId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Boolean(r);
}
