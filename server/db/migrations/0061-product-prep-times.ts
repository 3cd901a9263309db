import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * A product's preparation time in minutes (issue 54): 0 to 240; null, the location's own preparation time
 * (every product before this). A pickup order's earliest slot starts after the longest of its products'
 * times and the location's (locations/hours.ts cartPrepMinutes).
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table products add column prep_minutes integer check (prep_minutes between 0 and 240)`);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table products drop column if exists prep_minutes`);
}
