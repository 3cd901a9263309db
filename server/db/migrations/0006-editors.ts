import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * The owner's editors (issue 14): a points ledger entry of its own kind for the owner's adjustments
 * (`owner`, with a required reason), apart from the system's corrections (`adjust`).
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table points_ledger drop constraint points_ledger_type_check;
    alter table points_ledger add constraint points_ledger_type_check check (type in ('earn', 'burn', 'expire', 'adjust', 'owner'));
  `);
}
