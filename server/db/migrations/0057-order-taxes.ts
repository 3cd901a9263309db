import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * The shop's taxes on an order (issue 51, src/contract/tax-rules.ts): the tax lines it was charged, as
 * `{ included, lines: [{ name, rate, amount }] }` (rate in basis points, amount in minor units), kept with
 * the order whatever the shop's rates become. Null: no tax (every older order, and a shop without rates).
 * Added taxes are part of `total`; included ones are inside it.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table orders add column taxes jsonb`);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `alter table orders drop column if exists taxes`);
}
