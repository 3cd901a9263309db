import { kept } from './auth/guest-mark';

/**
 * "Join and claim" on a guest's order or receipt: its signed claim token (never the order number alone)
 * is kept in the tab's sessionStorage under this key while the guest signs in or joins
 * (guest-claim-card.container.tsx); once signed in, the shell loads claim-now.tsx, which claims it once,
 * says how it went and shows the order in the member's history. Only this check is in the app's entry.
 */
export const PENDING_CLAIM_KEY = 'pending-claim';

/** Whether a claim waits for the sign-in (read without taking it). */
export const hasPendingClaim = () => kept(PENDING_CLAIM_KEY) !== null;
