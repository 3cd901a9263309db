/** Automatic campaigns, the customer's side (issue 31): whether the shop's campaign messages reach them at all. */
import type { CampaignPreferencesData } from '#contract/campaigns';
import { campaignsApi } from '#contract/campaigns.calls';
import { callApi, keyOf } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

const preferencesKey = keyOf(campaignsApi.preferences);
export const useCampaignPreferences = () => useCall(campaignsApi.preferences);

const saveCampaignPreferences = (subscribed: boolean) => callApi(campaignsApi.unsubscribe, { subscribed });
/** The answer is the choice as it now is: written at once. */
export const useSaveCampaignPreferences = () =>
  useMutation(saveCampaignPreferences, { writes: (answer: CampaignPreferencesData) => [{ key: preferencesKey, data: answer }] });
