/** Automatic campaigns, the customer's side (issue 31): whether the shop's campaign messages reach them at all. */
import useSWR from 'swr';
import type { CampaignPreferencesData } from '#contract/campaigns';
import { campaignsApi } from '#contract/campaigns.calls';
import { callApi, fetcher, keyOf } from './client';
import { useMutation } from './mutation';

const preferencesKey = keyOf(campaignsApi.preferences);
export const useCampaignPreferences = () => useSWR<CampaignPreferencesData>(preferencesKey, fetcher);

const saveCampaignPreferences = (subscribed: boolean) => callApi(campaignsApi.unsubscribe, { subscribed });
/** The answer is the choice as it now is: written at once. */
export const useSaveCampaignPreferences = () => useMutation(saveCampaignPreferences, { writes: (answer: CampaignPreferencesData) => [{ key: preferencesKey, data: answer }] });
