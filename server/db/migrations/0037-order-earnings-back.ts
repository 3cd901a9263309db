import { sql, type Kysely } from 'kysely';

/**
 * What a completed order's refund at the payment gateway takes back besides its points and stamps: the
 * tier its completion raised the customer to (`tier_rise`, as counter_earns.tier_rise: their tier row
 * before, and the welcomes the rise gave), and when its earnings were taken back (`earnings_back_at`:
 * once per order, and a refunded order that completes later gives no stamps).
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column tier_rise jsonb`.execute(db);
  await sql`alter table orders add column earnings_back_at timestamptz`.execute(db);
}
