import type { PendingInvite, StaffInviteData, StaffLinkData, StaffRole, StaffSessionData } from '#contract/staff';
import { sha256Hex } from '../../lib/signature';
import { maskEmail } from '../auth/sender';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { hashed, turnOf, type Caller } from './caller';
import { hashPassword } from './password';
import { assertStillOwner } from './members.service';
import { confirmPassword, startSession } from './sessions.service';
import { consoleLinkUrl, newLinkToken, STAFF_LINK_TTL_MS } from './setup-link';
import {
  consumeStaffLink,
  findLiveStaffByEmail,
  getLiveStaff,
  insertAudit,
  insertStaff,
  insertStaffLink,
  listPendingInvites,
  lockStaffEmail,
  revokeInvite,
  staffMember,
  usableLinkOfAnyKind,
  usableStaffLink,
} from './staff.repo';

/**
 * One-time links into the console: the first owner's set-up link and invitations (made, listed,
 * revoked, accepted), what a link is for, and the e-mail that carries one.
 */

export const linkExpired = () =>
  new AppError('LINK_EXPIRED', 'This link has expired or was already used. Please ask for a new one.', { token: 'has expired or was already used' });
const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'Someone on the team already signs in with this e-mail address.', { email: 'is already used by a team member' });
/**
 * A new account from a one-time link: `setup` (an owner set-up link) or `invite`. The link is used in
 * the same transaction that creates the account, so two uses at once make exactly one account, and a
 * refusal (an address already on the team) leaves the link usable. A link is honoured only while its
 * maker is still an owner (owner links) or on the team (staff links): see staff.repo's `honoured`.
 */
async function joinWithLink(
  ctx: ProviderContext,
  kind: 'setup' | 'invite',
  input: { token: string; name: string; email: string; password: string },
  caller: Caller,
): Promise<StaffSessionData & { token: string }> {
  // a link that cannot be used is refused before any hashing: scrypt's 50-100 ms of CPU is spent on real links only
  if (!(await usableStaffLink(ctx.db, sha256Hex(input.token), kind, ctx.clock.now()))) throw linkExpired();
  // hashed before the transaction: the CPU time holds no lock and no connection
  const passwordHash = await hashed(() => hashPassword(input.password, turnOf(caller)));
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const link = await consumeStaffLink(trx, sha256Hex(input.token), kind, now);
    if (!link) throw linkExpired();
    if (link.email && link.email !== input.email) throw validation({ email: 'must be the address this invitation was sent to' });
    await lockStaffEmail(trx, input.email);
    if (await findLiveStaffByEmail(trx, input.email)) throw emailTaken();
    const row = await insertStaff(trx, { email: input.email, name: input.name, role: link.role, passwordHash, now });
    const staff = staffMember(row);
    await insertAudit(trx, {
      staffId: row.id,
      action: kind === 'setup' ? 'owner.setup' : 'staff.join',
      target: `staff:${row.id}`,
      before: null,
      after: { ...staff, ...(link.created_by !== null ? { invited_by: link.created_by } : {}) },
      now,
    });
    return { token: await startSession(trx, row.id, now), staff };
  });
}

export function setupOwner(ctx: ProviderContext, input: { token: string; name: string; email: string; password: string }, caller: Caller) {
  return joinWithLink(ctx, 'setup', input, caller);
}

export function acceptInvite(ctx: ProviderContext, input: { token: string; name: string; email: string; password: string }, caller: Caller) {
  return joinWithLink(ctx, 'invite', input, caller);
}

/** What a one-time link is for, for its page (the shop, the role, who sent it, the fixed address); LINK_EXPIRED when it cannot be used. */
export async function linkInfo(ctx: ProviderContext, token: string): Promise<StaffLinkData> {
  const link = await usableLinkOfAnyKind(ctx.db, sha256Hex(token), ctx.clock.now());
  if (!link) throw linkExpired();
  const { settings } = await getMerchant(ctx.db, ctx.merchantId);
  return {
    kind: link.kind,
    shop: settings.setting_company,
    role: link.role,
    email: link.kind === 'reset' ? link.member_email : link.email,
    invited_by: link.kind === 'invite' ? link.maker_name : null,
    expires_at: link.expires_at.toISOString(),
  };
}

