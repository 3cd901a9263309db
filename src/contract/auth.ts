/** Sign-in, registration, sessions, the customer and e-mail verification. Part of the contract (src/contract): free of React, of the browser and of Express. */
import { z } from 'zod';
import { email, otpCode, phoneInput } from './fields';

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
/** The body of auth/google/link: the same token as a sign-in, its own schema (its own call in the contract). */
export const googleLinkBody = googleBody.extend({});
export type GoogleLinkBody = z.infer<typeof googleLinkBody>;
