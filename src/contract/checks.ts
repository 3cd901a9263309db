/**
 * Light validation rules, free of zod: the customer app checks a form with these before it calls the
 * API, without loading the schema library, and the provider's zod schemas (fields.ts, addresses.ts)
 * are built from the same constants, so each rule and its message is written once. Part of the
 * contract (src/contract): free of React, of the browser and of Express.
 * tests/unit/contract-checks.test.ts holds these to the zod schemas on a table of good and bad input.
 */
import { dateTimeFormat } from './intl';

// ---------------------------------------------------------------------------------------------
// E-mail
// ---------------------------------------------------------------------------------------------

/** The longest e-mail address accepted (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/**
 * A practical e-mail check, not RFC 5322: dot-separated local parts of letters, digits and `_'+-`,
 * an `@`, then dot-separated domain labels ending in a top-level domain of two letters or more.
 * (zod's own `z.email()` pattern; the server's `email` schema uses this constant.)
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MESSAGE = 'must be an e-mail address';

/** True when the server takes `text` as an e-mail address (spaces around it are trimmed, as the server does). */
export function isEmailAddress(text: string): boolean {
  const value = text.trim();
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

// ---------------------------------------------------------------------------------------------
// Links the owner gives (issue 45: the shop's privacy notice and terms)
// ---------------------------------------------------------------------------------------------

export { isShopLink, SHOP_LINK_MAX, SHOP_LINK_MESSAGE } from './shop-link';

// ---------------------------------------------------------------------------------------------
// Rules and their checks
// ---------------------------------------------------------------------------------------------

/** A text field, trimmed, of `min`..`max` characters. */
export interface TextRule {
  readonly min: number;
  readonly max: number;
  /** the message when the trimmed text is shorter than `min` */
  readonly tooShort: string;
  /** the message when it is longer than `max` */
  readonly tooLong: string;
}
/** A text field, trimmed, that must match `pattern`. */
export interface PatternRule {
  readonly pattern: RegExp;
  readonly message: string;
}
/** A finite number from `min` to `max`. */
export interface RangeRule {
  readonly min: number;
  readonly max: number;
  readonly notNumber: string;
  readonly outOfRange: string;
}

export const IS_REQUIRED = 'is required';
export const atMost = (max: number) => `must be at most ${max} characters`;
/** Words for a value of the wrong type (the provider's zod words these its own way). */
export const NOT_TEXT = 'must be text';
export const NOT_TRUE_OR_FALSE = 'must be true or false';

const textRule = (min: number, max: number, tooShort = IS_REQUIRED, tooLong = atMost(max)): TextRule => ({ min, max, tooShort, tooLong });

/** Checks trimmed text against a rule: the message, or null when it passes. */
export function checkText(value: unknown, rule: TextRule | PatternRule): string | null {
  // a missing field: the provider's validation words it so (server/provider/http/validate.ts)
  if (value === undefined) return IS_REQUIRED;
  if (typeof value !== 'string') return NOT_TEXT;
  const text = value.trim();
  if ('pattern' in rule) return rule.pattern.test(text) ? null : rule.message;
  if (text.length < rule.min) return rule.tooShort;
  if (text.length > rule.max) return rule.tooLong;
  return null;
}

/** Checks a number against a range: the message, or null when it passes (no number at all is `notNumber`, as in the schema). */
export function checkRange(value: unknown, rule: RangeRule): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return rule.notNumber;
  return value < rule.min || value > rule.max ? rule.outOfRange : null;
}

// ---------------------------------------------------------------------------------------------
// Phone and address fields
// ---------------------------------------------------------------------------------------------

/** Loose phone input; the provider normalises it to E.164 (normalizePhoneNumber, phone.ts). */
export const PHONE_RULE = textRule(6, 32, 'must be a phone number', 'is too long');

const range = (limit: number): RangeRule => ({ min: -limit, max: limit, notNumber: 'must be a number', outOfRange: `must be between -${limit} and ${limit}` });

/** The rule of each field of a delivery address (addresses.ts builds `addressFields` from these; address-checks.ts checks a form with them). */
export const ADDRESS_RULES = {
  label: textRule(1, 40),
  recipient: textRule(1, 80),
  phone: PHONE_RULE,
  line1: textRule(3, 200),
  city: textRule(1, 80),
  postal_code: { pattern: /^[A-Za-z0-9 -]{3,10}$/, message: 'must be a postal code' } satisfies PatternRule,
  lat: range(90),
  lng: range(180),
  /** optional */
  note: textRule(0, 200),
} as const;

// ---------------------------------------------------------------------------------------------
// The birth date (issue 29): day and month, the year optional
// ---------------------------------------------------------------------------------------------

/** The earliest birth year the profile takes. */
export const BIRTH_YEAR_MIN = 1900;
/** "March" for 3: English month names, made by Intl rather than shipped as a list. */
export const monthName = (month: number) => dateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
export const BIRTH_DAY_MESSAGE = 'must be a day of the month, 1 to 31';
export const BIRTH_MONTH_MESSAGE = 'must be a month, 1 to 12';
export const BIRTH_YEAR_MESSAGE = 'must be a year such as 1990, or left out';

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Days in `month` (1–12) of `year`; without a year February has 29 (a 29 February birthday is kept). */
export function daysInMonth(month: number, year?: number | null): number {
  if (month === 2) return year == null || isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** "14 March", "14 March 1990". */
export function birthdayText(b: { day: number; month: number; year: number | null }): string {
  return `${b.day} ${monthName(b.month)}${b.year ? ` ${b.year}` : ''}`;
}

/** What is wrong with a day its month lacks (31 April, 29 February 2023); null when the month has it. */
export function dayNotInMonth(day: number, month: number, year?: number | null): string | null {
  const most = daysInMonth(month, year);
  if (day <= most) return null;
  return month === 2 && year != null && most === 28
    ? `must be at most 28: February ${year} had 28 days`
    : `must be at most ${most}: ${monthName(month)} has ${most} days`;
}

/** A birth date added or changed this many days or fewer before the birthday does not count that year (the provider's rule). */
export const BIRTHDAY_SETTLE_DAYS = 30;

/**
 * Days from `today` (YYYY-MM-DD, the shop's day) to the next birthday on `day`/`month` (0: today).
 * 29 February in a common year falls on 1 March, as Date.UTC rolls it.
 */
export function daysToBirthday(day: number, month: number, today: string): number {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const from = Date.UTC(y, m - 1, d);
  const thisYear = Date.UTC(y, month - 1, day);
  const next = thisYear >= from ? thisYear : Date.UTC(y + 1, month - 1, day);
  return Math.round((next - from) / 86_400_000);
}
