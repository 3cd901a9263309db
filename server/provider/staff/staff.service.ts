import { ACTIVITY_KINDS, type ActivityKind, MACHINE_PERSON } from '#contract/activity';
import type {
  AuditListData,
  PendingInvite,
  StaffInviteData,
  StaffLinkData,
  StaffMember,
  StaffRole,
  StaffSessionData,
  StaffSessionState,
} from '#contract/staff';
import type { Database } from '../../db';
import { DAY, HOUR, MINUTE, SECOND } from '../../lib/clock';
import { sha256Hex } from '../../lib/signature';
import { maskEmail } from '../auth/sender';
import { rateLimited } from '../auth/codes';
import type { ProviderContext } from '../context';
import { AppError, notFound, sessionExpired, validation } from '../http/errors';
import { countUse, type UseLimit } from '../http/use-limit';
import { roleForbidden, STAFF_IDLE_MS, STAFF_LIFETIME_MS, type StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { consoleLinkUrl, newLinkToken, STAFF_LINK_TTL_MS } from './setup-link';
import { dummyPasswordHash, HashBusy, hashPassword, verifyPassword, type HashTurn } from './password';
import {
  auditSince,
  consumeStaffLink,
  countOwners,
  countResetLinks,
  dayStart,
  findLiveStaffByEmail,
  getLiveStaff,
  insertAudit,
  insertStaff,
  insertStaffLink,
  insertStaffSession,
  listAudit,
  listLiveStaff,
  listPendingInvites,
  locationNames,
  lockLiveStaff,
  lockOwners,
  lockStaffEmail,
  markStaffRemoved,
  purgeEnded,
  releaseLoginTry,
  reserveLoginTry,
  revokeInvite,
  revokeLinksMadeBy,
  revokeOtherSessions,
  revokeResetLinksOf,
  revokeStaffSession,
  revokeStaffSessions,
  setStaffPassword,
  setStaffLocations,
  setStaffRole,
  staffMember,
  usableLinkOfAnyKind,
  usableStaffLink,
  type LoginCounts,
} from './staff.repo';

/** A password reset link is valid this long, once. */
export const RESET_LINK_TTL_MS = HOUR;
/** At most this many reset e-mails to one address an hour. */
const RESETS_PER_HOUR = 3;
/** Sign-in failures are counted over this window: per account, per client address, and per pair of them. */
export const LOGIN_WINDOW_MS = 15 * MINUTE;
/** Wrong tries one address gets on one account before each next try waits (1 s, 2 s, 4 s … up to the window). */
export const LOGIN_FREE_TRIES = 3;
/** Failures of one account (from anywhere) that mean it is under attack: the owner is told in Activity, and each address gets one free try. */
export const LOGIN_ATTACK_FAILURES = 10;
/** Wrong tries one address gets on all accounts together in the window: then it waits (no account is locked). */
export const LOGIN_FAILURES_PER_CLIENT = 30;
const AUDIT_PAGE_SIZE = 50;

const wrongCredentials = () => new AppError('INVALID_CREDENTIALS', 'That e-mail address and password do not match. Please try again.');
const linkExpired = () =>
  new AppError('LINK_EXPIRED', 'This link has expired or was already used. Please ask for a new one.', { token: 'has expired or was already used' });
const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'Someone on the team already signs in with this e-mail address.', { email: 'is already used by a team member' });
const busy = () => rateLimited(3, 'Many people are signing in right now. Please try again in a few seconds.');
const noMail = () =>
  new AppError(
    'EMAIL_UNAVAILABLE',
    'This shop cannot send e-mails yet, so we cannot send you a link. Ask an owner to invite you again, or the operator to set up e-mail.',
  );

/** Who is asking, for the limits and the log: the client's address (its key: an IPv6 /64 as one) and its request's signal. */
export interface Caller {
  clientKey: string;
  address: string;
  signal?: AbortSignal | undefined;
}
const turnOf = (c: Caller): HashTurn => ({ client: c.clientKey, signal: c.signal });

async function startSession(trx: Database, staffId: number, now: Date): Promise<string> {
  const token = newLinkToken();
  await insertStaffSession(trx, staffId, sha256Hex(token), now);
  return token;
}

