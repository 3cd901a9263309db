/**
 * The counter and the orders board (merchant console, staff and owners): the counter looks a voucher's
 * rotating code up (rewards.ts: it changes every 30 seconds, so a screenshot of one is refused a minute
 * later), redeems the voucher once, undoes a mistake; the board lists the open orders and moves them
 * on. Requests and answers as zod schemas, types inferred.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { id } from './fields';
import { ORDER_STATUSES } from './order-lifecycle';
import { VOUCHER_STATUSES } from './rewards';

const time = () => z.string().meta({ format: 'date-time', description: 'ISO 8601, UTC' });
const voucherStatus = z.enum(VOUCHER_STATUSES);
const orderStatus = z.enum(ORDER_STATUSES);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `merchant/counter/lookup` and `merchant/counter/redeem`: the QR code's text, or a short code as typed. */
export const counterCodeBody = z.object({
  code: z.string().trim().min(1, 'is required: scan the QR code or type the code under it').max(200, 'must be at most 200 characters'),
});
/** `merchant/counter/undo` */
export const counterUndoBody = z.object({ redemption_id: id });
/** `merchant/orders/detail` */
export const boardOrderQuery = z.object({ name: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters') });
/** `merchant/orders/advance`: `from` is the status the staff member saw; moved by someone else meanwhile → 409. */
export const boardAdvanceBody = boardOrderQuery.extend({ from: orderStatus });
/** `merchant/orders/cancel`: the reason goes to the customer and the audit log. */
export const boardCancelBody = boardOrderQuery.extend({
  reason: z.string().trim().min(1, 'is required: say why, for the customer').max(200, 'must be at most 200 characters'),
});

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

export const boardOrderAnswer = z
  .object({
    name: z.string(),
    status: orderStatus,
    fulfilment: z.enum(['delivery', 'pickup']),
    created_at: time(),
    paid_at: time().nullable(),
    updated_at: time(),
    payment_method: z.enum(['wallet', 'gateway']),
    customer_first_name: z.string(),
    address: z.object({ text: z.string().meta({ description: 'one line, for a map search' }), notes: z.string().nullable() }).nullable().meta({ description: 'delivery orders only' }),
    items: z.array(z.object({ name: z.string(), qty: z.number().int(), price: z.number().int() })),
    subtotal: z.number().int(),
    discount: z.number().int(),
    delivery_fee: z.number().int(),
    total: z.number().int(),
    points_earned: z.number().int(),
    next_status: orderStatus.nullable().meta({ description: 'where one tap moves it; null at the end of the line' }),
    can_cancel: z.boolean(),
    cancel_reason: z.string().nullable(),
    refund: z
      .object({ method: z.enum(['wallet', 'gateway']), amount: z.number().int(), status: z.enum(['pending', 'succeeded', 'failed']) })
      .nullable()
      .meta({ description: 'a cancelled paid order\'s refund, the way it was paid' }),
    points_taken_back: z.number().int().meta({ description: 'a cancelled order: of points_earned, what its cancellation took back' }),
    points_not_taken_back: z.number().int().meta({ description: 'a cancelled paid order: points it earned that were already spent and could not be taken back (the shortfall); 0 otherwise' }),
    vouchers_cancelled: z.number().int().meta({ description: 'a cancelled order: unused vouchers bought with its points, cancelled to give them back' }),
  })
  .meta({ id: 'BoardOrder' });
export type BoardOrder = z.infer<typeof boardOrderAnswer>;

export const boardAnswer = z.object({
  orders: z.array(boardOrderAnswer).meta({ description: 'every paid, preparing, ready and on-delivery order, newest first' }),
  done: z.array(boardOrderAnswer).meta({ description: 'completed or cancelled since midnight in the merchant\'s time zone, newest first, at most 30' }),
  server_time: time(),
  demo_progress: z
    .object({ step_seconds: z.number().int() })
    .nullable()
    .meta({ description: 'the demo moves paid orders on by itself, a step every step_seconds (DEMO_ORDER_PROGRESS); null: only people move them' }),
});
export type BoardData = z.infer<typeof boardAnswer>;
export const boardOrderOnlyAnswer = z.object({ order: boardOrderAnswer });
