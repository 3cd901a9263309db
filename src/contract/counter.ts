/**
 * The counter (merchant console, staff and owners), and the customer's rotating voucher code: a
 * voucher's QR code and short code change every 30 seconds, so a screenshot of one is refused a minute
 * later; the counter looks a code up, redeems the voucher once, undoes a mistake. Requests and answers
 * as zod schemas, types inferred. The orders board is its own area (board.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { id } from './fields';
import { VOUCHER_STATUSES } from './rewards';

const time = () => z.string().meta({ format: 'date-time', description: 'ISO 8601, UTC' });
const voucherStatus = z.enum(VOUCHER_STATUSES);

/** How long a rotating code lasts, in seconds. */
export const CODE_STEP_SECONDS = 30;
/** A typed short code: 8 characters of Crockford's base32. */
export const SHORT_CODE_LENGTH = 8;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `reward/voucher/code`: one of the caller's own vouchers. */
export const voucherCodeQuery = z.object({ id });
/** `merchant/counter/lookup` and `merchant/counter/redeem`: the QR code's text, or a short code as typed. */
export const counterCodeBody = z.object({
  code: z.string().trim().min(1, 'is required: scan the QR code or type the code under it').max(200, 'must be at most 200 characters'),
});
/** `merchant/counter/undo` */
export const counterUndoBody = z.object({ redemption_id: id });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const rotatingCode = z.object({
  qr: z.string().meta({ description: 'the QR code\'s text: the voucher, the time step and a signature' }),
  short_code: z.string().meta({ description: `${SHORT_CODE_LENGTH} characters to type by hand (Crockford base32: no I, L, O or U)` }),
});

export const voucherCodeAnswer = z
  .object({
    voucher_id: z.number().int(),
    status: voucherStatus,
    used_at: time().nullable(),
    step_seconds: z.number().int().meta({ description: 'how long a code lasts' }),
    seconds_left: z.number().int().meta({ description: 'seconds until `current` gives way to `next` (relative: the phone\'s clock may be wrong)' }),
    current: rotatingCode.nullable().meta({ description: 'null unless the voucher is active' }),
    next: rotatingCode.nullable(),
  })
  .meta({ id: 'VoucherCode' });
export type VoucherCodeData = z.infer<typeof voucherCodeAnswer>;

export const counterRedemptionAnswer = z
  .object({
    id: z.number().int(),
    voucher_id: z.number().int(),
    reward_title: z.string(),
    customer_first_name: z.string(),
    redeemed_at: time(),
    staff_name: z.string(),
    undo_until: time().meta({ description: 'until then any staff member may undo it; later only an owner' }),
    undone_at: time().nullable(),
  })
  .meta({ id: 'CounterRedemption' });
export type CounterRedemption = z.infer<typeof counterRedemptionAnswer>;

export const counterVoucherAnswer = z
  .object({
    id: z.number().int(),
    reward: z.object({ name: z.string(), title: z.string(), image: z.string(), description: z.string() }),
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
