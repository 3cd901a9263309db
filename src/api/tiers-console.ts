/**
 * Tiers in the merchant console (issue 30): the programme with how many customers are in each tier and
 * who is close to the next, and its save (the programme and the activity log read again).
 */
import type { TierProgramInput } from '#contract/tiers';
import { tiersConsoleApi } from '#contract/tiers.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useTiersConsole = () => useCall(tiersConsoleApi.tiers);

// a function, not a constant: the customer app's build drops the console's calls only while no module-level code reads them
const tiersChanged = () => ({ refreshes: [tiersConsoleApi.tiers.path, staffApi.audit.path], wait: true });
export const useSaveTiers = () => useMutation((program: TierProgramInput) => callApi(tiersConsoleApi.update, program), tiersChanged());
