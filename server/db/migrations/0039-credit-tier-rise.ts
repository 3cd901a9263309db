import { sql, type Kysely } from 'kysely';

/**
 * The tier a held credit raised the customer to (issue 44): when the hourly job credits pending points
 * whose hold ended and that credit reaches a higher tier, the rise (as orders.tier_rise and
 * counter_earns.tier_rise: the tier row before, the welcomes it gave) is kept on the pending rows it
 * credited, so a refund or an undo of their source takes that tier back as it does one reached at once.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table points_pending add column tier_rise jsonb`.execute(db);
}
