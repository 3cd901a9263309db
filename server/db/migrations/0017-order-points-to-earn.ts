import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * An order keeps the points it was quoted (issue 27): a gateway order is paid minutes after it is
 * placed, and an owner may change the points rate meanwhile. Existing orders: null, their points
 * computed when paid, as before.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table orders add column points_to_earn integer check (points_to_earn >= 0)`);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table orders drop column if exists points_to_earn`);
}
