/**
 * Field schemas shared by several calls: phone, codes, idempotency keys, pages, row ids, e-mail,
 * descriptions, amounts. Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { EMAIL_MAX, EMAIL_MESSAGE, EMAIL_PATTERN, PHONE_RULE, type TextRule } from './checks';
import { NAME_RULE } from './customer-name';

/** Trimmed text of a rule's length, in its words (the rules are in checks.ts, shared with the app). */
export const textField = (rule: TextRule) => z.string().trim().min(rule.min, rule.tooShort).max(rule.max, rule.tooLong);

/** A customer's name (sign-up, the profile). */
export const customerName = textField(NAME_RULE);

/** Loose phone input; the provider normalises it to E.164 (normalizePhoneNumber, phone.ts). */
export const phoneInput = textField(PHONE_RULE);
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
/** The pattern is checks.ts's, which the app's `isEmailAddress` uses too. */
export const email = z.string().trim().toLowerCase().email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGE }).max(EMAIL_MAX);
/** A product's or a reward's description. */
export const descriptionText = z.string().trim().max(500, 'must be at most 500 characters');
/** An amount in minor units of the merchant's currency: a price, a discount. */
export const minorUnits = z.number().int('must be a whole number of minor units').min(0, 'must be 0 or more').max(100_000_000, 'must be at most 100,000,000');
/** A one-time link's secret (set-up, invitation, preview): 43 characters of base64url. */
export const linkToken = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'must be the code from your link');

/** A required text of at most `max` characters, trimmed (the owner's forms: shop settings, locations). */
export const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
/** Text the owner may leave empty (empty: not shown). */
export const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** A whole number in a range, named by its unit in the message ("must be a whole number of minutes"). */
export const wholeNumber = (min: number, max: number, unit: string) =>
  z
    .number({ error: `must be a whole number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be at least ${min.toLocaleString('en')}`)
    .max(max, `must be at most ${max.toLocaleString('en')}`);
/** A phone number people can call (the shop's, a location's), as typed; empty: none. */
export const contactPhone = optionalText(30).refine((v) => v === '' || /^\+?[0-9 ().-]{6,30}$/.test(v), 'must be a phone number');
