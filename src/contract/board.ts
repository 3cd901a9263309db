/**
 * The orders board (merchant console, staff and owners): the day's open orders, asked again every few
 * seconds so every counter sees the same board, one order's ticket, moving an order on and cancelling
 * it. The schemas of the area's calls (board.calls.ts declares them; board.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { time } from './answer-fields';
import { FULFILMENTS, ORDER_STATUSES, PAYMENT_METHODS } from './order-lifecycle';
import { orderItemOptionAnswer } from './options';
import { locationFilter, orderLocationAnswer, type LocationFilter } from './locations';
import { appliedOfferAnswer } from './offers';

const orderStatus = z.enum(ORDER_STATUSES);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `merchant/orders/detail` */
export const boardOrderQuery = z.object({ name: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters') });
/** `merchant/orders/advance`: `from` is the status the staff member saw; moved by someone else meanwhile → 409. */
export const boardAdvanceBody = boardOrderQuery.extend({ from: orderStatus });
/** `merchant/orders/cancel`: the reason goes to the customer and the audit log. */
export const boardCancelBody = boardOrderQuery.extend({
  reason: z.string().trim().min(1, 'is required: say why, for the customer').max(200, 'must be at most 200 characters'),
});
export type BoardOrderQuery = z.infer<typeof boardOrderQuery>;
/** `merchant/orders/board`: one location's board (absent: every location the member works at). */
export const boardQuery = locationFilter;
export type BoardQuery = LocationFilter;
/** `merchant/orders/mark-paid` (issue 54): a pay-at-the-counter order paid at the till, in cash or by card. */
export const boardMarkPaidBody = boardOrderQuery.extend({ how: z.enum(['cash', 'card'], { error: 'must be cash or card' }) });
export type BoardMarkPaidBody = z.infer<typeof boardMarkPaidBody>;
export type BoardAdvanceBody = z.infer<typeof boardAdvanceBody>;
export type BoardCancelBody = z.infer<typeof boardCancelBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const boardOrderAnswer = z
  .object({
    name: z.string(),
    status: orderStatus,
    fulfilment: z.enum(FULFILMENTS),
    created_at: time(),
    paid_at: time().nullable(),
    updated_at: time(),
    payment_method: z.enum(PAYMENT_METHODS),
    counter_due: z
      .number()
      .int()
      .optional()
      .meta({ description: 'a pay-at-the-counter order not paid yet (issue 54): what to take at the till; absent once paid and for every other order' }),
    customer_first_name: z.string(),
    location: orderLocationAnswer.nullable().meta({ description: 'where it is made; null for orders older than locations' }),
    pickup_at: time().nullable().meta({ description: 'pickup: the time the customer chose (or was given as soon as possible)' }),
    table_label: z.string().optional().meta({ description: "dine-in: the table's label (issue 54); absent otherwise" }),
    pickup_late: z.boolean().meta({ description: 'a pickup order still not collected 15 minutes after its time (ready or earlier)' }),
    hold_until: time().nullable().meta({
      description:
        'an order waiting for an online payment: until when it holds its pickup time (then, unpaid, it is cancelled and the time given back); null otherwise',
    }),
    address: z
      .object({ text: z.string().meta({ description: 'one line, for a map search' }), notes: z.string().nullable() })
      .nullable()
      .meta({ description: 'delivery orders only' }),
    items: z.array(
      z.object({
        name: z.string(),
        qty: z.number().int(),
        price: z.number().int(),
        options: z.array(orderItemOptionAnswer).optional().meta({ description: 'the options chosen (Large, Oat milk), as ordered' }),
      }),
    ),
    subtotal: z.number().int(),
    discount: z.number().int().meta({ description: "a reward voucher's and a promo code's together (`offer`: the code's part)" }),
    offer: appliedOfferAnswer
      .nullable()
      .meta({ description: 'the offer its promo code applied, as it was when ordered (its discount is part of `discount`); null: none' }),
    delivery_fee: z.number().int(),
    tip: z.number().int().optional().meta({ description: 'the tip, part of `total` (issue 51); absent: none' }),
    total: z.number().int(),
    points_earned: z.number().int(),
    next_status: orderStatus.nullable().meta({ description: 'where one tap moves it; null at the end of the line' }),
    can_cancel: z.boolean(),
    cancel_reason: z.string().nullable(),
    refund: z
      .object({ method: z.enum(['wallet', 'gateway']), amount: z.number().int(), status: z.enum(['pending', 'succeeded', 'failed']) })
      .nullable()
      .meta({ description: "a cancelled paid order's refund, the way it was paid" }),
    points_taken_back: z
      .number()
      .int()
      .meta({ description: 'a cancelled order: of points_earned, what its cancellation took back or cancelled while still pending' }),
    points_not_taken_back: z
      .number()
      .int()
      .meta({ description: 'a cancelled paid order: points it earned that were already spent and could not be taken back (the shortfall); 0 otherwise' }),
    vouchers_cancelled: z.number().int().meta({ description: 'a cancelled order: unused vouchers bought with its points, cancelled to give them back' }),
    points_state: z.enum(['none', 'pending', 'given']).optional().meta({
      description:
        "where the order's points stand, what a cancellation does to them: none (it earned none, or they were already voided), pending (waiting for completion and the hold: voided, never given), given (credited, as orders from before pending points were at payment: taken back)",
    }),
  })
  .meta({ id: 'BoardOrder' });
export type BoardOrder = z.infer<typeof boardOrderAnswer>;

export const boardAnswer = z.object({
  orders: z.array(boardOrderAnswer).meta({
    description: 'every paid, preparing, ready and on-delivery order, by when it is due: a pickup at its time, a delivery when it was paid; earliest first',
  }),
  awaiting_payment: z.array(boardOrderAnswer).meta({
    description:
      'orders placed with an online payment that has not arrived yet, oldest first (at most 100): not to be made yet, each holding its pickup time until `hold_until`',
  }),
  done: z.array(boardOrderAnswer).meta({ description: "completed or cancelled since midnight in the merchant's time zone, newest first, at most 30" }),
  server_time: time(),
  demo_progress: z
    .object({ step_seconds: z.number().int() })
    .nullable()
    .meta({ description: 'the demo moves paid orders on by itself, a step every step_seconds (DEMO_ORDER_PROGRESS); null: only people move them' }),
});
export type BoardData = z.infer<typeof boardAnswer>;
export const boardOrderOnlyAnswer = z.object({ order: boardOrderAnswer });
export type BoardOrderData = z.infer<typeof boardOrderOnlyAnswer>;
