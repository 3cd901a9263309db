import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * A broadcast's title and text in other languages, as the campaigns' (migration 0068,
 * docs/decisions/012-translated-shop-words.md): `{ "fil": { "title": "…", "body": "…" } }` beside the
 * default language's `title` and `body`; each customer's message is written in their language where the
 * owner wrote it, else in the default language's words.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table broadcasts add column translations jsonb not null default '{}'`);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table broadcasts drop column if exists translations`);
}
