/**
 * The calls of the owner's earning rules (the console's Loyalty area), declared once (api.ts); their schemas
 * are in loyalty.ts, their words in loyalty.spec.ts.
 */
import { call, consoleCalls } from './api';
import type {
  LoyaltyRuleData,
  LoyaltyRuleInput,
  LoyaltyRulesData,
  LoyaltyRuleStatusInput,
  LoyaltyRuleUpdateInput,
  LoyaltySimulateData,
  LoyaltySimulateInput,
} from './loyalty';

/** console calls: the customer app's build drops them */
export const loyaltyConsoleApi = consoleCalls(() => ({
  rules: call.staff.get<LoyaltyRulesData>('merchant/loyalty/rules'),
  create: call.owner.post<LoyaltyRuleData, LoyaltyRuleInput>('merchant/loyalty/rules/create', { status: 201 }),
  update: call.owner.post<LoyaltyRuleData, LoyaltyRuleUpdateInput>('merchant/loyalty/rules/update'),
  status: call.owner.post<LoyaltyRuleData, LoyaltyRuleStatusInput>('merchant/loyalty/rules/status'),
  simulate: call.owner.post<LoyaltySimulateData, LoyaltySimulateInput>('merchant/loyalty/simulate'),
}));
