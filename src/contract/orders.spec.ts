/**
 * The spec of the orders calls: their declarations (orders.calls.ts) joined to their schemas
 * (orders.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  quoteBody,
  quoteAnswer,
  orderCreateBody,
  orderCreateAnswer,
  orderListAnswer,
  orderOnlyAnswer,
  orderDetailQuery,
  reorderAnswer,
  merchantOrderStatusBody,
  orderClaimAnswer,
  orderClaimBody,
  pricingTryBody,
} from './orders';
import { ordersApi, ordersConsoleApi } from './orders.calls';
import { OFFER_GUESSES_MAX, OFFER_GUESS_WINDOW_MINUTES } from './offers';
import { pageQuery } from './wallet';

export const ordersSpec = /* @__PURE__ */ describe('Orders', ordersApi, {
  quote: {
    summary: 'Price a basket',
    description:
      "A product no longer on the menu answers 400 VALIDATION naming its line; one the location does not sell, 409 PRODUCT_UNAVAILABLE. Delivery: the first location (in the owner's order) with an area holding the address, at that area's fee and minimum; none: 409 OUTSIDE_DELIVERY_AREA. Pickup: the slot asked for (a time not in shop/pickup-slots: 400 VALIDATION on `pickup_at`; a full one: 409 SLOT_FULL) or the earliest with room. A quote is not refused because the location is closed or paused: shop/locations says so, and order/create refuses. `promo_code`: an offer's code (one per order); its discount is part of `discount` and `offer` names it; one that does not apply: 400 PROMO_CODE_INVALID with `data.reason`. Without a code, the automatic offer (no code) that takes the most off the order when one fits, `offer.code` null." +
      ` A customer who gives ${OFFER_GUESSES_MAX} unknown codes within ${OFFER_GUESS_WINDOW_MINUTES} minutes has every code refused (429 RATE_LIMITED) until that window has passed.`,
    body: quoteBody,
    data: quoteAnswer,
    answer: 'The prices.',
    message: 'Order priced.',
    errors: [
      'PRODUCT_UNAVAILABLE',
      'ADDRESS_REQUIRED',
      'NOT_FOUND',
      'VOUCHER_INVALID',
      'PROMO_CODE_INVALID',
      'RATE_LIMITED',
      'OUTSIDE_DELIVERY_AREA',
      'SLOT_FULL',
    ],
  },
  create: {
    summary: 'Place an order',
    description:
      "wallet: paid from the balance at once; gateway: waiting for payment, with the payment page in `payment_url` (without a payment gateway: 503 PAYMENTS_UNAVAILABLE). Priced as order/quote prices it. A location that is closed (409 LOCATION_CLOSED) or has paused online orders (409 ORDERING_PAUSED) refuses it, with when it takes orders again, except that a closed one takes a pickup ordered ahead for one of its slots (`pickup_at`); a pickup takes one place in its slot in the order's transaction, never more than the slot's cap (409 SLOT_FULL with the next slot with room). A gateway order holds its pickup slot and voucher for 10 minutes while it waits for payment; unpaid then, it is cancelled and its slot given back (a payment arriving later places it again when a pickup time has room, else goes to the wallet). A customer has at most 3 unpaid orders at once: 409 UNPAID_ORDERS_LIMIT. A promo code is checked as order/quote checks it, and its use counted in the order's transaction under the offer's row lock: its uses, budget and the customer's own limit are never passed. A cancelled order (or an unpaid one let go) gives its use back.",
    body: orderCreateBody,
    data: orderCreateAnswer,
    answer: 'The order.',
    // the route answers with the order's number and whether it is paid
    message: 'Order <name> is paid and confirmed. | Order <name> is waiting for payment.',
    errors: [
      'PRODUCT_UNAVAILABLE',
      'ADDRESS_REQUIRED',
      'NOT_FOUND',
      'VOUCHER_INVALID',
      'PROMO_CODE_INVALID',
      'RATE_LIMITED',
      'BELOW_MINIMUM',
      'INSUFFICIENT_BALANCE',
      'PAYMENTS_UNAVAILABLE',
      'PRICE_CHANGED',
      'LOCATION_CLOSED',
      'ORDERING_PAUSED',
      'SLOT_FULL',
      'OUTSIDE_DELIVERY_AREA',
      'UNPAID_ORDERS_LIMIT',
    ],
  },
  list: { summary: "The customer's orders, newest first", query: pageQuery, data: orderListAnswer, answer: 'One page of orders.', message: 'Orders loaded.' },
  detail: {
    summary: "One of the customer's orders",
    query: orderDetailQuery,
    data: orderOnlyAnswer,
    answer: 'The order.',
    message: 'Order loaded.',
    errors: ['NOT_FOUND'],
  },
  claim: {
    summary: "Claim a guest order's points",
    description:
      "A member (never a guest) who ordered at a table as a guest signs in and claims the order with the claim token its receipt and order page carry (signed, bound to the order). Once: the order becomes the member's, with the points it would have earned when paid (pending until it is completed, as any order's). Claimed already, by anyone: 409 ALREADY_CLAIMED; more than 24 hours after its payment: 410 CLAIM_EXPIRED; not paid, cancelled or refunded: 409 CONFLICT; a token that is not this shop's: 404.",
    inContract: false,
    body: orderClaimBody,
    data: orderClaimAnswer,
    answer: 'The order, now the member’s, and the points credited.',
    message: 'Points added.',
    errors: ['NOT_FOUND', 'ALREADY_CLAIMED', 'CLAIM_EXPIRED', 'CONFLICT'],
  },
  again: {
    summary: "One of the customer's orders again, on today's menu",
    description:
      "The order's lines as cart lines at today's menu: a product gone or sold out, a voucher's free item, an option no longer offered or a group that now needs a choice is left out and named; a line whose price changed is kept and named with both prices. Nothing is ordered: the app puts the lines in the cart and the checkout quotes them.",
    query: orderDetailQuery,
    data: reorderAnswer,
    answer: 'The lines and what changed.',
    message: 'Order ready to order again.',
    errors: ['NOT_FOUND'],
  },
  // the machine integration's call (x-merchant-key), listed with the other merchant calls
  status: {
    tag: 'Merchant',
    summary: 'Move an order along its lifecycle, or cancel it',
    description:
      '`paid` is set only by a payment. Cancelling a paid order refunds it the way it was paid (the wallet at once; a gateway payment through its refund).',
    inContract: false,
    body: merchantOrderStatusBody,
    data: orderOnlyAnswer,
    answer: 'The order as it is now.',
    message: 'Order status changed.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
});

export const ordersConsoleSpec = /* @__PURE__ */ describe('Merchant console', ordersConsoleApi, {
  tryPricing: {
    summary: 'Price a sample order',
    description:
      "Owners only. A pickup basket priced as order/quote prices it (the same pricing), for a customer who has never ordered and has no tier: its subtotal, the offer's discount, the total and the points it would earn in named parts (the earning rules running now). With `promo_code` (an offer's code, or one of its single-use codes), that offer alone; one that does not apply: 400 PROMO_CODE_INVALID with `data.reason` (not counted as a guess); without one, the automatic offer that takes the most off. Nothing is written.",
    inContract: false,
    body: pricingTryBody,
    data: quoteAnswer,
    answer: 'The prices.',
    message: 'Priced.',
    errors: ['PROMO_CODE_INVALID', 'PRODUCT_UNAVAILABLE'],
  },
});
