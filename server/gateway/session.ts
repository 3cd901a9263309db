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

/** The session token from the request's cookies (the secure name first), or null. */
export function readSessionToken(req: IncomingMessage): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const cookies = parseCookie(header);
  for (const name of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const value = cookies[name];
    if (value && TOKEN_SHAPE.test(value)) return value;
  }
  return null;
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

/** Replaces any session Set-Cookie already on the response, keeping other cookies. */
function putSessionCookies(res: ServerResponse, values: string[]): void {
  const current = res.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  const others = list.filter((c) => !c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SECURE_SESSION_COOKIE}=`));
  res.setHeader('set-cookie', [...others, ...values]);
}

export function setSessionCookie(res: ServerResponse, secure: boolean, token: string): void {
  putSessionCookies(res, [sessionSetCookie(sessionCookieName(secure), token)]);
}

/**
 * Clears the session cookie for this scheme, and the other name too when the browser sent it (a site
 * moved behind HTTPS keeps no stale `sid`).
 */
export function clearSessionCookie(req: IncomingMessage, res: ServerResponse, secure: boolean): void {
  const names = new Set([sessionCookieName(secure)]);
  const sent = req.headers.cookie ? parseCookie(req.headers.cookie) : {};
  if (sent[SESSION_COOKIE] !== undefined) names.add(SESSION_COOKIE);
  if (secure && sent[SECURE_SESSION_COOKIE] !== undefined) names.add(SECURE_SESSION_COOKIE);
  putSessionCookies(res, [...names].map((n) => sessionSetCookie(n, null)));
}
