/**
 * The counter (merchant console, staff and owners): it looks a voucher's rotating code up (rewards.ts:
 * it changes every 30 seconds, so a screenshot of one is refused a minute later), redeems the voucher
 * once, undoes a mistake. Requests and answers as zod schemas, types inferred. The orders board is its
 * own area (board.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { time } from './answer-fields';
import { describe } from './api-spec';
import { counterApi } from './counter.calls';
import { id } from './fields';
import { VOUCHER_STATUSES } from './rewards';

const voucherStatus = z.enum(VOUCHER_STATUSES);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `merchant/counter/lookup` and `merchant/counter/redeem`: the QR code's text, or a short code as typed. */
export const counterCodeBody = z.object({
  code: z.string().trim().min(1, 'is required: scan the QR code or type the code under it').max(200, 'must be at most 200 characters'),
  /** the counter's location (recorded with the redemption); absent: the member's only location, or none */
  location_id: id.optional(),
});
/** `merchant/counter/undo` */
export const counterUndoBody = z.object({ redemption_id: id });
export type CounterCodeBody = z.infer<typeof counterCodeBody>;
export type CounterUndoBody = z.infer<typeof counterUndoBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const counterRedemptionAnswer = z
  .object({
    id: z.number().int(),
    voucher_id: z.number().int(),
    reward_title: z.string(),
    customer_first_name: z.string(),
    redeemed_at: time(),
    staff_name: z.string(),
    location_name: z.string().nullable().meta({ description: 'the counter\'s location, when it was given' }),
    undo_until: time().meta({ description: 'until then any staff member may undo it; later only an owner' }),
    undone_at: time().nullable(),
  })
  .meta({ id: 'CounterRedemption' });
export type CounterRedemption = z.infer<typeof counterRedemptionAnswer>;

export const counterVoucherAnswer = z
  .object({
    id: z.number().int(),
    reward: z.object({
      name: z.string(),
      title: z.string(),
      image: z.string(),
      description: z.string(),
      free_product: z.string().nullable().meta({ description: 'the product to hand over free (archived ones too: the counter honours them); null: not a product reward' }),
    }),
    customer_first_name: z.string().meta({ description: 'the first word of the customer\'s name; never a phone number or e-mail' }),
    status: voucherStatus,
    expires_at: time(),
    used_at: time().nullable(),
    usable: z.boolean().meta({ description: 'active and not past its date: it can be redeemed now' }),
    redemption: counterRedemptionAnswer.nullable().meta({ description: 'its counter redemption, when it was used at a counter (not undone)' }),
  })
  .meta({ id: 'CounterVoucher' });
export type CounterVoucher = z.infer<typeof counterVoucherAnswer>;

export const counterLookupAnswer = z.object({ voucher: counterVoucherAnswer });
export type CounterLookupData = z.infer<typeof counterLookupAnswer>;
export const counterRedeemAnswer = z.object({ voucher: counterVoucherAnswer, redemption: counterRedemptionAnswer });
export type CounterRedeemData = z.infer<typeof counterRedeemAnswer>;
export type CounterUndoData = CounterRedeemData;
export const counterRecentAnswer = z.object({ redemptions: z.array(counterRedemptionAnswer) });
export type CounterRecentData = z.infer<typeof counterRecentAnswer>;

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
    errors: ['CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT', 'REFERENCE_CODE', 'VOUCHER_USED', 'VOUCHER_EXPIRED', 'RATE_LIMITED', 'LOCATION_FORBIDDEN', 'NOT_FOUND'],
  },
  undo: {
    summary: 'Undo a counter redemption',
    description:
      'Any staff member within 2 minutes of the redemption, an owner at any time (else 403 ROLE_FORBIDDEN). The voucher is active again (expired if its date has passed since). Audited; the customer is notified.',
    inContract: false,
    body: counterUndoBody,
    data: counterRedeemAnswer,
    answer: 'The voucher and the undone redemption.',
    message: 'The redemption is undone: the voucher can be used again.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
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
