/**
 * The error codes of the document: what each means (its status is ERROR_STATUS's, envelope.ts) and which
 * a call can answer, its own and those every call of its kind answers.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import type { Endpoint } from './api-spec';
import { ERROR_STATUS, type ErrorCode } from './envelope';

/** What each error code means, for the document (its status is ERROR_STATUS's). */
export const ERROR_MEANING: Record<ErrorCode, string> = {
  VALIDATION: 'bad input: `error.fields` names each bad field (a body that is not JSON: `body`)',
  BAD_SIGNATURE: 'the gateway signature (or the webhook signature) is missing, wrong or older than 300 s',
  SESSION_EXPIRED: 'no valid, unexpired, unrevoked session token',
  NOT_FOUND: "no such thing, or not the customer's own",
  FORBIDDEN: 'the API key (`x-merchant-key`) is missing or wrong, revoked, or turned off by an owner',
  RATE_LIMITED: 'asked too often, or too much at once: `data.retry_after` seconds (also `Retry-After`)',
  INVALID_CODE: 'not the code that was sent: `data.attempts_left`',
  CODE_EXPIRED: 'the code expired or was used',
  TOO_MANY_ATTEMPTS: 'too many wrong tries for this code: ask for a new one',
  INVALID_TOKEN: 'the Google ID token could not be verified',
  REGISTRATION_EXPIRED: 'the registration token expired or was used',
  IDEMPOTENCY_MISMATCH: 'this idempotency_key was used with another body',
  IDEMPOTENCY_IN_PROGRESS: 'the first call with this idempotency_key is still running',
  INSUFFICIENT_BALANCE: 'the wallet balance is too low',
  INSUFFICIENT_POINTS: 'not enough points',
  OUT_OF_STOCK: 'the reward is out of stock',
  LIMIT_REACHED: 'a per-customer limit is reached (redemptions of a reward, saved addresses)',
  PRODUCT_UNAVAILABLE: 'a product in the basket, or an option chosen, is not available now (`error.fields` names its line)',
  PRICE_CHANGED: "a price changed since the quote: the order's total is not `expected_total`; `data` is the new quote",
  BELOW_MINIMUM: 'the subtotal is below the minimum order: `data.min_order`, `data.below_minimum_by`',
  VOUCHER_INVALID: "the voucher cannot be used (not the customer's, used, expired, not a discount)",
  ADDRESS_REQUIRED: 'a delivery needs an address_id',
  NO_SPINS_LEFT: 'no free spin left today and no points spin possible',
  INVALID_TRANSITION: 'the order cannot move to that status: `data.allowed`',
  UNSUPPORTED_MEDIA_TYPE: 'the body is not JSON (a gateway answers it)',
  PAYLOAD_TOO_LARGE: 'the body is over 64 KiB',
  CONFLICT: 'the state changed meanwhile: try again',
  BAD_GATEWAY: 'a service the call needs (text messages, e-mail) failed: try again',
  PROVIDER_UNAVAILABLE: 'the provider cannot be reached (a gateway answers it)',
  EMAIL_UNAVAILABLE: 'no e-mail service: an address cannot be verified yet',
  SMS_UNAVAILABLE: 'no text message service yet (production before the owner connects one in the console): no sign-in code can be sent',
  EMAIL_TAKEN: 'another customer verified this e-mail address',
  NO_EMAIL: 'no e-mail address to verify',
  ALREADY_VERIFIED: 'the address is verified already',
  GOOGLE_LINKED: 'this Google account belongs to another customer, or this customer has another one',
  PAYMENTS_UNAVAILABLE: 'no payment gateway: top-ups and online payment are off; the wallet works',
  PUSH_UNAVAILABLE: 'web push is not set up on this shop (no VAPID keys): notifications stay in the app',
  GEOCODER_UNAVAILABLE: "the address search's geocoder is off, down or too slow (the gateway's /map/search): the map and typed coordinates still work",
  ROLE_FORBIDDEN: "a merchant console session whose role may not make this call (a staff member's on an owner call)",
  SCOPE_FORBIDDEN: 'an API key that lacks the scope this call names (`data.scope`): an owner gives a key its scopes in the console',
  INVALID_CREDENTIALS: 'the e-mail address and password do not match (the same answer whichever is wrong)',
  LINK_EXPIRED: 'the one-time link (owner set-up, invitation) expired, was used, or never existed',
  CODE_STALE: "a voucher's rotating code whose 30 seconds (and the 30 after) are over: a photo of an old code",
  CODE_UNKNOWN: "neither a voucher's QR code nor a short code of this shop (made up, mistyped, a forged signature)",
  OTHER_MERCHANT: "a voucher's QR code of another shop",
  REFERENCE_CODE: "a voucher's fixed reference code: never accepted at the counter",
  MEMBER_CODE_REQUIRED:
    "points spent at the counter without the rotating code in the customer's app (a customer found by phone or by a wallet card's fixed code, or a code of another customer)",
  VOUCHER_USED: 'the voucher was used already: `data.used_at`, `data.staff_name` (at a counter), `data.order` (on an order)',
  VOUCHER_EXPIRED: 'the voucher is past its date: `data.expires_at`',
  CURRENCY_LOCKED: "the shop's currency cannot change once money has moved in it (a wallet entry, an order or a payment exists)",
  LOCATION_CLOSED: 'the location is closed now: `data.next_open_at` (null: no opening in the next 14 days)',
  ORDERING_PAUSED: 'the location has paused online orders: `data.paused_until` (null: until staff resume them), `data.next_open_at`',
  SLOT_FULL: 'the pickup time chosen has no room left: `data.next_slot`, the next one with room (null: none today or tomorrow)',
  UNPAID_ORDERS_LIMIT:
    'the customer has 3 orders waiting for an online payment (each holds its pickup time for 10 minutes): pay one, or wait for them to lapse: `data.limit`, `data.next_free_at`',
  OUTSIDE_DELIVERY_AREA: 'no location delivers to this address (outside every delivery area)',
  LOCATION_FORBIDDEN: "a staff member limited to other locations: not this location's orders, board or counter",
  PROMO_CODE_INVALID:
    "the promo code does not apply to this order: `data.reason` is unknown, not_yet (`data.starts_at`), expired (`data.ends_at`), below_minimum (`data.min_spend`, `data.missing`: how much more to spend), not_for_you (new customers only, or the customer's own limit reached: `data.per_customer_limit`), used_up (its uses or budget spent), not_here (location or way of ordering), paused or not_with_voucher; `data.code` the code as matched",
  TIER_REQUIRED: 'the reward is for customers of a higher tier for now (early access): `data.tier`, the lowest tier that can redeem it',
  GIFT_CARD_INVALID:
    'the gift card cannot be claimed or refunded: `data.reason` is claimed (in a wallet already), refunded, expired, or own (a gift the customer sent); for physical cards inactive (not sold yet), activated (sold already), egift (not a physical card), empty (nothing left) or short (less left than asked: `data.balance`)',
  GUEST_FORBIDDEN:
    "a guest's session (ordering at a table with a first name, no account) on a call only members make, or an order a guest cannot place (not at its table's location, wallet, vouchers, promo codes): sign in with a phone",
  ALREADY_CLAIMED: "the guest order's points were claimed already (by this customer or another)",
  CLAIM_EXPIRED: "the guest order's day to be claimed is over (24 hours after its payment)",
  INTERNAL: 'an unexpected failure on the provider',
};

