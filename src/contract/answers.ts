/**
 * The answers' `data`, as zod schemas: what the OpenAPI document (docs/openapi.json) says each call
 * answers. The TypeScript interfaces next to each area stay what the code uses; the checks at the end of
 * this file make the compiler refuse a schema that drifts from its interface, and
 * tests/server/openapi.test.ts parses real answers of the provider with these schemas (and refuses a
 * field they do not name). Plain `z.object`: a client reads the fields it knows and ignores any other.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, nextPage, time } from './answer-fields';
import { ORDER_STATUSES, type Order, type OrderCreateData, type OrderDetailData, type OrderListData, type QuoteData } from './orders';
import { VOUCHER_STATUSES, type RedeemData, type Reward, type RewardListData, type StorageData, type Voucher } from './rewards';
import type { CatalogData, Product } from './shop';
import type { TopupData, TopupStatusData, WalletBalanceData, WalletHistoryData } from './wallet';
import type { SpinData, WheelConfigData } from './wheel';


// ---------------------------------------------------------------------------------------------
// Shop
// ---------------------------------------------------------------------------------------------

export const productAnswer = z
  .object({ id: int(), name: z.string(), description: z.string(), price: money(), image: z.string(), available: z.boolean() })
  .meta({ id: 'Product' });

export const catalogAnswer = z.object({
  categories: z.array(z.object({ id: int(), name: z.string(), products: z.array(productAnswer) })),
});

export const productOnlyAnswer = z.object({ product: productAnswer });

// ---------------------------------------------------------------------------------------------
// Rewards and vouchers
// ---------------------------------------------------------------------------------------------

export const rewardAnswer = z
  .object({
    name: z.string().meta({ description: 'the reward slug, e.g. free-coffee' }),
    title: z.string(),
    description: z.string(),
    points_cost: int(),
    image: z.string(),
    stock: int().nullable().meta({ description: 'null: unlimited' }),
    valid_days: int(),
    per_customer_limit: int().nullable().optional(),
    discount_amount: money().optional(),
  })
  .meta({ id: 'Reward' });

export const voucherAnswer = z
  .object({
    id: int(),
    code: z.string(),
    reward: z.object({ name: z.string(), title: z.string(), image: z.string(), description: z.string(), discount_amount: money().optional() }),
    status: z.enum(VOUCHER_STATUSES).meta({ description: 'cancelled: bought with the points of an order that was cancelled later, its points given back' }),
    expires_at: time(),
    created_at: time().optional(),
    used_at: time().nullable().optional(),
    cancelled_at: time().nullable().optional(),
    cancelled_with_order: z.string().nullable().optional().meta({ description: 'the order number whose cancellation cancelled it' }),
  })
  .meta({ id: 'Voucher' });

export const rewardListAnswer = z.object({ rewards: z.array(rewardAnswer) });
export const rewardOnlyAnswer = z.object({ reward: rewardAnswer });
export const voucherOnlyAnswer = z.object({ voucher: voucherAnswer });
export const storageAnswer = z.object({ vouchers: z.array(voucherAnswer) });

// ---------------------------------------------------------------------------------------------
// Wallet and payments
// ---------------------------------------------------------------------------------------------

export const walletBalanceAnswer = z.object({ balance: money(), currency: z.string() });

export const walletEntryAnswer = z.object({
  id: int(),
  type: z.enum(['topup', 'order', 'refund', 'adjust']),
  amount: money(),
  balance_after: money(),
  reason: z.string(),
  created_at: time(),
});

export const walletHistoryAnswer = z.object({
  items: z.array(walletEntryAnswer),
  next_page: nextPage(),
});

export const topupAnswer = z.object({
  topup_id: z.string().meta({ format: 'uuid' }),
  payment_url: z.string().meta({ description: "the payment gateway's page to send the customer to" }),
});

export const paymentStatus = z.enum(['pending', 'paid', 'failed']);

export const topupStatusAnswer = z.object({
  topup: z.object({ id: z.string().meta({ format: 'uuid' }), amount: money(), status: paymentStatus, created_at: time() }),
  balance: money(),
});

/** The sandbox page's Pay or Decline (embedded provider only). */
export const sandboxCompleteAnswer = z.object({
  status: paymentStatus,
  redirect: z.string().meta({ description: 'the app page to go to next' }),
});

/** A payment webhook's receipt. */
export const webhookAnswer = z.object({
  event_id: z.string().nullable().meta({ description: "null: an event the gateway's adapter does not use (answered 200 so it is not sent again)" }),
  applied: z.boolean().meta({ description: 'false: seen before, unknown payment, amount mismatch or settled already; recorded, nothing changed' }),
});

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export const quoteAnswer = z.object({
  subtotal: money(),
  discount: money(),
  delivery_fee: money(),
  total: money(),
  points_to_earn: int(),
  min_order: money(),
  below_minimum_by: money().meta({ description: 'what is missing to reach min_order; 0 when reached' }),
});

const orderStatusAnswer = z.enum(ORDER_STATUSES);

