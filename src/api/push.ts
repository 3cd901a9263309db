/** Web push: the shop's key and the customer's settings, this browser's subscription, the kinds. */
import useSWR from 'swr';
import type { PushPreferencesInput, PushStatusData, PushSubscribeInput } from '#contract/push';
import { pushApi } from '#contract/push.calls';
import { callApi, fetcher, keyOf } from './client';
import { useMutation } from './mutation';

export const pushStatusKey = keyOf(pushApi.status);
export const usePushStatus = () => useSWR<PushStatusData>(pushStatusKey, fetcher);

/** Every call answers the settings as they now are: written at once. */
const writesStatus = { writes: (answer: PushStatusData) => [{ key: pushStatusKey, data: answer }] };

const subscribePush = (s: PushSubscribeInput) => callApi(pushApi.subscribe, s);
const unsubscribePush = (endpoint: string) => callApi(pushApi.unsubscribe, { endpoint });
const savePushPreferences = (p: PushPreferencesInput) => callApi(pushApi.preferences, p);
export const useSubscribePush = () => useMutation(subscribePush, writesStatus);
export const useUnsubscribePush = () => useMutation(unsubscribePush, writesStatus);
export const useSavePushPreferences = () => useMutation(savePushPreferences, writesStatus);
