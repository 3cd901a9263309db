import type { Language } from '#contract/languages';
import type { CampaignKind } from '#contract/campaigns';
import type { AutoReloadPause } from '#contract/saved-card';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { EarnPart, RuleAction, RuleKind, RuleStatus } from '#contract/loyalty-earn';
import type { ReferralSignal, ReferralStatus, SightingKind } from '#contract/referrals';
import type { OfferAudience, OfferHours, OfferItems, OfferKind, OfferStatus } from '#contract/offer-rules';
import type { Weekday } from '#contract/locations';
import type { ApiKeyScope } from '#contract/api-key-rules';
import type { Fulfilment } from '#contract/order-lifecycle';
import type { ReceiptChoice } from '#contract/receipts';
import type { ShopWords } from '#contract/translations';

/** Row types of the embedded provider's tables (see migrations/). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | T, string | T>;

export interface MerchantTable {
  id: string;
  settings: Json<Record<string, unknown>>;
  rules: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface CustomerTable {
  id: Generated<number>;
  phone: string | null;
  google_sub: string | null;
  name: string;
  email: string | null;
  /** when the customer entered the code e-mailed to `email`; null: unverified (changing the address clears it) */
  email_verified_at: NullableTimestamp;
  points: Generated<number>;
  wallet_balance: Generated<number>;
  /** the part of wallet_balance that came from gift cards (migration 0045); moved only by the wallet ledger */
  gift_balance: Generated<number>;
  created_at: Timestamp;
  /** the birth date: month and day together or neither, the year optional (migration 0021) */
  birth_month: ColumnType<number | null, number | null | undefined, number | null>;
  birth_day: ColumnType<number | null, number | null | undefined, number | null>;
  birth_year: ColumnType<number | null, number | null | undefined, number | null>;
  /** when the birth date was last added, changed or removed: one set within 30 days before a birthday does not count that year */
  birthday_changed_at: NullableTimestamp;
  /** the customer's referral code, made on first use (migration 0026) */
  referral_code: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * a deletion asked for (migration 0038): when, by whom ('customer' or 'owner:<staff id>'), and from when
   * the hourly job erases the person; signing in cancels it
   */
  deletion_requested_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deletion_requested_by: ColumnType<string | null, string | null | undefined, string | null>;
  erase_after: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** when the person was erased: the row stays for the money records it holds, with nothing of them */
  erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** receipts by 'email', 'sms', 'both' or 'none' (migration 0056); null: never chosen (e-mail once verified) */
  receipts: ColumnType<ReceiptChoice | null, ReceiptChoice | null | undefined, ReceiptChoice | null>;
  /** a guest ordering at a table (migration 0064): the location its table code named; null: a member */
  guest_location_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** the customer's language, 'en', 'fil' or 'id' (migration 0066); null: never chosen */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
}

export interface OtpCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: 'login' | 'register';
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: NullableTimestamp;
  client_ip: string;
  created_at: Timestamp;
}

export interface RegistrationTokenTable {
  token_hash: string;
  phone: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  customer_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** a guest's session (migration 0064): the one location it may order at; null: a member's */
  guest_location_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface DevOutboxTable {
  id: Generated<number>;
  /** a text message's number, or null for an e-mail */
  phone: string | null;
  /** an e-mail's address, or null for a text message */
  email: string | null;
  subject: string | null;
  body: string;
  /** an e-mail's HTML part (migration 0056); null: plain text only */
  html: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface EmailCodeTable {
  id: Generated<number>;
  customer_id: number;
  /** the address the code was sent to: it verifies only that address */
  email: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CodeFailureTable {
  id: Generated<number>;
  /** the client: an IPv4 address, or an IPv6 /64 (see provider/http/client-key.ts) */
  client_key: string;
  created_at: Timestamp;
}

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  position: Generated<number>;
  /** removed while archived products still named it (migration 0041): kept for them, shown to nobody */
  removed_at: NullableTimestamp;
  /** the words in other languages, per language and field (migration 0067); a missing one: the main column's */
  translations: ColumnType<ShopWords, string | undefined, string>;
}

export interface ProductTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  description: Generated<string>;
  price: number;
  image: Generated<string>;
  available: Generated<boolean>;
  position: Generated<number>;
  /** archived: hidden from customers, kept for the orders that name it (migration 0015) */
  archived_at: NullableTimestamp;
  /** minutes to make it, 0–240 (migration 0061); null: the location's preparation time */
  prep_minutes: number | null;
  /** the words in other languages, per language and field (migration 0067); a missing one: the main column's */
  translations: ColumnType<ShopWords, string | undefined, string>;
}

/** an option group (Size, Milk, Extras), shared by the products it is attached to (migration 0016) */
export interface OptionGroupTable {
  id: Generated<number>;
  name: string;
  min_choices: number;
  max_choices: number;
  position: Generated<number>;
  /** the words in other languages, per language and field (migration 0067); a missing one: the main column's */
  translations: ColumnType<ShopWords, string | undefined, string>;
}

/** an option of a group, with what it adds to a product's price (migration 0016) */
export interface OptionTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  price_delta: Generated<number>;
  is_default: Generated<boolean>;
  available: Generated<boolean>;
  position: Generated<number>;
  /** the words in other languages, per language and field (migration 0067); a missing one: the main column's */
  translations: ColumnType<ShopWords, string | undefined, string>;
}

/** which groups a product has, in order (migration 0016) */
export interface ProductOptionGroupTable {
  product_id: number;
  group_id: number;
  position: Generated<number>;
}

/** an order line's chosen option as it was when ordered; option_id is no foreign key (migration 0016) */
export interface OrderItemOptionTable {
  id: Generated<number>;
  order_item_id: number;
  option_id: number;
  group_name: string;
  name: string;
  price_delta: number;
}

export interface RewardTable {
  id: Generated<number>;
  name: string;
  title: string;
  description: Generated<string>;
  points_cost: number;
  image: Generated<string>;
  stock: number | null;
  valid_days: number;
  per_customer_limit: number | null;
  discount_amount: Generated<number>;
  active: Generated<boolean>;
  position: Generated<number>;
  /** a free product (once, at 0) rather than an amount off (migration 0015) */
  product_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** the title and description in other languages, per language (migration 0068); a missing one: the main column's */
  translations: ColumnType<ShopWords, string | undefined, string>;
}

