/** The customer's tier (issue 30): where they stand, the next tier and what every tier gives. */
import { tiersApi } from '#contract/tiers.calls';
import { useCall } from './use-call';

export const useTierStatus = () => useCall(tiersApi.status);
