import { createHmac, randomInt } from 'node:crypto';
import type { Customer, OtpPurpose, OtpRequestData, OtpVerifyData, SessionData } from '#contract';
import type { Language } from '#contract/languages';
import { paths } from '#contract/routes';
import type { Database } from '../../db';
import { HOUR, MINUTE, SECOND } from '../../lib/clock';
import { digestsEqual, sha256Hex } from '../../lib/signature';
import type { ProviderContext } from '../context';
import {
  findCustomerByVerifiedEmail,
  findCustomerIdByGoogleSub,
  findCustomerIdByPhone,
  getCustomer,
  insertCustomer,
  linkGoogleSub,
  lockCustomer,
  setVerifiedEmail,
} from '../accounts/accounts.repo';
import { AppError } from '../http/errors';
import { getMerchant } from '../settings/settings.service';
import { recipientLanguage, sayIn } from '../i18n/translate';
import { notify } from '../notifications/notify';
import { sayToCustomer } from '../accounts/language';
import { account as accountWords, sms } from '../i18n/messages';
import {
  addCodeAttempt,
  consumeCode,
  consumeRegistrationToken,
  insertOtp,
  insertRegistrationToken,
  latestOtp,
  lockGoogleAccount,
  lockOtpIssuing,
  otpIssueStats,
  purgeAuthRows,
  callOffDeletion,
} from './auth.repo';
import { codeExpired, countCodeTry, invalidCode, rateLimited, tooManyAttempts } from './codes';
import { offerEmailCode } from './email-verification.service';
import { verifyGoogleIdToken, type GoogleIdentity } from './google';
import { normalizePhone } from './phone';
import { createSession, newSecretToken, revokeSession } from './sessions';
import { offersOff, recordConsent } from '../consents/consents';
import { recordDevice, type Sighting } from '../http/device';
import { recordReferralSignUp } from '../accounts/referral-rows';
import { maskPhone } from './sender';
import { errors } from '../i18n/errors';

export const REGISTRATION_TOKEN_TTL_MS = 15 * MINUTE;

/** The stored form of a code: HMAC keyed by the provider secret, bound to the phone and the purpose. */
export function otpHash(secret: string, phone: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', secret).update(`${phone}\n${purpose}\n${code}`).digest('hex');
}

/**
 * Sends a one-time code. The answer never depends on whether the number has an account: no account
 * lookup happens here at all, so both paths do the same work in the same time. `clientIp` is the
 * client's key (http/client-key.ts: an IPv6 client counts by its /64). The text speaks the page's
 * `language` when the shop offers it, else the shop's default (never the account's: there is no look-up).
 */
