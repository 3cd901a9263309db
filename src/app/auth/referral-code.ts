/**
 * The referral code a friend signs up with (issue 30): `/register?ref=CODE` keeps it in session storage
 * (referral-link.ts, the register page's alone), like the phone number the register steps carry
 * (sign-in-flow.ts), so a reload or the code step keeps it; `auth/register` and `auth/google` send it as
 * `referral_code`, and a finished sign-in forgets it. None of it is a secret. Storage the browser refuses
 * (privacy modes) only loses the invitation. Small on purpose: /login carries it.
 */
export const REFERRAL_KEY = 'signup-referral-code';

export function attempt<T>(run: (storage: Storage) => T, storage: Storage | undefined, otherwise: T): T {
  try {
    return run(storage ?? sessionStorage);
  } catch {
    return otherwise;
  }
}

/** `{ referral_code }` for a sign-up's body when a code is kept, else nothing. */
export const withReferralCode = (storage?: Storage): { referral_code?: string } => {
  const code = attempt((s) => s.getItem(REFERRAL_KEY), storage, null);
  return code ? { referral_code: code } : {};
};

/** A sign-in finished: the invitation is used. */
export const forgetReferralCode = (storage?: Storage) => attempt((s) => s.removeItem(REFERRAL_KEY), storage, undefined);
