/**
 * Earning rules in the merchant console's Loyalty area: the rules with what each has given, their
 * saves and status changes (the list and the activity log read again), and the simulator, which
 * writes nothing.
 */
import type { LoyaltyRuleInput, LoyaltyRuleStatusInput } from '#contract/loyalty';
import { loyaltyConsoleApi } from '#contract/loyalty.calls';
import { ordersConsoleApi } from '#contract/orders.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useLoyaltyRules = () => useCall(loyaltyConsoleApi.rules);

// a function, not a constant: the customer app's build drops the console's calls only while no module-level code reads them
const rulesChanged = () => ({ refreshes: [loyaltyConsoleApi.rules.path, staffApi.audit.path], wait: true });
/** id null: a new rule */
export const useSaveRule = () =>
  useMutation(
    (id: number | null, rule: LoyaltyRuleInput) => (id === null ? callApi(loyaltyConsoleApi.create, rule) : callApi(loyaltyConsoleApi.update, { id, rule })),
    rulesChanged(),
  );
export const useRuleStatus = () =>
  useMutation((id: number, status: LoyaltyRuleStatusInput['status']) => callApi(loyaltyConsoleApi.status, { id, status }), rulesChanged());

/** What a rule would have given over the last 30 days' orders. */
export const simulateRule = (rule: LoyaltyRuleInput) => callApi(loyaltyConsoleApi.simulate, { rule });

/** A sample pickup order priced as checkout prices it, with an offer's code or (none) the automatic offers. */
export const trySamplePricing = (items: Array<{ product_id: number; qty: number }>, code: string | null) =>
  callApi(ordersConsoleApi.tryPricing, code === null ? { items } : { items, promo_code: code });