export const orderAnswer = z
  .object({
    name: z.string().meta({ description: 'the order number' }),
    status: orderStatusAnswer,
    fulfilment: z.enum(['delivery', 'pickup']),
    payment_method: z.enum(['wallet', 'gateway']),
    items: z.array(z.object({ product_id: int(), name: z.string(), price: money(), qty: int(), image: z.string().optional() })),
    subtotal: money(),
    discount: money(),
    delivery_fee: money(),
    total: money(),
    points_earned: int(),
    address: z
      .object({
        label: z.string(),
        recipient: z.string(),
        phone: z.string(),
        line1: z.string(),
        city: z.string(),
        postal_code: z.string(),
        lat: z.number(),
        lng: z.number(),
        note: z.string().nullable(),
      })
      .nullable()
      .meta({ description: 'the delivery address as it was when ordered; null for pickup' }),
    voucher_code: z.string().nullable(),
    created_at: time(),
    timeline: z.array(z.object({ status: orderStatusAnswer, at: time(), note: z.string().nullable().optional() })),
    refund: z
      .object({
        method: z.enum(['wallet', 'gateway']).meta({ description: 'where the money went back: the wallet, or the card through the payment gateway' }),
        amount: money(),
        status: z.enum(['pending', 'succeeded', 'failed']).meta({ description: 'a card refund is pending until the gateway confirms it; a failed one is tried again every hour' }),
      })
      .nullable()
      .optional()
      .meta({ description: 'a cancelled paid order\'s refund, in full, the way it was paid' }),
    points_taken_back: int().optional().meta({ description: 'a cancelled order: of points_earned, what was taken back (the rest had been spent)' }),
    cancelled_vouchers: z
      .array(z.object({ title: z.string(), points: int() }))
      .optional()
      .meta({ description: 'a cancelled order: unused vouchers bought with its points, cancelled to give those points back' }),
  })
  .meta({ id: 'Order' });

export const orderCreateAnswer = z.object({
  order: orderAnswer,
  payment_url: z.string().optional().meta({ description: 'payment_method gateway: the payment page to send the customer to' }),
});
export const orderListAnswer = z.object({ orders: z.array(orderAnswer), next_page: nextPage() });
export const orderOnlyAnswer = z.object({ order: orderAnswer });

// ---------------------------------------------------------------------------------------------
// The wheel
// ---------------------------------------------------------------------------------------------

const prizeType = z.enum(['points', 'voucher', 'none']);

export const wheelConfigAnswer = z.object({
  segments: z.array(
    z.object({
      id: int(),
      label: z.string(),
      probability: z.number().min(0).max(1).meta({ description: "disclosed probability; the segments' probabilities add up to 1" }),
      prize_type: prizeType,
      color: z.string().optional(),
    }),
  ),
  spins_left: int().meta({ description: 'spins the customer can take today: the free ones left, then as many paid spins as the points buy' }),
  spin_cost_points: int(),
  free_spins_left: int(),
  points: int(),
  odds_version: int(),
});

export const spinAnswer = z.object({
  segment_id: int(),
  prize: z.object({ type: prizeType, label: z.string(), points: int().optional(), voucher: voucherAnswer.optional() }),
  spins_left: int().meta({ description: 'spins the customer can take today: the free ones left, then as many paid spins as the points buy' }),
  free_spins_left: int(),
  points: int(),
});

// ---------------------------------------------------------------------------------------------
// Each schema is the interface the code uses: the compiler refuses one that drifts from it
// ---------------------------------------------------------------------------------------------

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<S extends z.ZodType, T> = Same<z.output<S>, T>;

/** Every entry must be `true`; a schema and its interface that differ make one `false` and fail tsc. */
export const answerTypesMatch: {
  product: Check<typeof productAnswer, Product>;
  catalog: Check<typeof catalogAnswer, CatalogData>;
  reward: Check<typeof rewardAnswer, Reward>;
  rewardList: Check<typeof rewardListAnswer, RewardListData>;
  voucher: Check<typeof voucherAnswer, Voucher>;
  redeem: Check<typeof voucherOnlyAnswer, RedeemData>;
  storage: Check<typeof storageAnswer, StorageData>;
  walletBalance: Check<typeof walletBalanceAnswer, WalletBalanceData>;
  walletHistory: Check<typeof walletHistoryAnswer, WalletHistoryData>;
  topup: Check<typeof topupAnswer, TopupData>;
  topupStatus: Check<typeof topupStatusAnswer, TopupStatusData>;
  quote: Check<typeof quoteAnswer, QuoteData>;
  order: Check<typeof orderAnswer, Order>;
  orderCreate: Check<typeof orderCreateAnswer, OrderCreateData>;
  orderList: Check<typeof orderListAnswer, OrderListData>;
  orderDetail: Check<typeof orderOnlyAnswer, OrderDetailData>;
  wheelConfig: Check<typeof wheelConfigAnswer, WheelConfigData>;
  spin: Check<typeof spinAnswer, SpinData>;
} = {
  product: true,
  catalog: true,
  reward: true,
  rewardList: true,
  voucher: true,
  redeem: true,
  storage: true,
  walletBalance: true,
  walletHistory: true,
  topup: true,
  topupStatus: true,
  quote: true,
  order: true,
  orderCreate: true,
  orderList: true,
  orderDetail: true,
  wheelConfig: true,
  spin: true,
};
