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
import { endpointsOf } from './api-spec';
import * as A from './answers';
import { authSpec } from './auth';
import type { CallAuth } from './api';
import { ERROR_STATUS, type ErrorCode } from './envelope';
import { id } from './fields';
import * as C from './counter';
import { customersSpec } from './customers';
import * as D from './dashboard';
import * as E from './editors';
import * as M from './merchant';
import { notificationsSpec } from './notifications';
import { merchantOrderStatusBody, orderCreateBody, orderDetailQuery, quoteBody } from './orders';
import { pointsSpec } from './points';
import { settingsSpec } from './settings';
import { redeemBody, slug, storageQuery } from './rewards';
import { merchantProductBody } from './shop';
import { pageQuery, topupBody, topupStatusQuery } from './wallet';
import { spinBody } from './wheel';

// ---------------------------------------------------------------------------------------------
// Request schemas of calls whose schema lived only next to their route: the contract's own now
// ---------------------------------------------------------------------------------------------

/** extension: `reward/detail`, one reward by its slug (the redeem page) */
export const rewardDetailQuery = z.object({ name: slug });
/** extension: `reward/voucher`, one of the customer's vouchers */
export const voucherDetailQuery = z.object({ id });
/** A payment's id (a UUID), in the sandbox page's path. */
export const paymentIdParam = z.string().uuid('must be a payment id');
/** embedded provider: Pay or Decline on the sandbox payment page */
export const sandboxCompleteBody = z.object({ outcome: z.enum(['pay', 'decline']) });
/** A Stripe event as Stripe sends it (documented at https://docs.stripe.com/api/events/object); read by the Stripe library. */
export const stripeWebhookEvent = z.looseObject({ id: z.string(), object: z.literal('event'), type: z.string(), created: z.number().int(), livemode: z.boolean(), data: z.looseObject({ object: z.looseObject({}) }) });
/** The payment webhook's event (the sandbox gateway's format), checked after its signature. */
export const paymentWebhookEvent = z.object({
  id: z
    .string()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    // recorded as text: PostgreSQL cannot store U+0000, so it is refused here rather than failing there
    // eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
    .regex(/^[^\u0000]*$/, 'must not contain a NUL character'),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  payment_id: z.string().uuid('must be a payment id'),
  amount: z.number().int('must be a whole number').positive('must be positive'),
  /** the payment's currency; compared with the merchant's when given */
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as PHP').optional(),
  created: z.number().int('must be unix seconds'),
});
/** The header of the sandbox gateway's webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-sandbox-signature';

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

const envelope = (statuses: readonly number[], description: string, data?: z.ZodType): Endpoint['answer'] => ({ kind: 'envelope', statuses, description, ...(data ? { data } : {}) });

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
  {
    method: 'get',
    path: 'shop/catalog',
    tag: 'Shop',
    summary: 'The menu',
    auth: 'none',
    inContract: true,
    answer: envelope([200], 'Categories with their products.', A.catalogAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/product/update',
    tag: 'Merchant',
    summary: "Change a product's price or availability",
    auth: 'merchant',
    inContract: false,
    body: merchantProductBody,
    answer: envelope([200], 'The product as it is now.', A.productOnlyAnswer),
    errors: ['NOT_FOUND'],
  },

  // rewards
  {
    method: 'get',
    path: 'reward/list',
    tag: 'Rewards',
    summary: 'The reward catalogue',
    auth: 'none',
    inContract: true,
    answer: envelope([200], 'The rewards.', A.rewardListAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: 'reward/detail',
    tag: 'Rewards',
    summary: 'One reward by its name',
    auth: 'none',
    inContract: false,
    query: rewardDetailQuery,
    answer: envelope([200], 'The reward.', A.rewardOnlyAnswer),
    errors: ['NOT_FOUND'],
  },
  {
    method: 'post',
    path: 'reward/redeem',
    tag: 'Rewards',
    summary: 'Redeem points for a voucher',
    auth: 'customer',
    inContract: true,
    body: redeemBody,
    idempotent: true,
    answer: envelope([201], 'The voucher.', A.voucherOnlyAnswer),
    errors: ['NOT_FOUND', 'LIMIT_REACHED', 'OUT_OF_STOCK', 'INSUFFICIENT_POINTS'],
  },
  {
    method: 'get',
    path: 'reward/storage',
    tag: 'Rewards',
    summary: "The customer's vouchers by status",
    auth: 'customer',
    inContract: true,
    query: storageQuery,
    answer: envelope([200], 'The vouchers.', A.storageAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: 'reward/voucher',
    tag: 'Rewards',
    summary: "One of the customer's vouchers",
    auth: 'customer',
    inContract: false,
    query: voucherDetailQuery,
    answer: envelope([200], 'The voucher.', A.voucherOnlyAnswer),
    errors: ['NOT_FOUND'],
  },
  {
    method: 'get',
    path: 'reward/voucher/code',
    tag: 'Rewards',
    summary: "An active voucher's rotating code for the counter",
    description:
      'A QR code and an 8-character short code, both changing every 30 seconds (`step_seconds`), accepted at a counter during their own step and the one after: a photo of one is refused about a minute later. `current` lasts `seconds_left` more seconds, then `next` takes over. The app asks again every few seconds while the code is open: `status` says when a counter used it. Another customer\'s voucher: 404. Never cached.',
    auth: 'customer',
    inContract: false,
    query: C.voucherCodeQuery,
    answer: envelope([200], "The voucher's codes.", C.voucherCodeAnswer),
    errors: ['NOT_FOUND'],
  },

  // wallet and payments
  {
    method: 'get',
    path: 'wallet/balance',
    tag: 'Wallet',
    summary: "The wallet's balance",
    auth: 'customer',
    inContract: true,
    answer: envelope([200], 'The balance.', A.walletBalanceAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: 'wallet/history',
    tag: 'Wallet',
    summary: "The wallet's ledger",
    auth: 'customer',
    inContract: true,
    query: pageQuery,
    answer: envelope([200], 'One page of entries.', A.walletHistoryAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'wallet/topup',
    tag: 'Wallet',
    summary: 'Start a top-up through the payment gateway',
    description:
      "The balance changes only when the payment gateway's signed webhook says the payment succeeded. Without a payment gateway: 503 PAYMENTS_UNAVAILABLE. The merchant's own limits answer 400 VALIDATION.",
    auth: 'customer',
    inContract: true,
    body: topupBody,
    idempotent: true,
    answer: envelope([201], "The top-up and the payment gateway's page.", A.topupAnswer),
    errors: ['PAYMENTS_UNAVAILABLE'],
  },
  {
    method: 'get',
    path: 'wallet/topup/status',
    tag: 'Wallet',
    summary: "One of the customer's top-ups, and the balance now",
    auth: 'customer',
    inContract: false,
    query: topupStatusQuery,
    answer: envelope([200], 'The top-up.', A.topupStatusAnswer),
    errors: ['NOT_FOUND'],
  },
  {
    method: 'post',
    path: 'payment/webhook',
    tag: 'Payments',
    summary: "The payment gateway's result of a payment",
    description: `Not signed by a gateway: signed by the payment gateway (sandbox: \`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`, within 300 s). A repeated or out-of-order event changes nothing.`,
    auth: 'webhook',
    inContract: false,
    body: paymentWebhookEvent,
    answer: envelope([200], 'Recorded.', A.webhookAnswer),
    errors: ['BAD_SIGNATURE'],
  },
  {
    method: 'post',
    path: 'payment/webhook/stripe',
    tag: 'Payments',
    summary: "Stripe's result of a payment",
    description:
      'Only while Stripe is the payment gateway (STRIPE_SECRET_KEY). Not signed by a gateway: signed by Stripe (`stripe-signature`, checked with the Stripe library, within 300 s). Used: `checkout.session.completed`, `checkout.session.async_payment_succeeded`, `checkout.session.async_payment_failed`, `checkout.session.expired`, `charge.refunded`; any other event is answered 200 with `applied: false`. A repeated or out-of-order event changes nothing; a refund that arrives before its payment is settled is answered 409, so Stripe sends it again.',
    auth: 'webhook',
    inContract: false,
    embeddedOnly: true,
    gateway: 'stripe',
    body: stripeWebhookEvent,
    answer: envelope([200], 'Recorded.', A.webhookAnswer),
    errors: ['BAD_SIGNATURE', 'CONFLICT'],
  },
  {
    method: 'get',
    path: 'payment/sandbox.js',
    tag: 'Payments',
    summary: "The sandbox payment page's script",
    description: 'Only while the sandbox is the payment gateway.',
    auth: 'none',
    inContract: false,
    embeddedOnly: true,
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
    params: z.object({ id: paymentIdParam }),
    answer: { kind: 'html', statuses: [200, 404], description: 'The page.' },
    errors: [],
  },
  {
    method: 'post',
    path: 'payment/sandbox/{id}/complete',
    tag: 'Payments',
    summary: 'Pay or decline on the sandbox payment page',
    description: 'Only while the sandbox is the payment gateway, and only by the customer who started the payment.',
    auth: 'customer',
    inContract: false,
    embeddedOnly: true,
    params: z.object({ id: paymentIdParam }),
    body: sandboxCompleteBody,
    answer: envelope([200], 'The payment as it stands, and where to go next.', A.sandboxCompleteAnswer),
    errors: ['NOT_FOUND'],
  },

  // addresses
  ...endpointsOf(addressesSpec),

  // orders
  {
    method: 'post',
    path: 'order/quote',
    tag: 'Orders',
    summary: 'Price a basket',
    description: 'A product no longer on the menu answers 400 VALIDATION naming its line.',
    auth: 'customer',
    inContract: true,
    body: quoteBody,
    answer: envelope([200], 'The prices.', A.quoteAnswer),
    errors: ['PRODUCT_UNAVAILABLE', 'ADDRESS_REQUIRED', 'NOT_FOUND', 'VOUCHER_INVALID'],
  },
  {
    method: 'post',
    path: 'order/create',
    tag: 'Orders',
    summary: 'Place an order',
    description:
      'wallet: paid from the balance at once; gateway: waiting for payment, with the payment page in `payment_url` (without a payment gateway: 503 PAYMENTS_UNAVAILABLE).',
    auth: 'customer',
    inContract: true,
    body: orderCreateBody,
    idempotent: true,
    answer: envelope([201], 'The order.', A.orderCreateAnswer),
    errors: ['PRODUCT_UNAVAILABLE', 'ADDRESS_REQUIRED', 'NOT_FOUND', 'VOUCHER_INVALID', 'BELOW_MINIMUM', 'INSUFFICIENT_BALANCE', 'PAYMENTS_UNAVAILABLE'],
  },
  {
    method: 'get',
    path: 'order/list',
    tag: 'Orders',
    summary: "The customer's orders, newest first",
    auth: 'customer',
    inContract: true,
    query: pageQuery,
    answer: envelope([200], 'One page of orders.', A.orderListAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: 'order/detail',
    tag: 'Orders',
    summary: "One of the customer's orders",
    auth: 'customer',
    inContract: true,
    query: orderDetailQuery,
    answer: envelope([200], 'The order.', A.orderOnlyAnswer),
    errors: ['NOT_FOUND'],
  },
  {
    method: 'post',
    path: 'merchant/order/status',
    tag: 'Merchant',
    summary: 'Move an order along its lifecycle, or cancel it',
    description: '`paid` is set only by a payment. Cancelling a paid order refunds it the way it was paid (the wallet at once; a gateway payment through its refund).',
    auth: 'merchant',
    inContract: false,
    body: merchantOrderStatusBody,
    answer: envelope([200], 'The order as it is now.', A.orderOnlyAnswer),
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },

  // notifications
  ...endpointsOf(notificationsSpec),

  // the wheel
  {
    method: 'get',
    path: 'wheel/config',
    tag: 'Wheel',
    summary: 'The wheel and the spins left',
    description: '409 CONFLICT while the wheel has no segments (closed).',
    auth: 'customer',
    inContract: true,
    answer: envelope([200], 'The wheel.', A.wheelConfigAnswer),
    errors: ['CONFLICT'],
  },
  {
    method: 'post',
    path: 'wheel/spin',
    tag: 'Wheel',
    summary: 'Spin the wheel',
    description: "A free spin while there is one today, else it costs `spin_cost_points`. The draw is the provider's.",
    auth: 'customer',
    inContract: true,
    body: spinBody,
    idempotent: true,
    answer: envelope([200], 'The prize.', A.spinAnswer),
    errors: ['CONFLICT', 'NO_SPINS_LEFT'],
  },

  // the merchant console: staff accounts, sessions, the team and the audit log
  {
    method: 'post',
    path: 'merchant/auth/setup',
    tag: 'Merchant console',
    summary: "Create the shop's owner from a one-time set-up link",
    description: 'The link (`npm run merchant -- owner-link`) is valid 24 h, once. Answers the staff session `token`, which a gateway keeps in its staff cookie.',
    auth: 'none',
    inContract: false,
    body: M.staffSetupBody,
    answer: envelope([201], 'Signed in as the owner.', M.staffSessionAnswer),
    errors: ['LINK_EXPIRED', 'EMAIL_TAKEN', 'RATE_LIMITED'],
  },
  {
    method: 'post',
    path: 'merchant/auth/accept-invite',
    tag: 'Merchant console',
    summary: 'Join the team from an invitation link',
    description: 'The invitation is valid 24 h, once; one pinned to an address takes only that address.',
    auth: 'none',
    inContract: false,
    body: M.staffAcceptInviteBody,
    answer: envelope([201], 'Signed in.', M.staffSessionAnswer),
    errors: ['LINK_EXPIRED', 'EMAIL_TAKEN', 'RATE_LIMITED'],
  },
  {
    method: 'post',
    path: 'merchant/auth/link',
    tag: 'Merchant console',
    summary: 'What a one-time link is for',
    description: 'Set-up, invitation or password reset: the shop, the role, who sent it and the only address it takes, for its page. A link that cannot be used (expired, used, revoked, its maker no longer an owner): 400 LINK_EXPIRED.',
    auth: 'none',
    inContract: false,
    body: M.staffLinkBody,
    answer: envelope([200], 'The link.', M.staffLinkAnswer),
    errors: ['LINK_EXPIRED'],
  },
  {
    method: 'get',
    path: 'merchant/auth/session',
    tag: 'Merchant console',
    summary: 'Who is signed in to the console, if anyone',
    description: 'Answers 200 whoever asks (`staff: null` when nobody is signed in), so the console never shows a failed call in the browser for a signed-out visitor; `has_owner` says whether anyone can sign in yet.',
    auth: 'none',
    inContract: false,
    answer: envelope([200], 'The session.', M.staffSessionStateAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/auth/forgot',
    tag: 'Merchant console',
    summary: 'E-mail a link to choose a new password',
    description: 'The same answer whether the address is a team member\'s or not; the link works once, for an hour; at most 3 an hour per address. No e-mail service: 503 EMAIL_UNAVAILABLE.',
    auth: 'none',
    inContract: false,
    body: M.staffForgotBody,
    answer: envelope([200], 'Sent, if the address is a team member\'s.'),
    errors: ['EMAIL_UNAVAILABLE'],
  },
  {
    method: 'post',
    path: 'merchant/auth/reset',
    tag: 'Merchant console',
    summary: 'Choose a new password from a reset link',
    description: 'Every session of the account ends.',
    auth: 'none',
    inContract: false,
    body: M.staffResetBody,
    answer: envelope([200], 'The password is set.'),
    errors: ['LINK_EXPIRED', 'RATE_LIMITED'],
  },
  {
    method: 'post',
    path: 'merchant/auth/password',
    tag: 'Merchant console',
    summary: 'Change the signed-in member\'s password',
    description: 'The current password first (a wrong one: 400 naming `current_password`, counted like a wrong sign-in); every other session of theirs ends.',
    auth: 'staff',
    inContract: false,
    body: M.staffPasswordBody,
    answer: envelope([200], 'Changed: how many other sessions ended.', z.object({ ended: z.number().int() })),
    errors: ['RATE_LIMITED'],
  },
  {
    method: 'post',
    path: 'merchant/auth/login',
    tag: 'Merchant console',
    summary: 'Sign in to the merchant console',
    description:
      'A wrong address and a wrong password get the same answer in the same time (401 INVALID_CREDENTIALS). Limited per client address, and per address on one account with growing waits (429 RATE_LIMITED with `Retry-After`), never per account alone: a right password from an address without failures is not refused. The hashing pool full: 429 with a short `Retry-After`.',
    auth: 'none',
    inContract: false,
    body: M.staffLoginBody,
    answer: envelope([200], 'Signed in.', M.staffSessionAnswer),
    errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED'],
  },
  {
    method: 'post',
    path: 'merchant/auth/logout',
    tag: 'Merchant console',
    summary: 'End this staff session',
    auth: 'staff',
    inContract: false,
    answer: envelope([200], 'Signed out.'),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/auth/logout-all',
    tag: 'Merchant console',
    summary: "End every one of the caller's staff sessions",
    auth: 'staff',
    inContract: false,
    answer: envelope([200], 'Signed out everywhere: how many sessions ended.', z.object({ ended: z.number().int() })),
    errors: [],
  },
  {
    method: 'get',
    path: 'merchant/me',
    tag: 'Merchant console',
    summary: 'The signed-in staff member',
    description: 'Sessions end after 12 h without a call, and 7 days after they began.',
    auth: 'staff',
    inContract: false,
    answer: envelope([200], 'The staff member.', M.staffMeAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: 'merchant/staff',
    tag: 'Merchant console',
    summary: 'The team',
    auth: 'owner',
    inContract: false,
    answer: envelope([200], 'Every team member.', M.staffListAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/staff/invite',
    tag: 'Merchant console',
    summary: 'Make an invitation link for a new team member',
    description:
      'The link is `/merchant/invite#<invite_token>`, valid 24 h, once, and only while its maker is still an owner (an owner link) or on the team (a staff link): their removal, demotion or sign-out everywhere ends it. An owner invitation needs the caller\'s `password` again (wrong: 400 naming `password`). With `email`, the link is e-mailed there where the shop sends e-mail (`emailed`).',
    auth: 'owner',
    inContract: false,
    body: M.staffInviteBody,
    answer: envelope([201], 'The invitation.', M.staffInviteAnswer),
    errors: ['RATE_LIMITED'],
  },
  {
    method: 'get',
    path: 'merchant/staff/invites',
    tag: 'Merchant console',
    summary: 'Invitations not used yet',
    description: 'Newest first, with who made each; never their secret.',
    auth: 'owner',
    inContract: false,
    answer: envelope([200], 'The pending invitations.', M.pendingInvitesAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/staff/invites/revoke',
    tag: 'Merchant console',
    summary: 'Cancel a pending invitation',
    auth: 'owner',
    inContract: false,
    body: M.staffRevokeInviteBody,
    answer: envelope([200], 'Cancelled.'),
    errors: ['NOT_FOUND'],
  },
  {
    method: 'post',
    path: 'merchant/staff/update',
    tag: 'Merchant console',
    summary: "Change a team member's role",
    description: 'Their sessions end at once. The last owner cannot be made staff (409 CONFLICT).',
    auth: 'owner',
    inContract: false,
    body: M.staffUpdateBody,
    answer: envelope([200], 'The team member as they are now.', M.staffMeAnswer),
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  {
    method: 'post',
    path: 'merchant/staff/remove',
    tag: 'Merchant console',
    summary: 'Remove a team member',
    description: 'Their sessions end at once. The last owner cannot be removed (409 CONFLICT).',
    auth: 'owner',
    inContract: false,
    body: M.staffRemoveBody,
    answer: envelope([200], 'Removed.'),
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  {
    method: 'get',
    path: 'merchant/audit',
    tag: 'Merchant console',
    summary: 'The audit log, newest first',
    description: 'Every change made in the console or with the merchant key, sign-ins and failed ones, sign-outs, downloads and customer look-ups: who, when, what, before and after. 50 a page; filtered by `person`, `kind` and days (`from`, `to`).',
    auth: 'owner',
    inContract: false,
    query: M.auditQuery,
    answer: envelope([200], 'One page of entries.', M.auditListAnswer),
    errors: [],
  },

  // the theme studio
  {
    method: 'get',
    path: 'merchant/theme/draft',
    tag: 'Merchant console',
    summary: 'The draft theme and its contrast checks',
    description: 'With no draft saved, the live theme (`saved_at: null`).',
    auth: 'owner',
    inContract: false,
    answer: envelope([200], 'The draft.', M.themeDraftAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/theme/draft',
    tag: 'Merchant console',
    summary: 'Save the whole draft theme',
    description: 'Customers see nothing of it until it is published. Unknown fields are refused. A draft may fail the contrast checks; publishing it may not.',
    auth: 'owner',
    inContract: false,
    body: M.themeDraftBody,
    answer: envelope([200], 'The draft as saved.', M.themeDraftAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/theme/publish',
    tag: 'Merchant console',
    summary: 'Publish the draft theme',
    description:
      'Refused with 400 VALIDATION (nothing changes) when body text fails WCAG AA (4.5:1) on the brand colour or, in Lite, on the landing background colour: `error.fields` names the colour and the nearest one that passes. Customers see a published theme within 10 s (5 s in the provider, 5 s in a gateway).',
    auth: 'owner',
    inContract: false,
    answer: envelope([200], 'The new live version.', M.themeVersionOnlyAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: 'merchant/theme/versions',
    tag: 'Merchant console',
    summary: 'Every published theme, newest first, with who published it and when',
    auth: 'owner',
    inContract: false,
    answer: envelope([200], 'The versions.', M.themeVersionsAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/theme/restore',
    tag: 'Merchant console',
    summary: 'Make an earlier version live again (and the draft)',
    auth: 'owner',
    inContract: false,
    body: M.themeRestoreBody,
    answer: envelope([200], 'The new live version.', M.themeVersionOnlyAnswer),
    errors: ['NOT_FOUND'],
  },
  {
    method: 'post',
    path: 'merchant/theme/preview-link',
    tag: 'Merchant console',
    summary: 'A share-preview link: the customer app with the draft, read-only, for 24 h',
    auth: 'owner',
    inContract: false,
    answer: envelope([201], 'The link.', M.previewLinkAnswer),
    errors: [],
  },
  settingsSpec.endpoints.preview,

  // the counter: vouchers scanned or typed, redeemed once; the orders board
  {
    method: 'post',
    path: 'merchant/counter/lookup',
    tag: 'Merchant console',
    summary: 'What a scanned or typed voucher code is, before anything happens',
    description: 'The QR code\'s text or the short code as typed (any case, spaces and dashes allowed). A used or expired voucher is answered too (`usable: false`). Refusals: a code whose time is over 409 CODE_STALE, another shop\'s 404 OTHER_MERCHANT, the voucher\'s fixed reference code 400 REFERENCE_CODE, anything else 404 CODE_UNKNOWN. A staff session\'s 30 unknown codes in a minute: 429 RATE_LIMITED until the minute is over (with an entry in Activity).',
    auth: 'staff',
    inContract: false,
    body: C.counterCodeBody,
    answer: envelope([200], 'The voucher.', C.counterLookupAnswer),
    errors: ['CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT', 'REFERENCE_CODE', 'RATE_LIMITED'],
  },
  {
    method: 'post',
    path: 'merchant/counter/redeem',
    tag: 'Merchant console',
    summary: 'Redeem a voucher at the counter, once',
    description: 'One transaction: of many counters redeeming the same voucher at once, one gets 201 and the others 409 VOUCHER_USED. The customer is notified; the audit log records the staff member.',
    auth: 'staff',
    inContract: false,
    body: C.counterCodeBody,
    answer: envelope([201], 'The voucher, used, and its redemption.', C.counterRedeemAnswer),
    errors: ['CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT', 'REFERENCE_CODE', 'VOUCHER_USED', 'VOUCHER_EXPIRED', 'RATE_LIMITED'],
  },
  {
    method: 'post',
    path: 'merchant/counter/undo',
    tag: 'Merchant console',
    summary: 'Undo a counter redemption',
    description: 'Any staff member within 2 minutes of the redemption, an owner at any time (else 403 ROLE_FORBIDDEN). The voucher is active again (expired if its date has passed since). Audited; the customer is notified.',
    auth: 'staff',
    inContract: false,
    body: C.counterUndoBody,
    answer: envelope([200], 'The voucher and the undone redemption.', C.counterRedeemAnswer),
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
  {
    method: 'get',
    path: 'merchant/counter/recent',
    tag: 'Merchant console',
    summary: "Today's counter redemptions",
    description: "Since midnight in the merchant's time zone, newest first, at most 50.",
    auth: 'staff',
    inContract: false,
    answer: envelope([200], 'The redemptions.', C.counterRecentAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: 'merchant/orders/board',
    tag: 'Merchant console',
    summary: 'The orders board',
    description: 'Every paid, preparing, ready and on-delivery order, newest first, and those completed or cancelled today. Read from the database at every call (the console asks every 3 s).',
    auth: 'staff',
    inContract: false,
    answer: envelope([200], 'The board.', C.boardAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: 'merchant/orders/detail',
    tag: 'Merchant console',
    summary: 'One order, for its ticket',
    auth: 'staff',
    inContract: false,
    query: C.boardOrderQuery,
    answer: envelope([200], 'The order.', C.boardOrderOnlyAnswer),
    errors: ['NOT_FOUND'],
  },
  {
    method: 'post',
    path: 'merchant/orders/advance',
    tag: 'Merchant console',
    summary: 'Move an order to its next status',
    description: '`from` is the status the staff member saw: an order another device moved meanwhile answers 409 INVALID_TRANSITION instead of skipping a step. Audited; the customer is notified.',
    auth: 'staff',
    inContract: false,
    body: C.boardAdvanceBody,
    answer: envelope([200], 'The order as it is now.', C.boardOrderOnlyAnswer),
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
  {
    method: 'post',
    path: 'merchant/orders/cancel',
    tag: 'Merchant console',
    summary: 'Cancel an order with a reason, refunded the way it was paid',
    description: 'A wallet payment back to the wallet at once; a gateway payment through the gateway\'s refund (after the cancellation commits, one idempotency key per order, retried by the hourly job if the gateway fails: `refund.status`). Points earned on it are taken back; the customer is notified with the reason. A cancelled or completed order: 409 INVALID_TRANSITION.',
    auth: 'staff',
    inContract: false,
    body: C.boardCancelBody,
    answer: envelope([200], 'The order, cancelled.', C.boardOrderOnlyAnswer),
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },

  // the owner's menu editor
  {
    method: 'get',
    path: 'merchant/menu',
    tag: 'Merchant console',
    summary: 'The menu to edit: every category and product, sold out ones too',
    auth: 'owner',
    inContract: false,
    answer: envelope([200], 'The menu.', E.menuAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/menu/category/create',
    tag: 'Merchant console',
    summary: 'Add a category (at the end)',
    auth: 'owner',
    inContract: false,
    body: E.categoryCreateBody,
    answer: envelope([201], 'The category.', E.categoryAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/menu/category/rename',
    tag: 'Merchant console',
    summary: 'Rename a category',
    auth: 'owner',
    inContract: false,
    body: E.categoryRenameBody,
    answer: envelope([200], 'The category.', E.categoryAnswer),
    errors: ['NOT_FOUND'],
  },
  {
    method: 'post',
    path: 'merchant/menu/category/reorder',
    tag: 'Merchant console',
    summary: 'Put the categories in a new order',
    description: '`ids` lists every category once; anything else is 400 naming `ids`.',
    auth: 'owner',
    inContract: false,
    body: E.categoryReorderBody,
    answer: envelope([200], 'The menu in its new order.', E.menuAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/menu/category/delete',
    tag: 'Merchant console',
    summary: 'Remove an empty category',
    description: 'A category that still has products: 409 CONFLICT.',
    auth: 'owner',
    inContract: false,
    body: E.categoryDeleteBody,
    answer: envelope([200], 'Removed.'),
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  {
    method: 'post',
    path: 'merchant/menu/product/create',
    tag: 'Merchant console',
    summary: 'Add a product',
    description: 'Customers see it within 10 s. `image`: an uploaded image (`merchant/images`), a path on this site, or empty.',
    auth: 'owner',
    inContract: false,
    body: E.productCreateBody,
    answer: envelope([201], 'The product.', E.productAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/menu/product/update',
    tag: 'Merchant console',
    summary: 'Change a product: name, description, price, category, image, sold out',
    description: 'A new price never changes an order already placed. Customers see the change within 10 s.',
    auth: 'owner',
    inContract: false,
    body: E.productUpdateBody,
    answer: envelope([200], 'The product as it is now.', E.productAnswer),
    errors: ['NOT_FOUND'],
  },

  // the owner's reward catalogue
  {
    method: 'get',
    path: 'merchant/rewards',
    tag: 'Merchant console',
    summary: 'Every reward, retired ones too, with how many were redeemed and used',
    auth: 'owner',
    inContract: false,
    answer: envelope([200], 'The catalogue.', E.rewardsEditorAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/rewards/create',
    tag: 'Merchant console',
    summary: 'Add a reward',
    description: 'Its `name` (the link slug) is made from the title. `stock_total` null: unlimited.',
    auth: 'owner',
    inContract: false,
    body: E.rewardCreateBody,
    answer: envelope([201], 'The reward.', E.rewardEditorAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/rewards/update',
    tag: 'Merchant console',
    summary: 'Change or retire a reward',
    description: '`stock_total` counts those already redeemed: below that number is 409 CONFLICT naming `stock_total` (`data.issued`). `active: false` retires it: customers no longer see it; vouchers already issued stay valid until their end. A reward the wheel in use gives as a prize cannot be retired (409 CONFLICT naming `active`).',
    auth: 'owner',
    inContract: false,
    body: E.rewardUpdateBody,
    answer: envelope([200], 'The reward as it is now.', E.rewardEditorAnswer),
    errors: ['NOT_FOUND', 'CONFLICT'],
  },

  // the shop's customers
  customersSpec.endpoints.search,
  customersSpec.endpoints.detail,
  customersSpec.endpoints.adjustPoints,

  // the owner's wheel
  {
    method: 'get',
    path: 'merchant/wheel',
    tag: 'Merchant console',
    summary: 'The wheel: the configuration in use and every one published before',
    description: "Each segment with the chance customers are shown (`probability`). Every spin names its version, so it can be explained by the odds of its time.",
    auth: 'owner',
    inContract: false,
    answer: envelope([200], 'The wheel.', E.wheelEditorAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: 'merchant/wheel/publish',
    tag: 'Merchant console',
    summary: 'Publish a new wheel configuration',
    description: 'The whole configuration: segments (label, prize, weight), the cost of a paid spin, free spins a day (at most 1). New odds apply from the next spin; a spin in flight keeps the odds it started with. Refused: no segment, a weight below 1, a points prize without points, a voucher prize of a retired or unknown reward (400 naming e.g. `segments.2.reward`).',
    auth: 'owner',
    inContract: false,
    body: E.wheelPublishBody,
    answer: envelope([201], 'The wheel, with the new version in use.', E.wheelEditorAnswer),
    errors: [],
  },

  // the owner's dashboard
  {
    method: 'get',
    path: 'merchant/dashboard',
    tag: 'Merchant console',
    summary: 'How the programme is doing: today, the last 7 or 30 days',
    description: "Every figure computed in SQL from the ledgers, orders, vouchers, spins and payments of the period (the merchant's days), with the same figures for the period before, a daily series, and the points liability.",
    auth: 'owner',
    inContract: false,
    query: D.dashboardQuery,
    answer: envelope([200], 'The dashboard.', D.dashboardAnswer),
    errors: [],
  },

  {
    method: 'get',
    path: 'merchant/export/orders.csv',
    tag: 'Merchant console',
    summary: "The orders of a period, as CSV",
    description:
      "Orders placed on the merchant's days `from` to `to` (both included, at most 366 days): one row each with its times in the merchant's time zone (named in the header, `YYYY-MM-DD HH:MM:SS`), the customer's name and phone, its items, the currency and its amounts in the currency's major unit (`210.50`), a cancelled order's refund and points taken back, and the cancellation reason. Every text cell quoted, none a formula. A download (`content-disposition: attachment`), written as it is read.",
    auth: 'owner',
    inContract: false,
    query: D.exportQuery,
    answer: { kind: 'csv', statuses: [200], description: 'The orders.' },
    errors: [],
  },
  {
    method: 'get',
    path: 'merchant/export/ledger.csv',
    tag: 'Merchant console',
    summary: 'The points and wallet ledger entries of a period, as CSV',
    description:
      "Every entry of both ledgers made on the merchant's days `from` to `to` (both included, at most 366 days), the points ledger first: its time in the merchant's time zone, the customer's name and phone, the change and the balance after it (points, or money in the currency's major unit) and their unit (`points` or the currency).",
    auth: 'owner',
    inContract: false,
    query: D.exportQuery,
    answer: { kind: 'csv', statuses: [200], description: 'The entries.' },
    errors: [],
  },

  // images for the theme (logo, favicon, landing background)
  {
    method: 'post',
    path: 'merchant/images',
    tag: 'Merchant console',
    summary: 'Upload an image: PNG, JPEG or WebP, at most 2 MB',
    description:
      'The file in base64 (`file`); its type is read from its content, never from its name or declared type. Checked by its first bytes and a full decode (a damaged or cut-short file is refused), never SVG, then re-encoded, which drops all metadata. Kept in the database and served at `url`. A wrong file: 400 VALIDATION naming `file`; over 2 MB: 413 naming `file`. This call alone takes a body over 64 KiB.',
    auth: 'owner',
    inContract: false,
    body: M.imageUploadBody,
    answer: envelope([201], 'The stored image.', M.imageAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: 'media/{file}',
    tag: 'Merchant console',
    summary: 'An uploaded image, by the SHA-256 of its bytes',
    description: 'Public and immutable: `cache-control: public, max-age=31536000, immutable`, `x-content-type-options: nosniff`. Any other name: 404.',
    auth: 'none',
    inContract: false,
    params: M.mediaParams,
    answer: { kind: 'image', statuses: [200], description: 'The image.' },
    errors: ['NOT_FOUND'],
  },
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
