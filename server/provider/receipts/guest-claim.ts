/**
 * A guest order's claim (orders/claim.ts makes it): the signed token its order page and receipt carry,
 * `c1.<order number>.<mac>`, an HMAC over the order number with a key derived from the provider's secret
 * for this purpose alone (like the receipts' links), never the order number alone; and when an order may
 * be claimed: a guest's, not claimed, paid, neither cancelled nor refunded, within CLAIM_WINDOW_MS of its
 * payment. Here, below orders, so that the receipt (this area) and the order (orders) say the same.
 */
import type { GuestClaim } from '#contract/receipts';
import { DAY } from '../../lib/clock';
import { digestsEqual, purposeMac } from '../../lib/signature';
import { AppError } from '../http/errors';
import { errors } from '../i18n/errors';

/** How long after its payment a guest order may be claimed. */
export const CLAIM_WINDOW_MS = DAY;

const VERSION = 'c1';
const TOKEN = /^c1\.([A-Z0-9-]{4,40})\.([A-Za-z0-9_-]{32})$/;

const mac = (secret: string, orderName: string) => purposeMac(secret, 'guest-claim', `${VERSION}\n${orderName}`).subarray(0, 24).toString('base64url');

/** The claim token of a guest order. */
export const claimToken = (secret: string, orderName: string): string => `${VERSION}.${orderName}.${mac(secret, orderName)}`;

/** The order number a claim token names when its mac is right; else null. Compared in constant time. */
export function readClaimToken(secret: string, token: string): string | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  return digestsEqual(mac(secret, m[1]!), m[2]!) ? m[1]! : null;
}

/** What deciding a claim reads of an order. */
export type Claimable = {
  name: string;
  guest_name: string | null;
  claimed_at: Date | null;
  paid_at: Date | null;
  status: string;
  earnings_back_at: Date | null;
  points_to_earn: number | null;
};

export const orderNotFound = () => new AppError('NOT_FOUND', errors.claimUnknown);

/** Why an order cannot be claimed at `now` (an error to throw), or null when it can. */
export function claimRefusal(order: Claimable, now: Date): AppError | null {
  if (order.guest_name === null) return orderNotFound();
  if (order.claimed_at !== null) return new AppError('ALREADY_CLAIMED', errors.claimedAlready);
  if (order.paid_at === null || order.status === 'cancelled' || order.earnings_back_at !== null) return new AppError('CONFLICT', errors.claimNotPaid);
  if (now.getTime() >= order.paid_at.getTime() + CLAIM_WINDOW_MS) return new AppError('CLAIM_EXPIRED', errors.claimOver);
  return null;
}

/** The offer on a guest order's page and receipt: its points, the deadline and the token; null when it cannot be claimed now. */
export function claimOffer(secret: string, order: Claimable, now: Date): GuestClaim | null {
  if (claimRefusal(order, now) !== null) return null;
  return {
    // what it was quoted, what paying it would have earned (a guest's order always keeps it)
    points: order.points_to_earn ?? 0,
    claim_by: new Date(order.paid_at!.getTime() + CLAIM_WINDOW_MS).toISOString(),
    claim_token: claimToken(secret, order.name),
  };
}
