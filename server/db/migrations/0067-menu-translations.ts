import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * The shop's own words in other languages (docs/decisions/012-translated-shop-words.md): each thing the
 * customer reads keeps its words in the shop's default language in its own columns (name, description),
 * the fallback, and beside them `translations`, per language other than the default and per field:
 * `{ "fil": { "name": "…", "description": "…" }, "id": { … } }`. A language or a field left out is read
 * from the main columns. Categories, products, option groups and their options.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table categories add column translations jsonb not null default '{}';
    alter table products add column translations jsonb not null default '{}';
    alter table option_groups add column translations jsonb not null default '{}';
    alter table options add column translations jsonb not null default '{}'
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table options drop column if exists translations;
    alter table option_groups drop column if exists translations;
    alter table products drop column if exists translations;
    alter table categories drop column if exists translations
  `);
}
