import { HOUR } from '../../lib/clock';
import { sha256Hex } from '../../lib/signature';
import { maskEmail } from '../auth/sender';
import type { ProviderContext } from '../context';
import { AppError, sessionExpired } from '../http/errors';
import { countUse, type UseLimit } from '../http/use-limit';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { hashed, turnOf, type Caller } from './caller';
import { linkExpired, mailLink } from './links.service';
import { hashPassword } from './password';
import { confirmPassword } from './sessions.service';
import { newLinkToken } from './setup-link';
import {
  consumeStaffLink,
  countResetLinks,
  findLiveStaffByEmail,
  insertAudit,
  insertStaffLink,
  lockLiveStaff,
  revokeOtherSessions,
  revokeResetLinksOf,
  revokeStaffSessions,
  setStaffPassword,
  usableStaffLink,
} from './staff.repo';

/** Passwords: changed by the signed-in member, forgotten (a reset link by e-mail), reset from that link. */

/** A password reset link is valid this long, once. */
export const RESET_LINK_TTL_MS = HOUR;
/** At most this many reset e-mails to one address an hour. */
const RESETS_PER_HOUR = 3;
const noMail = () =>
  new AppError(
    'EMAIL_UNAVAILABLE',
    'This shop cannot send e-mails yet, so we cannot send you a link. Ask an owner to invite you again, or the operator to set up e-mail.',
  );

/** A new password for the signed-in member: the current one first; every other session of theirs ends. */
export async function changePassword(
  ctx: ProviderContext,
  actor: StaffOfRequest,
  input: { current_password: string; new_password: string },
  caller: Caller,
): Promise<{ ended: number }> {
  await confirmPassword(ctx, actor, input.current_password, 'current_password', caller);
  const passwordHash = await hashed(() => hashPassword(input.new_password, turnOf(caller)));
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockLiveStaff(trx, actor.id))) throw sessionExpired();
    await setStaffPassword(trx, actor.id, passwordHash);
    const ended = await revokeOtherSessions(trx, actor.id, actor.sessionId, now);
    await revokeResetLinksOf(trx, actor.id, now);
    await insertAudit(trx, {
      staffId: actor.id,
      action: 'password.change',
      target: `staff:${actor.id}`,
      before: null,
      after: { other_sessions_ended: ended },
      now,
    });
    return { ended };
  });
}

/** "Forgot your password?" asked from one client (an IPv6 /64 as one) at most this often, whatever the addresses. */
const FORGOT_PER_CLIENT: UseLimit = {
  scope: 'staff-forgot',
  limit: 10,
  windowMs: HOUR,
  message: 'You asked for several password links already. Please try again later.',
};
/** Reset requests accepted and not yet handled, at most (beyond: dropped with a warning; only a flood gets there). */
const RESETS_WAITING = 200;
let resetLine: Promise<void> = Promise.resolve();
let resetsWaiting = 0;

/**
 * Forgot password: a reset link (1 hour, once) e-mailed to the address when it is a team member's, at
 * most 3 an hour per address, and at most 10 requests an hour per client (429). The answer takes the same
 * path whatever the address: after the client's count it does nothing with it, and the look-up, the link
 * and the e-mail happen after the answer, one request at a time (so the per-address count sees the last
 * one's link), never on the request's path: neither the time of the answer nor its words say whether
 * the address is a team member's. No e-mail service at all: 503 EMAIL_UNAVAILABLE, for anyone.
 */
export async function forgotPassword(ctx: ProviderContext, email: string, caller: Caller): Promise<void> {
  if (!ctx.mailer || !ctx.publicUrl()) throw noMail();
  await countUse(ctx.db, FORGOT_PER_CLIENT, caller.clientKey, ctx.clock.now());
  if (resetsWaiting >= RESETS_WAITING) {
    ctx.logger.warn({ email: maskEmail(email) }, 'forgot password: too many requests waiting, this one is dropped');
    return;
  }
  resetsWaiting += 1;
  resetLine = resetLine
    .then(() => sendResetLink(ctx, email, caller))
    .catch((err: Error) => ctx.logger.warn({ email: maskEmail(email), reason: err.message }, 'forgot password: the reset link could not be made'))
    .finally(() => {
      resetsWaiting -= 1;
    });
}

/** After the answer: the link and its e-mail, when the address is a team member's and had fewer than 3 this hour. */
async function sendResetLink(ctx: ProviderContext, email: string, caller: Caller): Promise<void> {
  const now = ctx.clock.now();
  // both reads whatever the address, so this work too is alike until a link is made
  const member = await findLiveStaffByEmail(ctx.db, email);
  const recent = await countResetLinks(ctx.db, email, new Date(now.getTime() - HOUR));
  if (!member || recent >= RESETS_PER_HOUR) return;
  const token = newLinkToken();
  await ctx.db.transaction().execute(async (trx) => {
    await insertStaffLink(trx, {
      tokenHash: sha256Hex(token),
      kind: 'reset',
      role: member.role,
      email,
      createdBy: null,
      staffId: member.id,
      now,
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    });
    await insertAudit(trx, {
      staffId: null,
      actor: 'visitor',
      action: 'password.reset_request',
      target: `staff:${member.id}`,
      before: null,
      after: { email, address: caller.address },
      now,
    });
  });
  const { settings } = await getMerchant(ctx.db, ctx.merchantId);
  void mailLink(
    ctx,
    email,
    `Choose a new password for ${settings.setting_company}'s merchant console`,
    (url) =>
      `Someone asked for a new password for your account in ${settings.setting_company}'s merchant console.\n\nOpen this link to choose one (it works once, for an hour):\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    'reset',
    token,
  );
}

/** A new password from a reset link: every session of the account ends (whoever had it is out). */
export async function resetPassword(ctx: ProviderContext, input: { token: string; password: string }, caller: Caller): Promise<void> {
  if (!(await usableStaffLink(ctx.db, sha256Hex(input.token), 'reset', ctx.clock.now()))) throw linkExpired();
  const passwordHash = await hashed(() => hashPassword(input.password, turnOf(caller)));
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const link = await consumeStaffLink(trx, sha256Hex(input.token), 'reset', now);
    if (!link?.staff_id || !(await lockLiveStaff(trx, link.staff_id))) throw linkExpired();
    await setStaffPassword(trx, link.staff_id, passwordHash);
    const ended = await revokeStaffSessions(trx, link.staff_id, now);
    await revokeResetLinksOf(trx, link.staff_id, now);
    await insertAudit(trx, {
      staffId: link.staff_id,
      action: 'password.reset',
      target: `staff:${link.staff_id}`,
      before: null,
      after: { sessions_ended: ended, address: caller.address },
      now,
    });
  });
}
