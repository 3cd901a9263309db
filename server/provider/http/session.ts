import type { Request, RequestHandler } from 'express';
import type { Database } from '../../db';
import { keptStatement } from '../../db/kept';
import { sha256Hex } from '../../lib/signature';
import type { ProviderContext } from '../context';
import { AppError, sessionExpired, type Words } from './errors';
import { errors } from '../i18n/errors';

declare module 'express-serve-static-core' {
  interface Locals {
    customerId?: number;
    sessionId?: number;
    /** a guest's session: the one location it may order at (absent: a member's) */
    guestLocationId?: number;
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
  return match?.[1] ?? null;
}

/** A live session; `guest_location_id`: a guest's (ordering at a table with a first name), the location it is bound to. */
type Session = { id: number; customer_id: number; guest_location_id: number | null };

/** The session a request's token named when it was read earlier in the request (keepSession). */
const known = new WeakMap<Request, { token: string; session: Session | null }>();

/** The live session a request's Bearer token names (valid, unexpired, unrevoked), or null. */
export async function sessionOf(ctx: ProviderContext, req: Request): Promise<Session | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const kept = known.get(req);
  if (kept?.token === token) return kept.session;
  const { rows } = await readSession(ctx.db, { tokenHash: sha256Hex(token), now: ctx.clock.now() });
  return rows[0] ?? null;
}

/**
 * sessionOf's query for a token's hash (no row or one) at `now`, for a statement that reads it with others
 * too (signature-check.ts, with the call's nonce): values, so that it can be kept (keptStatement).
 */
export function sessionQuery(db: Database, v: { tokenHash: string; now: Date }) {
  return db
    .selectFrom('sessions')
    .select(['id', 'customer_id', 'guest_location_id'])
    .where('token_hash', '=', v.tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', v.now);
}

const readSession = keptStatement((v: { tokenHash: string; now: Date }, db) => sessionQuery(db, v));

/** What sessionQuery read for this request's token, so sessionOf answers it without reading it again. */
export function keepSession(req: Request, token: string, session: Session | null): void {
  known.set(req, { token, session });
}

/**
 * Pages a browser opens directly (the sandbox payment page): the signed-in customer, or null with no
 * session at all. The page decides what a visitor without one sees; it never answers 401.
 */
export async function optionalCustomer(ctx: ProviderContext, req: Request): Promise<number | null> {
  return (await sessionOf(ctx, req))?.customer_id ?? null;
}

/** A guest's session's location (a call declared for guests), or null for a member. */
export function guestLocationOf(res: { locals: { guestLocationId?: number } }): number | null {
  return res.locals.guestLocationId ?? null;
}

/** What a guest hears on a call only members make. */
export const guestForbidden = (message: Words = errors.guestSignIn) => new AppError('GUEST_FORBIDDEN', message);

/**
 * Customer calls: a valid, unexpired, unrevoked session token, else 401 SESSION_EXPIRED. A guest's
 * session (a first name at a table, no account) passes only on the calls declared for guests
 * (`guests: true`, src/contract/api.ts): the allow-list lives here, in one place, so a new customer call
 * is refused to guests (403 GUEST_FORBIDDEN) unless its declaration says otherwise.
 */
export function requireCustomer(ctx: ProviderContext, guests = false): RequestHandler {
  return async (req, res, next) => {
    const session = await sessionOf(ctx, req);
    if (!session) return next(sessionExpired());
    if (session.guest_location_id !== null && !guests) return next(guestForbidden());
    res.locals.customerId = session.customer_id;
    res.locals.sessionId = session.id;
    if (session.guest_location_id !== null) res.locals.guestLocationId = session.guest_location_id;
    next();
  };
}

/** The customer of a request that passed requireCustomer. */
export function customerOf(res: { locals: { customerId?: number } }): number {
  const id = res.locals.customerId;
  if (id === undefined) throw sessionExpired();
  return id;
}

/** The client's address as the gateway saw it (the gateway sets x-forwarded-for to one address). */
export function clientIp(req: Request): string {
  const forwarded = req.get('x-forwarded-for');
  if (forwarded) return forwarded.split(',').at(-1)!.trim();
  return req.socket.remoteAddress ?? 'unknown';
}