export interface VoucherTable {
  id: Generated<number>;
  code: string;
  customer_id: number;
  reward_id: number;
  /** cancelled: bought with the points of an order cancelled later, and given back (migration 0011) */
  status: ColumnType<'active' | 'used' | 'expired' | 'cancelled', 'active' | 'used' | 'expired' | 'cancelled' | undefined>;
  source: ColumnType<
    'redeem' | 'wheel' | 'birthday' | 'stamps' | 'referral' | 'tier' | 'campaign',
    'redeem' | 'wheel' | 'birthday' | 'stamps' | 'referral' | 'tier' | 'campaign' | undefined
  >;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  order_id: number | null;
  created_at: Timestamp;
  /** the points its redemption burned; null for a wheel prize (migration 0011) */
  points_paid: ColumnType<number | null, number | null | undefined, number | null>;
  cancelled_at: NullableTimestamp;
  /** the order whose cancellation cancelled it */
  cancelled_with_order: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PointsLedgerTable {
  id: Generated<number>;
  customer_id: number;
  /** owner: the owner's adjustment in the console, with its reason (migration 0006) */
  type: 'earn' | 'burn' | 'expire' | 'adjust' | 'owner';
  points: number;
  balance_after: number;
  reason: string;
  ref: string | null;
  remaining: number | null;
  expires_at: NullableTimestamp;
  expiry_notified: Generated<boolean>;
  created_at: Timestamp;
  /** the earning rules that made up an earn's points (migration 0020) */
  breakdown: ColumnType<PointsBreakdown | null, string | PointsBreakdown | null | undefined, string | PointsBreakdown | null>;
  /** the reason's words, for the history in the reader's language (migration 0070); null: `reason` alone */
  reason_words: ColumnType<ReasonWords | null, string | null | undefined, string | null>;
}

/** A points entry's reason as a message of the provider's catalogue (server/provider/i18n/messages.ts) and its values. */
export type ReasonWords = { id: string; values?: Record<string, string | number> };

/** the earning rules behind some points: { label, points } each */
export type PointsBreakdown = Array<{ label: string; points: number }>;

/** points earned but not yet spendable: an order's until it is completed and the hold has passed, a counter earn's until the hold has (migration 0020) */
export interface PointsPendingTable {
  id: Generated<number>;
  customer_id: number;
  points: number;
  reason: string;
  /** `order:<name>` or `counter:<earn id>`, once */
  ref: string;
  order_id: number | null;
  /** when the job may credit them; null: waiting for the order to be completed */
  available_at: NullableTimestamp;
  status: ColumnType<'pending' | 'credited' | 'voided', 'pending' | 'credited' | 'voided' | undefined, 'pending' | 'credited' | 'voided'>;
  breakdown: ColumnType<PointsBreakdown | null, string | PointsBreakdown | null | undefined, string | PointsBreakdown | null>;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
  /** the tier the job's credit of this row raised the customer to, for a refund or undo of its source (migration 0039); null: none */
  tier_rise: ColumnType<EarnTierRise | null, string | null | undefined, string | null>;
  /** the reason's words (migration 0070), carried to the entry that credits them; null: `reason` alone */
  reason_words: ColumnType<ReasonWords | null, string | null | undefined, string | null>;
}

export interface WalletLedgerTable {
  id: Generated<number>;
  customer_id: number;
  type: 'topup' | 'order' | 'refund' | 'adjust' | 'gift' | 'gift_card';
  amount: number;
  balance_after: number;
  reason: string;
  ref: string | null;
  created_at: Timestamp;
  /** how much of `amount` was gift money, with its sign (migration 0045) */
  gift_amount: Generated<number>;
}

export interface AddressTable {
  id: Generated<number>;
  customer_id: number;
  label: string;
  recipient: string;
  phone: string;
  line1: string;
  city: string;
  postal_code: string;
  lat: number;
  lng: number;
  note: string | null;
  is_default: Generated<boolean>;
  created_at: Timestamp;
}

export interface OrderTable {
  id: Generated<number>;
  name: string;
  customer_id: number;
  status: string;
  fulfilment: 'delivery' | 'pickup' | 'dine_in';
  payment_method: 'wallet' | 'gateway' | 'counter';
  /** a counter order paid at the till: how (migration 0062); null otherwise */
  counter_paid_with: ColumnType<'cash' | 'card' | null, 'cash' | 'card' | null | undefined, 'cash' | 'card' | null>;
  address: Json<Record<string, unknown>> | null;
  subtotal: number;
  discount: number;
  delivery_fee: number;
  total: number;
  points_earned: Generated<number>;
  voucher_id: number | null;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
  updated_at: Timestamp;
  next_auto_at: NullableTimestamp;
  /** why staff cancelled it (migration 0005) */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** of points_earned, what the cancellation took back; the rest had been spent (migration 0011) */
  points_taken_back: Generated<number>;
  /** the points it was quoted, credited when it is paid whatever the rate then (migration 0017; null: older orders) */
  points_to_earn: ColumnType<number | null, number | null | undefined, number | null>;
  /** where it is made (migration 0018; null: older orders) */
  location_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** pickup: the slot it took */
  pickup_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** the named parts of its points (EarnPart[]; migration 0022; null: older orders, the base alone) */
  points_breakdown: ColumnType<EarnPart[] | null, string | null | undefined, string | null>;
  /** an order waiting for an online payment: until when it holds its pickup slot (migration 0031) */
  hold_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** when the job runner let it go unpaid, its hold over (migration 0031): a later payment places it again */
  hold_released_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** the tier its completion raised the customer to, for a refund's take-back (EarnTierRise; migration 0037); null: none */
  tier_rise: ColumnType<EarnTierRise | null, string | null | undefined, string | null>;
  /** when a refund at the payment gateway took back what it earned (migration 0037): once; null: never */
  earnings_back_at: NullableTimestamp;
  /** the offer its promo code applied, as it was when ordered (migration 0043); null: none */
  offer_id: ColumnType<number | null, number | null | undefined, number | null>;
  offer_code: ColumnType<string | null, string | null | undefined, string | null>;
  offer_title: ColumnType<string | null, string | null | undefined, string | null>;
  offer_discount: ColumnType<number | null, number | null | undefined, number | null>;
  /** the tip, in minor units, part of total (migration 0055; 0: none) */
  tip: Generated<number>;
  /** the taxes charged (migration 0057, tax-rules.ts): `{ included, lines }`; null: none */
  taxes: ColumnType<{ included: boolean; lines: { name: string; rate: number; amount: number }[] } | null, string | null | undefined, string | null>;
  /** the sum of the tax lines, in minor units (migration 0058; 0: none), what the dashboard's tax collected sums */
  tax: Generated<number>;
  /** dine-in: the table's label as it was when ordered (migration 0059); null: not dine-in */
  table_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** a guest's order (migration 0064): the first name they gave; null: a member's */
  guest_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** when a member claimed this guest order and its points (migration 0064); null: not claimed */
  claimed_at: NullableTimestamp;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name: string;
  price: number;
  qty: number;
}

export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  note: string | null;
  created_at: Timestamp;
}

