/**
 * E-mail verification: an address a customer typed is theirs only once they enter the code e-mailed to
 * it. Only a verified address links a Google sign-in to an account (auth.service googleSignIn), and a
 * verified address belongs to one customer (a unique index backs it).
 */
import { createHmac, randomInt } from 'node:crypto';
import type { ChangeEmailData, Customer, EmailCodeSent } from '#contract';
import { HOUR, SECOND } from '../../lib/clock';
import { digestsEqual } from '../../lib/signature';
import type { ProviderContext } from '../context';
import { AppError } from '../http/errors';
import { getMerchant } from '../settings/settings.service';
import { sayToCustomer } from '../accounts/language';
import { emailCode } from '../i18n/messages';
import { findCustomerByVerifiedEmail, getCustomer, lockCustomer, markEmailVerified, setCustomerEmail } from '../accounts/accounts.repo';
import { addCodeAttempt, consumeCode, emailCodeStats, insertEmailCode, latestEmailCode, lockEmailCodeIssuing } from './auth.repo';
import { codeExpired, countCodeTry, invalidCode, rateLimited, tooManyAttempts } from './codes';
import { maskEmail } from './sender';
import { errors } from '../i18n/errors';

/** The stored form of an e-mail code: HMAC keyed by the provider secret, bound to the customer and the address. */
export function emailCodeHash(secret: string, customerId: number, email: string, code: string): string {
  return createHmac('sha256', secret).update(`email\n${customerId}\n${email.toLowerCase()}\n${code}`).digest('hex');
}

export const emailUnavailable = () => new AppError('EMAIL_UNAVAILABLE', errors.emailUnavailable);
const noEmail = () => new AppError('NO_EMAIL', errors.emailMissing);
const addressChanged = () => new AppError('CONFLICT', errors.emailChanged, { email: 'is no longer your e-mail address' });
const alreadyVerified = () => new AppError('ALREADY_VERIFIED', errors.emailVerified);
const emailTaken = () => new AppError('EMAIL_TAKEN', errors.emailTaken);

const isUniqueViolation = (err: unknown) => (err as { code?: unknown })?.code === '23505';

/**
 * E-mails a 6-digit code to the customer's current, unverified address: a new code for an address at
 * most every `email_code_resend_seconds`, at most `email_codes_per_hour` codes per customer an hour
 * (429 RATE_LIMITED with retry_after). 503 EMAIL_UNAVAILABLE without a mail service. `expected`: the
 * address the caller means (409 CONFLICT when the customer's address is another by now).
 */
export async function sendEmailCode(ctx: ProviderContext, customerId: number, expected?: string): Promise<EmailCodeSent> {
  const mailer = ctx.mailer;
  if (!mailer) throw emailUnavailable();
  const { settings, rules } = await getMerchant(ctx.db, ctx.merchantId);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.clock.now();

  const email = await ctx.db.transaction().execute(async (trx) => {
    await lockEmailCodeIssuing(trx, customerId);
    const customer = await getCustomer(trx, customerId);
    if (!customer.email) throw noEmail();
    const address = customer.email.toLowerCase();
    if (expected !== undefined && expected.toLowerCase() !== address) throw addressChanged();
    if (customer.email_verified) throw alreadyVerified();
    const stats = await emailCodeStats(trx, customerId, address, new Date(now.getTime() - HOUR));
    const since = (d: Date) => now.getTime() - d.getTime();
    if (stats.lastToAddressAt && since(stats.lastToAddressAt) < rules.email_code_resend_seconds * SECOND) {
      throw rateLimited(rules.email_code_resend_seconds - since(stats.lastToAddressAt) / SECOND, errors.codeWait);
    }
    if (stats.count >= rules.email_codes_per_hour) {
      throw rateLimited((HOUR - since(stats.oldest ?? now)) / SECOND, errors.emailCodesSent);
    }
    await insertEmailCode(trx, {
      customerId,
      email: address,
      codeHash: emailCodeHash(ctx.secret, customerId, address, code),
      now,
      expiresAt: new Date(now.getTime() + rules.email_code_ttl_seconds * SECOND),
    });
    return address;
  });

  // in the customer's language (docs/app.md, "What the shop sends")
  const say = await sayToCustomer(ctx.db, rules, customerId);
  const shop = settings.setting_company;
  const minutes = Math.max(1, Math.ceil(rules.email_code_ttl_seconds / 60));
  const text = [
    shop ? say(emailCode.code, { shop, code }) : say(emailCode.codeNoShop, { code }),
    say(emailCode.expires, { minutes }),
    '',
    say(emailCode.ignore),
  ].join('\n');
  try {
    await mailer.sendEmail(email, shop ? say(emailCode.subject, { shop }) : say(emailCode.subjectNoShop), text);
  } catch (err) {
    // the mail service's own message may echo the text it was given: digits are hidden so the code never reaches a log
    ctx.logger.error({ email: maskEmail(email), err: String((err as Error)?.message ?? err).replace(/\d{4,}/g, '•••') }, 'could not send an e-mail code');
    throw new AppError('BAD_GATEWAY', errors.emailNotSent);
  }
  return { expires_in: rules.email_code_ttl_seconds, resend_in: rules.email_code_resend_seconds, email };
}

