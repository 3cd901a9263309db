/**
 * Every call of the provider's API v2, in one table: its method and path, who may make it, the very
 * schema its body or query is validated with, what it answers and the error codes it can answer.
 * server/provider/openapi.ts turns this table into the OpenAPI 3.1 document (`npm run openapi` writes
 * docs/openapi.json; the provider serves it at `openapi.json`), and tests/server/openapi.test.ts holds
 * the table to the provider: every route the provider registers is here with the same method and path,
 * every call here answers, each route validates with the schema named here.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { addressesSpec } from './addresses';
import { boardSpec } from './board';
import { endpointsOf } from './api-spec';
import { authSpec } from './auth';
import type { CallAuth } from './api';
import { ERROR_STATUS, type ErrorCode } from './envelope';
import * as C from './counter';
import { dashboardSpec } from './dashboard';
import { customersSpec } from './customers';
import { mediaFileEndpoint, mediaSpec } from './media';
import { menuMachineSpec, menuSpec } from './menu';
import { notificationsSpec } from './notifications';
import { paymentIdParam, paymentsSpec } from './payments';
import { ordersSpec } from './orders';
import { pointsSpec } from './points';
import { settingsSpec } from './settings';
import { rewardsEditorSpec, rewardsSpec } from './rewards';
import { shopSpec } from './shop';
import { walletSpec } from './wallet';
import { staffSpec } from './staff';
import { themeSpec } from './theme';
import { wheelEditorSpec, wheelSpec } from './wheel';

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/** Who may make a call (api.ts says what each means). */
export type EndpointAuth = CallAuth;

/** What a call answers: the contract's JSON envelope with `data`, a page or file, or this document. */
export type AnswerKind = 'envelope' | 'html' | 'javascript' | 'css' | 'openapi' | 'image' | 'csv';

export interface Endpoint {
  method: 'get' | 'post';
  /** under the provider's base URL (`…/api/v2/`), path parameters as OpenAPI writes them: `payment/sandbox/{id}` */
  path: string;
  /** the area, an OpenAPI tag */
  tag: string;
  summary: string;
  description?: string;
  auth: EndpointAuth;
  /** a call of ../shared/CONTRACT.md section 3; false: one this product adds (documented only here) */
  inContract: boolean;
  /** the embedded provider's own (the payment sandbox, its health): an outside provider need not have it */
  embeddedOnly?: boolean;
  /** there only while this payment gateway is the one in use (its webhook); absent: always */
  gateway?: 'sandbox' | 'stripe';
  /** the JSON body's schema: the very object the route validates with */
  body?: z.ZodType;
  /** the query's schema: the very object the route validates with */
  query?: z.ZodObject;
  /** the path parameters */
  params?: z.ZodObject;
  /** takes an `idempotency_key`: a repeat returns the first answer (409 while it runs, 422 with another body) */
  idempotent?: boolean;
  answer: {
    kind: AnswerKind;
    /** the success statuses (a page may also answer 404) */
    statuses: readonly number[];
    description: string;
    /** the envelope's `data`; absent: `null` */
    data?: z.ZodType;
  };
  /**
   * The error codes only this call answers. Those every call of its kind answers are added by
   * errorCodesOf: BAD_SIGNATURE, SESSION_EXPIRED, FORBIDDEN, VALIDATION, PAYLOAD_TOO_LARGE, the
   * idempotency codes, INTERNAL.
   */
  errors: readonly ErrorCode[];
}

