/**
 * Referrals (issue 30): the customer's own code, link and friends; and, before signing up, who a code
 * is from (the register page's invitation).
 */
import useSWR from 'swr';
import type { ReferralLookupData, ReferralStatusData } from '#contract/referrals';
import { referralsApi } from '#contract/referrals.calls';
import { fetcher, keyOf } from './client';

/** `open`: the invite sheet is on screen (else nothing is asked). */
export const useReferralStatus = (open: boolean) => useSWR<ReferralStatusData>(open ? keyOf(referralsApi.status) : null, fetcher);

/** Who invited: asked once per code, never again (a code not found is simply not shown). */
export const useReferralLookup = (code: string | null) =>
  useSWR<ReferralLookupData>(code ? keyOf(referralsApi.lookup, { code }) : null, fetcher, { shouldRetryOnError: false, revalidateOnFocus: false, revalidateIfStale: false });
