import type { Request, RequestHandler } from 'express';
import type { StaffRole } from '#contract/staff';
import { DAY, HOUR, MINUTE } from '../../lib/clock';
import { sha256Hex } from '../../lib/signature';
import type { ProviderContext } from '../context';
import { AppError, sessionExpired } from './errors';
import { bearerToken } from './session';

/** A staff session ends after this long without a call. */
export const STAFF_IDLE_MS = 12 * HOUR;
/** …and this long after it began, however busy (the gateway's cookie is kept as long). */
export const STAFF_LIFETIME_MS = 7 * DAY;
/** last_seen_at is written at most this often: not one write per call. */
const TOUCH_EVERY_MS = MINUTE;

export interface StaffOfRequest {
  id: number;
  role: StaffRole;
  sessionId: number;
}

declare module 'express-serve-static-core' {
  interface Locals {
    staff?: StaffOfRequest;
  }
}

/**
 * The live staff session a request's Bearer token names: not revoked, used within the last 12 hours,
 * begun within the last 7 days, of
 * a staff member not removed; else null. A customer's token is no staff token (another table), so it
 * never passes. Bumps last_seen_at (at most once a minute).
 */
export async function staffSessionOf(ctx: ProviderContext, req: Request): Promise<StaffOfRequest | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select(['s.id as session_id', 's.last_seen_at', 'st.id as staff_id', 'st.role'])
    .where('s.token_hash', '=', sha256Hex(token))
    .where('s.revoked_at', 'is', null)
    .where('st.removed_at', 'is', null)
    .where('s.last_seen_at', '>', new Date(now.getTime() - STAFF_IDLE_MS))
    .where('s.created_at', '>', new Date(now.getTime() - STAFF_LIFETIME_MS))
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    await ctx.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: now })
      .where('id', '=', row.session_id)
      .where('last_seen_at', '<', new Date(now.getTime() - TOUCH_EVERY_MS))
      .execute();
  }
  return { id: row.staff_id, role: row.role, sessionId: row.session_id };
}

export const roleForbidden = () => new AppError('ROLE_FORBIDDEN', 'Only an owner can do this. Ask an owner of this shop.');

/**
 * Merchant console calls: a live staff session (else 401 SESSION_EXPIRED: no token, a customer's
 * token, an expired, revoked or removed staff member's session) and, when `role` is 'owner', an
 * owner's (else 403 ROLE_FORBIDDEN). The role is read from the staff row at every call.
 */
export function requireStaff(ctx: ProviderContext, role?: StaffRole): RequestHandler {
  return async (req, res, next) => {
    const staff = await staffSessionOf(ctx, req);
    if (!staff) return next(sessionExpired());
    if (role === 'owner' && staff.role !== 'owner') return next(roleForbidden());
    res.locals.staff = staff;
    next();
  };
}

/** The staff member of a request that passed requireStaff. */
export function staffOf(res: { locals: { staff?: StaffOfRequest } }): StaffOfRequest {
  const staff = res.locals.staff;
  if (!staff) throw sessionExpired();
  return staff;
}