export async function requestOtp(
  ctx: ProviderContext,
  input: { phone: string; purpose: OtpPurpose; clientIp: string; language?: Language },
): Promise<OtpRequestData> {
  const { settings, rules } = await getMerchant(ctx.db, ctx.merchantId);
  const phone = normalizePhone(input.phone, rules.default_country_code);
  // production before the owner connects a text message service: nothing would reach the phone, so say
  // so rather than answer "sent" (and nothing is written: the same number may ask again once connected)
  if (ctx.sender.channel.kind === 'log') throw new AppError('SMS_UNAVAILABLE', errors.smsUnavailable);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.clock.now();

  await ctx.db.transaction().execute(async (trx) => {
    await lockOtpIssuing(trx, phone, input.clientIp);
    const stats = await otpIssueStats(trx, phone, input.clientIp, new Date(now.getTime() - HOUR));
    const ms = (d: Date) => d.getTime() - now.getTime();
    if (stats.lastAt && now.getTime() - stats.lastAt.getTime() < rules.otp_resend_seconds * SECOND) {
      throw rateLimited(ms(stats.lastAt) / SECOND + rules.otp_resend_seconds, errors.codeWait);
    }
    if (stats.phoneCount >= rules.otp_per_phone_per_hour) {
      throw rateLimited((ms(stats.phoneOldest ?? now) + HOUR) / SECOND, errors.codesForNumber);
    }
    if (stats.ipCount >= rules.otp_per_ip_per_hour) {
      throw rateLimited((ms(stats.ipOldest ?? now) + HOUR) / SECOND, errors.codesFromDevice);
    }
    await insertOtp(trx, {
      phone,
      purpose: input.purpose,
      codeHash: otpHash(ctx.secret, phone, input.purpose, code),
      clientIp: input.clientIp,
      now,
      expiresAt: new Date(now.getTime() + rules.otp_ttl_seconds * SECOND),
    });
  });

  const minutes = Math.max(1, Math.ceil(rules.otp_ttl_seconds / 60));
  const say = sayIn(recipientLanguage(input.language, rules));
  const shop = settings.setting_company;
  try {
    await ctx.sender.send(phone, shop ? say(sms.otp, { shop, code, minutes }) : say(sms.otpNoShop, { code, minutes }));
  } catch (err) {
    // the sender's own message may echo the text it was given: digits are hidden so the code never reaches a log
    ctx.logger.error({ phone: maskPhone(phone), err: String((err as Error)?.message ?? err).replace(/\d{4,}/g, '•••') }, 'could not send a one-time code');
    throw new AppError('BAD_GATEWAY', errors.codeNotSent);
  }
  return { expires_in: rules.otp_ttl_seconds, resend_in: rules.otp_resend_seconds, phone };
}

/**
 * Checks a code. Right code: a login signs in, or (no account yet) answers a registration token;
 * a registration signs in when the number already has an account. A wrong try counts atomically
 * outside any transaction that could roll the count back, against the code and against the client
 * (`clientKey`, see codes.ts countCodeTry), whose allowance is checked before the code is compared.
 */
export async function verifyOtp(
  ctx: ProviderContext,
  input: { phone: string; code: string; purpose: OtpPurpose; clientKey: string; sightings?: readonly Sighting[] },
): Promise<OtpVerifyData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const phone = normalizePhone(input.phone, rules.default_country_code);
  const now = ctx.clock.now();
  const max = rules.otp_max_attempts;

  const otp = await latestOtp(ctx.db, phone, input.purpose);
  if (!otp || otp.consumed_at || otp.expires_at.getTime() <= now.getTime()) throw codeExpired();
  if (otp.attempts >= max) throw tooManyAttempts();

  const counted = await countCodeTry(ctx, rules, input.clientKey);
  if (!digestsEqual(otp.code_hash, otpHash(ctx.secret, phone, input.purpose, input.code))) {
    const attempts = await addCodeAttempt(ctx.db, 'otp_codes', otp.id, now, max);
    if (attempts === null) {
      const again = await latestOtp(ctx.db, phone, input.purpose);
      throw again && again.id === otp.id && again.attempts >= max && !again.consumed_at ? tooManyAttempts() : codeExpired();
    }
    const left = max - attempts;
    if (left <= 0) throw tooManyAttempts();
    throw invalidCode(left);
  }
  await counted.release();

  return ctx.db.transaction().execute(async (trx) => {
    if (!(await consumeCode(trx, 'otp_codes', otp.id, now, max))) throw codeExpired();
    const customerId = await findCustomerIdByPhone(trx, phone);
    if (customerId !== null) return signIn(trx, ctx, customerId, input.sightings ?? []);
    const registrationToken = newSecretToken();
    await insertRegistrationToken(trx, sha256Hex(registrationToken), phone, new Date(now.getTime() + REGISTRATION_TOKEN_TTL_MS));
    return { registration_token: registrationToken, needs_registration: true };
  });
}

