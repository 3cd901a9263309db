/**
 * Orders: quotes, creation, the lifecycle of their statuses; the schemas of the area's calls
 * (orders.calls.ts declares them; orders.spec.ts describes them). Part of the contract (src/contract): free of React, of
 * the browser and of Express.
 */
import { z } from 'zod';
import { addressAnswer } from './addresses';
import { int, money, nextPage, time } from './answer-fields';
import { id, idempotencyKey, wholeNumber } from './fields';
import { TIP_MAX_LIMIT } from './tips-rules';
import { FULFILMENTS, ORDER_STATUSES, PAYMENT_METHODS } from './order-lifecycle';
import { lineOptionsInput, orderItemOptionAnswer } from './options';
import { orderLocationAnswer } from './locations';
import { earnPartAnswer } from './loyalty';
import { appliedOfferAnswer, promoCode } from './offers';
import { tableCode } from './tables';
import { guestClaimAnswer } from './receipts';

// The lifecycle (statuses, their moves, isPaid, …) lives in a module free of zod, for the app.
export * from './order-lifecycle';

export const fulfilment = z.enum(FULFILMENTS);
/** The shop's taxes on an order (issue 51, tax-rules.ts), only when it charges tax. */
const orderTaxesAnswer = z
  .object({
    included: z.boolean().meta({ description: "the menu's prices held the taxes (part of `total` already); false: they were added to `total`" }),
    lines: z.array(z.object({ name: z.string(), rate: int().meta({ description: 'basis points: 1200 = 12 %' }), amount: money() })),
  })
  .meta({
    id: 'OrderTaxes',
    description: 'on the items after discounts and the delivery fee, never the tip; rounded half up once per order and rate; absent: no tax',
  });
export const orderItemsInput = z
  .array(
    z.object({
      product_id: id,
      qty: z.number().int('must be a whole number').min(1, 'must be at least 1').max(99, 'must be at most 99'),
      /** the chosen options' ids (options.ts says the rules); absent: the product's defaults */
      options: lineOptionsInput,
    }),
  )
  .min(1, 'add at least one item')
  .max(50, 'must be at most 50 lines');
export const quoteBody = z.object({
  items: orderItemsInput,
  fulfilment,
  address_id: id.optional(),
  voucher_id: id.optional(),
  /** pickup: the location (absent: the first); delivery: ignored, the location whose area holds the address is chosen */
  location_id: id.optional(),
  /** pickup: a slot of shop/pickup-slots (absent: as soon as possible, the earliest slot with room) */
  pickup_at: z.iso.datetime({ offset: true, error: 'must be a pickup time from the list' }).optional(),
  /** an offer's code (offers.ts): one per order; one that does not apply is 400 PROMO_CODE_INVALID with its `reason` */
  promo_code: promoCode.optional(),
  /** extension (issue 51): a tip in minor units, one of the shop's presets or an allowed custom amount (tips-rules.ts); absent: none */
  tip: wholeNumber(0, TIP_MAX_LIMIT, 'minor units').optional(),
  /** extension (issue 54), dine_in: the signed code of the table's QR (tables.ts); the order is made at the location it was signed for */
  table_code: tableCode.optional(),
});
export type QuoteBody = z.infer<typeof quoteBody>;
export const quoteAnswer = z.object({
  subtotal: money(),
  discount: money(),
  delivery_fee: money(),
  total: money(),
  points_to_earn: int(),
  points_breakdown: z
    .array(earnPartAnswer)
    .meta({ description: 'points_to_earn in named parts: the base, then each earning rule that applies ("+25 Double points Tuesday")' }),
  min_order: money(),
  below_minimum_by: money().meta({ description: 'what is missing to reach min_order; 0 when reached' }),
  location_id: int().meta({ description: 'the location that makes it: the one chosen for pickup, the one whose area holds the address for delivery' }),
  pickup_at: time().nullable().meta({ description: 'pickup: the slot it would take (the one asked for, or the earliest with room); null for delivery' }),
  // extension (issue 46)
  free_item: z
    .object({
      product_id: int(),
      name: z.string(),
      options: z.array(z.string()).meta({ description: "its options' names, as it comes" }),
      value: money().meta({ description: 'what it would cost, its options included' }),
      in_cart: z
        .boolean()
        .meta({ description: "true: one of the basket's, as the customer chose it, made free (the dearest); false: added with its default options" }),
    })
    .nullable()
    .optional()
    .meta({ description: 'what a voucher for a free product makes free: a line of its own at 0, outside the subtotal; null or absent: none' }),
  // extension (issue 50)
  offer: appliedOfferAnswer.nullable().optional().meta({
    description: 'the offer `promo_code` applies: its discount is part of `discount`, and points are earned on the total after it; null or absent: no code',
  }),
  // extension (issue 51)
  tip: money().optional().meta({ description: 'the tip, part of `total`; it earns no points and takes no discount; absent: none' }),
  taxes: orderTaxesAnswer.optional(),
  // extension (issue 54)
  pay_at_counter: z
    .boolean()
    .optional()
    .meta({ description: 'dine-in: whether the shop lets the customer pay at the counter (payment_method counter); absent for pickup and delivery' }),
});
export type QuoteData = z.infer<typeof quoteAnswer>;

