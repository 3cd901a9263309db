/** The calls of tiers, declared once (api.ts); their schemas and words are in tiers.ts. */
import { call, consoleCalls } from './api';
import type { TierProgramInput, TiersConsoleData, TierStatusData } from './tiers';

/** The customer's tier and progress. */
export const tiersApi = {
  status: call.customer.get<TierStatusData>('tier/status'),
};

/** console calls: the customer app's build drops them */
export const tiersConsoleApi = consoleCalls(() => ({
  tiers: call.staff.get<TiersConsoleData>('merchant/loyalty/tiers'),
  update: call.owner.post<TiersConsoleData, TierProgramInput>('merchant/loyalty/tiers/update'),
}));