/** A hash through the pool, its refusals in words: the pool is full (429), the client has gone (nothing to answer). */
async function hashed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HashBusy) throw busy();
    throw err;
  }
}

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

/**
 * When a sign-in try from this address on this account may come (ms to wait), or null: now.
 * - An address with LOGIN_FAILURES_PER_CLIENT failures on any accounts waits until the oldest is out of the window.
 * - An address's wrong tries on one account: LOGIN_FREE_TRIES free, then each next one waits twice as
 *   long after the last (1 s, 2 s, 4 s … up to the window); one free try once the account is under attack.
 * Nothing else counts: another address's failures never refuse a right password from an address
 * without failures of its own, so knowing a staff e-mail is not enough to lock its owner out.
 */
export function loginWait(c: LoginCounts, now: Date): number | null {
  if (c.client >= LOGIN_FAILURES_PER_CLIENT && c.clientOldest) return c.clientOldest.getTime() + LOGIN_WINDOW_MS - now.getTime();
  const free = c.account >= LOGIN_ATTACK_FAILURES ? 1 : LOGIN_FREE_TRIES;
  if (c.pair < free || !c.pairLatest) return null;
  const until = c.pairLatest.getTime() + Math.min(SECOND * 2 ** (c.pair - free), LOGIN_WINDOW_MS);
  return until > now.getTime() ? until - now.getTime() : null;
}

/** Counts a password try against the account and the address (loginWait), then checks it; the try is taken back when the password was right. */
async function checkPassword(ctx: ProviderContext, email: string, password: string, caller: Caller) {
  const now = ctx.clock.now();
  const reserved = await reserveLoginTry(
    ctx.db,
    { account: email, client: caller.clientKey },
    now,
    new Date(now.getTime() - LOGIN_WINDOW_MS),
    (c) => loginWait(c, now),
    LOGIN_ATTACK_FAILURES,
  );
  const found = await findLiveStaffByEmail(ctx.db, email);
  if ('retryAfterMs' in reserved) {
    if (found && reserved.counts.account >= LOGIN_ATTACK_FAILURES) await recordFailure(ctx, found, reserved.counts, caller);
    throw rateLimited(reserved.retryAfterMs / SECOND, 'Too many wrong passwords from this device. Please wait a little and try again.');
  }
  let ok: boolean;
  try {
    ok = await hashed(async () => verifyPassword(password, found?.password_hash ?? (await dummyPasswordHash()), turnOf(caller)));
  } catch (err) {
    // not checked (the pool was full, the client left): the try does not count
    await releaseLoginTry(ctx.db, reserved.id);
    throw err;
  }
  if (found && ok) await releaseLoginTry(ctx.db, reserved.id);
  return { found: found && ok ? found : undefined, account: found, counts: reserved.counts };
}

/**
 * A wrong password for an account: in Activity, each failure until the account is under attack, then
 * one warning per window (the log stays readable whatever a botnet sends). Unknown addresses write
 * nothing: a stranger cannot fill the owner's log.
 */
async function recordFailure(ctx: ProviderContext, account: { id: number; email: string }, counts: LoginCounts, caller: Caller): Promise<void> {
  const now = ctx.clock.now();
  const target = `staff:${account.id}`;
  if (counts.account < LOGIN_ATTACK_FAILURES) {
    await insertAudit(ctx.db, {
      staffId: null,
      actor: 'visitor',
      action: 'signin.failed',
      target,
      before: null,
      after: { email: account.email, address: caller.address },
      now,
    });
    return;
  }
  if (await auditSince(ctx.db, 'signin.attack', target, new Date(now.getTime() - LOGIN_WINDOW_MS))) return;
  await insertAudit(ctx.db, {
    staffId: null,
    actor: 'visitor',
    action: 'signin.attack',
    target,
    before: null,
    after: { email: account.email, failures: counts.account, minutes: LOGIN_WINDOW_MS / MINUTE, address: caller.address },
    now,
  });
  ctx.logger.warn({ staff: account.id, failures: counts.account }, 'staff sign-in: an account is being guessed at');
}

