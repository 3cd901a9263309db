/**
 * The shop's customers: the customer's own profile and e-mail address, and the console's look-up and
 * points adjustment. The schemas of the area's calls (customers.calls.ts declares them;
 * customers.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money } from './answer-fields';
import { orderAnswer } from './orders';
import { voucherAnswer } from './rewards';
import { walletEntryAnswer } from './wallet';
import { customerName, email, id, idempotencyKey, otpCode, page } from './fields';
import { pointEntryAnswer } from './points';
import { birthdayAnswer } from './birthday';
import { LANGUAGE_ERROR, LANGUAGES } from './languages';

/** A customer as their own calls answer them. */
export const customerAnswer = z
  .object({
    id: int(),
    name: z.string(),
    phone: z.string().nullable().meta({ description: 'E.164; null for an account made with Google' }),
    email: z.string().nullable(),
    // extension: only a verified address links a Google sign-in to this account; changing the address
    // makes it unverified again
    email_verified: z.boolean().meta({ description: 'the customer entered the code e-mailed to `email`' }),
    points: int(),
    wallet_balance: money(),
    // extension (issue 46): Home says "N points on the way"
    pending_points: int().optional().meta({
      description:
        'customer/profile: points on their way (earned on orders not completed yet, or within the hold), not in `points` and not spendable yet; absent from other answers',
    }),
    // extension (issue 29): a treat on the birthday, from the shop's settings
    birthday: birthdayAnswer.nullable().meta({ description: 'the birth date the customer gave; null: none' }),
    // extension: the customer's language (the app speaks it; what is sent to them follows it)
    language: z.enum(LANGUAGES).nullable().optional().meta({ description: "the customer's chosen language; null: never chosen" }),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerAnswer>;
export const customerOnlyAnswer = z.object({ customer: customerAnswer });
export type CustomerOnlyData = z.infer<typeof customerOnlyAnswer>;

/** extension: `customer/language` — the customer's language, one the shop offers. */
export const languageBody = z.object({ language: z.enum(LANGUAGES, { error: LANGUAGE_ERROR }) });
export type LanguageBody = z.infer<typeof languageBody>;

/** extension: `customer/name` — the name the shop calls the customer by. */
export const nameBody = z.object({ name: customerName });
export type NameBody = z.infer<typeof nameBody>;

export const changeEmailBody = z.object({ email });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
/** extension: a verification code was e-mailed (`customer/email/verify/request`, and after saving an address) */
export const emailCodeSentAnswer = z
  .object({
    expires_in: int().meta({ description: 'seconds the code stays valid' }),
    resend_in: int().meta({ description: 'seconds before another code may be asked for' }),
    email: z.string().meta({ description: 'the address it went to' }),
  })
  .meta({ id: 'EmailCodeSent' });
export type EmailCodeSent = z.infer<typeof emailCodeSentAnswer>;
/** `customer/change-email`: the customer and, when a code could be e-mailed to the new address, `verification` (extension). */
export const changeEmailAnswer = z.object({
  customer: customerAnswer,
  verification: emailCodeSentAnswer.nullable().meta({ description: 'null when no code went out (no e-mail service, or asked too often)' }),
});
export type ChangeEmailData = z.infer<typeof changeEmailAnswer>;

/**
 * extension: `customer/email/verify/request` — e-mail a code to the customer's current address, named
 * again so a page showing a stale address (changed in another tab) cannot send a code it did not mean.
 */
export const emailVerifyRequestBody = z.object({ email });
export type EmailVerifyRequestBody = z.infer<typeof emailVerifyRequestBody>;
/** extension: `customer/email/verify` — the code e-mailed to the customer's address. */
export const emailVerifyBody = z.object({ code: otpCode });
export type EmailVerifyBody = z.infer<typeof emailVerifyBody>;

// ---------------------------------------------------------------------------------------------
// The console's look-up (staff and owners), the owner's points adjustments
// ---------------------------------------------------------------------------------------------

/** `merchant/customers`: a phone number (any way it is written), a name or an e-mail, or part of one. */
export const customerSearchQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  page,
});
/** `merchant/customers/detail` */
export type CustomerSearchQuery = z.infer<typeof customerSearchQuery>;
export const customerDetailQuery = z.object({ id });
export type CustomerDetailQuery = z.infer<typeof customerDetailQuery>;
/** `merchant/customers/adjust-points`: a ledger entry of its own kind (`owner`), with the reason the customer sees. */
export const adjustPointsBody = z.object({
  customer_id: id,
  points: z
    .number()
    .int('must be a whole number')
    .min(-1_000_000, 'must be at least -1,000,000')
    .max(1_000_000, 'must be at most 1,000,000')
    .refine((n) => n !== 0, 'must not be 0'),
  reason: z.string().trim().min(3, 'is required: say why, for the customer').max(200, 'must be at most 200 characters'),
  idempotency_key: idempotencyKey,
});
export type AdjustPointsBody = z.infer<typeof adjustPointsBody>;

export const customerSummaryAnswer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    points: z.number().int(),
    wallet_balance: z.number().int(),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'CustomerSummary' });
export type CustomerSummary = z.infer<typeof customerSummaryAnswer>;
export const customerSearchAnswer = z.object({ items: z.array(customerSummaryAnswer), next_page: z.number().int().nullable() });
export type CustomerSearchData = z.infer<typeof customerSearchAnswer>;
export const customerDetailAnswer = z.object({
  customer: customerSummaryAnswer,
  birthday: birthdayAnswer.nullable().meta({ description: 'the birth date the customer gave (issue 29); null: none' }),
  pending_points: z.number().int().meta({ description: 'points on their way: earned on orders not completed yet, or within the hold (issue 29)' }),
  points: z.array(pointEntryAnswer).meta({ description: 'the latest 50 points ledger entries, newest first' }),
  wallet: z.array(walletEntryAnswer).meta({ description: 'the latest 50 wallet ledger entries, newest first' }),
  vouchers: z.array(voucherAnswer).meta({ description: 'the latest 50 vouchers' }),
  orders: z.array(orderAnswer).meta({ description: 'the latest 20 orders' }),
});
export type CustomerDetailData = z.infer<typeof customerDetailAnswer>;
export const adjustPointsAnswer = z.object({ customer: customerSummaryAnswer, entry: pointEntryAnswer });
export type AdjustPointsData = z.infer<typeof adjustPointsAnswer>;
