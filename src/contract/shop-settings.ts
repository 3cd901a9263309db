/**
 * The owner's shop settings (`merchant/settings`, `merchant/settings/update`): the shop's words (name,
 * short name, contact, the links to its privacy notice and terms, kept in `merchants.settings`; pickup
 * addresses are the locations', locations.ts) and its rules (region, points, orders, top-ups, the
 * deletion cooling-off period, kept in `merchants.rules`). The schemas of the calls settings.calls.ts declares, the
 * cross-field rules both the provider and the console check (shopSettingsProblems); shop-settings.spec.ts describes the calls.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { money } from './answer-fields';
import { EMAIL_MAX, EMAIL_MESSAGE, EMAIL_PATTERN, isShopLink, SHOP_LINK_MAX, SHOP_LINK_MESSAGE } from './checks';
import { contactPhone, optionalText, requiredText, wholeNumber } from './fields';
import { LANGUAGE_ERROR, LANGUAGES } from './languages';
import { TOPUP_MAX, TOPUP_MIN } from './limits';
import { DELETION_COOLING_OFF_MAX_DAYS } from './privacy';
import { TAX_RATE_MAX, TAX_RATES_MAX } from './tax-rules';
import { dateTimeFormat } from './intl';

/** The longest short name: what fits under an icon on a phone's home screen. */
export const SHORT_NAME_MAX = 12;
/** At most this many quick top-up amounts. */
export const TOPUP_PRESETS_MAX = 6;
/**
 * The most the owner may set the counter's daily stamp caps to: with them, one earn gives at most 200
 * stamps (a card needs 2 or more: at most 100 vouchers), however many items were sold.
 */
export const COUNTER_STAMPS_PER_CUSTOMER_MAX = 200;
export const COUNTER_STAMPS_PER_STAFF_MAX = 10_000;

const amount = (min: number, max: number) => wholeNumber(min, max, 'minor units');
/** A link to the shop's privacy notice or terms, shown at sign-up: empty (none) or an https:// address (isShopLink). */
const shopLink = optionalText(SHOP_LINK_MAX).refine((v) => v === '' || isShopLink(v), SHOP_LINK_MESSAGE);

/**
 * Codes the engines' currency lists still hold that no shop prices in: withdrawn from ISO 4217 (CUC,
 * HRK) or not money a customer pays with (XDR, XSU); and old codes kept beside their successors
 * (ANG → XCG, SLL → SLE, ZWL → ZWG), dropped once the runtime lists the successor.
 */
const NOT_SHOP_CURRENCIES = new Set(['CUC', 'HRK', 'XDR', 'XSU']);
const SUCCEEDED_BY: Readonly<Record<string, string>> = { ANG: 'XCG', SLL: 'SLE', ZWL: 'ZWG' };

/** The current ISO 4217 currencies this runtime formats, A to Z: what a shop may price in. */
export function currencyCodes(): string[] {
  const all = Intl.supportedValuesOf('currency');
  return all.filter((c) => !NOT_SHOP_CURRENCIES.has(c) && !(SUCCEEDED_BY[c] && all.includes(SUCCEEDED_BY[c])));
}

/** Whether `code` is a current ISO 4217 currency this runtime formats (currencyCodes). */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && currencyCodes().includes(code);
}