/** Sends a one-time link by e-mail after its transaction committed; a failure is logged and said (`false`), never thrown. */
export async function mailLink(
  ctx: ProviderContext,
  to: string,
  subject: string,
  text: (url: string) => string,
  page: 'invite' | 'reset',
  token: string,
): Promise<boolean> {
  const base = ctx.publicUrl();
  if (!ctx.mailer || !base) return false;
  try {
    await ctx.mailer.sendEmail(to, subject, text(consoleLinkUrl(base, page, token)));
    return true;
  } catch (err) {
    ctx.logger.warn({ email: maskEmail(to), reason: (err as Error).message }, 'staff link: the e-mail could not be sent');
    return false;
  }
}

/**
 * An invitation link for a new team member with `role` (and, when given, only for `email`, to which it
 * is e-mailed where the shop sends e-mail). An owner invitation needs the caller's password again.
 */
export async function invite(
  ctx: ProviderContext,
  actor: StaffOfRequest,
  input: { role: StaffRole; email?: string | undefined; password?: string | undefined },
  caller: Caller,
): Promise<StaffInviteData> {
  if (input.role === 'owner') await confirmPassword(ctx, actor, input.password ?? '', 'password', caller);
  const token = newLinkToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + STAFF_LINK_TTL_MS);
  const email = input.email ?? null;
  const { id, inviter } = await ctx.db.transaction().execute(async (trx) => {
    await assertStillOwner(trx, actor);
    const inviter = (await getLiveStaff(trx, actor.id))!;
    const id = await insertStaffLink(trx, { tokenHash: sha256Hex(token), kind: 'invite', role: input.role, email, createdBy: actor.id, now, expiresAt });
    await insertAudit(trx, {
      staffId: actor.id,
      action: 'staff.invite',
      target: `invite:${id}`,
      before: null,
      after: { role: input.role, email, expires_at: expiresAt.toISOString() },
      now,
    });
    return { id, inviter };
  });
  let emailed = false;
  if (email) {
    const { settings } = await getMerchant(ctx.db, ctx.merchantId);
    const shop = settings.setting_company;
    emailed = await mailLink(
      ctx,
      email,
      `${inviter.name} invited you to ${shop}'s merchant console`,
      (url) =>
        `${inviter.name} invited you to join ${shop} as ${input.role === 'owner' ? 'an owner' : 'staff'} in the merchant console.\n\nOpen this link to choose your password (it works once, for 24 hours):\n${url}\n\nIf you did not expect this, you can ignore this e-mail.`,
      'invite',
      token,
    );
  }
  return { id, invite_token: token, role: input.role, email, expires_at: expiresAt.toISOString(), emailed };
}

export async function pendingInvites(ctx: ProviderContext): Promise<PendingInvite[]> {
  return (await listPendingInvites(ctx.db, ctx.clock.now())).map((r) => ({
    id: r.id,
    role: r.role,
    email: r.email,
    created_by: r.maker_id !== null && r.maker_name !== null ? { id: r.maker_id, name: r.maker_name } : null,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
  }));
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokePendingInvite(ctx: ProviderContext, actor: StaffOfRequest, id: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await assertStillOwner(trx, actor);
    const revoked = await revokeInvite(trx, id, actor.id, now);
    if (!revoked) throw notFound('That invitation');
    await insertAudit(trx, {
      staffId: actor.id,
      action: 'invite.revoke',
      target: `invite:${id}`,
      before: { role: revoked.role, email: revoked.email, expires_at: revoked.expires_at.toISOString() },
      after: null,
      now,
    });
  });
}
