/** The calls of automatic campaigns, declared once (api.ts); their schemas are in campaigns.ts, their words in campaigns.spec.ts. */
import { call, consoleCalls } from './api';
import type {
  BroadcastAudienceData,
  BroadcastAudienceQuery,
  BroadcastData,
  BroadcastInput,
  BroadcastsData,
  CampaignPreferencesData,
  CampaignPreferencesInput,
  CampaignsConsoleData,
  CampaignUnsubscribeLinkInput,
  CampaignUpdateInput,
} from './campaigns';

/** The customer's choice: campaigns or none (the profile), and the e-mail link's unsubscribe (no sign-in). */
export const campaignsApi = {
  preferences: call.customer.get<CampaignPreferencesData>('campaign/preferences'),
  unsubscribe: call.customer.post<CampaignPreferencesData, CampaignPreferencesInput>('campaign/unsubscribe'),
  unsubscribeLink: call.anyone.post<CampaignPreferencesData, CampaignUnsubscribeLinkInput>('campaign/unsubscribe/link'),
};

/** console calls: the customer app's build drops them */
export const campaignsConsoleApi = consoleCalls(() => ({
  campaigns: call.staff.get<CampaignsConsoleData>('merchant/campaigns'),
  update: call.owner.post<CampaignsConsoleData, CampaignUpdateInput>('merchant/campaigns/update'),
  /** one-off broadcasts: the past ones (staff), who one would reach and sending one (owners) */
  broadcasts: call.staff.get<BroadcastsData>('merchant/campaigns/broadcasts'),
  broadcastAudience: call.owner.get<BroadcastAudienceData, BroadcastAudienceQuery>('merchant/campaigns/broadcasts/audience'),
  /** the key is the owner's: a double click or a retry sends once */
  broadcast: call.owner.post<BroadcastData, BroadcastInput>('merchant/campaigns/broadcasts/send', { status: 201, idempotent: true }),
}));