/** `sightings`: the call's device cookie, address and user agent (http/device.ts), recorded for the referrals' fraud checks. */
async function signIn(trx: Database, ctx: ProviderContext, customerId: number, sightings: readonly Sighting[]): Promise<{ token: string; customer: Customer }> {
  const token = await createSession(trx, ctx, customerId);
  await recordDevice(trx, customerId, sightings, ctx.clock.now());
  // a deletion asked for and not yet carried out ends here: they came back
  await cancelDeletionAtSignIn(trx, ctx, customerId);
  return { token, customer: await getCustomer(trx, customerId) };
}

/** At sign-in: a deletion waiting out its cooling-off period is cancelled, and the customer told so. */
async function cancelDeletionAtSignIn(trx: Database, ctx: ProviderContext, customerId: number): Promise<void> {
  if (!(await callOffDeletion(trx, customerId))) return;
  const say = await sayToCustomer(trx, (await getMerchant(trx, ctx.merchantId)).rules, customerId);
  await notify(trx, ctx.clock, customerId, {
    type: 'account',
    title: say(accountWords.stayingTitle),
    body: say(accountWords.stayingBody),
    link: null,
  });
}

async function welcome(trx: Database, ctx: ProviderContext, customerId: number, name: string, offers: boolean | undefined): Promise<void> {
  const { settings, rules } = await getMerchant(trx, ctx.merchantId);
  // no language chosen yet (the app saves the sign-in page's after): the shop's default
  const say = await sayToCustomer(trx, rules, customerId);
  const shop = settings.setting_company;
  await notify(trx, ctx.clock, customerId, {
    type: 'account',
    title: shop ? say(accountWords.welcomeTitle, { shop, name }) : say(accountWords.welcomeTitleNoShop, { name }),
    body: say(accountWords.welcomeBody),
    link: paths.home,
  });
  // the owner's points for signing up (and for an address Google proved)
  await ctx.actionPoints.award(trx, customerId, 'signed_up');
  // offers as the sign-up's box said (opt-in: unticked, none); another client that says nothing: on, as
  // the default, which the record says
  const now = ctx.clock.now();
  if (offers === false) await offersOff(trx, customerId, 'app', now);
  await recordConsent(trx, customerId, { channel: 'all', granted: offers ?? true, source: offers === undefined ? 'sign_up_default' : 'sign_up' }, now);
}

/**
 * Creates the account of a number proved by a code (201). A number that got an account meanwhile
 * (a second tab, a race) signs in to it instead (`created: false`), keeping its name. An e-mail given
 * here is stored unverified, and a code is e-mailed to it when an e-mail service exists.
 */
export async function register(
  ctx: ProviderContext,
  input: {
    registrationToken: string;
    name: string;
    email?: string | undefined;
    referralCode?: string | undefined;
    offers?: boolean | undefined;
    sightings?: readonly Sighting[];
  },
): Promise<SessionData & { token: string; created: boolean }> {
  const device = input.sightings ?? [];
  const now = ctx.clock.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const phone = await consumeRegistrationToken(trx, sha256Hex(input.registrationToken), now);
    if (!phone) {
      throw new AppError('REGISTRATION_EXPIRED', errors.signUpExpired, {
        registration_token: 'has expired or was already used',
      });
    }
    const id = await insertCustomer(trx, { phone, googleSub: null, name: input.name, email: input.email ?? null, now });
    if (id === null) {
      const existing = await findCustomerIdByPhone(trx, phone);
      if (existing === null) throw new AppError('CONFLICT', errors.tryAgain);
      return { ...(await signIn(trx, ctx, existing, device)), created: false };
    }
    await welcome(trx, ctx, id, input.name, input.offers);
    // a new account only: one that existed before is never a referred friend
    await recordReferralSignUp(trx, id, input.referralCode, now);
    return { ...(await signIn(trx, ctx, id, device)), created: true };
  });
  if (result.created && result.customer.email) await offerEmailCode(ctx, result.customer.id);
  return result;
}

