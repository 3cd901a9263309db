import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * The customer session lives in an HttpOnly cookie the browser's scripts cannot read. Over HTTPS it is
 * `__Host-sid` (Secure, Path=/, no Domain: the browser refuses it otherwise, so it cannot be planted
 * from a sibling subdomain); over plain http (loopback development) it is `sid`.
 */
export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

// what a provider's token may look like before it goes into a header; anything else is ignored
const TOKEN_SHAPE = /^[A-Za-z0-9._~+/=-]{16,512}$/;

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/**
 * The session token from the request's cookies: only the cookie of this scheme. Over HTTPS a plain `sid`
 * is not a session: anyone who can answer the browser over http (or a sibling subdomain) can plant one,
 * while `__Host-sid` can only come from this origin over HTTPS.
 */
export function readSessionToken(req: IncomingMessage, secure: boolean): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const value = parseCookie(header)[sessionCookieName(secure)];
  return value && TOKEN_SHAPE.test(value) ? value : null;
}

/** The names of the session cookies the browser sent, read before its cookie header is dropped. */
export function sentSessionCookies(req: IncomingMessage): string[] {
  const header = req.headers.cookie;
  if (!header) return [];
  const cookies = parseCookie(header);
  return [SECURE_SESSION_COOKIE, SESSION_COOKIE].filter((name) => cookies[name] !== undefined);
}

function sessionSetCookie(name: string, value: string | null): string {
  return stringifySetCookie({
    name,
    value: value ?? '',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: name === SECURE_SESSION_COOKIE,
    // clearing: Max-Age=0 plus an Expires in the past for clients that ignore Max-Age
    ...(value === null ? { maxAge: 0, expires: new Date(0) } : { maxAge: SESSION_MAX_AGE_SECONDS }),
  });
}

/** Whether a Set-Cookie line names a session cookie (browsers match the `__Host-` prefix in any case). */
function isSessionSetCookie(line: string): boolean {
  const eq = line.indexOf('=');
  const name = (eq === -1 ? line : line.slice(0, eq)).trim();
  return name === SESSION_COOKIE || name.toLowerCase() === SECURE_SESSION_COOKIE.toLowerCase();
}

/** Replaces any session Set-Cookie already on the response, keeping other cookies. */
function putSessionCookies(res: ServerResponse, values: string[]): void {
  const current = res.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  const others = list.filter((c) => !isSessionSetCookie(c));
  res.setHeader('set-cookie', [...others, ...values]);
}

/**
 * Takes out any Set-Cookie for the session's names that a provider's answer brought along: only the
 * gateway sets the session cookie, from a sign-in answer's token, so no provider can plant one.
 */
export function dropForeignSessionCookies(res: ServerResponse): void {
  const current = res.getHeader('set-cookie');
  if (current === undefined) return;
  const list = Array.isArray(current) ? current.map(String) : [String(current)];
  if (!list.some(isSessionSetCookie)) return;
  const others = list.filter((c) => !isSessionSetCookie(c));
  if (others.length > 0) res.setHeader('set-cookie', others);
  else res.removeHeader('set-cookie');
}

export function setSessionCookie(res: ServerResponse, secure: boolean, token: string): void {
  putSessionCookies(res, [sessionSetCookie(sessionCookieName(secure), token)]);
}

/**
 * Clears the session cookie of this scheme and every other session cookie the browser sent (`sent`,
 * from sentSessionCookies before the request's cookie header was dropped), so a site moved behind HTTPS
 * keeps no stale `sid`. Over plain http a `__Host-` cookie cannot be cleared (the browser takes Secure
 * cookies from HTTPS only) and is never sent there.
 */
export function clearSessionCookies(res: ServerResponse, secure: boolean, sent: readonly string[]): void {
  const names = new Set([sessionCookieName(secure)]);
  for (const name of sent) if (name === SESSION_COOKIE || (secure && name === SECURE_SESSION_COOKIE)) names.add(name);
  putSessionCookies(res, [...names].map((n) => sessionSetCookie(n, null)));
}
