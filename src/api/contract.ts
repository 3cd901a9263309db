/**
 * The provider API v2 contract: request schemas (zod) and answer types.
 * Free of React and of the browser, so the server validates with the very schemas the app sends.
 * Names follow ../shared/CONTRACT.md section 3; fields marked "extension" are ours.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Envelope
// ---------------------------------------------------------------------------------------------

export type ErrorCode =
  | 'VALIDATION'
  | 'BAD_SIGNATURE'
  | 'SESSION_EXPIRED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'RATE_LIMITED'
  | 'INVALID_CODE'
  | 'CODE_EXPIRED'
  | 'TOO_MANY_ATTEMPTS'
  | 'INVALID_TOKEN'
  | 'IDEMPOTENCY_MISMATCH'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'INSUFFICIENT_BALANCE'
  | 'INSUFFICIENT_POINTS'
  | 'OUT_OF_STOCK'
  | 'LIMIT_REACHED'
  | 'PRODUCT_UNAVAILABLE'
  | 'BELOW_MINIMUM'
  | 'VOUCHER_INVALID'
  | 'ADDRESS_REQUIRED'
  | 'NO_SPINS_LEFT'
  | 'INVALID_TRANSITION'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'CONFLICT'
  | 'BAD_GATEWAY'
  | 'PROVIDER_UNAVAILABLE'
  /** 503: no e-mail service, so an address cannot be verified yet (saving one still works) */
  | 'EMAIL_UNAVAILABLE'
  /** 409: another customer already verified this e-mail address */
  | 'EMAIL_TAKEN'
  /** 409: e-mail verification without an address to verify */
  | 'NO_EMAIL'
  /** 409: the address is verified already */
  | 'ALREADY_VERIFIED'
  /** 409: this Google account belongs to another customer, or this customer has another one */
  | 'GOOGLE_LINKED'
  /** 503: no payment gateway (top-ups and online order payments); the wallet still works */
  | 'PAYMENTS_UNAVAILABLE'
  | 'INTERNAL';

export interface ApiError {
  code: ErrorCode;
  fields?: Record<string, string>;
}

export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
  error?: ApiError;
}

// ---------------------------------------------------------------------------------------------
// Shared field schemas
// ---------------------------------------------------------------------------------------------

/** Loose phone input; the provider normalises it to E.164 (see server/provider/auth/phone.ts). */
export const phoneInput = z.string().trim().min(6, 'must be a phone number').max(32, 'is too long');
export const otpCode = z.string().regex(/^\d{6}$/, 'must be 6 digits');
export const idempotencyKey = z.string().min(1, 'is required').max(64, 'must be at most 64 characters');
export const page = z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100000).optional();
/** The largest id a row can have (PostgreSQL integer): beyond it a lookup would fail in the database. */
export const MAX_ID = 2_147_483_647;
/**
 * A row id: a number, or its digits (query strings carry text). Not z.coerce: Number() would turn
 * `true` into 1 and `[7]` into 7, so a boolean in a JSON body would quietly name row 1.
 */
export const id = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v),
  z.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be positive').max(MAX_ID, 'is too large'),
);
export const email = z.string().trim().toLowerCase().email('must be an e-mail address').max(254);

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export type SiteVersion = 'Lite' | 'Full';

