/**
 * The spec of the rewards calls: their declarations (rewards.calls.ts) joined to their schemas
 * (rewards.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  rewardDetailQuery,
  redeemBody,
  storageQuery,
  voucherDetailQuery,
  rewardListAnswer,
  rewardListQuery,
  rewardOnlyAnswer,
  voucherOnlyAnswer,
  storageAnswer,
  voucherCodeQuery,
  voucherCodeAnswer,
  rewardCreateBody,
  rewardUpdateBody,
  rewardsEditorAnswer,
  rewardEditorAnswer,
} from './rewards';
import { rewardsApi, rewardsEditorApi } from './rewards.calls';

// ---------------------------------------------------------------------------------------------
// The specs
// ---------------------------------------------------------------------------------------------

export const rewardsSpec = /* @__PURE__ */ describe('Rewards', rewardsApi, {
  list: { summary: 'The reward catalogue', query: rewardListQuery, data: rewardListAnswer, answer: 'The rewards.', message: 'Rewards loaded.' },
  detail: {
    summary: 'One reward by its name',
    inContract: false,
    query: rewardDetailQuery,
    data: rewardOnlyAnswer,
    answer: 'The reward.',
    message: 'Reward loaded.',
    errors: ['NOT_FOUND'],
  },
  redeem: {
    summary: 'Redeem points for a voucher',
    body: redeemBody,
    data: voucherOnlyAnswer,
    answer: 'The voucher.',
    message: '<title> is yours. Find the voucher in your rewards.',
    errors: ['NOT_FOUND', 'TIER_REQUIRED', 'LIMIT_REACHED', 'OUT_OF_STOCK', 'INSUFFICIENT_POINTS'],
  },
  storage: { summary: "The customer's vouchers by status", query: storageQuery, data: storageAnswer, answer: 'The vouchers.', message: 'Vouchers loaded.' },
  voucher: {
    summary: "One of the customer's vouchers",
    inContract: false,
    query: voucherDetailQuery,
    data: voucherOnlyAnswer,
    answer: 'The voucher.',
    message: 'Voucher loaded.',
    errors: ['NOT_FOUND'],
  },
  voucherCode: {
    summary: "An active voucher's rotating code for the counter",
    description:
      "A QR code and an 8-character short code, both changing every 30 seconds (`step_seconds`), accepted at a counter during their own step and the one after: a photo of one is refused about a minute later. `current` lasts `seconds_left` more seconds, then `next` takes over. The app asks again every few seconds while the code is open: `status` says when a counter used it. Another customer's voucher: 404. Never cached.",
    inContract: false,
    query: voucherCodeQuery,
    data: voucherCodeAnswer,
    answer: "The voucher's codes.",
    message: 'Your voucher’s code for the counter.',
    errors: ['NOT_FOUND'],
  },
});

/** The owner's reward catalogue (tag "Merchant console"). */
export const rewardsEditorSpec = /* @__PURE__ */ describe('Merchant console', rewardsEditorApi, {
  list: {
    summary: 'Every reward, retired ones too, with how many were redeemed and used',
    inContract: false,
    data: rewardsEditorAnswer,
    answer: 'The catalogue.',
    message: 'The reward catalogue.',
  },
  create: {
    summary: 'Add a reward',
    description:
      'Its `name` (the link slug) is made from the title. `stock_total` null: unlimited. `product_id`: a product of the menu it gives free (not archived), with `discount_amount` 0.',
    inContract: false,
    body: rewardCreateBody,
    data: rewardEditorAnswer,
    answer: 'The reward.',
    message: '<title> is in the catalogue.',
  },
  update: {
    summary: 'Change or retire a reward',
    description:
      '`stock_total` counts those already redeemed: below that number is 409 CONFLICT naming `stock_total` (`data.issued`). `active: false` retires it: customers no longer see it; vouchers already issued stay valid until their end. A reward the wheel in use gives as a prize cannot be retired (409 CONFLICT naming `active`). `product_id` (a product on the menu) makes it a free product, `null` an amount off again; a free product with an amount off is 400 naming `discount_amount`.',
    inContract: false,
    body: rewardUpdateBody,
    data: rewardEditorAnswer,
    answer: 'The reward as it is now.',
    message: 'Saved. Customers see it at once.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
});
