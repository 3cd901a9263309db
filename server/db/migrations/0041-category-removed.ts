import { sql, type Kysely } from 'kysely';

/**
 * A category removed while archived products still name it is kept, marked `removed_at`, rather than
 * deleted (menu/menu.service.ts deleteCategory): those products keep the category their orders were
 * placed under, and the loyalty rules and stamp cards that count it still find its name. Nobody sees a
 * removed category: not customers, not the menu editor.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table categories add column removed_at timestamptz`.execute(db);
}
