/**
 * The spec of the counter calls: their declarations (counter.calls.ts) joined to their schemas
 * (counter.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  counterCodeBody,
  counterUndoBody,
  counterMemberBody,
  counterEarnBody,
  counterEarnQuoteBody,
  counterEarnUndoBody,
  counterMemberRewardsBody,
  counterMemberRedeemBody,
  counterLookupAnswer,
  counterRedeemAnswer,
  counterMemberOnlyAnswer,
  counterEarnResultAnswer,
  tillEarnBody,
  counterEarnQuoteAnswer,
  counterEarnsAnswer,
  counterMemberRewardsAnswer,
  counterMemberRedeemAnswer,
  counterRecentAnswer,
} from './counter';
import { counterApi, counterMachineApi } from './counter.calls';

export const counterSpec = /* @__PURE__ */ describe('Merchant console', counterApi, {
  lookup: {
    summary: 'What a scanned or typed voucher code is, before anything happens',
    description:
      "The QR code's text or the short code as typed (any case, spaces and dashes allowed). A used or expired voucher is answered too (`usable: false`). Refusals: a code whose time is over 409 CODE_STALE, another shop's 404 OTHER_MERCHANT, the voucher's fixed reference code 400 REFERENCE_CODE, anything else 404 CODE_UNKNOWN. A staff session's 30 unknown codes in a minute: 429 RATE_LIMITED until the minute is over (with an entry in Activity). A `location_id` the member does not work at: 403 LOCATION_FORBIDDEN; one that does not exist: 404 NOT_FOUND.",
    inContract: false,
    body: counterCodeBody,
    data: counterLookupAnswer,
    answer: 'The voucher.',
    message: 'The voucher.',
    errors: ['CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT', 'REFERENCE_CODE', 'RATE_LIMITED', 'LOCATION_FORBIDDEN', 'NOT_FOUND'],
  },
  redeem: {
    summary: 'Redeem a voucher at the counter, once',
    description:
      'One transaction: of many counters redeeming the same voucher at once, one gets 201 and the others 409 VOUCHER_USED. The customer is notified; the audit log records the staff member and the location (`location_id`; a location the member does not work at: 403 LOCATION_FORBIDDEN).',
    inContract: false,
    body: counterCodeBody,
    data: counterRedeemAnswer,
    answer: 'The voucher, used, and its redemption.',
    // the route answers with the reward's title
    message: 'Redeemed: <reward>.',
    errors: [
      'CODE_STALE',
      'CODE_UNKNOWN',
      'OTHER_MERCHANT',
      'REFERENCE_CODE',
      'VOUCHER_USED',
      'VOUCHER_EXPIRED',
      'RATE_LIMITED',
      'LOCATION_FORBIDDEN',
      'NOT_FOUND',
    ],
  },
  undo: {
    summary: 'Undo a counter redemption',
    description:
      'Any staff member within 2 minutes of the redemption, an owner at any time (else 403 ROLE_FORBIDDEN). A voucher the customer showed is active again (expired if its date has passed since). A reward redeemed from the member card (`points_spent`) is cancelled instead: the points and the unit of stock go back (a redemption at a location the member does not work at: 403 LOCATION_FORBIDDEN). Audited; the customer is notified.',
    inContract: false,
    body: counterUndoBody,
    data: counterRedeemAnswer,
    answer: 'The voucher and the undone redemption.',
    // a reward redeemed from the member card: the route says the points are back
    message: 'The redemption is undone: the voucher can be used again.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'ROLE_FORBIDDEN', 'LOCATION_FORBIDDEN'],
  },
  memberRewards: {
    summary: 'The rewards a customer found at the counter can have now',
    description:
      "For a customer found by `merchant/counter/member`: their points, the rewards those points buy now (active, in stock, within the reward's per-customer limit) and the cheapest one they cannot afford yet. No such customer: 404 NOT_FOUND; a `location_id` the member does not work at: 403 LOCATION_FORBIDDEN.",
    inContract: false,
    body: counterMemberRewardsBody,
    data: counterMemberRewardsAnswer,
    answer: 'The customer and the rewards they can have.',
    message: 'The rewards.',
    errors: ['NOT_FOUND', 'LOCATION_FORBIDDEN'],
  },
  memberRedeem: {
    summary: "A reward for a customer's points, handed over at the counter",
    description:
      "One transaction, once per `idempotency_key`: the points spent and the unit of stock taken as the app's redemption does (409 INSUFFICIENT_POINTS, OUT_OF_STOCK, LIMIT_REACHED for the reward's per-customer limit; no such reward or customer: 404 NOT_FOUND), its voucher issued and used at once with a counter redemption (who and where: a location the member does not work at, 403 LOCATION_FORBIDDEN). The customer is the one whose app shows `code` now (a QR code or short code of their member card: a code whose time is over 409 CODE_STALE, about a minute after it was shown; anything else 404 CODE_UNKNOWN, counted as the look-up's). Without that code (a bare `customer_id` from a phone look-up, a wallet card's fixed `LP1.…` code, or a code of another customer than `customer_id`): 403 MEMBER_CODE_REQUIRED, and nothing is spent. `merchant/counter/undo` within 2 minutes gives the points and the stock back and cancels the voucher. Audited (`counter.reward_redeem`); the customer is notified.",
    inContract: false,
    body: counterMemberRedeemBody,
    data: counterMemberRedeemAnswer,
    answer: 'The voucher, used, its redemption and the customer as they are now.',
    // the route answers with the reward's title and the customer's first name
    message: '<reward> for <first name>.',
    errors: [
      'MEMBER_CODE_REQUIRED',
      'CODE_STALE',
      'CODE_UNKNOWN',
      'OTHER_MERCHANT',
      'RATE_LIMITED',
      'NOT_FOUND',
      'TIER_REQUIRED',
      'INSUFFICIENT_POINTS',
      'OUT_OF_STOCK',
      'LIMIT_REACHED',
      'LOCATION_FORBIDDEN',
    ],
  },
  member: {
    summary: 'Find a customer at the counter by their member card or phone number',
    description:
      "The member card's rotating QR code or short code (as vouchers' are: a code whose time is over 409 CODE_STALE, another shop's 404 OTHER_MERCHANT, anything else 404 CODE_UNKNOWN, and 30 unknown codes in a minute 429), the static member code of their Apple or Google Wallet card (`LP1.…`, found like a phone number; a card the customer turned off finds nobody: 404 CODE_UNKNOWN), or their phone number (no such customer: 404 NOT_FOUND). Answers their first name, the phone's last 4 digits, their points and what they may still earn today. Found by phone or by a wallet card, the customer can be given points, not spend them (`merchant/counter/member/redeem` needs their app's rotating code).",
    inContract: false,
    body: counterMemberBody,
    data: counterMemberOnlyAnswer,
    answer: 'The customer.',
    message: 'The customer.',
    errors: ['CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT', 'NOT_FOUND', 'RATE_LIMITED', 'LOCATION_FORBIDDEN'],
  },
  earn: {
    summary: 'Points for a walk-in sale',
    description:
      "The sale's amount earns points at the shop's rate (one point per `points_per_amount`), credited at once and the customer notified. `items` worth more than `amount` at the products' prices: 400 VALIDATION naming `items`, nothing written (stamps follow what was paid). The owner's daily caps (points per customer, points per staff member, at the counter) refuse more with 409 LIMIT_REACHED (`data.points_left_today`) and an entry in Activity; so do the daily stamp caps (stamps per customer, per staff member: `data.stamps_left_today`), counting the stamps the items would give on every active stamp card. With `order_number` (the app order this sale is): 409 CONFLICT when that order earned its points in the app or another earn not undone names it, 400 when it is no order of this customer. Audited (`counter.earn`) with who and where (a location the member does not work at: 403 LOCATION_FORBIDDEN).",
    inContract: false,
    body: counterEarnBody,
    data: counterEarnResultAnswer,
    answer: 'The earn and the customer as they are now.',
    // the route answers with the points and the customer's first name
    message: '<points> points for <first name>.',
    errors: ['NOT_FOUND', 'LIMIT_REACHED', 'LOCATION_FORBIDDEN'],
  },
  earnQuote: {
    summary: 'What a walk-in sale would earn',
    description:
      "The points `merchant/counter/earn` would give for this sale now, worked out the same way (the shop's rate, the customer's tier, the earning rules that apply at this time and location, the items' product rules), and whether a daily cap would refuse it. Nothing is written: no earn, no use of a rule's limit, no Activity entry. Validated as the earn is (an amount that earns no points, unknown items, items worth more than the amount: 400 VALIDATION).",
    inContract: false,
    body: counterEarnQuoteBody,
    data: counterEarnQuoteAnswer,
    answer: 'The points and what is left today.',
    message: 'The points the sale would earn.',
    errors: ['NOT_FOUND', 'LOCATION_FORBIDDEN'],
  },
  undoEarn: {
    summary: 'Undo points given at the counter',
    description:
      'Any staff member within 2 minutes, an owner at any time (else 403 ROLE_FORBIDDEN); an earn at a location the member does not work at: 403 LOCATION_FORBIDDEN. The points are taken back; if the customer has spent some of them already: 409 INSUFFICIENT_POINTS. Its stamps are taken back too, and a voucher they filled a card for is cancelled; the tier it reached is taken back (the customer placed as if it never happened) and the welcome voucher of that tier cancelled. If one of those vouchers was used already: 409 CONFLICT naming it (`data.voucher_id`), nothing changed. Undone already: 409 INVALID_TRANSITION. Audited; the customer is notified.',
    inContract: false,
    body: counterEarnUndoBody,
    data: counterEarnResultAnswer,
    answer: 'The undone earn and the customer as they are now.',
    message: 'The points are taken back.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'INSUFFICIENT_POINTS', 'CONFLICT', 'ROLE_FORBIDDEN', 'LOCATION_FORBIDDEN'],
  },
  earns: {
    summary: "Today's points given at the counter",
    description: "Since midnight in the merchant's time zone, newest first, at most 50; a staff member limited to locations sees theirs.",
    inContract: false,
    data: counterEarnsAnswer,
    answer: 'The earns.',
    message: 'Today’s points at the counter.',
  },
  recent: {
    summary: "Today's counter redemptions",
    description: "Since midnight in the merchant's time zone, newest first, at most 50.",
    inContract: false,
    data: counterRecentAnswer,
    answer: 'The redemptions.',
    message: 'Today’s redemptions.',
  },
});

export const counterMachineSpec = /* @__PURE__ */ describe('Merchant', counterMachineApi, {
  earn: {
    summary: 'Points for a purchase at a till',
    description:
      "A point-of-sale system's call, with an API key allowed `points:earn` (issue 52). The member is found by their member card's code (`code`, rotating, as the counter scans it) or their phone number (`phone`, as the customer says it): one of the two (404 NOT_FOUND when nobody has it). Then the counter's earn: the shop's rate, its earning rules, the stamps the `items` give, and the owner's daily caps, the key counting as a member of staff (409 LIMIT_REACHED with `data.points_left_today` or `data.stamps_left_today`, and an entry in Activity). `location_id`, when given, must be one of the shop's (400). Idempotent by `idempotency_key`: a till that sends again after a timeout earns once. The earn is in the counter's list of the day, named by the key (\"Front till (API key)\"), and undone there like any other; audited (`counter.earn`, by the machine, with the key's name).",
    inContract: false,
    body: tillEarnBody,
    data: counterEarnResultAnswer,
    answer: 'The earn and the member as they are now.',
    message: '<points> points for <first name>.',
    errors: ['NOT_FOUND', 'LIMIT_REACHED'],
  },
});