/**
 * Changes the customer's e-mail (already trimmed and lowercased by the contract's schema). A new address
 * is unverified, whoever else typed or verified it: it links nothing until its code is entered, and a
 * code goes out when an e-mail service exists.
 */
export async function changeEmail(ctx: ProviderContext, customerId: number, email: string): Promise<ChangeEmailData> {
  await setCustomerEmail(ctx.db, customerId, email);
  const customer = await getCustomer(ctx.db, customerId);
  const verification = customer.email_verified ? null : await offerEmailCode(ctx, customerId);
  return { customer, verification };
}

/**
 * Sends a code after an address was saved, when it can: null without a mail service, when the customer
 * asked too often, or when sending failed (the address is saved all the same; the profile offers a resend).
 */
export async function offerEmailCode(ctx: ProviderContext, customerId: number): Promise<EmailCodeSent | null> {
  if (!ctx.mailer) return null;
  try {
    return await sendEmailCode(ctx, customerId);
  } catch (err) {
    // the address is saved whatever happened here: a failure to send is logged, never the caller's error
    if (!(err instanceof AppError))
      ctx.logger.error(
        { err: { type: (err as Error)?.name, message: String((err as Error)?.message ?? err).replace(/\d{4,}/g, '•••') } },
        'could not offer an e-mail code',
      );
    return null;
  }
}

/**
 * Checks the code e-mailed to the customer's current address. Wrong entries count per code (5 end it)
 * and per client address (codes.ts). The right code marks the address verified, unless another customer
 * verified it first: then 409 EMAIL_TAKEN and nothing changes.
 */
export async function verifyEmailCode(ctx: ProviderContext, input: { customerId: number; code: string; clientKey: string }): Promise<Customer> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const now = ctx.clock.now();
  const max = rules.otp_max_attempts;
  const customer = await getCustomer(ctx.db, input.customerId);
  // no address: no code was ever sent to it, as for a phone that was never sent one
  if (!customer.email) throw codeExpired();
  // verified already (a double submit): nothing to check
  if (customer.email_verified) return customer;
  const address = customer.email.toLowerCase();

  const sent = await latestEmailCode(ctx.db, input.customerId);
  // a code sent to an address the customer has since replaced verifies nothing
  if (!sent || sent.email !== address || sent.consumed_at || sent.expires_at.getTime() <= now.getTime()) throw codeExpired();
  if (sent.attempts >= max) throw tooManyAttempts();

  const counted = await countCodeTry(ctx, rules, input.clientKey);
  if (!digestsEqual(sent.code_hash, emailCodeHash(ctx.secret, input.customerId, address, input.code))) {
    const attempts = await addCodeAttempt(ctx.db, 'email_codes', sent.id, now, max);
    if (attempts === null) {
      const again = await latestEmailCode(ctx.db, input.customerId);
      throw again && again.id === sent.id && again.attempts >= max && !again.consumed_at ? tooManyAttempts() : codeExpired();
    }
    const left = max - attempts;
    throw left <= 0 ? tooManyAttempts() : invalidCode(left);
  }
  await counted.release();

  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockCustomer(trx, input.customerId);
      const owner = await findCustomerByVerifiedEmail(trx, address);
      if (owner && owner.id !== input.customerId) throw emailTaken();
      if (!(await consumeCode(trx, 'email_codes', sent.id, now, max))) throw codeExpired();
      if (!(await markEmailVerified(trx, input.customerId, address, now))) throw codeExpired();
      // the owner's points for a verified e-mail and a completed profile, once each
      await ctx.actionPoints.award(trx, input.customerId, 'email_verified');
    });
  } catch (err) {
    // another customer verified the same address between our check and our write: the unique index said no
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  return getCustomer(ctx.db, input.customerId);
}
