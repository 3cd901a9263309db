import { sql, type Kysely } from 'kysely';

/**
 * What a counter earn's undo takes back besides its points and stamps: the tier the earn raised the
 * customer to (`tier_rise`: their tier row before, and the welcomes the rise gave with their vouchers),
 * as tiers.service.ts placeAfterEarn answers it; null when the earn raised no tier.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table counter_earns add column tier_rise jsonb`.execute(db);
}