export interface PaymentTable {
  id: string;
  customer_id: number;
  kind: 'topup' | 'order' | 'gift_card';
  amount: number;
  status: ColumnType<'pending' | 'paid' | 'failed', 'pending' | 'paid' | 'failed' | undefined>;
  order_id: number | null;
  /** the eGift card a `gift_card` payment pays for (migration 0051) */
  gift_card_id: ColumnType<number | null, number | null | undefined>;
  return_to: string | null;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
  /** the gateway's reference for a paid payment (Stripe: the PaymentIntent), what a refund needs */
  provider_ref: ColumnType<string | null, string | null | undefined>;
  /** how much the gateway has given back so far (its refund webhooks) */
  refunded_amount: ColumnType<number, number | undefined>;
  /** the card a paid gateway payment was made with, as the gateway fingerprints it; null when it gives none (migration 0026) */
  card_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WebhookEventTable {
  event_id: string;
  payment_id: string;
  type: string;
  received_at: Timestamp;
}

export interface NotificationTable {
  id: Generated<number>;
  customer_id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface WheelSegmentTable {
  id: Generated<number>;
  label: string;
  weight: number;
  prize_type: 'points' | 'voucher' | 'none';
  prize_points: Generated<number>;
  reward_id: number | null;
  color: string | null;
  odds_version: number;
  position: Generated<number>;
  active: Generated<boolean>;
}

export interface WheelSpinTable {
  id: Generated<number>;
  customer_id: number;
  segment_id: number;
  odds_version: number;
  free: boolean;
  cost_points: Generated<number>;
  spin_day: ColumnType<string, string, string>;
  prize: Json<Record<string, unknown>>;
  /** prize->>'type', kept by PostgreSQL (the dashboard counts prizes by it) */
  prize_type: GeneratedAlways<string | null>;
  created_at: Timestamp;
}

export interface IdempotencyKeyTable {
  customer_id: number;
  scope: string;
  key: string;
  request_hash: string;
  state: 'in_progress' | 'done';
  response_status: number | null;
  response_body: Json<unknown> | null;
  /** a kept refusal's words in each language the app ships, for its replay (migration 0071); null: a success, or plain English words */
  refusal_words: Json<Record<string, string>> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  merchants: MerchantTable;
  customers: CustomerTable;
  otp_codes: OtpCodeTable;
  registration_tokens: RegistrationTokenTable;
  sessions: SessionTable;
  dev_outbox: DevOutboxTable;
  email_codes: EmailCodeTable;
  code_failures: CodeFailureTable;
  categories: CategoryTable;
  products: ProductTable;
  rewards: RewardTable;
  vouchers: VoucherTable;
  points_ledger: PointsLedgerTable;
  points_pending: PointsPendingTable;
  wallet_ledger: WalletLedgerTable;
  addresses: AddressTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_events: OrderEventTable;
  payments: PaymentTable;
  webhook_events: WebhookEventTable;
  notifications: NotificationTable;
  wheel_segments: WheelSegmentTable;
  wheel_spins: WheelSpinTable;
  idempotency_keys: IdempotencyKeyTable;
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  staff_links: StaffLinkTable;
  staff_login_failures: StaffLoginFailureTable;
  audit_log: AuditLogTable;
  theme_drafts: ThemeDraftTable;
  theme_versions: ThemeVersionTable;
  theme_preview_links: ThemePreviewLinkTable;
  media: MediaTable;
  merchant_secrets: MerchantSecretTable;
  voucher_short_codes: VoucherShortCodeTable;
  counter_redemptions: CounterRedemptionTable;
  member_short_codes: MemberShortCodeTable;
  counter_earns: CounterEarnTable;
  locations: LocationTable;
  dining_areas: DiningAreaTable;
  dining_tables: DiningTableTable;
  location_unavailable_products: LocationUnavailableProductTable;
  staff_locations: StaffLocationTable;
  pickup_slots: PickupSlotTable;
  order_refunds: OrderRefundTable;
  wheel_versions: WheelVersionTable;
  counter_code_failures: CounterCodeFailureTable;
  call_nonces: CallNonceTable;
  use_counts: UseCountTable;
  gateway_refunds: GatewayRefundTable;
  payment_disputes: PaymentDisputeTable;
  option_groups: OptionGroupTable;
  options: OptionTable;
  product_option_groups: ProductOptionGroupTable;
  order_item_options: OrderItemOptionTable;
  loyalty_rules: LoyaltyRuleTable;
  loyalty_rule_uses: LoyaltyRuleUseTable;
  loyalty_action_awards: LoyaltyActionAwardTable;
  birthday_gifts: BirthdayGiftTable;
  stamp_programs: StampProgramTable;
  stamp_cards: StampCardTable;
  stamp_events: StampEventTable;
  referrals: ReferralTable;
  customer_devices: CustomerDeviceTable;
  tier_programs: TierProgramTable;
  tiers: TierTable;
  customer_tiers: CustomerTierTable;
  tier_welcomes: TierWelcomeTable;
  push_subscriptions: PushSubscriptionTable;
  push_preferences: PushPreferenceTable;
  push_deliveries: PushDeliveryTable;
  wallet_passes: WalletPassTable;
  wallet_pass_devices: WalletPassDeviceTable;
  campaigns: CampaignTable;
  campaign_sends: CampaignSendTable;
  campaign_unsubscribes: CampaignUnsubscribeTable;
  broadcasts: BroadcastTable;
  broadcast_sends: BroadcastSendTable;
  offers: OfferTable;
  offer_uses: OfferUseTable;
  api_keys: ApiKeyTable;
  merchant_key_state: MerchantKeyStateTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  offer_customers: { offer_id: number; customer_id: number };
  offer_code_batches: OfferCodeBatchTable;
  offer_single_codes: OfferSingleCodeTable;
  backups: BackupTable;
  consents: ConsentTable;
  channel_connections: ChannelConnectionTable;
  gift_card_settings: GiftCardSettingsTable;
  gift_cards: GiftCardTable;
  gift_card_batches: GiftCardBatchTable;
  gift_card_ledger: GiftCardLedgerTable;
  feedback: FeedbackTable;
  feedback_settings: FeedbackSettingsTable;
  saved_cards: SavedCardTable;
  card_setups: CardSetupTable;
  auto_reloads: AutoReloadTable;
  auto_reload_runs: AutoReloadRunTable;
  receipt_sends: ReceiptSendTable;
  stations: StationTable;
  station_routes: StationRouteTable;
  station_tickets: StationTicketTable;
}

// web push (migration 0027)

/** a browser's push subscription: one row per endpoint, the customer who subscribed on it last */
export interface PushSubscriptionTable {
  id: Generated<number>;
  customer_id: number;
  /** the push service's URL for this browser (https; a loopback fake only under PUSH_ALLOW_LOOPBACK) */
  endpoint: string;
  /** the browser's P-256 public key and auth secret, base64url */
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  last_success_at: NullableTimestamp;
  /** deliveries given up in a row (reset by a success) */
  failures: ColumnType<number, number | undefined, number>;
}

/** which kinds a customer wants pushed; no row: all of them */
export interface PushPreferenceTable {
  customer_id: number;
  order_status: boolean;
  points: boolean;
  rewards: boolean;
  expiring: boolean;
  campaigns: boolean;
  updated_at: Timestamp;
}

export type PushDeliveryStatus = 'pending' | 'sent' | 'failed' | 'expired';

/** the push outbox: one notification to one subscription, sent by the `push` job */
export interface PushDeliveryTable {
  id: Generated<number>;
  notification_id: number;
  subscription_id: number;
  kind: 'order_status' | 'points' | 'rewards' | 'expiring' | 'campaigns';
  status: ColumnType<PushDeliveryStatus, PushDeliveryStatus | undefined, PushDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  /** when it may be tried next (a claim moves it a lease ahead) */
  next_at: Timestamp;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  last_error: string | null;
}

/** a friend who signed up with a customer's referral code: one per friend account ever (migration 0026) */
export interface ReferralTable {
  id: Generated<number>;
  referrer_id: number;
  friend_id: number;
  status: ColumnType<ReferralStatus, ReferralStatus | undefined, ReferralStatus>;
  /** refused: why (same card, or the owner's rejection); void: the owner's reason */
  reason: string | null;
  /** review: the fraud signals matched (migration 0032; ReferralSignal), kept after the owner's decision */
  signals: Json<ReferralSignal[]> | null;
  /** when and by whom a referral held for review was approved or rejected */
  reviewed_at: NullableTimestamp;
  reviewed_by: number | null;
  /** the friend's paid order it waits for (`ordered`) or was rewarded for */
  order_id: number | null;
  signed_up_at: Timestamp;
  ordered_at: NullableTimestamp;
  rewarded_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  voided_by: number | null;
  /** what it gave, so a void can take it back */
  referrer_points: number | null;
  friend_points: number | null;
  referrer_voucher_id: number | null;
  friend_voucher_id: number | null;
}

/**
 * What a customer was seen with at sign-in, sign-up, order creation and push subscription, as a keyed
 * hash (migration 0026; `kind` 0032): the gateway's device cookie, the client address, the user agent
 * with that address, a push endpoint. The hashes of different kinds never meet (each is keyed by kind).
 */
export interface CustomerDeviceTable {
  customer_id: number;
  device_hash: string;
  kind: ColumnType<SightingKind, SightingKind | undefined, SightingKind>;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

// tiers (migration 0025)

/** the tier programme: one row (id 1) */
export interface TierProgramTable {
  id: Generated<number>;
  enabled: boolean;
  basis: 'points' | 'visits';
  updated_at: Timestamp;
}

/** a tier of the programme, by position (0: the first, its threshold 0) */
export interface TierTable {
  position: number;
  name: string;
  threshold: number;
  multiplier: number;
  welcome_reward_id: number | null;
  birthday_reward_id: number | null;
  early_reward_ids: Json<number[]>;
}

/** a customer's tier: held until held_until (null: the first tier, nothing to drop) */
export interface CustomerTierTable {
  customer_id: number;
  position: number;
  reached_at: Timestamp;
  held_until: NullableTimestamp;
  /** the 30 days' notice of a drop, sent (cleared when the tier is renewed or changes) */
  notice_sent_at: NullableTimestamp;
  /** the shop's day the nightly run last looked at this customer (YYYY-MM-DD) */
  checked_on: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

/** a tier's welcome reward given: once ever per customer and tier (by the tier's name) */
export interface TierWelcomeTable {
  id: Generated<number>;
  customer_id: number;
  tier_name: string;
  /** null: the reward was retired or sold out when the tier was reached, nothing given */
  voucher_id: number | null;
  created_at: Timestamp;
}

/** a birthday gift given: one per customer and year, whichever instance or retry gets there first (migration 0021) */
export interface BirthdayGiftTable {
  id: Generated<number>;
  customer_id: number;
  /** the year of the birthday it was for (a gift in late December for a 2 January birthday is the next year's) */
  year: number;
  kind: 'points' | 'voucher';
  points: number | null;
  voucher_id: number | null;
  created_at: Timestamp;
}

/** a refund the payment gateway reported: one row per increase of a payment's refunded total (migration 0012) */
export interface GatewayRefundTable {
  id: Generated<number>;
  payment_id: string;
  event_id: string;
  amount: number;
  /** a top-up's refund: what came out of the wallet (the rest had been spent) */
  wallet_taken_back: ColumnType<number, number | undefined, number>;
  /** this shop's own refund of a cancelled order (order_refunds), not one made at the gateway */
  ours: boolean;
  created_at: Timestamp;
}

/** a dispute (chargeback) of a paid payment, by the gateway's own id (migration 0012) */
export interface PaymentDisputeTable {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  created_at: Timestamp;
}

/** the replay cache of the gateway's call signatures (migration 0010) */
/** one counted use of a limited call by a client or customer (migration 0034; http/use-limit.ts) */
export interface UseCountTable {
  id: Generated<string>;
  scope: string;
  key: string;
  at: Timestamp;
}

export interface CallNonceTable {
  nonce: string;
  seen_at: Timestamp;
}

/** a published wheel configuration (migration 0007) */
export interface WheelVersionTable {
  version: number;
  spin_cost_points: number;
  free_spins_per_day: number;
  published_at: Timestamp;
  published_by: number | null;
}

// the counter and the orders board (migration 0005)

export interface MerchantSecretTable {
  /** what the secret is for: 'voucher-codes' */
  name: string;
  secret: Buffer;
  created_at: Timestamp;
}

export interface VoucherShortCodeTable {
  short_code: string;
  /** the 30-second step the code belongs to */
  step: ColumnType<number, number, number>;
  voucher_id: number;
}

export interface CounterRedemptionTable {
  id: Generated<number>;
  voucher_id: number;
  staff_id: number;
  redeemed_at: Timestamp;
  undone_at: NullableTimestamp;
  undone_by: number | null;
  /** the counter's location (migration 0018; null: before locations, or not given) */
  location_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** its voucher was issued by this redemption, with points from the member card (migration 0023): an undo cancels it */
  issued: ColumnType<boolean, boolean | undefined, boolean>;
}

// the member card and points at the counter (migration 0019)

export interface MemberShortCodeTable {
  short_code: string;
  /** the 30-second step the code belongs to */
  step: ColumnType<number, number, number>;
  customer_id: number;
}

/** points given at the counter for a walk-in sale */
export interface CounterEarnTable {
  id: Generated<number>;
  customer_id: number;
  /** who gave it: a member of staff, or an API key (a till, migration 0047): one of the two */
  staff_id: ColumnType<number | null, number | null | undefined, number | null>;
  api_key_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** the counter's location (null: none given and the member works at several) */
  location_id: number | null;
  /** the sale, in minor units */
  amount: number;
  points: number;
  /** what was sold ({ product_id, qty }[]), when the counter said */
  items: Json<{ product_id: number; qty: number }[]> | null;
  created_at: Timestamp;
  undone_at: NullableTimestamp;
  undone_by: number | null;
  /** the app order this sale was (migration 0034; null: none named) */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** the tier the earn raised the customer to, for its undo (tiers.service.ts TierRise; migration 0030); null: none */
  tier_rise: ColumnType<EarnTierRise | null, string | null | undefined, string | null>;
}

/** counter_earns.tier_rise: the customer's tier row before the earn raised it (null: never placed), the welcomes the rise gave. */
export interface EarnTierRise {
  before: { position: number; reached_at: string; held_until: string | null; notice_sent_at: string | null } | null;
  welcomes: Array<{ id: number; position: number; voucher_id: number | null }>;
}

// locations (migration 0018)

export interface LocationTable {
  id: Generated<number>;
  name: string;
  address: string;
  lat: number | null;
  lng: number | null;
  phone: Generated<string>;
  /** empty: the shop's */
  timezone: Generated<string>;
  /** WeeklyHours (src/contract/locations.ts) */
  hours: Json<Record<string, unknown>>;
  /** HoursException[] */
  exceptions: ColumnType<unknown[], string | undefined, string>;
  pickup: Generated<boolean>;
  prep_minutes: Generated<number>;
  slot_minutes: Generated<number>;
  slot_capacity: Generated<number>;
  /** DeliveryArea[] */
  delivery_areas: ColumnType<unknown[], string | undefined, string>;
  paused: Generated<boolean>;
  /** paused: until then; null: until resumed */
  paused_until: NullableTimestamp;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// dine-in tables (migration 0059)

export interface DiningAreaTable {
  id: Generated<number>;
  location_id: number;
  name: string;
  created_at: Timestamp;
}

export interface DiningTableTable {
  id: Generated<number>;
  location_id: number;
  /** null: no area */
  area_id: number | null;
  label: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LocationUnavailableProductTable {
  location_id: number;
  product_id: number;
}

/** a staff member with none listed works at every location */
export interface StaffLocationTable {
  staff_id: number;
  location_id: number;
}

/** how many orders took each pickup slot: never over the location's slot_capacity */
export interface PickupSlotTable {
  location_id: number;
  slot_at: Timestamp;
  taken: Generated<number>;
}

export interface OrderRefundTable {
  order_id: number;
  method: 'wallet' | 'gateway';
  payment_id: string | null;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  gateway_refund_id: string | null;
  attempts: Generated<number>;
  /** an instance is calling the gateway since then (others leave it alone for a few minutes) */
  claimed_at: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
}

// the merchant console (migration 0004)

export interface StaffTable {
  id: Generated<number>;
  /** lower case */
  email: string;
  name: string;
  role: 'owner' | 'staff';
  /** scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64> (staff/password.ts) */
  password_hash: string;
  created_at: Timestamp;
  removed_at: NullableTimestamp;
}

export interface StaffSessionTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface StaffLinkTable {
  id: Generated<number>;
  token_hash: string;
  /** setup: the first owner (the operator's); invite: a new team member; reset: a new password for staff_id */
  kind: 'setup' | 'invite' | 'reset';
  role: 'owner' | 'staff';
  email: string | null;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  /** whose password a reset link changes (migration 0009) */
  staff_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** revoked by an owner, or with its maker's removal, demotion or sign-out everywhere (migration 0009) */
  revoked_at: NullableTimestamp;
  revoked_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export type AuditActor = 'staff' | 'machine' | 'operator' | 'visitor';

/** an unknown short code typed at the counter, per staff session (migration 0009) */
export interface CounterCodeFailureTable {
  id: Generated<number>;
  session_id: number;
  created_at: Timestamp;
}

export interface StaffLoginFailureTable {
  id: Generated<number>;
  account_key: string;
  client_key: string;
  /** a try refused before its password was checked (migration 0009): counts towards an attack, not towards the wait */
  refused: Generated<boolean>;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null;
  /** who acted: a staff member (staff_id), the machine key, the operator, or a visitor not yet anyone (migration 0009) */
  actor: Generated<AuditActor>;
  action: string;
  target: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  created_at: Timestamp;
}

export interface ThemeDraftTable {
  merchant_id: string;
  settings: Json<Record<string, unknown>>;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface ThemeVersionTable {
  id: Generated<number>;
  merchant_id: string;
  settings: Json<Record<string, unknown>>;
  published_by: number | null;
  published_at: Timestamp;
  restored_from: number | null;
}

export interface ThemePreviewLinkTable {
  id: Generated<number>;
  token_hash: string;
  merchant_id: string;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Uploaded images, by the SHA-256 of their (re-encoded) bytes: every instance serves the same file. */
export interface MediaTable {
  sha256: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: ColumnType<Uint8Array, Uint8Array, never>;
  width: number;
  height: number;
  created_by: number | null;
  created_at: Timestamp;
}

// earning rules (migration 0022)

/** an owner's earning rule: its kind and its fields as the contract's schema parsed them */
export interface LoyaltyRuleTable {
  id: Generated<number>;
  kind: RuleKind;
  name: string;
  fields: Json<Record<string, unknown>>;
  status: ColumnType<RuleStatus, RuleStatus | undefined, RuleStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
  ended_at: NullableTimestamp;
}

/** a time window rule applied to a sale: an order's or a counter earn's, on the location's day */
export interface LoyaltyRuleUseTable {
  id: Generated<number>;
  rule_id: number;
  customer_id: number;
  order_id: number | null;
  earn_id: number | null;
  /** YYYY-MM-DD in the location's time zone */
  local_date: ColumnType<string, string, string>;
  points: number;
  created_at: Timestamp;
}

/** points for an action (sign-up, verified e-mail, completed profile), once per customer */
export interface LoyaltyActionAwardTable {
  customer_id: number;
  action: RuleAction;
  rule_id: number;
  points: number;
  created_at: Timestamp;
}

// stamp cards (migration 0024)

/** an owner's stamp card programme */
export interface StampProgramTable {
  id: Generated<number>;
  name: string;
  product_ids: Json<number[]>;
  category_ids: Json<number[]>;
  per: 'item' | 'visit';
  stamps_needed: number;
  reward_id: number;
  expiry_days: number;
  status: ColumnType<RuleStatus, RuleStatus | undefined, RuleStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
  ended_at: NullableTimestamp;
}

/** a customer's card in a programme: at most one open per programme and customer */
export interface StampCardTable {
  id: Generated<number>;
  program_id: number;
  customer_id: number;
  stamps: ColumnType<number, number | undefined, number>;
  /** its first stamp */
  started_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  status: ColumnType<'open' | 'filled' | 'expired' | 'closed', 'open' | 'filled' | 'expired' | 'closed' | undefined>;
  filled_at: NullableTimestamp;
  /** the voucher it issued when it filled (null: not full, or the reward could not be given) */
  voucher_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** a sale's stamps on one card (an order's or a counter earn's), so an undo knows what to take back */
export interface StampEventTable {
  id: Generated<number>;
  card_id: number;
  program_id: number;
  customer_id: number;
  order_id: number | null;
  earn_id: number | null;
  stamps: number;
  /** the card's stamps after them */
  stamps_after: number;
  /** these stamps filled the card */
  filled: ColumnType<boolean, boolean | undefined, boolean>;
  voucher_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

// wallet passes (migration 0029)

/** a customer's Apple / Google Wallet pass: one per customer; `version` moves (a trigger) when what it shows changes */
export interface WalletPassTable {
  customer_id: number;
  /** unguessable (random), the pass's serialNumber and its static member code */
  serial: string;
  /** sha-256 of the Apple pass's authenticationToken (null: no Apple pass made yet) */
  auth_token_hash: string | null;
  version: ColumnType<number, number | undefined, number>;
  /** when what it shows last changed (whole seconds): the pass's Last-Modified */
  changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** the version the Apple devices were last pushed for */
  apple_pushed: ColumnType<number, number | undefined, number>;
  /** a Google Wallet save link was made: its loyalty object is patched on changes */
  google_object: ColumnType<boolean, boolean | undefined, boolean>;
  google_pushed: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** how many times the customer turned their wallet cards off (migration 0033): the fixed member code is signed with it */
  revocations: ColumnType<number, number | undefined, number>;
}

/** an Apple device registered for a pass's updates */
export interface WalletPassDeviceTable {
  device_id: string;
  serial: string;
  push_token: string;
  created_at: Timestamp;
}

/** one automatic campaign per kind: on or off, its message, reward and timing (migration 0028) */
export interface CampaignTable {
  kind: CampaignKind;
  enabled: Generated<boolean>;
  title: string;
  body: string;
  reward_id: number | null;
  /** the kind's number: welcome's delay in hours, win-back's days, nearly there's points, expiring's days */
  timing: number;
  /** when it was last turned on: welcome greets only customers who signed up since */
  enabled_at: NullableTimestamp;
  updated_at: Timestamp;
  /** the title and body in other languages, per language (migration 0068); a missing one: the main column's */
  translations: ColumnType<ShopWords, string | undefined, string>;
}

/** a campaign's message to a customer: once per campaign, customer and period (migration 0028) */
export interface CampaignSendTable {
  id: Generated<number>;
  campaign: CampaignKind;
  customer_id: number;
  period: string;
  notification_id: number | null;
  voucher_id: number | null;
  channel: ColumnType<'app' | 'email', 'app' | 'email' | undefined, 'app' | 'email'>;
  sent_at: Timestamp;
  opened_at: NullableTimestamp;
}

/** an owner's one-off message to the customers who take offers (migration 0042) */
export interface BroadcastTable {
  id: Generated<number>;
  staff_id: number | null;
  title: string;
  body: string;
  /** only customers of this tier (its position); null: every tier */
  tier_position: number | null;
  reward_id: number | null;
  status: ColumnType<'sending' | 'sent', 'sending' | 'sent' | undefined, 'sending' | 'sent'>;
  /** the customers it was to reach when sent */
  audience: number;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /** the title and body in other languages, per language (migration 0069); a missing one: the main column's */
  translations: ColumnType<ShopWords, string | undefined, string>;
}

/** a broadcast's message to one customer: once per broadcast and customer (migration 0042) */
export interface BroadcastSendTable {
  id: Generated<number>;
  broadcast_id: number;
  customer_id: number;
  notification_id: number | null;
  voucher_id: number | null;
  channel: ColumnType<'app' | 'email', 'app' | 'email' | undefined, 'app' | 'email'>;
  sent_at: Timestamp;
}

/** an owner's offer with a promo code, and what it has used of its limits (migration 0043) */
export interface OfferTable {
  id: Generated<number>;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  kind: OfferKind;
  /** amount_off: minor units; the other kinds: a percentage */
  value: number;
  /** percent_off: the most one order gets off; null: no cap */
  max_discount: number | null;
  /** free_product: the product given (no foreign key: migration 0044); else null */
  product_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** buy_x_get_y: what the basket must have, and what it gets; else null */
  buy: ColumnType<OfferItems | null, string | null | undefined, string | null>;
  get: ColumnType<OfferItems | null, string | null | undefined, string | null>;
  /** buy_x_get_y: how many times one order may take it; else null */
  max_applications: ColumnType<number | null, number | null | undefined, number | null>;
  /** the weekdays it runs (empty: every day), the hours of them (null: all day), a recurrence rule (null: none); the shop's zone */
  days: Json<Weekday[]>;
  hours: ColumnType<OfferHours | null, string | null | undefined, string | null>;
  rrule: ColumnType<string | null, string | null | undefined, string | null>;
  /** audience tier: the tier, customers at it or above (migration 0044) */
  tier_position: ColumnType<number | null, number | null | undefined, number | null>;
  /** upper case; unique among offers not archived; null: an automatic offer (none yet) */
  code: string | null;
  min_spend: ColumnType<number, number | undefined, number>;
  starts_at: Timestamp;
  ends_at: NullableTimestamp;
  fulfilments: Json<Fulfilment[]>;
  /** empty: every location */
  location_ids: Json<number[]>;
  audience: ColumnType<OfferAudience, OfferAudience | undefined, OfferAudience>;
  max_uses: number | null;
  max_discount_total: number | null;
  per_customer_limit: number | null;
  combines_with_voucher: ColumnType<boolean, boolean | undefined, boolean>;
  /** no code of its own and never by itself: it applies with one of its single-use codes (migration 0048) */
  single_use: ColumnType<boolean, boolean | undefined, boolean>;
  /** points earned on the total after its discount (true), or before it (migration 0048) */
  points_on_discounted: ColumnType<boolean, boolean | undefined, boolean>;
  status: ColumnType<OfferStatus, OfferStatus | undefined, OfferStatus>;
  /** orders placed with it and not cancelled, and their discount: what max_uses and max_discount_total bound */
  uses: ColumnType<number, number | undefined, number>;
  discount_given: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** an order that used an offer's code: one per order; `given_back` when the order was cancelled (migration 0043) */
export interface OfferUseTable {
  id: Generated<number>;
  offer_id: number;
  order_id: number;
  customer_id: number;
  discount: number;
  /** the customer had no order before it that was not cancelled */
  first_order: ColumnType<boolean, boolean | undefined, boolean>;
  state: ColumnType<'used' | 'given_back', 'used' | 'given_back' | undefined, 'used' | 'given_back'>;
  created_at: Timestamp;
  given_back_at: NullableTimestamp;
  /** the single-use code it took (migration 0048); null: a public code or an automatic offer */
  single_code_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** a batch of an offer's single-use codes, made by the owner (migration 0048) */
export interface OfferCodeBatchTable {
  id: Generated<number>;
  offer_id: number;
  prefix: ColumnType<string, string | undefined, string>;
  count: number;
  created_by: number | null;
  created_at: Timestamp;
}

/** one single-use code: unique; the order it was used on (null: unused) (migration 0048) */
export interface OfferSingleCodeTable {
  id: Generated<number>;
  batch_id: number;
  offer_id: number;
  code: string;
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  used_at: NullableTimestamp;
}

/** a customer who wants no campaigns, from the app or an e-mail's link (migration 0028) */
export interface CampaignUnsubscribeTable {
  customer_id: number;
  via: 'app' | 'email';
  created_at: Timestamp;
}

/** a yes or no to offers, with when and where it was given (migration 0038); the latest per purpose and channel holds */
export interface ConsentTable {
  id: Generated<number>;
  customer_id: number;
  /** what it is for: `offers` (the automatic campaigns) */
  purpose: string;
  /** `all` (the campaign switch and e-mail link: every channel), `push` */
  channel: string;
  granted: boolean;
  /** where: `sign_up`, `profile`, `push_settings`, `email_link` */
  source: string;
  created_at: Timestamp;
}

/** a backup taken, by the daily job or `npm run backup` (migration 0036; server/db/backup.ts) */
export interface BackupTable {
  id: Generated<number>;
  taken_at: Timestamp;
  /** the file written (on the machine that took it) */
  file: string;
  bytes: number;
  encrypted: boolean;
  kind: 'pglite' | 'postgres';
}

/** a payment or message service the owner connected in the console (migration 0040; channels/connections.service.ts) */
export interface ChannelConnectionTable {
  service: 'stripe' | 'twilio' | 'smtp';
  /** the settings as JSON, sealed with AES-256-GCM (server/lib/secret-box.ts): never plaintext */
  sealed: string;
  /** what the console may show: a key's last characters, a host, a sending number's last 4 digits */
  hint: Json<Record<string, string>>;
  connected_by: number | null;
  connected_by_name: string;
  connected_at: Timestamp;
  updated_at: Timestamp;
}

// gift cards (migration 0045)

/** a gift card design: its picture and the message it suggests */
export interface GiftCardDesignRow {
  id: string;
  name: string;
  picture: string;
  message: string;
  enabled: boolean;
}

/** the owner's gift card settings: one row (id 1), absent until first saved (the defaults hold) */
export interface GiftCardSettingsTable {
  id: number;
  enabled: boolean;
  /** the fixed amounts offered, in minor units */
  amounts: Json<number[]>;
  /** a custom amount's range; both null: no custom amount */
  custom_min: number | null;
  custom_max: number | null;
  /** months a card may be claimed after it is bought; null: never expires */
  expiry_months: number | null;
  designs: Json<GiftCardDesignRow[]>;
  updated_at: Timestamp;
}

/** a gift card sold: one row per card */
export interface GiftCardTable {
  id: Generated<number>;
  /** 16 characters of Crockford base-32 from the CSPRNG (80 bits) and a check character */
  number: string;
  buyer_id: number | null;
  amount: number;
  design: string;
  message: string;
  from_name: string;
  to_name: string;
  to_phone: string | null;
  to_email: string | null;
  deliver_at: Timestamp;
  delivered_at: NullableTimestamp;
  /** awaiting_payment: bought through the payment gateway, not paid yet; void: that payment failed (migration 0051) */
  status: Generated<'inactive' | 'awaiting_payment' | 'active' | 'claimed' | 'refunded' | 'void'>;
  claimed_by: number | null;
  claimed_at: NullableTimestamp;
  refunded_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  /** till: a physical card sold at the counter (migration 0053) */
  paid_with: 'wallet' | 'gateway' | 'till';
  /** how much of the price was the buyer's gift money: a refund gives that much back as gift money */
  paid_gift: number;
  created_at: Timestamp;
  /** when the recipient's contact was removed with an erased account, its buyer's or the recipient's (migration 0049) */
  contact_erased_at: NullableTimestamp;
  /** while a run sends it: another run leaves it until then (migration 0051) */
  sending_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** a physical card's batch; null: an eGift (migration 0053) */
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** spent at the counter for walk-ins; what is left is amount - spent (migration 0053) */
  spent: ColumnType<number, number | undefined, number>;
  /** the member of staff who sold and activated a physical card, and when (migration 0053) */
  activated_by: ColumnType<number | null, number | null | undefined, number | null>;
  activated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** a batch of physical gift card numbers to print (migration 0053) */
export interface GiftCardBatchTable {
  id: Generated<number>;
  label: string;
  count: number;
  created_by: number | null;
  created_at: Timestamp;
}

/** every movement of a physical card's value: activated, spent for a walk-in, added to a wallet (migration 0053) */
export interface GiftCardLedgerTable {
  id: Generated<number>;
  gift_card_id: number;
  type: 'activate' | 'spend' | 'wallet';
  amount: number;
  balance_after: number;
  staff_id: number | null;
  customer_id: number | null;
  created_at: Timestamp;
}

/** an owner's API key: its hash, never the key (migration 0047) */
export interface ApiKeyTable {
  id: Generated<number>;
  name: string;
  scopes: Json<ApiKeyScope[]>;
  /** its first characters, to tell keys apart */
  shown: string;
  /** SHA-256 of the key */
  secret_hash: Buffer;
  /** after a rotation: the old key's hash, working until previous_until */
  previous_hash: Buffer | null;
  previous_until: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
  rotated_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** the configuration's merchant key (MERCHANT_API_KEY): one row (migration 0047) */
export interface MerchantKeyStateTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  turned_off_at: NullableTimestamp;
  /** SHA-256 of the key turned off: another key in the configuration is on */
  turned_off_hash: Buffer | null;
  last_used_at: NullableTimestamp;
}

/** an owner's outbound webhook receiver (migration 0046; webhooks/) */
export interface WebhookEndpointTable {
  id: Generated<number>;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  /** the event types it wants (webhook-events.ts) */
  events: string[];
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** why it is off: switched off by the owner, or after a delivery failed every retry */
  disabled_reason: 'owner' | 'failures' | null;
  disabled_at: NullableTimestamp;
  /** its `whsec_` secret sealed with AES-256-GCM (server/lib/secret-box.ts): never plaintext */
  sealed_secret: string;
  /** the secret's first and last characters, for the console */
  secret_hint: string;
  /** after a rotation: the old secret, sealed, signing beside the new one until previous_until */
  previous_sealed: string | null;
  previous_until: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** one event for one endpoint, the webhooks' outbox (migration 0046) */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  event_type: string;
  /** the `webhook-id` header: one per event, kept by retries and replays */
  message_id: string;
  /** the body, exactly as signed */
  payload: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  /** when it may be tried next (a claim moves it a lease ahead) */
  next_at: Timestamp;
  created_at: Timestamp;
  replay_of: number | null;
}

/** one try of a delivery: the delivery log (migration 0046) */
export interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  at: Timestamp;
  response_status: number | null;
  response_excerpt: ColumnType<string, string | undefined, string>;
  error: string | null;
  duration_ms: number;
}

/** a receipt to send, one per order and channel (migration 0056): leased by the job runner, then marked sent */
export interface ReceiptSendTable {
  id: Generated<number>;
  /** exactly one of order_id, payment_id (a top-up) and gift_card_id (a gift card bought) is set (migration 0058) */
  order_id: number | null;
  payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  gift_card_id: ColumnType<number | null, number | null | undefined, number | null>;
  channel: 'email' | 'sms';
  created_at: Timestamp;
  leased_until: NullableTimestamp;
  tries: Generated<number>;
  sent_at: NullableTimestamp;
}

/** a customer's rating of one of their completed orders, one per order (migration 0052) */
export interface FeedbackTable {
  id: Generated<number>;
  order_id: number;
  customer_id: number;
  rating: number;
  reasons: ColumnType<string[], string[] | undefined, string[]>;
  comment: ColumnType<string, string | undefined, string>;
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  replied_at: NullableTimestamp;
  replied_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** the owner's one row: the review link offered after a high rating (migration 0052) */
export interface FeedbackSettingsTable {
  id: number;
  review_url: string | null;
  updated_at: Timestamp;
}

/** a customer's saved card, as the payment gateway keeps it: references and what it shows, never a number (migration 0054) */
export interface SavedCardTable {
  customer_id: number;
  gateway: string;
  customer_ref: string;
  method_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: Timestamp;
}

/** a card save started at the gateway (migration 0054) */
export interface CardSetupTable {
  id: string;
  customer_id: number;
  gateway: string;
  setup_ref: string | null;
  customer_ref: string | null;
  status: ColumnType<'open' | 'saved' | 'failed', 'open' | 'saved' | 'failed' | undefined>;
  created_at: Timestamp;
}

/** "when my balance falls below threshold, add amount" (migration 0054) */
export interface AutoReloadTable {
  customer_id: number;
  enabled: boolean;
  threshold: number;
  amount: number;
  /** why it is paused (unreachable: migration 0063) */
  paused: ColumnType<AutoReloadPause | null, AutoReloadPause | null | undefined>;
  paused_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** one reload per crossing of the line (migration 0054) */
export interface AutoReloadRunTable {
  id: Generated<number>;
  customer_id: number;
  crossing: string;
  amount: number;
  status: ColumnType<
    'pending' | 'charging' | 'succeeded' | AutoReloadPause | 'cancelled',
    'pending' | 'charging' | 'succeeded' | AutoReloadPause | 'cancelled' | undefined
  >;
  payment_id: ColumnType<string | null, string | null | undefined>;
  /** the card being charged (the gateway's references), kept for a retry */
  customer_ref: ColumnType<string | null, string | null | undefined>;
  method_ref: ColumnType<string | null, string | null | undefined>;
  claimed_at: NullableTimestamp;
  /** tries that could not reach the payment gateway, and when the next may be made (migration 0063) */
  attempts: Generated<number>;
  retry_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
}

/** a kitchen display station (Bar, Kitchen, Pastry; migration 0060) */
export interface StationTable {
  id: Generated<number>;
  name: string;
  position: Generated<number>;
  /** where an item no route names goes (at most one; none: the first station) */
  is_default: Generated<boolean>;
  /** minutes after which a ticket counts as late on the station's screen */
  late_minutes: Generated<number>;
  created_at: Timestamp;
}

/** a category's or a product's station (migration 0060): exactly one of the two ids */
export interface StationRouteTable {
  id: Generated<number>;
  station_id: number;
  category_id: number | null;
  product_id: number | null;
}

/** an order line at its station (migration 0060): routed once, bumped when made */
export interface StationTicketTable {
  order_item_id: number;
  order_id: number;
  station_id: number;
  routed_at: Timestamp;
  bumped_at: NullableTimestamp;
  bumped_by: ColumnType<number | null, number | null | undefined, number | null>;
}