/**
 * Sign-in with e-mail and password. A wrong address and a wrong password get the same answer (401
 * INVALID_CREDENTIALS) after the same work: an unknown address is checked against a dummy hash.
 * Tries are limited per address and per account and address (loginWait), never per account alone.
 */
export async function login(ctx: ProviderContext, input: { email: string; password: string }, caller: Caller): Promise<StaffSessionData & { token: string }> {
  const { found, account, counts } = await checkPassword(ctx, input.email, input.password, caller);
  if (!found) {
    if (account) await recordFailure(ctx, account, counts, caller);
    throw wrongCredentials();
  }
  const now = ctx.clock.now();
  const token = await ctx.db.transaction().execute(async (trx) => {
    await insertAudit(trx, { staffId: found.id, action: 'signin', target: `staff:${found.id}`, before: null, after: { address: caller.address }, now });
    return startSession(trx, found.id, now);
  });
  return { token, staff: staffMember(found) };
}

/** The signed-in member's password, typed again (an owner invitation, a new password): wrong is 400 naming `field`. */
async function confirmPassword(ctx: ProviderContext, actor: StaffOfRequest, password: string, field: string, caller: Caller): Promise<void> {
  const me = await getLiveStaff(ctx.db, actor.id);
  if (!me) throw sessionExpired();
  const { found } = await checkPassword(ctx, me.email, password, caller);
  if (!found) throw validation({ [field]: 'is not your password' }, 'That is not your password. Please type it again.');
}

export async function logout(ctx: ProviderContext, actor: StaffOfRequest): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await revokeStaffSession(trx, actor.sessionId, now);
    await insertAudit(trx, { staffId: actor.id, action: 'signout', target: `staff:${actor.id}`, before: null, after: null, now });
  });
}

/** Sign out everywhere: every session of the caller ends, this one included, and every link they made and nobody used yet. */
export async function logoutEverywhere(ctx: ProviderContext, actor: StaffOfRequest): Promise<{ ended: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const ended = await revokeStaffSessions(trx, actor.id, now);
    const links = await revokeLinksMadeBy(trx, actor.id, actor.id, now);
    await insertAudit(trx, {
      staffId: actor.id,
      action: 'sessions.end_all',
      target: `staff:${actor.id}`,
      before: { sessions: ended, links },
      after: { sessions: 0, links: 0 },
      now,
    });
    return { ended };
  });
}

export async function me(ctx: ProviderContext, actor: StaffOfRequest): Promise<StaffMember> {
  const row = await getLiveStaff(ctx.db, actor.id);
  if (!row) throw notFound('Your account');
  return staffMember(row);
}

/** Who is signed in (null: nobody) and whether the shop has an owner yet: for the console's first look, never a 401. */
export async function sessionState(ctx: ProviderContext, actor: StaffOfRequest | null): Promise<StaffSessionState> {
  const row = actor ? await getLiveStaff(ctx.db, actor.id) : undefined;
  return { staff: row ? staffMember(row) : null, has_owner: row?.role === 'owner' || (await countOwners(ctx.db)) > 0 };
}

export async function listStaff(ctx: ProviderContext): Promise<StaffMember[]> {
  return (await listLiveStaff(ctx.db)).map(staffMember);
}

