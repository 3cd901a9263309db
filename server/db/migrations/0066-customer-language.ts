import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * The customer's language (docs/languages.md): the app speaks it on every device they sign in on, and
 * what is sent to them follows it. Null: never chosen (the app then follows the device, the browser and
 * the shop's default). One of the languages the app ships; whether the shop still offers it is the
 * provider's to judge when it is read.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table customers add column language text check (language in ('en', 'fil', 'id'))
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table customers drop column if exists language`);
}
