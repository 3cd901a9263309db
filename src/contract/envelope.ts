/**
 * The answer envelope: error codes with their HTTP statuses, and the one builder of an answer. Part of the
 * contract (src/contract): free of React, of the browser and of Express.
 */

export type ErrorCode =
  | 'VALIDATION'
  | 'BAD_SIGNATURE'
  | 'SESSION_EXPIRED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'RATE_LIMITED'
  | 'INVALID_CODE'
  | 'CODE_EXPIRED'
  | 'TOO_MANY_ATTEMPTS'
  | 'INVALID_TOKEN'
  /** 400: a registration token that expired or was used */
  | 'REGISTRATION_EXPIRED'
  | 'IDEMPOTENCY_MISMATCH'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'INSUFFICIENT_BALANCE'
  | 'INSUFFICIENT_POINTS'
  | 'OUT_OF_STOCK'
  | 'LIMIT_REACHED'
  | 'PRODUCT_UNAVAILABLE'
  | 'PRICE_CHANGED'
  | 'BELOW_MINIMUM'
  | 'VOUCHER_INVALID'
  | 'ADDRESS_REQUIRED'
  | 'NO_SPINS_LEFT'
  | 'INVALID_TRANSITION'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'CONFLICT'
  | 'BAD_GATEWAY'
  | 'PROVIDER_UNAVAILABLE'
  /** 503: no e-mail service, so an address cannot be verified yet (saving one still works) */
  | 'EMAIL_UNAVAILABLE'
  /** 503: no text message service yet (production before the owner connects one): no sign-in code can be sent */
  | 'SMS_UNAVAILABLE'
  /** 409: another customer already verified this e-mail address */
  | 'EMAIL_TAKEN'
  /** 409: e-mail verification without an address to verify */
  | 'NO_EMAIL'
  /** 409: the address is verified already */
  | 'ALREADY_VERIFIED'
  /** 409: this Google account belongs to another customer, or this customer has another one */
  | 'GOOGLE_LINKED'
  /** 503: no payment gateway (top-ups and online order payments); the wallet still works */
  | 'PAYMENTS_UNAVAILABLE'
  /** 503: web push is not set up on this shop (no VAPID keys): notifications stay in the app */
  | 'PUSH_UNAVAILABLE'
  /** 503: the address search's geocoder is off, down or too slow: the map and typed coordinates still work */
  | 'GEOCODER_UNAVAILABLE'
  /** 403: signed in to the merchant console, but this staff member's role may not make this call */
  | 'ROLE_FORBIDDEN'
  /** 403: an API key that may not make this call: it lacks the scope the call names (`data.scope`) */
  | 'SCOPE_FORBIDDEN'
  /** 401: a staff sign-in with an e-mail address and password that do not match (the same answer for both) */
  | 'INVALID_CREDENTIALS'
  /** 400: a one-time link (owner set-up, invitation, preview) that expired, was used, or never existed */
  | 'LINK_EXPIRED'
  /** 409: a voucher's rotating code whose time is over (a photo of an old one) */
  | 'CODE_STALE'
  /** 404: neither a voucher's QR code nor a short code of this shop */
  | 'CODE_UNKNOWN'
  /** 404: a voucher QR code of another shop */
  | 'OTHER_MERCHANT'
  /** 400: a voucher's fixed reference code, typed at the counter (never accepted there) */
  | 'REFERENCE_CODE'
  /** 403: points spent at the counter without the rotating code in the customer's app (a phone look-up, a wallet card's fixed code) */
  | 'MEMBER_CODE_REQUIRED'
  /** 409: the voucher was used already (at a counter or on an order) */
  | 'VOUCHER_USED'
  /** 409: the voucher is past its date */
  | 'VOUCHER_EXPIRED'
  /** 409: the currency cannot change: money has moved in it */
  | 'CURRENCY_LOCKED'
  | 'LOCATION_CLOSED'
  | 'ORDERING_PAUSED'
  | 'SLOT_FULL'
  /** 409: the customer has the most orders waiting for an online payment at once */
  | 'UNPAID_ORDERS_LIMIT'
  | 'OUTSIDE_DELIVERY_AREA'
  | 'LOCATION_FORBIDDEN'
  | 'TIER_REQUIRED'
  /** 400: a promo code that does not apply to this order: `data.reason` says why */
  | 'PROMO_CODE_INVALID'
  /** 409: a gift card that cannot be claimed or refunded: `data.reason` says why */
  | 'GIFT_CARD_INVALID'
  /** 403: a guest's session (ordering at a table without an account) on a call only members make */
  | 'GUEST_FORBIDDEN'
  /** 409: a guest order claimed already; 410: its day to be claimed is over */
  | 'ALREADY_CLAIMED'
  | 'CLAIM_EXPIRED'
  | 'INTERNAL';

