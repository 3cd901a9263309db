/** The calls of the wallet card (Apple Wallet, Google Wallet), declared once (api.ts); their schemas are in passes.ts, their words in passes.spec.ts. */
import { call } from './api';
import type { PassGoogleData, PassRevokeData, PassStatusData } from './passes';

export const passesApi = {
  status: call.customer.get<PassStatusData>('pass/status'),
  apple: call.customer.get<void>('pass/apple'),
  google: call.customer.get<PassGoogleData>('pass/google'),
  revoke: call.customer.post<PassRevokeData>('pass/revoke'),
};