export const ENDPOINTS: readonly Endpoint[] = [
  // settings and the provider itself
  settingsSpec.endpoints.mainSetting,
  settingsSpec.endpoints.health,
  {
    method: 'get',
    path: 'openapi.json',
    tag: 'Provider',
    summary: 'This document',
    description:
      'The OpenAPI 3.1 document of API v2, generated from the contract\'s schemas (src/contract). Not enveloped. Through a gateway that removes every `token` property from JSON answers on their way to a browser, read it from the provider or from docs/openapi.json.',
    auth: 'none',
    inContract: false,
    answer: { kind: 'openapi', statuses: [200], description: 'The OpenAPI document.' },
    errors: [],
  },

  // sign-in
  ...endpointsOf(authSpec),

  // the customer
  ...endpointsOf(pointsSpec),
  customersSpec.endpoints.profile,
  customersSpec.endpoints.changeEmail,
  customersSpec.endpoints.emailVerifyRequest,
  customersSpec.endpoints.emailVerify,

  // shop
  ...endpointsOf(shopSpec),
  ...endpointsOf(menuMachineSpec),

  // rewards
  ...endpointsOf(rewardsSpec),

  // wallet and payments
  ...endpointsOf(walletSpec),
  // payments: the calls (payments.ts), with the sandbox's page and its files between them
  paymentsSpec.endpoints.webhook,
  paymentsSpec.endpoints.stripeWebhook,
  {
    method: 'get',
    path: 'payment/sandbox.js',
    tag: 'Payments',
    summary: "The sandbox payment page's script",
    description: 'Only while the sandbox is the payment gateway.',
    auth: 'none',
    inContract: false,
    embeddedOnly: true,
    gateway: 'sandbox',
    answer: { kind: 'javascript', statuses: [200], description: 'The script.' },
    errors: [],
  },
  {
    method: 'get',
    path: 'payment/sandbox.css',
    tag: 'Payments',
    summary: "The sandbox payment page's styles",
    description: 'Only while the sandbox is the payment gateway.',
    auth: 'none',
    inContract: false,
    embeddedOnly: true,
    gateway: 'sandbox',
    answer: { kind: 'css', statuses: [200], description: 'The styles.' },
    errors: [],
  },
  {
    method: 'get',
    path: 'payment/sandbox/{id}',
    tag: 'Payments',
    summary: 'The sandbox payment page',
    description:
      'Only while the sandbox is the payment gateway. Shows a payment only to the customer who started it (their session, sent by the gateway); anyone else gets the not-found page (404).',
    auth: 'none',
    inContract: false,
    embeddedOnly: true,
    gateway: 'sandbox',
    params: z.object({ id: paymentIdParam }),
    answer: { kind: 'html', statuses: [200, 404], description: 'The page.' },
    errors: [],
  },
  paymentsSpec.endpoints.sandboxComplete,

  // addresses
  ...endpointsOf(addressesSpec),

  // orders
  ...endpointsOf(ordersSpec),

  // notifications
  ...endpointsOf(notificationsSpec),

  // the wheel
  ...endpointsOf(wheelSpec),

  // the merchant console: staff accounts, sessions, the team and the audit log
  ...endpointsOf(staffSpec),

  // the theme studio; settings/preview: a share-preview link
  ...endpointsOf(themeSpec),

  // the counter: vouchers scanned or typed, redeemed once
  ...endpointsOf(C.counterSpec),

  // the orders board
  ...endpointsOf(boardSpec),

  // the owner's menu editor
  ...endpointsOf(menuSpec),

  // the owner's reward catalogue
  ...endpointsOf(rewardsEditorSpec),

  // the shop's customers
  customersSpec.endpoints.search,
  customersSpec.endpoints.detail,
  customersSpec.endpoints.adjustPoints,

  // the owner's wheel
  ...endpointsOf(wheelEditorSpec),

  // the owner's dashboard and its CSV exports
  ...endpointsOf(dashboardSpec),

  // images for the theme (logo, favicon, landing background)
  ...endpointsOf(mediaSpec),
  mediaFileEndpoint,
];

