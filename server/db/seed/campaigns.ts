import { CAMPAIGN_DEFAULTS, CAMPAIGN_KINDS } from '#contract/campaigns';
import type { Database } from '..';

/** The five automatic campaigns (issue 31), off, with their default messages: each only when the shop lacks it. */
export async function seedCampaigns(db: Database): Promise<void> {
  await db
    .insertInto('campaigns')
    .values(CAMPAIGN_KINDS.map((kind) => ({ kind, enabled: false, ...CAMPAIGN_DEFAULTS[kind], reward_id: null, updated_at: new Date() })))
    .onConflict((oc) => oc.column('kind').doNothing())
    .execute();
}
