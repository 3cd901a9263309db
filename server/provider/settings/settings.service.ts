/**
 * The shop's settings (what the app shows: name, theme, currency …) and its business rules, read for
 * nearly every call: cached a few seconds. The theme studio (theme/) writes the theme's part of them.
 */
import type { Language } from '#contract/languages';
import type { Database } from '../../db';
import type { SiteSettings } from '#contract';
import { DELETION_COOLING_OFF_DEFAULT_DAYS } from '#contract/privacy';
import { TIPS_DEFAULT, type TipSettings } from '#contract/tips-rules';
import type { TaxRate } from '#contract/tax-rules';
import { notFound } from '../http/errors';
import type { ProviderContext } from '../context';
import { RefreshingCopy } from '../../lib/refreshing-copy';
import { giftCardsOn, pingDatabase, readMerchant } from './settings.repo';

/** Business rules, each a per-merchant setting (merchants.rules overrides these defaults). */
export interface MerchantRules {
  timezone: string;
  currency: string;
  locale: string;
  default_country_code: string;
  otp_ttl_seconds: number;
  otp_max_attempts: number;
  otp_resend_seconds: number;
  otp_per_phone_per_hour: number;
  otp_per_ip_per_hour: number;
  /** wrong code entries (phone and e-mail codes alike) per client address per hour; an IPv6 client counts by its /64 */
  code_failures_per_ip_per_hour: number;
  email_code_ttl_seconds: number;
  email_code_resend_seconds: number;
  email_codes_per_hour: number;
  session_days: number;
  min_order: number;
  delivery_fee: number;
  /** minor units of the subtotal after discount (and the delivery fee, if delivery_fee_earns_points) that earn one point */
  points_per_amount: number;
  /** whether an order's delivery fee earns points too (default: no, points are for what was bought) */
  delivery_fee_earns_points: boolean;
  points_expiry_days: number;
  points_expiry_notice_days: number;
  /** days earned points wait before they can be spent: after an order is completed, after a counter earn (0: at once) */
  points_hold_days: number;
  /** the most points one customer may earn at the counter in a shop's day (walk-in sales; 0: none) */
  counter_points_per_customer_per_day: number;
  /** the most points one staff member may give at the counter in a shop's day */
  counter_points_per_staff_per_day: number;
  /** the most stamp card stamps one customer may collect at the counter in a shop's day (0: none) */
  counter_stamps_per_customer_per_day: number;
  /** the most stamp card stamps one staff member may give at the counter in a shop's day */
  counter_stamps_per_staff_per_day: number;
  /** the birthday treat: nothing, points (birthday_points), or a voucher of the reward named birthday_reward_name */
  birthday_reward: 'off' | 'points' | 'reward';
  birthday_points: number;
  birthday_reward_name: string;
  /** the treat is given from this many days before the birthday up to the day */
  birthday_window_days: number;
  /** what a referral gives both (issue 30), like the birthday treat; at most referral_monthly_cap a month per referrer */
  referral_reward: 'off' | 'points' | 'reward';
  referral_points: number;
  referral_reward_name: string;
  referral_monthly_cap: number;
  /** the least (minor units) a friend's paid order must total to count for their referral; 0: any */
  referral_min_order: number;
  spin_cost_points: number;
  free_spins_per_day: number;
  topup_min: number;
  topup_max: number;
  /** the wallet's quick top-up amounts, ascending, each within topup_min..topup_max */
  topup_presets: number[];
  /** the shop's taxes (issue 51, tax-rules.ts): none by default */
  tax_rates: TaxRate[];
  tax_inclusive: boolean;
  tax_number: string;
  /** seconds between automatic order status steps in the demo */
  demo_step_seconds: number;
  /** days between a customer (or the owner for them) asking for their account's deletion and its erasure; signing in before cancels it */
  deletion_cooling_off_days: number;
  /** tips at checkout (issue 51, tips/): off by default */
  tips: TipSettings;
  /** orders from the table by its QR code (issue 54, tables/): off by default */
  dine_in: boolean;
  /** dine-in orders may be paid at the counter (issue 54, payment_method counter): off by default */
  pay_at_counter: boolean;
  /** the language a first visit speaks when the browser asks for none the shop offers (among `languages`) */
  language_default: Language;
  /** the languages the shop offers customers, the default among them */
  languages: Language[];
}

export const DEFAULT_RULES: MerchantRules = {
  timezone: 'Asia/Manila',
  currency: 'PHP',
  locale: 'en-PH',
  default_country_code: '63',
  otp_ttl_seconds: 300,
  otp_max_attempts: 5,
  otp_resend_seconds: 60,
  otp_per_phone_per_hour: 5,
  otp_per_ip_per_hour: 20,
  code_failures_per_ip_per_hour: 20,
  email_code_ttl_seconds: 1800,
  email_code_resend_seconds: 60,
  email_codes_per_hour: 5,
  session_days: 30,
  min_order: 15_000,
  delivery_fee: 4_900,
  points_per_amount: 1_000,
  delivery_fee_earns_points: false,
  points_expiry_days: 365,
  points_expiry_notice_days: 7,
  points_hold_days: 0,
  counter_points_per_customer_per_day: 500,
  counter_points_per_staff_per_day: 5_000,
  counter_stamps_per_customer_per_day: 20,
  counter_stamps_per_staff_per_day: 300,
  birthday_reward: 'points',
  birthday_points: 50,
  birthday_reward_name: '',
  birthday_window_days: 0,
  referral_reward: 'points',
  referral_points: 100,
  referral_reward_name: '',
  referral_monthly_cap: 10,
  referral_min_order: 0,
  spin_cost_points: 20,
  free_spins_per_day: 1,
  topup_min: 10_000,
  topup_max: 5_000_000,
  topup_presets: [10_000, 50_000, 100_000, 200_000],
  tax_rates: [],
  tax_inclusive: true,
  tax_number: '',
  demo_step_seconds: 45,
  deletion_cooling_off_days: DELETION_COOLING_OFF_DEFAULT_DAYS,
  tips: TIPS_DEFAULT,
  dine_in: false,
  pay_at_counter: false,
  language_default: 'en',
  languages: ['en'],
};

