import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * A reward redeemed with points straight from the member card at the counter (issue 29): its voucher is
 * issued and used at once, and its counter redemption says so (`issued`), so its undo cancels the
 * voucher and gives the points and the unit of stock back, rather than making the voucher usable again.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table counter_redemptions add column issued boolean not null default false
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table counter_redemptions drop column if exists issued
  `);
}
