import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Wallet cards a customer turned off ("Lost your phone?"): how many times they did. The pass's fixed
 * member code (`LP1…`) is signed with this count, so a card turned off finds nobody at the counter; its
 * serial (and with it its authentication token) is replaced at the same time.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table wallet_passes add column revocations integer not null default 0`);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table wallet_passes drop column revocations`);
}
