import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';
import { random16 } from '../lib/signature';

/**
 * The customer session lives in an HttpOnly cookie the browser's scripts cannot read. Over HTTPS it is
 * `__Host-sid` (Secure, Path=/, no Domain: the browser refuses it otherwise, so it cannot be planted
 * from a sibling subdomain); over plain http (loopback development) it is `sid`.
 */
export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * The merchant console's staff session has a cookie of its own, the same way (`__Host-staff` over HTTPS,
 * `staff` over http), but SameSite=Strict: no link from another site ever arrives signed in to the
 * console. Calls to `merchant/…` carry only this cookie, every other call only the customer's: a
 * customer session never reaches the console's calls, nor a staff session the customer's. The provider
 * ends an idle staff session after 12 hours; the cookie itself is kept at most 7 days.
 */
export const STAFF_COOKIE = 'staff';
export const SECURE_STAFF_COOKIE = '__Host-staff';
export const STAFF_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** Which session a cookie holds: the customer's (`sid`) or the merchant console's (`staff`). */
export type SessionKind = 'customer' | 'staff';

const NAMES: Record<SessionKind, { plain: string; secure: string; sameSite: 'lax' | 'strict'; maxAge: number }> = {
  customer: { plain: SESSION_COOKIE, secure: SECURE_SESSION_COOKIE, sameSite: 'lax', maxAge: SESSION_MAX_AGE_SECONDS },
  staff: { plain: STAFF_COOKIE, secure: SECURE_STAFF_COOKIE, sameSite: 'strict', maxAge: STAFF_MAX_AGE_SECONDS },
};

// what a provider's token may look like before it goes into a header; anything else is ignored
const TOKEN_SHAPE = /^[A-Za-z0-9._~+/=-]{16,512}$/;

export function sessionCookieName(secure: boolean, kind: SessionKind = 'customer'): string {
  return secure ? NAMES[kind].secure : NAMES[kind].plain;
}

/**
 * The session token from the request's cookies: only the cookie of this scheme. Over HTTPS a plain `sid`
 * is not a session: anyone who can answer the browser over http (or a sibling subdomain) can plant one,
 * while `__Host-sid` can only come from this origin over HTTPS.
 */
export function readSessionToken(req: IncomingMessage, secure: boolean, kind: SessionKind = 'customer'): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const value = parseCookie(header)[sessionCookieName(secure, kind)];
  return value && TOKEN_SHAPE.test(value) ? value : null;
}

/** The names of the session cookies the browser sent, read before its cookie header is dropped. */
export function sentSessionCookies(req: IncomingMessage, kind: SessionKind = 'customer'): string[] {
  const header = req.headers.cookie;
  if (!header) return [];
  const cookies = parseCookie(header);
  return [NAMES[kind].secure, NAMES[kind].plain].filter((name) => cookies[name] !== undefined);
}

function sessionSetCookie(name: string, value: string | null, kind: SessionKind): string {
  return stringifySetCookie({
    name,
    value: value ?? '',
    httpOnly: true,
    sameSite: NAMES[kind].sameSite,
    path: '/',
    secure: name === NAMES[kind].secure,
    // clearing: Max-Age=0 plus an Expires in the past for clients that ignore Max-Age
    ...(value === null ? { maxAge: 0, expires: new Date(0) } : { maxAge: NAMES[kind].maxAge }),
  });
}

/**
 * Whether a Set-Cookie line names a session cookie of `kind`, or of either kind when none is given
 * (browsers match the `__Host-` prefix in any case).
 */
function isSessionSetCookie(line: string, kind?: SessionKind): boolean {
  const eq = line.indexOf('=');
  const name = (eq === -1 ? line : line.slice(0, eq)).trim();
  return (kind ? [kind] : (['customer', 'staff'] as const)).some((k) => name === NAMES[k].plain || name.toLowerCase() === NAMES[k].secure.toLowerCase());
}

/** Replaces any session Set-Cookie of `kind` already on the response, keeping other cookies. */
function putSessionCookies(res: ServerResponse, values: string[], kind: SessionKind): void {
  const current = res.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  const others = list.filter((c) => !isSessionSetCookie(c, kind));
  res.setHeader('set-cookie', [...others, ...values]);
}

/**
 * Takes out any Set-Cookie for the sessions' names (customer and staff) that a provider's answer brought
 * along: only the gateway sets a session cookie, from a sign-in answer's token, so no provider can plant one.
 */
export function dropForeignSessionCookies(res: ServerResponse): void {
  const current = res.getHeader('set-cookie');
  if (current === undefined) return;
  const list = Array.isArray(current) ? current.map(String) : [String(current)];
  if (!list.some((c) => isSessionSetCookie(c))) return;
  const others = list.filter((c) => !isSessionSetCookie(c));
  if (others.length > 0) res.setHeader('set-cookie', others);
  else res.removeHeader('set-cookie');
}

/**
 * Every browser gets a long-lived random device id in an HttpOnly cookie (`__Host-did` over HTTPS,
 * `did` over http; SameSite=Lax), which the gateway forwards to the provider as `x-device-id`, under
 * its call signature: referrals refuse a friend whose device was seen on the referrer's account. A
 * browser cannot choose what the provider reads: its own `x-device-id` is dropped, and a cookie not of
 * the id's shape is replaced by a new id.
 */
export const DEVICE_COOKIE = 'did';
export const SECURE_DEVICE_COOKIE = '__Host-did';
/** 400 days: the longest a browser keeps a cookie */
export const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** The device id the browser's cookie of this scheme holds, or null (none, or not one of ours). */
export function readDeviceId(req: IncomingMessage, secure: boolean): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const value = parseCookie(header)[secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE];
  return value && DEVICE_ID_SHAPE.test(value) ? value : null;
}

export const newDeviceId = (): string => random16();

/** Gives the browser its device cookie (a new id), next to whatever cookies the answer sets already. */
export function setDeviceCookie(res: ServerResponse, secure: boolean, id: string): void {
  const line = stringifySetCookie({
    name: secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE,
    value: id,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
  const current = res.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  const isDevice = (c: string) => /^\s*(did|__host-did)=/i.test(c);
  res.setHeader('set-cookie', [...list.filter((c) => !isDevice(c)), line]);
}

export function setSessionCookie(res: ServerResponse, secure: boolean, token: string, kind: SessionKind = 'customer'): void {
  putSessionCookies(res, [sessionSetCookie(sessionCookieName(secure, kind), token, kind)], kind);
}

/**
 * Clears the session cookie of this scheme and every other session cookie the browser sent (`sent`,
 * from sentSessionCookies before the request's cookie header was dropped), so a site moved behind HTTPS
 * keeps no stale `sid`. Over plain http a `__Host-` cookie cannot be cleared (the browser takes Secure
 * cookies from HTTPS only) and is never sent there.
 */
export function clearSessionCookies(res: ServerResponse, secure: boolean, sent: readonly string[], kind: SessionKind = 'customer'): void {
  const names = new Set([sessionCookieName(secure, kind)]);
  for (const name of sent) if (name === NAMES[kind].plain || (secure && name === NAMES[kind].secure)) names.add(name);
  putSessionCookies(
    res,
    [...names].map((n) => sessionSetCookie(n, null, kind)),
    kind,
  );
}
