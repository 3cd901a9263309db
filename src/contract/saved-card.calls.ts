/** The calls of the saved card and auto-reload, declared once (api.ts); their schemas are in saved-card.ts, their words in saved-card.spec.ts. */
import { call } from './api';
import type { AutoReloadBody, AutoReloadData, CardConfirmBody, CardSetupData } from './saved-card';

export const savedCardApi = {
  status: call.customer.get<AutoReloadData>('wallet/auto-reload'),
  update: call.customer.post<AutoReloadData, AutoReloadBody>('wallet/auto-reload/update'),
  setup: call.customer.post<CardSetupData>('wallet/card/setup', { status: 201 }),
  confirm: call.customer.post<AutoReloadData, CardConfirmBody>('wallet/card/confirm'),
  remove: call.customer.post<AutoReloadData>('wallet/card/remove'),
};