export interface ApiError {
  code: ErrorCode;
  fields?: Record<string, string>;
}

export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
  error?: ApiError;
}

/**
 * The HTTP status of each error code: one place, so a code always travels with the same status (the
 * provider's errors, the gateway's own answers and the OpenAPI document all read it from here).
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  TOO_MANY_ATTEMPTS: 400,
  REGISTRATION_EXPIRED: 400,
  LINK_EXPIRED: 400,
  REFERENCE_CODE: 400,
  BELOW_MINIMUM: 400,
  VOUCHER_INVALID: 400,
  PROMO_CODE_INVALID: 400,
  ADDRESS_REQUIRED: 400,
  BAD_SIGNATURE: 401,
  SESSION_EXPIRED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 401,
  INVALID_CREDENTIALS: 401,
  ROLE_FORBIDDEN: 403,
  SCOPE_FORBIDDEN: 403,
  NOT_FOUND: 404,
  CODE_UNKNOWN: 404,
  OTHER_MERCHANT: 404,
  INSUFFICIENT_BALANCE: 409,
  INSUFFICIENT_POINTS: 409,
  OUT_OF_STOCK: 409,
  LIMIT_REACHED: 409,
  PRODUCT_UNAVAILABLE: 409,
  PRICE_CHANGED: 409,
  NO_SPINS_LEFT: 409,
  INVALID_TRANSITION: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  NO_EMAIL: 409,
  ALREADY_VERIFIED: 409,
  GOOGLE_LINKED: 409,
  CODE_STALE: 409,
  VOUCHER_USED: 409,
  VOUCHER_EXPIRED: 409,
  GIFT_CARD_INVALID: 409,
  CURRENCY_LOCKED: 409,
  LOCATION_CLOSED: 409,
  ORDERING_PAUSED: 409,
  SLOT_FULL: 409,
  UNPAID_ORDERS_LIMIT: 409,
  OUTSIDE_DELIVERY_AREA: 409,
  LOCATION_FORBIDDEN: 403,
  TIER_REQUIRED: 403,
  MEMBER_CODE_REQUIRED: 403,
  GUEST_FORBIDDEN: 403,
  ALREADY_CLAIMED: 409,
  CLAIM_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  PROVIDER_UNAVAILABLE: 503,
  EMAIL_UNAVAILABLE: 503,
  SMS_UNAVAILABLE: 503,
  PAYMENTS_UNAVAILABLE: 503,
  PUSH_UNAVAILABLE: 503,
  GEOCODER_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

/** An answer: `{ status, message, data }`, the same shape for every call of the contract. */
export function envelope<T>(status: number, message: string, data: T): Envelope<T> {
  return { status, message, data };
}

/** The one builder of an error answer: its status comes with its code. */
export function errorEnvelope<T = null>(
  code: ErrorCode,
  message: string,
  o: { fields?: Record<string, string> | undefined; data?: T } = {},
): Envelope<T | null> {
  return { status: ERROR_STATUS[code], message, data: o.data ?? null, error: { code, ...(o.fields ? { fields: o.fields } : {}) } };
}
