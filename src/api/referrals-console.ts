/**
 * Referrals in the merchant console (issue 30): every referral with its totals, and an owner's void
 * with a reason (the list and the activity log read again); the owner's review queue (referrals held
 * because a fraud signal matched) with approve and reject (the queue, the list and the log read again).
 */
import { referralsConsoleApi } from '#contract/referrals.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useReferralsConsole = () => useCall(referralsConsoleApi.referrals);

// a function, not a constant: the customer app's build drops the console's calls only while no module-level code reads them
const referralsChanged = () => ({ refreshes: [referralsConsoleApi.referrals.path, staffApi.audit.path], wait: true });
export const useVoidReferral = () => useMutation((id: number, reason: string) => callApi(referralsConsoleApi.void, { id, reason }), referralsChanged());

export const useReferralReview = () => useCall(referralsConsoleApi.review);
const reviewed = () => ({ refreshes: [referralsConsoleApi.review.path, referralsConsoleApi.referrals.path, staffApi.audit.path], wait: true });
export const useApproveReferral = () => useMutation((id: number) => callApi(referralsConsoleApi.approve, { id }), reviewed());
export const useRejectReferral = () => useMutation((id: number) => callApi(referralsConsoleApi.reject, { id }), reviewed());