export interface SiteSettings {
  setting_company: string;
  /** favicon URL */
  post_title: string;
  /** logo URL */
  post_file: string;
  landing_body_background_image: string;
  landing_body_background_color: string;
  version: SiteVersion | string;
  currency: string;
  locale: string;
  /** extension: the merchant's id, checked by the alternative login link */
  merchant_id?: string;
  /** extension: brand colours */
  brand_color?: string;
  accent_color?: string;
  /** extension: business settings a customer sees */
  timezone?: string;
  min_order?: number;
  delivery_fee?: number;
  default_country_code?: string;
  pickup_address?: string;
  /**
   * extension: whether a payment gateway takes top-ups and online order payments. When false those
   * answer 503 PAYMENTS_UNAVAILABLE; paying from the wallet balance still works. Absent: assume true.
   */
  online_payments?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Auth and customers
// ---------------------------------------------------------------------------------------------

export const otpPurpose = z.enum(['login', 'register']);
export type OtpPurpose = z.infer<typeof otpPurpose>;

export const otpRequestBody = z.object({ phone: phoneInput, purpose: otpPurpose });
export type OtpRequestBody = z.infer<typeof otpRequestBody>;
export interface OtpRequestData {
  expires_in: number;
  resend_in: number;
  /** extension: the number the code was sent to, in E.164 */
  phone: string;
}

export const otpVerifyBody = z.object({ phone: phoneInput, code: otpCode, purpose: otpPurpose });
export type OtpVerifyBody = z.infer<typeof otpVerifyBody>;
/**
 * login: `token` and `customer`; register: `registration_token`.
 * Extensions: a login for a number with no account answers `registration_token` with
 * `needs_registration: true`; a registration for a number that has one signs in.
 * The gateway removes `token` before the browser sees the answer.
 */
export interface OtpVerifyData {
  token?: string;
  customer?: Customer;
  registration_token?: string;
  needs_registration?: boolean;
}

export const registerBody = z.object({
  registration_token: z.string().min(10, 'is required').max(200),
  name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  email: email.optional().or(z.literal('').transform(() => undefined)),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const googleBody = z.object({ id_token: z.string().min(10, 'is required').max(4096) });
export type GoogleBody = z.infer<typeof googleBody>;

export interface SessionData {
  token?: string;
  customer: Customer;
}

export interface Customer {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  /**
   * extension: the customer entered the code e-mailed to `email`. Only a verified address links a
   * Google sign-in to this account; changing the address makes it unverified again.
   */
  email_verified: boolean;
  points: number;
  wallet_balance: number;
}

export const changeEmailBody = z.object({ email });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** extension: a verification code was e-mailed (`customer/email/verify/request`, and after saving an address) */
export interface EmailCodeSent {
  /** seconds the code stays valid */
  expires_in: number;
  /** seconds before another code may be asked for */
  resend_in: number;
  /** the address it went to */
  email: string;
}

/**
 * `customer/change-email` answers the customer and, when a code could be e-mailed to the new address,
 * `verification` (extension); null when no code went out (no e-mail service, or asked too often).
 */
export interface ChangeEmailData {
  customer: Customer;
  verification: EmailCodeSent | null;
}

/**
 * extension: `customer/email/verify/request` — e-mail a code to the customer's current address, named
 * again so a page showing a stale address (changed in another tab) cannot send a code it did not mean.
 */
export const emailVerifyRequestBody = z.object({ email });
export type EmailVerifyRequestBody = z.infer<typeof emailVerifyRequestBody>;

/** extension: `customer/email/verify` — the code e-mailed to the customer's address. */
export const emailVerifyBody = z.object({ code: otpCode });
export type EmailVerifyBody = z.infer<typeof emailVerifyBody>;

/** extension: `auth/google/link` — a signed-in customer links their Google account. */
export const googleLinkBody = googleBody;
export type GoogleLinkBody = z.infer<typeof googleLinkBody>;

// ---------------------------------------------------------------------------------------------
// Points
// ---------------------------------------------------------------------------------------------

export const pointHistoryBody = z.object({ customer_id: id, page });
export type PointHistoryBody = z.infer<typeof pointHistoryBody>;
export type PointEntryType = 'earn' | 'burn' | 'expire' | 'adjust';
export interface PointEntry {
  id: number;
  type: PointEntryType;
  points: number;
  balance_after: number;
  reason: string;
  created_at: string;
  /** extension: when an earned lot expires */
  expires_at?: string | null;
}
export interface PointHistoryData {
  balance: number;
  items: PointEntry[];
  next_page: number | null;
  /** extension: points that expire in the next 30 days */
  expiring_soon?: { points: number; expires_at: string } | null;
}

// ---------------------------------------------------------------------------------------------
// Shop
// ---------------------------------------------------------------------------------------------

export interface Product {
  id: number;
  name: string;
  description: string;
  price: number;
  image: string;
  available: boolean;
}
export interface Category {
  id: number;
  name: string;
  products: Product[];
}
export interface CatalogData {
  categories: Category[];
}

export const merchantProductBody = z
  .object({
    product_id: id,
    price: z.number().int('must be a whole number of minor units').min(0).max(100_000_000).optional(),
    available: z.boolean().optional(),
  })
  .refine((b) => b.price !== undefined || b.available !== undefined, {
    message: 'give price or available',
    path: ['price'],
  });
export type MerchantProductBody = z.infer<typeof merchantProductBody>;

// ---------------------------------------------------------------------------------------------
// Rewards and vouchers
// ---------------------------------------------------------------------------------------------

export interface Reward {
  name: string;
  title: string;
  description: string;
  points_cost: number;
  image: string;
  stock: number | null;
  valid_days: number;
  /** extension */
  per_customer_limit?: number | null;
  discount_amount?: number;
}

export interface RewardListData {
  rewards: Reward[];
}

export const slug = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a reward name such as free-coffee');
export const redeemBody = z.object({ name: slug, idempotency_key: idempotencyKey });
export type RedeemBody = z.infer<typeof redeemBody>;

export const voucherStatus = z.enum(['active', 'used', 'expired']);
export type VoucherStatus = z.infer<typeof voucherStatus>;
export const storageQuery = z.object({ status: voucherStatus.default('active') });

export interface Voucher {
  id: number;
  code: string;
  reward: Pick<Reward, 'name' | 'title' | 'image' | 'description'> & { discount_amount?: number };
  status: VoucherStatus;
  expires_at: string;
  /** extension */
  created_at?: string;
  used_at?: string | null;
}
export interface RedeemData {
  voucher: Voucher;
}
export interface StorageData {
  vouchers: Voucher[];
}

// ---------------------------------------------------------------------------------------------
// Wallet
// ---------------------------------------------------------------------------------------------

export interface WalletBalanceData {
  balance: number;
  currency: string;
}
export type WalletEntryType = 'topup' | 'order' | 'refund' | 'adjust';
export interface WalletEntry {
  id: number;
  type: WalletEntryType;
  amount: number;
  balance_after: number;
  reason: string;
  created_at: string;
}
export interface WalletHistoryData {
  items: WalletEntry[];
  next_page: number | null;
}
export const pageQuery = z.object({ page });

import { TOPUP_MAX, TOPUP_MIN } from './limits';
export { TOPUP_MAX, TOPUP_MIN };
export const topupReturn = z.enum(['profile', 'order']);
export const topupBody = z.object({
  amount: z
    .number({ error: 'must be a number' })
    .int('must be a whole number of minor units')
    .min(TOPUP_MIN, `must be at least ${TOPUP_MIN}`)
    .max(TOPUP_MAX, `must be at most ${TOPUP_MAX}`),
  idempotency_key: idempotencyKey,
  /** extension: which success page the customer returns to */
  return_to: topupReturn.optional(),
});
export type TopupBody = z.infer<typeof topupBody>;
export interface TopupData {
  topup_id: string;
  payment_url: string;
}
export type PaymentStatus = 'pending' | 'paid' | 'failed';
export const topupStatusQuery = z.object({ topup_id: z.string().uuid('must be a top-up id') });
export interface TopupStatusData {
  topup: { id: string; amount: number; status: PaymentStatus; created_at: string };
  balance: number;
}

// ---------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------

export const addressFields = z.object({
  label: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters'),
  recipient: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  phone: phoneInput,
  line1: z.string().trim().min(3, 'is required').max(200, 'must be at most 200 characters'),
  city: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  postal_code: z.string().trim().regex(/^[A-Za-z0-9 -]{3,10}$/, 'must be a postal code'),
  lat: z.number({ error: 'must be a number' }).min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90'),
  lng: z.number({ error: 'must be a number' }).min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180'),
  note: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  is_default: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressFields>;
export const addressCreateBody = addressFields;
export const addressUpdateBody = addressFields.partial().extend({ id });
export const addressDeleteBody = z.object({ id });
export interface Address {
  id: number;
  label: string;
  recipient: string;
  phone: string;
  line1: string;
  city: string;
  postal_code: string;
  lat: number;
  lng: number;
  note: string | null;
  is_default: boolean;
}
export interface AddressListData {
  addresses: Address[];
}
export interface AddressData {
  address: Address;
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export const fulfilment = z.enum(['delivery', 'pickup']);
export type Fulfilment = z.infer<typeof fulfilment>;
export const orderItemsInput = z
  .array(z.object({ product_id: id, qty: z.number().int('must be a whole number').min(1, 'must be at least 1').max(99, 'must be at most 99') }))
  .min(1, 'add at least one item')
  .max(50, 'must be at most 50 lines');
export const quoteBody = z.object({
  items: orderItemsInput,
  fulfilment,
  address_id: id.optional(),
  voucher_id: id.optional(),
});
export type QuoteBody = z.infer<typeof quoteBody>;
export interface QuoteData {
  subtotal: number;
  discount: number;
  delivery_fee: number;
  total: number;
  points_to_earn: number;
  /** extension: the minimum subtotal, and what is missing to reach it */
  min_order: number;
  below_minimum_by: number;
}
export const paymentMethod = z.enum(['wallet', 'gateway']);
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const orderCreateBody = quoteBody.extend({ payment_method: paymentMethod, idempotency_key: idempotencyKey });
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

export const ORDER_STATUSES = ['pending_payment', 'paid', 'preparing', 'ready', 'on_delivery', 'completed', 'cancelled'] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

export interface OrderItem {
  product_id: number;
  name: string;
  price: number;
  qty: number;
  image?: string;
}
export interface TimelineEntry {
  status: OrderStatus;
  at: string;
  note?: string | null;
}
export interface Order {
  name: string;
  status: OrderStatus;
  fulfilment: Fulfilment;
  payment_method: PaymentMethod;
  items: OrderItem[];
  subtotal: number;
  discount: number;
  delivery_fee: number;
  total: number;
  points_earned: number;
  address: Omit<Address, 'id' | 'is_default'> | null;
  voucher_code: string | null;
  created_at: string;
  timeline: TimelineEntry[];
}
export interface OrderCreateData {
  order: Order;
  payment_url?: string;
}
export interface OrderListData {
  orders: Order[];
  next_page: number | null;
}
export const orderName = z.string().regex(/^[A-Z0-9-]{4,40}$/, 'must be an order number');
export const orderDetailQuery = z.object({ name: orderName });
export interface OrderDetailData {
  order: Order;
}
export const merchantOrderStatusBody = z.object({ name: orderName, status: orderStatus, note: z.string().max(200).optional() });

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

export type NotificationType = 'order' | 'topup' | 'points_earned' | 'points_expiring' | 'reward' | 'wheel' | 'account';
export interface AppNotification {
  id: number;
  type: NotificationType;
  title: string;
  body: string;
  /** an app path to open, or null */
  link: string | null;
  read: boolean;
  created_at: string;
}
export interface NotificationListData {
  items: AppNotification[];
  unread: number;
  next_page: number | null;
}
export const notificationReadBody = z.union([
  z.object({ ids: z.array(id).min(1, 'give at least one id').max(200, 'must be at most 200 ids') }),
  z.object({ all: z.literal(true) }),
]);
export type NotificationReadBody = z.infer<typeof notificationReadBody>;

// ---------------------------------------------------------------------------------------------
// Wheel
// ---------------------------------------------------------------------------------------------

export type PrizeType = 'points' | 'voucher' | 'none';
export interface WheelSegment {
  id: number;
  label: string;
  /** disclosed probability, 0..1; the segments' probabilities add up to 1 */
  probability: number;
  /** extension */
  prize_type: PrizeType;
  color?: string;
}
export interface WheelConfigData {
  segments: WheelSegment[];
  spins_left: number;
  spin_cost_points: number;
  /** extension */
  free_spins_left: number;
  points: number;
  odds_version: number;
}
export const spinBody = z.object({ idempotency_key: idempotencyKey });
export interface Prize {
  type: PrizeType;
  label: string;
  points?: number;
  voucher?: Voucher;
}
export interface SpinData {
  segment_id: number;
  prize: Prize;
  spins_left: number;
  /** extension */
  free_spins_left: number;
  points: number;
}