export interface Merchant {
  id: string;
  settings: SiteSettings;
  rules: MerchantRules;
}

/**
 * Each merchant's settings and rules, read again once 5 s old; meanwhile requests get the copy they have
 * while it is under a minute old (server/lib/refreshing-copy.ts): under a rush on PGlite the read waits
 * behind the orders queued before it, and so would every page load. An owner's change on this instance
 * clears it at once (clearMerchantCache); other instances see it within 5 s and the time one read takes.
 */
const cache = new Map<string, RefreshingCopy<Merchant>>();

/**
 * Whether gift cards are sold, kept per database as the merchant's row is (and forgotten with it): every
 * page load asks, and under a rush on PGlite a read waits behind every order queued before it.
 */
let giftCardsCopies = new WeakMap<Database, RefreshingCopy<boolean>>();

/** A merchant's row as the provider reads it: the rules over their defaults, the customers' settings with the rules they see. */
export function merchantOf(row: { id: string; settings: unknown; rules: unknown }): Merchant {
  const rules = { ...DEFAULT_RULES, ...(row.rules as Partial<MerchantRules>) };
  const settings = {
    ...(row.settings as SiteSettings),
    merchant_id: row.id,
    currency: rules.currency,
    locale: rules.locale,
    timezone: rules.timezone,
    min_order: rules.min_order,
    delivery_fee: rules.delivery_fee,
    default_country_code: rules.default_country_code,
    points_per_amount: rules.points_per_amount,
    delivery_fee_earns_points: rules.delivery_fee_earns_points,
    points_expiry_days: rules.points_expiry_days,
    topup_min: rules.topup_min,
    topup_max: rules.topup_max,
    topup_presets: rules.topup_presets,
    birthday_treat: rules.birthday_reward !== 'off',
    language_default: rules.language_default,
    languages: rules.languages,
    // only when checkout takes tips: a shop without them answers as it always did
    // only when the shop charges tax: the checkout says whether prices include it
    ...(rules.tax_rates.length > 0 ? { taxes: { rates: rules.tax_rates, inclusive: rules.tax_inclusive } } : {}),
    ...(rules.tips.enabled ? { tips: { kind: rules.tips.kind, presets: rules.tips.presets, custom: rules.tips.custom, max: rules.tips.max } } : {}),
  };
  return { id: row.id, settings, rules };
}

/** The merchant's settings and rules; cached for a few seconds since every page load reads them. */
export async function getMerchant(db: Database, merchantId: string): Promise<Merchant> {
  let copy = cache.get(merchantId);
  if (!copy) cache.set(merchantId, (copy = new RefreshingCopy({ freshMs: SETTINGS_MAX_AGE_S * 1000, staleMs: 60_000 })));
  const { value } = await copy.get(async () => {
    const row = await readMerchant(db, merchantId);
    if (!row) throw notFound('Merchant');
    return merchantOf(row);
  });
  return value;
}

/** Forgets the cached settings, so the next read sees a change at once (the owner's settings and theme, tests that change rules). */
export function clearMerchantCache(): void {
  cache.clear();
  giftCardsCopies = new WeakMap();
}

/** How long the settings answer may be reused by a gateway or browser (s). */
export const SETTINGS_MAX_AGE_S = 5;

/**
 * The merchant's settings, the same for every customer (getMerchant keeps its read a few seconds), and
 * `online_payments`: whether top-ups and paying online are open, so the app can say so up front; and
 * `gift_cards`: whether the shop sells gift cards (the wallet links to them).
 */
export async function siteSettings(ctx: ProviderContext): Promise<SiteSettings> {
  const [merchant, now] = await Promise.all([getMerchant(ctx.db, ctx.merchantId), whatIsOpen(ctx)]);
  return { ...merchant.settings, ...now };
}

/** What the settings answer says beside the merchant's own (a preview of a draft too): online payments, gift cards. */
export async function whatIsOpen(ctx: ProviderContext): Promise<{ online_payments: boolean; gift_cards: boolean }> {
  let copy = giftCardsCopies.get(ctx.db);
  if (!copy) giftCardsCopies.set(ctx.db, (copy = new RefreshingCopy({ freshMs: SETTINGS_MAX_AGE_S * 1000, staleMs: 60_000 })));
  const { value } = await copy.get(() => giftCardsOn(ctx.db));
  return { online_payments: ctx.payments !== null, gift_cards: value };
}

/** Whether the provider and its database answer (the gateway's /healthz). */
export async function checkHealth(ctx: ProviderContext): Promise<{ ok: true }> {
  await pingDatabase(ctx.db);
  return { ok: true };
}
