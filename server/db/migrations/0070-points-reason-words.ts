import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * The words of a points entry's reason, for the history to read in the reader's language: `{ "id": "points.reason.order",
 * "values": { "order": "K-1" } }`, a message of server/provider/i18n/messages.ts and its values, beside the English
 * `reason` kept as it was (the webhooks' and the console's; what an entry without words, older or written by a part of
 * the provider that gives none, shows in every language). On the ledger and on pending points, which carry theirs to
 * the entry that credits them.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table points_ledger add column reason_words jsonb;
    alter table points_pending add column reason_words jsonb;
  `,
  );
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table points_ledger drop column if exists reason_words;
    alter table points_pending drop column if exists reason_words;
  `,
  );
}