/**
 * Whether a call takes its turn among its customer's calls on an instance before it runs, and so may
 * answer 429 when too many wait (every POST of a signed-in customer: server/provider/http/customer-turns.ts,
 * applied by http/mount.ts).
 */
export function takesCustomerTurn(e: Pick<Endpoint, 'auth' | 'method'>): boolean {
  return e.auth === 'customer' && e.method === 'post';
}

/**
 * Every error code a call can answer: its own, and those every call of its kind answers (signature,
 * session, merchant key, bad input, a body over 64 KiB, idempotency, a customer's calls past their turns,
 * an unexpected failure).
 */
export function errorCodesOf(e: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (e.auth !== 'webhook') codes.add('BAD_SIGNATURE');
  if (e.auth === 'customer' || e.auth === 'staff' || e.auth === 'owner') codes.add('SESSION_EXPIRED');
  if (e.auth === 'customer') codes.add('GUEST_FORBIDDEN');
  if (e.auth === 'owner') codes.add('ROLE_FORBIDDEN');
  if (e.auth === 'merchant') {
    codes.add('FORBIDDEN');
    codes.add('RATE_LIMITED');
    codes.add('SCOPE_FORBIDDEN');
  }
  // a POST's body is read as JSON whatever the call: unreadable JSON is 400 VALIDATION, too much 413
  if (e.body || e.query || e.method === 'post') codes.add('VALIDATION');
  if (e.method === 'post') codes.add('PAYLOAD_TOO_LARGE');
  if (takesCustomerTurn(e)) codes.add('RATE_LIMITED');
  if (e.idempotent) {
    codes.add('IDEMPOTENCY_IN_PROGRESS');
    codes.add('IDEMPOTENCY_MISMATCH');
  }
  for (const c of e.errors) codes.add(c);
  codes.add('INTERNAL');
  return [...codes];
}

/** The error codes of a call grouped by their HTTP status (ERROR_STATUS), statuses ascending. */
export function errorsByStatus(e: Endpoint): Map<number, ErrorCode[]> {
  const by = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(e)) {
    const status = ERROR_STATUS[code];
    by.set(status, [...(by.get(status) ?? []), code]);
  }
  return new Map([...by.entries()].sort(([a], [b]) => a - b));
}
