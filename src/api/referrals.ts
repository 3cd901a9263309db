/**
 * Referrals (issue 30): the customer's own code, link and friends; and, before signing up, who a code
 * is from (the register page's invitation).
 */
import { referralsApi } from '#contract/referrals.calls';
import { useCall } from './use-call';

/** `open`: the invite sheet is on screen (else nothing is asked). */
export const useReferralStatus = (open: boolean) => useCall(open ? referralsApi.status : null);

/** Who invited: asked once per code, never again (a code not found is simply not shown). */
export const useReferralLookup = (code: string | null) =>
  useCall(referralsApi.lookup, code ? { code } : null, { shouldRetryOnError: false, revalidateOnFocus: false, revalidateIfStale: false });
