import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * An auto-reload whose payment gateway could not be reached is tried again with a growing wait (5, 15,
 * 60 minutes…; payments/auto-reload.ts): `attempts` counts the tries that did not reach it, `retry_at`
 * is when the next may be made. After the last try (about a day) the run ends `unreachable` and the
 * customer's auto-reload is paused for that reason, as after a decline.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table auto_reload_runs add column attempts integer not null default 0;
    alter table auto_reload_runs add column retry_at timestamptz;
    alter table auto_reload_runs drop constraint auto_reload_runs_status_check;
    alter table auto_reload_runs add constraint auto_reload_runs_status_check
      check (status in ('pending', 'charging', 'succeeded', 'declined', 'needs_customer', 'unreachable', 'cancelled'));
    alter table auto_reloads drop constraint auto_reloads_paused_check;
    alter table auto_reloads add constraint auto_reloads_paused_check check (paused in ('declined', 'needs_customer', 'unreachable'))
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    update auto_reloads set paused = 'declined' where paused = 'unreachable';
    update auto_reload_runs set status = 'declined' where status = 'unreachable';
    alter table auto_reloads drop constraint auto_reloads_paused_check;
    alter table auto_reloads add constraint auto_reloads_paused_check check (paused in ('declined', 'needs_customer'));
    alter table auto_reload_runs drop constraint auto_reload_runs_status_check;
    alter table auto_reload_runs add constraint auto_reload_runs_status_check
      check (status in ('pending', 'charging', 'succeeded', 'declined', 'needs_customer', 'cancelled'));
    alter table auto_reload_runs drop column if exists retry_at;
    alter table auto_reload_runs drop column if exists attempts
  `);
}
