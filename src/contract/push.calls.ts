/** The calls of web push, declared once (api.ts); their schemas are in push.ts, their words in push.spec.ts. */
import { call } from './api';
import type { PushPreferencesInput, PushStatusData, PushSubscribeInput, PushUnsubscribeInput } from './push';

export const pushApi = {
  status: call.customer.get<PushStatusData>('push/status'),
  subscribe: call.customer.post<PushStatusData, PushSubscribeInput>('push/subscribe'),
  unsubscribe: call.customer.post<PushStatusData, PushUnsubscribeInput>('push/unsubscribe'),
  preferences: call.customer.post<PushStatusData, PushPreferencesInput>('push/preferences'),
};
