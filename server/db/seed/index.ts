import { sql } from 'kysely';
import type { Database } from '..';
import { seedMerchants } from './merchants';
import { seedCatalog } from './catalog';
import { seedRewards } from './rewards';
import { seedLocations } from './locations';
import { seedLoyaltyRules } from './loyalty';
import { seedTiers } from './tiers';
import { seedCampaigns } from './campaigns';

/** Seeds what a fresh database lacks; safe to run at every start (each part checks before inserting). */
export async function seed(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // several servers may start together on one PostgreSQL: one seeds, the others wait and find it done
    await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
    await seedMerchants(trx);
    await seedCatalog(trx);
    await seedRewards(trx);
    await seedLocations(trx);
    await seedLoyaltyRules(trx);
    await seedTiers(trx);
    await seedCampaigns(trx);
  });
}
