/**
 * Referrals in the merchant console (issue 30): every referral with its totals, and an owner's void
 * with a reason (the list and the activity log read again).
 */
import useSWR from 'swr';
import type { ReferralsConsoleData } from '#contract/referrals';
import { referralsConsoleApi } from '#contract/referrals.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi, fetcher, keyOf } from './client';
import { useMutation } from './mutation';

export const useReferralsConsole = () => useSWR<ReferralsConsoleData>(keyOf(referralsConsoleApi.referrals), fetcher);

// a function, not a constant: the customer app's build drops the console's calls only while no module-level code reads them
const referralsChanged = () => ({ refreshes: [referralsConsoleApi.referrals.path, staffApi.audit.path], wait: true });
export const useVoidReferral = () => useMutation((id: number, reason: string) => callApi(referralsConsoleApi.void, { id, reason }), referralsChanged());
