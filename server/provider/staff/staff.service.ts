import type { AuditListData, StaffInviteData, StaffMember, StaffRole, StaffSessionData } from '#contract/merchant';
import type { Database } from '../../db';
import { DAY, MINUTE, SECOND, type Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/signature';
import { newSecretToken } from '../auth/sessions';
import { rateLimited } from '../auth/codes';
import type { ProviderContext } from '../context';
import { AppError, notFound, sessionExpired, validation } from '../http/errors';
import { roleForbidden, STAFF_IDLE_MS, type StaffOfRequest } from '../http/staff-session';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import {
  consumeStaffLink,
  countOwners,
  findLiveStaffByEmail,
  getLiveStaff,
  insertAudit,
  insertStaff,
  insertStaffLink,
  insertStaffSession,
  listAudit,
  listLiveStaff,
  lockLiveStaff,
  lockOwners,
  lockStaffEmail,
  markStaffRemoved,
  releaseLoginTry,
  reserveLoginTry,
  revokeStaffSession,
  revokeStaffSessions,
  setStaffRole,
  staffMember,
  usableStaffLink,
} from './staff.repo';

/** Set-up and invitation links are valid this long, once. */
export const STAFF_LINK_TTL_MS = DAY;
/** Sign-in failures are counted over this window: per account, and per client address. */
export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_CLIENT = 30;
const AUDIT_PAGE_SIZE = 50;

const wrongCredentials = () => new AppError('INVALID_CREDENTIALS', 'That e-mail address and password do not match. Please try again.');
const linkExpired = () =>
  new AppError('LINK_EXPIRED', 'This link has expired or was already used. Please ask for a new one.', { token: 'has expired or was already used' });
const emailTaken = () => new AppError('EMAIL_TAKEN', 'Someone on the team already signs in with this e-mail address.', { email: 'is already used by a team member' });

/**
 * A one-time link for the shop's owner: valid 24 h, once. Answers its secret (only its hash is kept);
 * the operator's command and a development start print it as `<base>/merchant/setup#<token>`.
 */
export async function createOwnerSetupLink(db: Database, clock: Clock): Promise<string> {
  const token = newSecretToken();
  const now = clock.now();
  await insertStaffLink(db, { tokenHash: sha256Hex(token), kind: 'setup', role: 'owner', email: null, createdBy: null, now, expiresAt: new Date(now.getTime() + STAFF_LINK_TTL_MS) });
  return token;
}

/** The page a set-up link opens: the token after `#`, so it never reaches a server log or a Referer. */
export function ownerSetupUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}/merchant/setup#${token}`;
}

/**
 * For a development start: a fresh owner set-up link's URL while the shop has no owner yet, else null.
 * `base` is where the browser reaches the gateway (http://127.0.0.1:3000).
 */
export async function ownerSetupUrlIfNoOwner(db: Database, clock: Clock, base: string): Promise<string | null> {
  if ((await countOwners(db)) > 0) return null;
  return ownerSetupUrl(base, await createOwnerSetupLink(db, clock));
}

async function startSession(trx: Database, staffId: number, now: Date): Promise<string> {
  const token = newSecretToken();
  await insertStaffSession(trx, staffId, sha256Hex(token), now);
  return token;
}

/**
 * A new account from a one-time link: `setup` (an owner set-up link) or `invite`. The link is used in
 * the same transaction that creates the account, so two uses at once make exactly one account, and a
 * refusal (an address already on the team) leaves the link usable.
 */
