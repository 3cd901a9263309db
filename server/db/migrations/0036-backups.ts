import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Backups (server/db/backup.ts): one row per backup taken, by the daily job or `npm run backup`: when,
 * where, how big, whether encrypted. The console's settings show the last one, and warn when it is old.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table backups (
      id serial primary key,
      taken_at timestamptz not null,
      file text not null,
      bytes bigint not null check (bytes >= 0),
      encrypted boolean not null,
      kind text not null check (kind in ('pglite', 'postgres'))
    );
    create index backups_taken_at on backups (taken_at desc);
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, 'drop table backups');
}
