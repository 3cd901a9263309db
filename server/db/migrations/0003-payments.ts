import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * A real payment gateway (Stripe): a payment keeps the gateway's own reference (what a refund needs)
 * and how much of it the gateway has given back so far, as its webhooks report it.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table payments add column provider_ref text;
    alter table payments add column refunded_amount bigint not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount);
  `);
}
