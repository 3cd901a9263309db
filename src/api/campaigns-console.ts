/**
 * Automatic campaigns in the merchant console (issue 31): the five campaigns with their stats, and one
 * campaign's save (the campaigns and the activity log read again).
 */
import type { CampaignUpdateInput } from '#contract/campaigns';
import { campaignsConsoleApi } from '#contract/campaigns.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useCampaignsConsole = () => useCall(campaignsConsoleApi.campaigns);

// a function, not a constant: the customer app's build drops the console's calls only while no module-level code reads them
const campaignsChanged = () => ({ refreshes: [campaignsConsoleApi.campaigns.path, staffApi.audit.path], wait: true });
export const useSaveCampaign = () => useMutation((campaign: CampaignUpdateInput) => callApi(campaignsConsoleApi.update, campaign), campaignsChanged());