/** Whether `tag` is a BCP 47 locale Intl formats numbers in. */
export function isLocale(tag: string): boolean {
  try {
    return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag) && Intl.NumberFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

/** Whether `zone` is an IANA time zone name (Asia/Manila, UTC); offsets such as +08:00 are not: their sign differs between Intl and SQL. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z_]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    dateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What the birthday treat is: nothing, points, or a reward of the catalogue given as a voucher. */
export const BIRTHDAY_REWARDS = ['off', 'points', 'reward'] as const;

/** The fields of the form, every one optional in an update: only those given change. */
export const shopSettingsFields = z.object({
  setting_company: requiredText(60),
  short_name: requiredText(SHORT_NAME_MAX),
  contact_phone: contactPhone,
  contact_email: optionalText(EMAIL_MAX).refine((v) => v === '' || EMAIL_PATTERN.test(v), EMAIL_MESSAGE),
  /** the shop's privacy notice and terms (issue 45), linked under the sign-up button; empty: none */
  privacy_url: shopLink,
  terms_url: shopLink,
  default_country_code: z
    .string()
    .trim()
    .regex(/^\+?[1-9]\d{0,2}$/, 'must be a calling code of 1 to 3 digits, such as 63')
    .transform((v) => v.replace(/^\+/, '')),
  currency: z.string().trim().toUpperCase().refine(isCurrency, 'must be a current three-letter ISO 4217 currency code, such as PHP'),
  locale: z.string().trim().refine(isLocale, 'must be a language tag such as en-PH'),
  timezone: z.string().trim().refine(isTimeZone, 'must be a time zone such as Asia/Manila'),
  points_per_amount: amount(1, 100_000_000),
  delivery_fee_earns_points: z.boolean({ error: 'must be true or false' }),
  points_expiry_days: wholeNumber(1, 3650, 'days'),
  /** days earned points wait before they can be spent, after an order is completed or a counter earn (issue 29) */
  points_hold_days: wholeNumber(0, 30, 'days'),
  /** the most points one customer may earn at the counter in a day (issue 29) */
  counter_points_per_customer_per_day: wholeNumber(0, 1_000_000, 'points'),
  /** the most points one staff member may give at the counter in a day */
  counter_points_per_staff_per_day: wholeNumber(0, 10_000_000, 'points'),
  /** the most stamp card stamps one customer may collect at the counter in a day (0: none at the counter) */
  counter_stamps_per_customer_per_day: wholeNumber(0, COUNTER_STAMPS_PER_CUSTOMER_MAX, 'stamps'),
  /** the most stamp card stamps one staff member may give at the counter in a day */
  counter_stamps_per_staff_per_day: wholeNumber(0, COUNTER_STAMPS_PER_STAFF_MAX, 'stamps'),
  /** the birthday treat (issue 29): nothing, points, or a reward of the catalogue as a voucher */
  birthday_reward: z.enum(BIRTHDAY_REWARDS, { error: 'must be off, points or reward' }),
  birthday_points: wholeNumber(0, 100_000, 'points'),
  /** the reward given when birthday_reward is `reward`, by its name in the catalogue (the provider checks it exists) */
  birthday_reward_name: optionalText(60),
  /** given from this many days before the birthday up to the day */
  birthday_window_days: wholeNumber(0, 30, 'days'),
  /** what a referral gives both the referrer and the friend (issue 30): nothing, points, or a reward of the catalogue as a voucher */
  referral_reward: z.enum(BIRTHDAY_REWARDS, { error: 'must be off, points or reward' }),
  referral_points: wholeNumber(0, 100_000, 'points'),
  /** the reward given when referral_reward is `reward`, by its name in the catalogue */
  referral_reward_name: optionalText(60),
  /** the most referral rewards one referrer may have in a month */
  referral_monthly_cap: wholeNumber(1, 100, 'referrals'),
  /** the least a friend's paid order must total to count for their referral (0: any paid order) */
  referral_min_order: amount(0, 100_000_000),
  /** days between a customer asking for their account's deletion and its erasure; signing in before cancels it (issue 45) */
  deletion_cooling_off_days: wholeNumber(1, DELETION_COOLING_OFF_MAX_DAYS, 'days'),
  min_order: amount(0, 100_000_000),
  delivery_fee: amount(0, 100_000_000),
  topup_min: amount(TOPUP_MIN, TOPUP_MAX),
  topup_max: amount(TOPUP_MIN, TOPUP_MAX),
  topup_presets: z
    .array(z.number({ error: 'must be a list of amounts' }), { error: 'must be a list of amounts' })
    .min(1, 'must have at least 1 amount')
    .max(TOPUP_PRESETS_MAX, `must have at most ${TOPUP_PRESETS_MAX} amounts`)
    .refine((a) => a.every((v) => Number.isInteger(v) && v > 0), 'must be whole numbers of minor units')
    .refine((a) => a.every((v, i) => i === 0 || v > a[i - 1]!), 'must go up from the smallest amount to the largest, each once'),
  /** the shop's taxes (issue 51, tax-rules.ts): named rates in basis points (1,200 = 12 %); none: no tax */
  tax_rates: z
    .array(z.object({ name: requiredText(30), rate: wholeNumber(1, TAX_RATE_MAX, 'basis points (1200 = 12 %)') }).strict(), {
      error: 'must be a list of rates',
    })
    .max(TAX_RATES_MAX, `must have at most ${TAX_RATES_MAX} rates`)
    .refine((a) => new Set(a.map((r) => r.name.toLowerCase())).size === a.length, 'must name each rate once'),
  /** whether the menu's prices already include the taxes (true) or they are added at checkout */
  tax_inclusive: z.boolean({ error: 'must be true or false' }),
  /** the tax number printed on receipts (empty: none) */
  tax_number: optionalText(40),
  /** orders from the table by its QR code (issue 54): off by default */
  dine_in: z.boolean({ error: 'must be true or false' }),
  /** dine-in customers may pay at the counter (issue 54): off by default */
  pay_at_counter: z.boolean({ error: 'must be true or false' }),
  /** the customer app's language for a first visit whose browser asks for none the shop offers */
  language_default: z.enum(LANGUAGES, { error: LANGUAGE_ERROR }),
  /** the languages customers may choose, the default among them (shopSettingsProblems) */
  languages: z
    .array(z.enum(LANGUAGES, { error: LANGUAGE_ERROR }), { error: 'must be a list of languages' })
    .min(1, 'must offer at least 1 language')
    .refine((a) => new Set(a).size === a.length, 'must name each language once'),
});
export type ShopSettingsFields = z.output<typeof shopSettingsFields>;
export type ShopSettingName = keyof ShopSettingsFields;

/** `merchant/settings/update`: any of the fields, at least one; a field it does not know is refused. */
export const shopSettingsUpdateBody = shopSettingsFields
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must name at least one setting to change');
export type ShopSettingsUpdateInput = z.input<typeof shopSettingsUpdateBody>;
export type ShopSettingsUpdate = z.output<typeof shopSettingsUpdateBody>;

/**
 * The rules between fields, on the settings as they would be: the top-up minimum at most the maximum,
 * each quick amount between them; a birthday treat of points gives some, one of a reward names it. Each
 * problem is named by the field it is about (empty: none).
 */
export function shopSettingsProblems(
  s: Pick<ShopSettingsFields, 'topup_min' | 'topup_max' | 'topup_presets'> &
    Partial<
      Pick<
        ShopSettingsFields,
        | 'birthday_reward'
        | 'birthday_reward_name'
        | 'birthday_points'
        | 'referral_reward'
        | 'referral_reward_name'
        | 'referral_points'
        | 'language_default'
        | 'languages'
      >
    >,
): Partial<Record<ShopSettingName, string>> {
  const out: Partial<Record<ShopSettingName, string>> = {};
  if (s.language_default && s.languages && !s.languages.includes(s.language_default)) out.languages = 'must include the default language';
  if (s.referral_reward === 'reward' && !s.referral_reward_name) out.referral_reward_name = 'is required when the referral reward is a reward';
  if (s.referral_reward === 'points' && s.referral_points === 0) out.referral_points = 'must be at least 1 when the referral reward is points';
  if (s.birthday_reward === 'reward' && !s.birthday_reward_name) out.birthday_reward_name = 'is required when the birthday treat is a reward';
  if (s.birthday_reward === 'points' && s.birthday_points === 0) out.birthday_points = 'must be at least 1 when the birthday treat is points';
  if (s.topup_min > s.topup_max) out.topup_min = 'must be at most the top-up maximum';
  else if (s.topup_presets.some((p) => p < s.topup_min || p > s.topup_max)) out.topup_presets = 'must each be between the top-up minimum and maximum';
  return out;
}

export const shopSettingsAnswer = z
  .object({
    setting_company: z.string(),
    short_name: z.string(),
    contact_phone: z.string(),
    contact_email: z.string(),
    privacy_url: z.string().meta({ description: "the shop's privacy notice, an https:// address linked at sign-up; empty: none" }),
    terms_url: z.string().meta({ description: "the shop's terms, an https:// address linked at sign-up; empty: none" }),
    default_country_code: z.string(),
    currency: z.string().meta({ description: 'ISO 4217' }),
    locale: z.string(),
    timezone: z.string(),
    points_per_amount: money().meta({ description: 'minor units of the subtotal after discount that earn one point' }),
    delivery_fee_earns_points: z.boolean(),
    points_expiry_days: z.number().int(),
    points_hold_days: z
      .number()
      .int()
      .meta({ description: 'days earned points wait before they can be spent: after an order is completed, after a counter earn (0: at once)' }),
    counter_points_per_customer_per_day: z
      .number()
      .int()
      .meta({ description: 'the most points one customer may earn at the counter in a day (0: none at the counter)' }),
    counter_points_per_staff_per_day: z.number().int().meta({ description: 'the most points one staff member may give at the counter in a day' }),
    counter_stamps_per_customer_per_day: z
      .number()
      .int()
      .meta({ description: 'the most stamp card stamps one customer may collect at the counter in a day (0: none at the counter)' }),
    counter_stamps_per_staff_per_day: z.number().int().meta({ description: 'the most stamp card stamps one staff member may give at the counter in a day' }),
    birthday_reward: z
      .enum(BIRTHDAY_REWARDS)
      .meta({ description: 'the birthday treat: off, points (birthday_points) or a reward of the catalogue as a voucher (birthday_reward_name)' }),
    birthday_points: z.number().int(),
    birthday_reward_name: z.string().meta({ description: "a reward's name in the catalogue; empty: none" }),
    birthday_window_days: z
      .number()
      .int()
      .meta({ description: "the treat is given from this many days before the birthday up to the day (0: on the day), in the shop's time zone" }),
    referral_reward: z
      .enum(BIRTHDAY_REWARDS)
      .meta({ description: 'what a referral gives both: off, points (referral_points) or a reward of the catalogue as a voucher (referral_reward_name)' }),
    referral_points: z.number().int(),
    referral_reward_name: z.string().meta({ description: "a reward's name in the catalogue; empty: none" }),
    referral_monthly_cap: z
      .number()
      .int()
      .meta({ description: "the most referral rewards one referrer may have in a month (the shop's time zone); over it the friend still gets theirs" }),
    referral_min_order: money().meta({
      description: "the least a friend's paid order must total (after discounts, with delivery) to count for their referral; 0: any paid order",
    }),
    deletion_cooling_off_days: z
      .number()
      .int()
      .meta({
        description: `days between a customer asking for their account's deletion and its erasure (1 to ${DELETION_COOLING_OFF_MAX_DAYS}); signing in before cancels it`,
      }),
    min_order: money(),
    delivery_fee: money(),
    tax_rates: z
      .array(z.object({ name: z.string(), rate: z.number().int().meta({ description: 'basis points: 1200 = 12 %' }) }))
      .meta({ description: 'the taxes charged on orders (items after discounts, and the delivery fee; never a tip); none: no tax' }),
    tax_inclusive: z.boolean().meta({ description: "the menu's prices include the taxes (taken out of the total), or they are added at checkout" }),
    tax_number: z.string().meta({ description: 'printed on receipts; empty: none' }),
    dine_in: z.boolean().meta({ description: "customers order from the table by its QR code (the location's tables); off by default" }),
    pay_at_counter: z
      .boolean()
      .meta({ description: 'dine-in customers may choose to pay at the counter: the order is made at once and paid when staff mark it paid; off by default' }),
    language_default: z.enum(LANGUAGES).meta({ description: "the customer app's language for a first visit whose browser asks for none the shop offers" }),
    languages: z.array(z.enum(LANGUAGES)).meta({ description: 'the languages customers may choose (the default among them)' }),
    topup_min: money(),
    topup_max: money(),
    topup_presets: z.array(money()),
    currency_locked: z.boolean().meta({ description: 'true once money has moved (a wallet entry, an order or a payment): the currency can no longer change' }),
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettingsData = z.infer<typeof shopSettingsAnswer>;
