/**
 * Automatic campaigns in the merchant console (issue 31): the five campaigns with their stats, and one
 * campaign's save (the campaigns and the activity log read again).
 */
import type { BroadcastInput, CampaignUpdateInput } from '#contract/campaigns';
import { campaignsConsoleApi } from '#contract/campaigns.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useCampaignsConsole = () => useCall(campaignsConsoleApi.campaigns);

// a function, not a constant: the customer app's build drops the console's calls only while no module-level code reads them
const campaignsChanged = () => ({ refreshes: [campaignsConsoleApi.campaigns.path, staffApi.audit.path], wait: true });
export const useSaveCampaign = () => useMutation((campaign: CampaignUpdateInput) => callApi(campaignsConsoleApi.update, campaign), campaignsChanged());

/**
 * One-off broadcasts: the past ones (read again every few seconds while one is still sending), who a new
 * one would reach, and the send (the list and the activity log read again).
 */
export const useBroadcasts = () =>
  useCall(campaignsConsoleApi.broadcasts, undefined, {
    refreshInterval: (data) => (data?.broadcasts.some((b) => b.status === 'sending') ? 3000 : 0),
  });
export const useBroadcastAudience = (tier: number | null, on: boolean) =>
  useCall(campaignsConsoleApi.broadcastAudience, on ? (tier === null ? {} : { tier }) : null);
const broadcastsChanged = () => ({
  refreshes: [campaignsConsoleApi.broadcasts.path, campaignsConsoleApi.broadcastAudience.path, staffApi.audit.path],
  wait: true,
});
export const useSendBroadcast = () => useMutation((b: BroadcastInput) => callApi(campaignsConsoleApi.broadcast, b), broadcastsChanged());