async function joinWithLink(
  ctx: ProviderContext,
  kind: 'setup' | 'invite',
  input: { token: string; name: string; email: string; password: string },
): Promise<StaffSessionData & { token: string }> {
  // a link that cannot be used is refused before any hashing: scrypt's 50-100 ms of CPU is spent on real links only
  if (!(await usableStaffLink(ctx.db, sha256Hex(input.token), kind, ctx.clock.now()))) throw linkExpired();
  // hashed before the transaction: the CPU time holds no lock and no connection
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const link = await consumeStaffLink(trx, sha256Hex(input.token), kind, now);
    if (!link) throw linkExpired();
    if (link.email && link.email !== input.email) throw validation({ email: 'must be the address this invitation was sent to' });
    await lockStaffEmail(trx, input.email);
    if (await findLiveStaffByEmail(trx, input.email)) throw emailTaken();
    const row = await insertStaff(trx, { email: input.email, name: input.name, role: link.role, passwordHash, now });
    const staff = staffMember(row);
    await insertAudit(trx, { staffId: row.id, action: kind === 'setup' ? 'owner.setup' : 'staff.join', target: `staff:${row.id}`, before: null, after: staff, now });
    return { token: await startSession(trx, row.id, now), staff };
  });
}

export function setupOwner(ctx: ProviderContext, input: { token: string; name: string; email: string; password: string }) {
  return joinWithLink(ctx, 'setup', input);
}

export function acceptInvite(ctx: ProviderContext, input: { token: string; name: string; email: string; password: string }) {
  return joinWithLink(ctx, 'invite', input);
}

/**
 * Sign-in with e-mail and password. A wrong address and a wrong password get the same answer (401
 * INVALID_CREDENTIALS) after the same work: an unknown address is checked against a dummy hash. Each try
 * counts against the account and the client address before the password is checked (429 RATE_LIMITED
 * past the limit, whether the password is right or not); a right password takes its try back.
 */
export async function login(ctx: ProviderContext, input: { email: string; password: string; clientKey: string }): Promise<StaffSessionData & { token: string }> {
  const now = ctx.clock.now();
  const reserved = await reserveLoginTry(ctx.db, { account: input.email, client: input.clientKey }, now, new Date(now.getTime() - LOGIN_WINDOW_MS), {
    account: LOGIN_FAILURES_PER_ACCOUNT,
    client: LOGIN_FAILURES_PER_CLIENT,
  });
  if ('blockedSince' in reserved) {
    throw rateLimited((reserved.blockedSince.getTime() + LOGIN_WINDOW_MS - now.getTime()) / SECOND, 'Too many sign-in attempts. Please wait a few minutes and try again.');
  }
  const found = await findLiveStaffByEmail(ctx.db, input.email);
  const ok = await verifyPassword(input.password, found?.password_hash ?? (await dummyPasswordHash()));
  if (!found || !ok) throw wrongCredentials();
  await releaseLoginTry(ctx.db, reserved.id);
  const token = await ctx.db.transaction().execute((trx) => startSession(trx, found.id, now));
  return { token, staff: staffMember(found) };
}

export async function logout(ctx: ProviderContext, actor: StaffOfRequest): Promise<void> {
  await revokeStaffSession(ctx.db, actor.sessionId, ctx.clock.now());
}

/** Sign out everywhere: every session of the caller ends, this one included. */
export async function logoutEverywhere(ctx: ProviderContext, actor: StaffOfRequest): Promise<{ ended: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const ended = await revokeStaffSessions(trx, actor.id, now);
    await insertAudit(trx, { staffId: actor.id, action: 'sessions.end_all', target: `staff:${actor.id}`, before: { sessions: ended }, after: { sessions: 0 }, now });
    return { ended };
  });
}

export async function me(ctx: ProviderContext, actor: StaffOfRequest): Promise<StaffMember> {
  const row = await getLiveStaff(ctx.db, actor.id);
  if (!row) throw notFound('Your account');
  return staffMember(row);
}

export async function listStaff(ctx: ProviderContext): Promise<StaffMember[]> {
  return (await listLiveStaff(ctx.db)).map(staffMember);
}

/** An invitation link for a new team member with `role` (and, when given, only for `email`). */
export async function invite(ctx: ProviderContext, actor: StaffOfRequest, input: { role: StaffRole; email?: string | undefined }): Promise<StaffInviteData> {
  const token = newSecretToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + STAFF_LINK_TTL_MS);
  const email = input.email ?? null;
  await ctx.db.transaction().execute(async (trx) => {
    const id = await insertStaffLink(trx, { tokenHash: sha256Hex(token), kind: 'invite', role: input.role, email, createdBy: actor.id, now, expiresAt });
    await insertAudit(trx, { staffId: actor.id, action: 'staff.invite', target: `invite:${id}`, before: null, after: { role: input.role, email, expires_at: expiresAt.toISOString() }, now });
  });
  return { invite_token: token, role: input.role, email, expires_at: expiresAt.toISOString() };
}

