/** The calls of the wallet card (Apple Wallet, Google Wallet), declared once (api.ts); their schemas and words are in passes.ts. */
import { call } from './api';
import type { PassGoogleData, PassRevokeData, PassStatusData } from './passes';

export const passesApi = {
  status: call.customer.get<PassStatusData>('pass/status'),
  apple: call.customer.get<void>('pass/apple'),
  google: call.customer.get<PassGoogleData>('pass/google'),
  revoke: call.customer.post<PassRevokeData>('pass/revoke'),
};
