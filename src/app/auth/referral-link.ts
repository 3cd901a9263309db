import { attempt, REFERRAL_KEY } from './referral-code';

/**
 * The register page's link (`/register?ref=CODE`, issue 30): a `ref` that is a code (the contract's 6–12
 * letters and digits, upper case; referrals.ts is not imported: zod stays out of the app) is kept for the
 * sign-up, replacing one kept before; without one, the code kept earlier stays. Answers the code for this
 * sign-up, or null.
 */
export function keepReferralCode(search: string, storage?: Storage): string | null {
  const code = new URLSearchParams(search).get('ref')?.trim().toUpperCase() ?? '';
  if (!/^[A-Z0-9]{6,12}$/.test(code)) return attempt((s) => s.getItem(REFERRAL_KEY), storage, null);
  attempt((s) => s.setItem(REFERRAL_KEY, code), storage, undefined);
  return code;
}