/** Sends a one-time link by e-mail after its transaction committed; a failure is logged and said (`false`), never thrown. */
async function mailLink(
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

/** What a staff update changed: its answer's words depend on it. */
export interface StaffUpdated {
  staff: StaffMember;
  roleChanged: boolean;
}

/**
 * Changes a team member's role, or the locations they work at, or both. A new role ends their sessions
 * at once (they sign in again with it), and the links they made. Locations replace theirs (none: every
 * location); each must be a location. Owners work at every location (locationScope never reads their
 * rows), so locations for an owner, or for someone made one in the same change, are refused rather than
 * kept and ignored; someone made an owner loses the locations they had.
 */
export async function updateStaff(
  ctx: ProviderContext,
  actor: StaffOfRequest,
  input: { id: number; role?: StaffRole | undefined; location_ids?: number[] | undefined },
): Promise<StaffUpdated> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwners(trx);
    await assertStillOwner(trx, actor);
    const target = await lockLiveStaff(trx, input.id);
    if (!target) throw notFound('That team member');
    const role = input.role ?? target.role;
    const wanted = input.location_ids ? [...input.location_ids].sort((x, y) => x - y) : undefined;
    if (role === 'owner' && wanted && wanted.length > 0) throw validation({ location_ids: 'must be empty: owners work at every location' });
    const names = await locationNames(trx, [...target.location_ids, ...(wanted ?? [])]);
    const unknown = (wanted ?? []).filter((l) => !names.has(l));
    if (unknown.length > 0)
      throw validation({ location_ids: `must be the shop's locations (${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not)` });
    const locationIds = role === 'owner' ? [] : (wanted ?? target.location_ids);
    const roleChanged = role !== target.role;
    const before = staffMember(target);
    if (!roleChanged && JSON.stringify(locationIds) === JSON.stringify(target.location_ids)) return { staff: before, roleChanged };
    if (roleChanged) {
      if (target.role === 'owner' && (await countOwners(trx)) <= 1) throw lastOwner();
      await setStaffRole(trx, target.id, role);
      await revokeStaffSessions(trx, target.id, now);
      await revokeLinksMadeBy(trx, target.id, actor.id, now);
    }
    await setStaffLocations(trx, target.id, locationIds);
    const after = { ...before, role, location_ids: locationIds };
    const named = (ids: readonly number[]) => ids.map((l) => names.get(l) ?? `#${l}`);
    await insertAudit(trx, {
      staffId: actor.id,
      action: roleChanged ? 'staff.role' : 'staff.locations',
      target: `staff:${target.id}`,
      before: { ...before, locations: named(before.location_ids) },
      after: { ...after, locations: named(after.location_ids) },
      now,
    });
    return { staff: after, roleChanged };
  });
}

/** Removes a team member: their account stops signing in, their sessions end and their unused links stop working, at once. */
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
    await revokeLinksMadeBy(trx, target.id, actor.id, now);
    await revokeResetLinksOf(trx, target.id, now);
    await insertAudit(trx, { staffId: actor.id, action: 'staff.remove', target: `staff:${target.id}`, before: staffMember(target), after: null, now });
  });
}

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

export async function auditPage(
  ctx: ProviderContext,
  q: {
    page?: number | undefined;
    person?: number | typeof MACHINE_PERSON | undefined;
    kind?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<AuditListData> {
  const page = q.page ?? 1;
  const timeZone = (await getMerchant(ctx.db, ctx.merchantId)).rules.timezone;
  const rows = await listAudit(ctx.db, AUDIT_PAGE_SIZE + 1, (page - 1) * AUDIT_PAGE_SIZE, {
    ...(typeof q.person === 'number' ? { staffId: q.person } : q.person === MACHINE_PERSON ? { machine: true } : {}),
    ...(q.kind ? { prefixes: ACTIVITY_KINDS[q.kind as ActivityKind].prefixes } : {}),
    ...(q.from ? { from: await dayStart(ctx.db, q.from, timeZone) } : {}),
    ...(q.to ? { to: new Date((await dayStart(ctx.db, q.to, timeZone)).getTime() + DAY) } : {}),
  });
  const items = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
    id: r.id,
    staff: r.staff_id !== null && r.staff_name !== null && r.staff_email !== null ? { id: r.staff_id, name: r.staff_name, email: r.staff_email } : null,
    actor: r.actor,
    action: r.action,
    target: r.target,
    before: r.before ?? null,
    after: r.after ?? null,
    created_at: r.created_at.toISOString(),
  }));
  return { items, next_page: rows.length > AUDIT_PAGE_SIZE ? page + 1 : null };
}

/**
 * Housekeeping for the hourly job (jobs.ts): sign-in failures and the counter's unknown codes once their
 * window is long over, one-time links and share-preview links a day after they expired, staff sessions
 * a day after they ended (revoked, idle past 12 hours, or past their 7 days). The audit log is kept.
 */
export async function purgeStaffLeftovers(ctx: ProviderContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  await purgeEnded(ctx.db, {
    dayAgo: new Date(now - DAY),
    idleSince: new Date(now - STAFF_IDLE_MS - DAY),
    begunBefore: new Date(now - STAFF_LIFETIME_MS - DAY),
  });
}
