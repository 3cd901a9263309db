/**
 * The spec of the offers calls: their declarations (offers.calls.ts) joined to their schemas (offers.ts),
 * error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its handlers from it
 * (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  OFFERS_MAX,
  OFFER_CUSTOMERS_MAX,
  OFFER_CODE_BATCH_MAX,
  OFFER_SINGLE_CODES_MAX,
  consoleOfferOnlyAnswer,
  consoleOffersAnswer,
  offerCodeBatchBody,
  offerCodeBatchOnlyAnswer,
  offerCodeBatchesAnswer,
  offerCodeBatchesQuery,
  offerCodeCsvQuery,
  customerOffersAnswer,
  offerCreateBody,
  offerStatusBody,
  offerUpdateBody,
} from './offers';
import { offersApi, offersConsoleApi } from './offers.calls';

export const offersSpec = /* @__PURE__ */ describe('Offers', offersApi, {
  list: {
    summary: 'Offers for you',
    description:
      "The active offers this customer could use now, soonest ending first: started, not ended, not used up, for them (the audience) and within their own limit. Each with its code and minimum spend; never an offer's limits, uses or budget. The code is given to order/quote and order/create as `promo_code`; an automatic offer's `code` is null: it applies by itself to the orders it fits.",
    inContract: false,
    data: customerOffersAnswer,
    answer: 'The offers.',
    message: 'Offers loaded.',
  },
});

export const offersConsoleSpec = /* @__PURE__ */ describe('Merchant console', offersConsoleApi, {
  offers: {
    summary: 'The offers and promo codes',
    description:
      'Staff. Every offer (archived ones too), newest first, with where it stands (`state`) and what it has done: uses (orders not cancelled), discount given, orders paid, and the customers whose first order used it.',
    inContract: false,
    data: consoleOffersAnswer,
    answer: 'The offers.',
    message: 'Offers loaded.',
  },
  create: {
    summary: 'Add an offer with a promo code',
    description: `Owners only. A percentage off (1–100, \`max_discount\` an optional cap), an amount off, a free product (\`product_id\`: one of it, when the basket has it, at \`value\` percent off, 100: free) or buy X get Y (\`buy\` and \`get\`: how many items of which products or categories; the cheapest qualifying \`get\` items at \`value\` percent off, up to \`max_applications\` times an order, absent: once; an item is never both bought and got), with its code (3–20 letters and digits, kept in upper case; another offer not archived with the same code: 409 CONFLICT naming \`code\`) or \`code\` null: an automatic offer, which order/quote and order/create apply without a code to every order it fits (several fitting: the one that takes the most off, ties to the one ending soonest, then the oldest; one that does not fit is left out without a word; a code given replaces it: one offer per order), when, where, for whom and how often. Active at once (from \`starts_at\`, absent: now). When in the week it runs: \`days\` (empty: every day), \`hours\` (null: all day) and \`rrule\` (an RFC 5545 RRULE without DTSTART, counted from its start: one the rrule package cannot read is a 400 naming \`rrule\`), in the time zone of the location that makes the order; outside them a code is refused as \`not_now\` with \`next_start\`, and an automatic offer is not applied. For whom: \`audience\` everyone, new_customers or first_order (the same rule: no order yet that is not cancelled), tier (\`tier_position\`: that tier and above; not one of the tiers: 400) or customer_list (\`customers\`: ids or phone numbers, up to ${OFFER_CUSTOMERS_MAX}; one not the shop's: 400 naming \`customers\`; given on a change it replaces the list, absent it keeps it; \`customer_count\` says how many). The locations, products and categories it names must exist (400 naming \`location_ids\`, \`product_id\`, \`buy.product_ids\`…); a field of another kind is refused (400 naming it). At most ${OFFERS_MAX} offers not archived (409 LIMIT_REACHED). Audited (\`offer.create\`).`,
    inContract: false,
    body: offerCreateBody,
    data: consoleOfferOnlyAnswer,
    answer: 'The new offer.',
    message: 'Offer added.',
    errors: ['CONFLICT', 'LIMIT_REACHED'],
  },
  update: {
    summary: 'Change an offer',
    description:
      "Owners only. Any of its fields, checked with the saved ones (400 naming the field). Its code may change (another offer's: 409 CONFLICT naming `code`); `max_uses` or `max_discount_total` below what it has used already: 409 CONFLICT naming the field. An archived offer cannot change (409 INVALID_TRANSITION). Orders already placed keep the discount they got. Audited (`offer.update`).",
    inContract: false,
    body: offerUpdateBody,
    data: consoleOfferOnlyAnswer,
    answer: 'The offer as it is now.',
    message: 'Offer saved.',
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
  },
  status: {
    summary: 'Pause, resume or archive an offer',
    description:
      'Owners only. `paused`: its code is refused (reason `paused`) until it is `active` again; `archived`: for good (its code is refused as `expired` and free for a new offer; an archived offer cannot be resumed: 409 INVALID_TRANSITION). Orders already placed keep their discount. Audited (`offer.status`).',
    inContract: false,
    body: offerStatusBody,
    data: consoleOfferOnlyAnswer,
    answer: 'The offer as it is now.',
    message: 'Offer updated.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
  codeBatches: {
    summary: "A single-use offer's batches of codes",
    description:
      "Staff. The batches of single-use codes made for the offer `offer_id`, newest first, each with how many codes it holds and how many are used (on an order that is not cancelled). An offer that is not the shop's: 404.",
    inContract: false,
    query: offerCodeBatchesQuery,
    data: offerCodeBatchesAnswer,
    answer: 'The batches.',
    message: 'Codes loaded.',
    errors: ['NOT_FOUND'],
  },
  createCodes: {
    summary: 'Make a batch of single-use codes',
    description: `Owners only. \`count\` codes (1–${OFFER_CODE_BATCH_MAX}; at most ${OFFER_SINGLE_CODES_MAX} an offer in all: 409 LIMIT_REACHED) for the offer \`offer_id\`, which must be a single-use offer that is not archived (else 409 CONFLICT): each the \`prefix\` (up to 8 letters and digits, kept in upper case) and 13 random letters and digits without 0, O, 1 or I (65 bits: never guessed), unique. A customer gives one as \`promo_code\` to order/quote and order/create; it applies the offer once, ever (then it is refused as \`used_up\`), and a cancelled order sets it free again. Download the codes with merchant/offers/codes.csv. Audited (\`offer.codes\`).`,
    inContract: false,
    body: offerCodeBatchBody,
    data: offerCodeBatchOnlyAnswer,
    answer: 'The new batch.',
    message: 'Codes made.',
    errors: ['NOT_FOUND', 'CONFLICT', 'LIMIT_REACHED'],
  },
  codesCsv: {
    summary: "A batch's single-use codes, as CSV",
    description:
      "Owners only. One row per code of the batch `batch_id`: the code, `used` or `unused`, when it was used (the shop's time zone, named in the header) and the order it was used on. A download (`content-disposition: attachment`). Audited (`export.offer_codes`).",
    inContract: false,
    query: offerCodeCsvQuery,
    file: 'csv',
    answer: 'The codes.',
    errors: ['NOT_FOUND'],
  },
});
