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
import type { ChangeEmailData, Customer, EmailCodeSent, OtpRequestData, OtpVerifyData, SessionData } from './auth';
import type { AppNotification, NotificationListData } from './notifications';
import { ORDER_STATUSES, type Order, type OrderCreateData, type OrderDetailData, type OrderListData, type QuoteData } from './orders';
import type { PointHistoryData } from './points';
import type { SiteSettings } from './settings';
import type { TopupData, TopupStatusData, WalletBalanceData, WalletHistoryData } from './wallet';


// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export const siteSettingsAnswer = z
  .object({
    setting_company: z.string(),
    post_title: z.string().meta({ description: 'favicon URL' }),
    post_file: z.string().meta({ description: 'logo URL' }),
    landing_body_background_image: z.string(),
    landing_body_background_color: z.string(),
    version: z.string().meta({ description: '"Lite" or "Full"', examples: ['Full', 'Lite'] }),
    currency: z.string().meta({ description: 'ISO 4217', examples: ['PHP'] }),
    locale: z.string().meta({ examples: ['en-PH'] }),
    merchant_id: z.string().optional(),
    brand_color: z.string().optional(),
    accent_color: z.string().optional(),
    brand_text_color: z.string().optional().meta({ description: 'text on the brand colour (the theme studio checks it for WCAG AA); absent: black or white, whichever reads better' }),
    landing_text_color: z.string().optional().meta({ description: 'text on the landing background colour; absent: black or white, whichever reads better' }),
    timezone: z.string().optional(),
    min_order: money().optional(),
    delivery_fee: money().optional(),
    default_country_code: z.string().optional(),
    pickup_address: z.string().optional(),
    online_payments: z.boolean().optional().meta({ description: 'false: top-ups and online payment answer 503 PAYMENTS_UNAVAILABLE; absent: assume true' }),
  })
  .meta({ id: 'SiteSettings' });

export const healthAnswer = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Sign-in and the customer
// ---------------------------------------------------------------------------------------------

export const customerAnswer = z
  .object({
    id: int(),
    name: z.string(),
    phone: z.string().nullable().meta({ description: 'E.164; null for an account made with Google' }),
    email: z.string().nullable(),
    email_verified: z.boolean().meta({ description: 'the customer entered the code e-mailed to `email`' }),
    points: int(),
    wallet_balance: money(),
  })
  .meta({ id: 'Customer' });

export const otpRequestAnswer = z.object({
  expires_in: int().meta({ description: 'seconds the code stays valid' }),
  resend_in: int().meta({ description: 'seconds before another code may be asked for' }),
  phone: z.string().meta({ description: 'the number the code went to, in E.164' }),
});

export const otpVerifyAnswer = z.object({
  token: z.string().optional().meta({ description: 'the session token (login). The gateway keeps it in its cookie and removes it before the browser sees the answer' }),
  customer: customerAnswer.optional(),
  registration_token: z.string().optional().meta({ description: 'register, or a login for a number with no account: pass it to auth/register' }),
  needs_registration: z.boolean().optional(),
});

export const sessionAnswer = z.object({
  token: z.string().optional().meta({ description: 'the session token. The gateway keeps it in its cookie and removes it before the browser sees the answer' }),
  customer: customerAnswer,
});

export const customerOnlyAnswer = z.object({ customer: customerAnswer });

export const emailCodeSentAnswer = z
  .object({
    expires_in: int().meta({ description: 'seconds the code stays valid' }),
    resend_in: int().meta({ description: 'seconds before another code may be asked for' }),
    email: z.string().meta({ description: 'the address it went to' }),
  })
  .meta({ id: 'EmailCodeSent' });

export const changeEmailAnswer = z.object({
  customer: customerAnswer,
  verification: emailCodeSentAnswer.nullable().meta({ description: 'null when no code went out (no e-mail service, or asked too often)' }),
});

// ---------------------------------------------------------------------------------------------
// Points
// ---------------------------------------------------------------------------------------------

export const pointEntryAnswer = z.object({
  id: int(),
  type: z.enum(['earn', 'burn', 'expire', 'adjust', 'owner']),
  points: int(),
  balance_after: int(),
  reason: z.string(),
  created_at: time(),
  expires_at: time().nullable().optional().meta({ description: 'when an earned lot expires' }),
});

export const pointHistoryAnswer = z.object({
  balance: int(),
  items: z.array(pointEntryAnswer),
  next_page: nextPage(),
  expiring_soon: z
    .object({ points: int(), expires_at: time() })
    .nullable()
    .optional()
    .meta({ description: 'points that expire in the next 30 days' }),
});

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
// Notifications
// ---------------------------------------------------------------------------------------------

export const notificationAnswer = z.object({
  id: int(),
  type: z.enum(['order', 'topup', 'points_earned', 'points_expiring', 'reward', 'wheel', 'account']),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable().meta({ description: 'an app path to open, or null' }),
  read: z.boolean(),
  created_at: time(),
});

export const notificationListAnswer = z.object({ items: z.array(notificationAnswer), unread: int(), next_page: nextPage() });
export const notificationReadAnswer = z.object({ unread: int() });

// ---------------------------------------------------------------------------------------------
// Each schema is the interface the code uses: the compiler refuses one that drifts from it
// ---------------------------------------------------------------------------------------------

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<S extends z.ZodType, T> = Same<z.output<S>, T>;

/** Every entry must be `true`; a schema and its interface that differ make one `false` and fail tsc. */
export const answerTypesMatch: {
  settings: Check<typeof siteSettingsAnswer, Omit<SiteSettings, 'version'> & { version: string }>;
  customer: Check<typeof customerAnswer, Customer>;
  otpRequest: Check<typeof otpRequestAnswer, OtpRequestData>;
  otpVerify: Check<typeof otpVerifyAnswer, OtpVerifyData>;
  session: Check<typeof sessionAnswer, SessionData>;
  emailCodeSent: Check<typeof emailCodeSentAnswer, EmailCodeSent>;
  changeEmail: Check<typeof changeEmailAnswer, ChangeEmailData>;
  pointHistory: Check<typeof pointHistoryAnswer, PointHistoryData>;
  walletBalance: Check<typeof walletBalanceAnswer, WalletBalanceData>;
  walletHistory: Check<typeof walletHistoryAnswer, WalletHistoryData>;
  topup: Check<typeof topupAnswer, TopupData>;
  topupStatus: Check<typeof topupStatusAnswer, TopupStatusData>;
  quote: Check<typeof quoteAnswer, QuoteData>;
  order: Check<typeof orderAnswer, Order>;
  orderCreate: Check<typeof orderCreateAnswer, OrderCreateData>;
  orderList: Check<typeof orderListAnswer, OrderListData>;
  orderDetail: Check<typeof orderOnlyAnswer, OrderDetailData>;
  notification: Check<typeof notificationAnswer, AppNotification>;
  notificationList: Check<typeof notificationListAnswer, NotificationListData>;
} = {
  settings: true,
  customer: true,
  otpRequest: true,
  otpVerify: true,
  session: true,
  emailCodeSent: true,
  changeEmail: true,
  pointHistory: true,
  walletBalance: true,
  walletHistory: true,
  topup: true,
  topupStatus: true,
  quote: true,
  order: true,
  orderCreate: true,
  orderList: true,
  orderDetail: true,
  notification: true,
  notificationList: true,
};
