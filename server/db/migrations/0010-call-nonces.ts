import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * The replay cache of the gateway's call signatures (server/lib/signature.ts): each nonce once, for
 * every provider instance on the database. A nonce older than the signature's 30-s window can never be
 * accepted again, so its row is only kept until a purge (provider/http/signature-check.ts) deletes it.
 * Unlogged: every state-changing call inserts one row, and a row needs no write-ahead log (after a crash
 * of PostgreSQL itself the table comes back empty, and for at most 30 s a call recorded before the crash
 * could be accepted once more).
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create unlogged table call_nonces (nonce text primary key, seen_at timestamptz not null);
    create index call_nonces_seen_idx on call_nonces (seen_at);
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, 'drop table if exists call_nonces');
}