/** What each error code means, for the document (its status is ERROR_STATUS's). */
export const ERROR_MEANING: Record<ErrorCode, string> = {
  VALIDATION: 'bad input: `error.fields` names each bad field (a body that is not JSON: `body`)',
  BAD_SIGNATURE: 'the gateway signature (or the webhook signature) is missing, wrong or older than 300 s',
  SESSION_EXPIRED: 'no valid, unexpired, unrevoked session token',
  NOT_FOUND: 'no such thing, or not the customer\'s own',
  FORBIDDEN: 'the merchant key (`x-merchant-key`) is missing or wrong',
  RATE_LIMITED: 'asked too often: `data.retry_after` seconds (also `Retry-After`)',
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
  PRODUCT_UNAVAILABLE: 'a product in the basket is not available now (`error.fields` names its line)',
  BELOW_MINIMUM: 'the subtotal is below the minimum order: `data.min_order`, `data.below_minimum_by`',
  VOUCHER_INVALID: 'the voucher cannot be used (not the customer\'s, used, expired, not a discount)',
  ADDRESS_REQUIRED: 'a delivery needs an address_id',
  NO_SPINS_LEFT: 'no free spin left today and no points spin possible',
  INVALID_TRANSITION: 'the order cannot move to that status: `data.allowed`',
  UNSUPPORTED_MEDIA_TYPE: 'the body is not JSON (a gateway answers it)',
  PAYLOAD_TOO_LARGE: 'the body is over 64 KiB',
  CONFLICT: 'the state changed meanwhile: try again',
  BAD_GATEWAY: 'a service the call needs (text messages, e-mail) failed: try again',
  PROVIDER_UNAVAILABLE: 'the provider cannot be reached (a gateway answers it)',
  EMAIL_UNAVAILABLE: 'no e-mail service: an address cannot be verified yet',
  EMAIL_TAKEN: 'another customer verified this e-mail address',
  NO_EMAIL: 'no e-mail address to verify',
  ALREADY_VERIFIED: 'the address is verified already',
  GOOGLE_LINKED: 'this Google account belongs to another customer, or this customer has another one',
  PAYMENTS_UNAVAILABLE: 'no payment gateway: top-ups and online payment are off; the wallet works',
  ROLE_FORBIDDEN: "a merchant console session whose role may not make this call (a staff member's on an owner call)",
  INVALID_CREDENTIALS: 'the e-mail address and password do not match (the same answer whichever is wrong)',
  LINK_EXPIRED: 'the one-time link (owner set-up, invitation) expired, was used, or never existed',
  CODE_STALE: "a voucher's rotating code whose 30 seconds (and the 30 after) are over: a photo of an old code",
  CODE_UNKNOWN: "neither a voucher's QR code nor a short code of this shop (made up, mistyped, a forged signature)",
  OTHER_MERCHANT: "a voucher's QR code of another shop",
  REFERENCE_CODE: "a voucher's fixed reference code: never accepted at the counter",
  VOUCHER_USED: 'the voucher was used already: `data.used_at`, `data.staff_name` (at a counter), `data.order` (on an order)',
  VOUCHER_EXPIRED: 'the voucher is past its date: `data.expires_at`',
  INTERNAL: 'an unexpected failure on the provider',
};

/**
 * Every error code a call can answer: its own, and those every call of its kind answers (signature,
 * session, merchant key, bad input, a body over 64 KiB, idempotency, an unexpected failure).
 */
export function errorCodesOf(e: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (e.auth !== 'webhook') codes.add('BAD_SIGNATURE');
  if (e.auth === 'customer' || e.auth === 'staff' || e.auth === 'owner') codes.add('SESSION_EXPIRED');
  if (e.auth === 'owner') codes.add('ROLE_FORBIDDEN');
  if (e.auth === 'merchant') codes.add('FORBIDDEN');
  // a POST's body is read as JSON whatever the call: unreadable JSON is 400 VALIDATION, too much 413
  if (e.body || e.query || e.method === 'post') codes.add('VALIDATION');
  if (e.method === 'post') codes.add('PAYLOAD_TOO_LARGE');
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
