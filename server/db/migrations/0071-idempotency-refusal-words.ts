import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * A refusal kept as an idempotency key's answer, worded in each language the app ships: `{ "fil": "…", "id": "…" }`,
 * so its replay speaks the replaying request's language (docs/languages.md, "The API's errors"). `response_body`
 * stays the envelope as first answered, in English; a success, and a refusal of plain English words, have none.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table idempotency_keys add column refusal_words jsonb;`);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table idempotency_keys drop column if exists refusal_words;`);
}
