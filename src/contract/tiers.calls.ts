/** The calls of tiers, declared once (api.ts); their schemas are in tiers.ts, their words in tiers.spec.ts. */
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
