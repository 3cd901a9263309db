import type { StaffMember, StaffSessionData, StaffSessionState } from '#contract/staff';
import type { Database } from '../../db';
import { MINUTE, SECOND } from '../../lib/clock';
import { sha256Hex } from '../../lib/signature';
import { rateLimited } from '../auth/codes';
import type { ProviderContext } from '../context';
import { AppError, notFound, sessionExpired, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { hashed, turnOf, type Caller } from './caller';
import { dummyPasswordHash, verifyPassword } from './password';
import { newLinkToken } from './setup-link';
import {
  auditSince,
  countOwners,
  findLiveStaffByEmail,
  getLiveStaff,
  insertAudit,
  insertStaffSession,
  releaseLoginTry,
  reserveLoginTry,
  revokeLinksMadeBy,
  revokeStaffSession,
  revokeStaffSessions,
  staffMember,
  type LoginCounts,
} from './staff.repo';

/**
 * Staff sessions: sign-in with its limits (per address, per account and address, never per account
 * alone), a password typed again, sign-out (here, everywhere), and who is signed in.
 */

/** Sign-in failures are counted over this window: per account, per client address, and per pair of them. */
export const LOGIN_WINDOW_MS = 15 * MINUTE;
/** Wrong tries one address gets on one account before each next try waits (1 s, 2 s, 4 s … up to the window). */
export const LOGIN_FREE_TRIES = 3;
/** Failures of one account (from anywhere) that mean it is under attack: the owner is told in Activity, and each address gets one free try. */
export const LOGIN_ATTACK_FAILURES = 10;
/** Wrong tries one address gets on all accounts together in the window: then it waits (no account is locked). */
export const LOGIN_FAILURES_PER_CLIENT = 30;
const wrongCredentials = () => new AppError('INVALID_CREDENTIALS', 'That e-mail address and password do not match. Please try again.');
export async function startSession(trx: Database, staffId: number, now: Date): Promise<string> {
  const token = newLinkToken();
  await insertStaffSession(trx, staffId, sha256Hex(token), now);
  return token;
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
export async function confirmPassword(ctx: ProviderContext, actor: StaffOfRequest, password: string, field: string, caller: Caller): Promise<void> {
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
