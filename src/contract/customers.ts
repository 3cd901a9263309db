/**
 * The shop's customers: the customer's own profile, and the console's look-up.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money } from './answer-fields';
import { email, otpCode } from './fields';

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
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerAnswer>;
export const customerOnlyAnswer = z.object({ customer: customerAnswer });
export type CustomerOnlyData = z.infer<typeof customerOnlyAnswer>;

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
