import type { ImageData } from '#contract/media';
import type { Database } from '../../db';

/** Keeps an image by the SHA-256 of its bytes: the same image is kept once (a second upload changes nothing). */
export async function insertMedia(
  trx: Database,
  row: { sha256: string; contentType: ImageData['content_type']; bytes: Buffer; width: number; height: number; staffId: number; now: Date },
): Promise<void> {
  await trx
    .insertInto('media')
    .values({
      sha256: row.sha256,
      content_type: row.contentType,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
      created_by: row.staffId,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export async function readMedia(db: Database, sha256: string) {
  return db.selectFrom('media').select(['content_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
}
