/** Web push: the shop's key and the customer's settings, this browser's subscription, the kinds. */
import type { PushPreferencesInput, PushStatusData, PushSubscribeInput } from '#contract/push';
import { pushApi } from '#contract/push.calls';
import { callApi, keyOf } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const pushStatusKey = keyOf(pushApi.status);
export const usePushStatus = () => useCall(pushApi.status);

/** Every call answers the settings as they now are: written at once. */
const writesStatus = { writes: (answer: PushStatusData) => [{ key: pushStatusKey, data: answer }] };

const subscribePush = (s: PushSubscribeInput) => callApi(pushApi.subscribe, s);
const unsubscribePush = (endpoint: string) => callApi(pushApi.unsubscribe, { endpoint });
const savePushPreferences = (p: PushPreferencesInput) => callApi(pushApi.preferences, p);
export const useSubscribePush = () => useMutation(subscribePush, writesStatus);
export const useUnsubscribePush = () => useMutation(unsubscribePush, writesStatus);
export const useSavePushPreferences = () => useMutation(savePushPreferences, writesStatus);