/**
 * `merchant/pricing/try` (the loyalty page's sample order): a pickup basket priced for a new customer,
 * with an offer's code, or without one (the automatic offers), and the earning rules running now.
 */
export const pricingTryBody = z.object({
  items: orderItemsInput,
  /** the location (absent: the first) */
  location_id: id.optional(),
  /** an offer's code, or one of its single-use codes (absent: the automatic offers apply, as at checkout) */
  promo_code: promoCode.optional(),
});
export type PricingTryInput = z.input<typeof pricingTryBody>;
export const paymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const orderCreateBody = quoteBody.extend({
  payment_method: paymentMethod,
  idempotency_key: idempotencyKey,
  /** the total the customer was shown (the quote's); when the order's total now differs: 409 PRICE_CHANGED */
  expected_total: money().optional(),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

export const orderStatus = z.enum(ORDER_STATUSES);

const orderStatusAnswer = z.enum(ORDER_STATUSES);

export const orderItemAnswer = z.object({
  product_id: int(),
  name: z.string(),
  price: money().meta({ description: 'the price of one, its options included, as it was when ordered' }),
  qty: int(),
  image: z.string().optional(),
  options: z.array(orderItemOptionAnswer).optional().meta({ description: 'the options chosen, as they were when ordered; absent or empty: none' }),
});
export type OrderItem = z.infer<typeof orderItemAnswer>;
export const timelineEntryAnswer = z.object({ status: orderStatusAnswer, at: time(), note: z.string().nullable().optional() });
export type TimelineEntry = z.infer<typeof timelineEntryAnswer>;
export const orderRefundAnswer = z.object({
  method: z.enum(['wallet', 'gateway']).meta({ description: 'where the money went back: the wallet, or the card through the payment gateway' }),
  amount: money(),
  status: z
    .enum(['pending', 'succeeded', 'failed'])
    .meta({ description: 'a card refund is pending until the gateway confirms it; a failed one is tried again every hour' }),
});
export type OrderRefund = z.infer<typeof orderRefundAnswer>;

export const orderAnswer = z
  .object({
    name: z.string().meta({ description: 'the order number' }),
    status: orderStatusAnswer,
    fulfilment: z.enum(FULFILMENTS),
    payment_method: z.enum(PAYMENT_METHODS),
    // extension (issue 54)
    counter_due: money()
      .optional()
      .meta({ description: 'a pay-at-the-counter order not paid yet: what to pay at the counter; absent once paid, and for every other order' }),
    items: z.array(orderItemAnswer),
    subtotal: money(),
    discount: money(),
    delivery_fee: money(),
    total: money(),
    points_earned: int(),
    points_breakdown: z
      .array(earnPartAnswer)
      .meta({ description: 'points_earned in named parts (the base, each earning rule that applied); empty for orders older than earning rules' }),
    address: addressAnswer
      .omit({ id: true, is_default: true })
      .nullable()
      .meta({ description: 'the delivery address as it was when ordered; null for pickup' }),
    voucher_code: z.string().nullable(),
    offer: appliedOfferAnswer
      .nullable()
      .optional()
      .meta({ description: 'the offer its promo code applied, as it was when ordered (its discount is part of `discount`); null or absent: none' }),
    tip: money().optional().meta({ description: 'the tip, part of `total` (refunded with it); it earns no points and takes no discount; absent: none' }),
    taxes: orderTaxesAnswer.optional(),
    location: orderLocationAnswer.nullable().meta({ description: 'where it is made (and picked up); null for orders older than locations' }),
    pickup_at: time().nullable().meta({ description: 'pickup: the time chosen (or given as soon as possible); null for delivery' }),
    // extension (issue 54)
    table_label: z.string().optional().meta({ description: "dine-in: the table's label as it was when ordered; absent otherwise" }),
    guest_name: z.string().optional().meta({ description: "a guest's order at a table: the first name the guest gave; absent otherwise" }),
    guest_claim: guestClaimAnswer
      .optional()
      .meta({ description: "a guest's paid order not yet claimed, within its day: the points a member may claim with `token` (order/claim)" }),
    receipt_url: z
      .string()
      .optional()
      .meta({ description: "a guest's completed order: its receipt's signed link (a guest has no e-mail or phone to get it by); absent otherwise" }),
    created_at: time(),
    timeline: z.array(timelineEntryAnswer),
    refund: orderRefundAnswer.nullable().optional().meta({ description: "a cancelled paid order's refund, in full, the way it was paid" }),
    points_voided: int()
      .optional()
      .meta({ description: 'a cancelled order: of points_taken_back, the points still on their way (pending) that were cancelled; they were never spendable' }),
    points_taken_back: int()
      .optional()
      .meta({ description: 'a cancelled order: of points_earned, what was taken back, or cancelled while still pending (the rest had been spent)' }),
    cancelled_vouchers: z
      .array(z.object({ title: z.string(), points: int() }))
      .optional()
      .meta({ description: 'a cancelled order: unused vouchers bought with its points, cancelled to give those points back' }),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderAnswer>;

/** `order/claim`: a guest order's claim token (the receipt's and the order page's offer), by the member who signed in. */
export const orderClaimBody = z
  .object({ token: z.string({ error: 'must be a claim link' }).regex(/^c1\.[A-Z0-9-]{4,40}\.[A-Za-z0-9_-]{32}$/, 'must be a claim link') })
  .strict();
export type OrderClaimBody = z.infer<typeof orderClaimBody>;

export const orderCreateAnswer = z.object({
  order: orderAnswer,
  payment_url: z.string().optional().meta({ description: 'payment_method gateway: the payment page to send the customer to' }),
});
export type OrderCreateData = z.infer<typeof orderCreateAnswer>;
export const orderListAnswer = z.object({ orders: z.array(orderAnswer), next_page: nextPage() });
export type OrderListData = z.infer<typeof orderListAnswer>;
export const orderOnlyAnswer = z.object({ order: orderAnswer });
export const orderClaimAnswer = z.object({
  order: orderAnswer,
  points: int().meta({ description: 'the points credited (pending until the order is completed)' }),
});
export type OrderClaimData = z.infer<typeof orderClaimAnswer>;
export type OrderDetailData = z.infer<typeof orderOnlyAnswer>;
export const orderName = z.string().regex(/^[A-Z0-9-]{4,40}$/, 'must be an order number');
export const orderDetailQuery = z.object({ name: orderName });
export type OrderDetailQuery = z.infer<typeof orderDetailQuery>;
export const merchantOrderStatusBody = z.object({ name: orderName, status: orderStatus, note: z.string().max(200).optional() });
export type MerchantOrderStatusBody = z.infer<typeof merchantOrderStatusBody>;

/** "Order again" (issue 51): a past order's lines on today's menu, and what changed (reorder-rules.ts says how). */
export const reorderLineAnswer = z.object({ product_id: int(), qty: int(), options: z.array(int()).optional() });
export const reorderChangeAnswer = z
  .object({
    kind: z.enum(['gone', 'sold_out', 'reward', 'option_gone', 'choose_options', 'price_changed']).meta({
      description:
        "gone: no longer on the menu; sold_out: not to be had now; reward: was a voucher's free item; option_gone: an option left out (`option`); choose_options: a group now needs a choice (`group`), line left out; price_changed: kept, its price of one `was` and `now`",
    }),
    name: z.string().meta({ description: "the product's name" }),
    option: z.string().optional().meta({ description: 'option_gone: "Milk: Oat"' }),
    group: z.string().optional(),
    was: money().optional(),
    now: money().optional(),
  })
  .meta({ id: 'ReorderChange' });
export const reorderAnswer = z.object({
  lines: z.array(reorderLineAnswer).meta({ description: 'cart lines for order/quote and order/create; may be empty when nothing can be had' }),
  changes: z.array(reorderChangeAnswer).meta({ description: 'every way today differs from the order, none left unsaid' }),
});
export type ReorderData = z.infer<typeof reorderAnswer>;
export type ReorderChange = z.infer<typeof reorderChangeAnswer>;