/**
 * Google sign-in: the customer linked to this Google account; else the one customer (not yet linked)
 * whose VERIFIED e-mail is the address Google verified (a customer proved it by entering the code we
 * e-mailed; an address merely typed links nothing, or anyone could type someone else's and wait for
 * their Google sign-in); else a new customer without a phone, holding Google's address as verified
 * unless another customer verified it first.
 */
export async function googleSignIn(
  ctx: ProviderContext,
  idToken: string,
  signUp: { referralCode?: string | undefined; offers?: boolean | undefined; sightings?: readonly Sighting[] } = {},
): Promise<SessionData & { token: string; created: boolean }> {
  const device = signUp.sightings ?? [];
  const who = await verifyGoogleIdToken(ctx, idToken);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockGoogleAccount(trx, who.sub);
    const linked = await findCustomerIdByGoogleSub(trx, who.sub);
    if (linked !== null) return { ...(await signIn(trx, ctx, linked, device)), created: false };
    const owner = who.email ? await findCustomerByVerifiedEmail(trx, who.email) : null;
    if (owner && owner.google_sub === null && (await linkGoogleSub(trx, owner.id, who.sub))) {
      return { ...(await signIn(trx, ctx, owner.id, device)), created: false };
    }
    // an address another customer verified stays theirs: the new account starts without one
    const email = owner ? null : who.email;
    let id = await insertCustomer(trx, { phone: null, googleSub: who.sub, name: who.name, email, emailVerifiedAt: now, now });
    // null: someone verified the address between our look and our insert (the unique index said no)
    if (id === null && email) id = await insertCustomer(trx, { phone: null, googleSub: who.sub, name: who.name, email: null, now });
    if (id === null) throw new AppError('CONFLICT', errors.tryAgain);
    await welcome(trx, ctx, id, who.name, signUp.offers);
    await recordReferralSignUp(trx, id, signUp.referralCode, now);
    return { ...(await signIn(trx, ctx, id, device)), created: true };
  });
}

const googleLinkedElsewhere = () => new AppError('GOOGLE_LINKED', errors.googleLinkedElsewhere);
const otherGoogleLinked = () => new AppError('GOOGLE_LINKED', errors.googleLinkedOther);

/**
 * Links a Google account to the signed-in customer, who asked for it: from then on that Google account
 * signs in here. A Google account linked to another customer, or a customer linked to another Google
 * account, is 409 GOOGLE_LINKED. When Google verified the customer's own address (or the customer has
 * none yet), the address counts as verified too, unless another customer verified it first.
 */
export async function linkGoogle(ctx: ProviderContext, customerId: number, idToken: string): Promise<{ customer: Customer }> {
  const who: GoogleIdentity = await verifyGoogleIdToken(ctx, idToken);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockGoogleAccount(trx, who.sub);
    const me = await lockCustomer(trx, customerId);
    const linked = await findCustomerIdByGoogleSub(trx, who.sub);
    if (linked !== null && linked !== customerId) throw googleLinkedElsewhere();
    if (me.google_sub !== null && me.google_sub !== who.sub) throw otherGoogleLinked();
    if (linked === null && !(await linkGoogleSub(trx, customerId, who.sub))) throw otherGoogleLinked();
    if (who.email && me.email_verified_at === null && (me.email === null || me.email.toLowerCase() === who.email)) {
      const owner = await findCustomerByVerifiedEmail(trx, who.email);
      if (!owner) {
        await setVerifiedEmail(trx, customerId, who.email, now);
        await ctx.actionPoints.award(trx, customerId, 'email_verified');
      }
    }
  });
  return { customer: await getCustomer(ctx.db, customerId) };
}

export async function logout(ctx: ProviderContext, sessionId: number): Promise<void> {
  await revokeSession(ctx.db, ctx, sessionId);
}

/** Housekeeping for a periodic job: what sign-in leaves behind once nothing can use it (auth.repo purgeAuthRows). */
export async function purgeAuthLeftovers(ctx: ProviderContext): Promise<void> {
  await purgeAuthRows(ctx.db, ctx.clock.now().getTime());
}
