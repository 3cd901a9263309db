/**
 * Sign-in, registration and sessions: the schemas of the area's calls (auth.calls.ts declares them;
 * auth.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int } from './answer-fields';
import { customerAnswer } from './customers';
import { customerName, email, otpCode, phoneInput } from './fields';
import { LANGUAGE_ERROR, LANGUAGES } from './languages';

export const otpPurpose = z.enum(['login', 'register']);
export type OtpPurpose = z.infer<typeof otpPurpose>;

export const otpRequestBody = z.object({
  phone: phoneInput,
  purpose: otpPurpose,
  // extension: the sign-in page's language, which the code's text message speaks (when the shop offers it)
  language: z.enum(LANGUAGES, { error: LANGUAGE_ERROR }).optional().meta({ description: "the page's language: the text message's (default: the shop's)" }),
});
export type OtpRequestBody = z.infer<typeof otpRequestBody>;
export const otpRequestAnswer = z.object({
  expires_in: int().meta({ description: 'seconds the code stays valid' }),
  resend_in: int().meta({ description: 'seconds before another code may be asked for' }),
  // extension
  phone: z.string().meta({ description: 'the number the code went to, in E.164' }),
});
export type OtpRequestData = z.infer<typeof otpRequestAnswer>;

export const otpVerifyBody = z.object({ phone: phoneInput, code: otpCode, purpose: otpPurpose });
export type OtpVerifyBody = z.infer<typeof otpVerifyBody>;
/**
 * login: `token` and `customer`; register: `registration_token`.
 * Extensions: a login for a number with no account answers `registration_token` with
 * `needs_registration: true`; a registration for a number that has one signs in.
 * The gateway removes `token` before the browser sees the answer.
 */
export const otpVerifyAnswer = z.object({
  token: z
    .string()
    .optional()
    .meta({ description: 'the session token (login). The gateway keeps it in its cookie and removes it before the browser sees the answer' }),
  customer: customerAnswer.optional(),
  registration_token: z.string().optional().meta({ description: 'register, or a login for a number with no account: pass it to auth/register' }),
  needs_registration: z.boolean().optional(),
});
export type OtpVerifyData = z.infer<typeof otpVerifyAnswer>;

/**
 * Issue 46: offers only for a customer who asks for them (opt-in). The app sends what the sign-up's box
 * says (unticked: false); for a new account only, recorded with its time (`sign_up`). Left out (another
 * client): offers on, recorded as `sign_up_default`, as before.
 */
const offersChoice = z.boolean({ error: 'must be true or false' }).optional();

export const registerBody = z.object({
  registration_token: z.string().min(10, 'is required').max(200),
  name: customerName,
  email: email.optional().or(z.literal('').transform(() => undefined)),
  /** issue 30: the code of the friend's link (`/register?ref=CODE`); an unknown one is ignored */
  referral_code: z.string().trim().max(40, 'must be at most 40 characters').optional(),
  offers: offersChoice,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const googleBody = z.object({
  id_token: z.string().min(10, 'is required').max(4096),
  /** issue 30: the code of the friend's link, for a Google sign-up that makes a new account; otherwise ignored */
  referral_code: z.string().trim().max(40, 'must be at most 40 characters').optional(),
  offers: offersChoice,
});
export type GoogleBody = z.infer<typeof googleBody>;
/** extension: `auth/google/link`, a signed-in customer links their Google account: the same token as a sign-in, its own schema (its own call). */
export const googleLinkBody = googleBody.pick({ id_token: true });
export type GoogleLinkBody = z.infer<typeof googleLinkBody>;

export const sessionAnswer = z.object({
  token: z.string().optional().meta({ description: 'the session token. The gateway keeps it in its cookie and removes it before the browser sees the answer' }),
  customer: customerAnswer,
});
export type SessionData = z.infer<typeof sessionAnswer>;