/**
 * The caller is still a live owner, read under the owners lock: a request that passed requireStaff just
 * before its caller was demoted or removed (by another owner, at the same moment) changes nothing.
 */
async function assertStillOwner(trx: Database, actor: StaffOfRequest): Promise<void> {
  const me = await getLiveStaff(trx, actor.id);
  if (!me) throw sessionExpired();
  if (me.role !== 'owner') throw roleForbidden();
}

const lastOwner = () => new AppError('CONFLICT', 'The shop needs at least one owner: make someone else an owner first.');

/** Changes a team member's role; their sessions end at once (they sign in again with the new role). */
export async function changeRole(ctx: ProviderContext, actor: StaffOfRequest, input: { id: number; role: StaffRole }): Promise<StaffMember> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwners(trx);
    await assertStillOwner(trx, actor);
    const target = await lockLiveStaff(trx, input.id);
    if (!target) throw notFound('That team member');
    if (target.role === input.role) return staffMember(target);
    if (target.role === 'owner' && (await countOwners(trx)) <= 1) throw lastOwner();
    await setStaffRole(trx, target.id, input.role);
    await revokeStaffSessions(trx, target.id, now);
    const before = staffMember(target);
    const after = { ...before, role: input.role };
    await insertAudit(trx, { staffId: actor.id, action: 'staff.role', target: `staff:${target.id}`, before, after, now });
    return after;
  });
}

/** Removes a team member: their account stops signing in and their sessions end at once. */
export async function removeStaff(ctx: ProviderContext, actor: StaffOfRequest, id: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockOwners(trx);
    await assertStillOwner(trx, actor);
    const target = await lockLiveStaff(trx, id);
    if (!target) throw notFound('That team member');
    if (target.role === 'owner' && (await countOwners(trx)) <= 1) throw lastOwner();
    await markStaffRemoved(trx, target.id, now);
    await revokeStaffSessions(trx, target.id, now);
    await insertAudit(trx, { staffId: actor.id, action: 'staff.remove', target: `staff:${target.id}`, before: staffMember(target), after: null, now });
  });
}

export async function auditPage(ctx: ProviderContext, page: number): Promise<AuditListData> {
  const rows = await listAudit(ctx.db, AUDIT_PAGE_SIZE + 1, (page - 1) * AUDIT_PAGE_SIZE);
  const items = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
    id: r.id,
    staff: r.staff_id !== null && r.staff_name !== null && r.staff_email !== null ? { id: r.staff_id, name: r.staff_name, email: r.staff_email } : null,
    action: r.action,
    target: r.target,
    before: r.before ?? null,
    after: r.after ?? null,
    created_at: r.created_at.toISOString(),
  }));
  return { items, next_page: rows.length > AUDIT_PAGE_SIZE ? page + 1 : null };
}

/**
 * Housekeeping for the hourly job (jobs.ts): sign-in failures once their window is long over, one-time
 * links and share-preview links a day after they expired, staff sessions a day after they ended
 * (revoked, or idle past 12 hours). The audit log is kept.
 */
export async function purgeStaffLeftovers(ctx: ProviderContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  const dayAgo = new Date(now - DAY);
  await ctx.db.deleteFrom('staff_login_failures').where('created_at', '<', dayAgo).execute();
  await ctx.db.deleteFrom('staff_links').where('expires_at', '<', dayAgo).execute();
  await ctx.db.deleteFrom('theme_preview_links').where('expires_at', '<', dayAgo).execute();
  await ctx.db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('revoked_at', '<', dayAgo), eb('last_seen_at', '<', new Date(now - STAFF_IDLE_MS - DAY))]))
    .execute();
}
