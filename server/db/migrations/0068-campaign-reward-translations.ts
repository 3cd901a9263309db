import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * An automatic campaign's title and text, and a reward's title and description, in other languages, as the
 * menu's words (migration 0067, docs/decisions/012-translated-shop-words.md): `{ "fil": { "title": "…" } }`
 * beside the default language's columns; a message picks the recipient's language's words where written,
 * the reward catalogue its reader's.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table campaigns add column translations jsonb not null default '{}';
    alter table rewards add column translations jsonb not null default '{}'
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table rewards drop column if exists translations;
    alter table campaigns drop column if exists translations
  `);
}
