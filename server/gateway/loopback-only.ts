import type { RequestHandler } from 'express';

/** Headers a proxy adds: a request carrying any of them did not come straight from this machine. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'via'];

/** 127.0.0.0/8, ::1, and 127.x written as IPv6 (a dual-stack socket's ::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** A Host header naming this machine: localhost, 127.x or [::1], with or without a port. */
function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '');
  return name === 'localhost' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/**
 * For what only the person at this machine may use (the development outbox, which shows anyone's
 * one-time code): the client must be on the loopback interface, with no proxy in between (a proxy on
 * this machine would make every visitor look local), and must have asked for this machine by name (a
 * web page whose own host name was re-pointed at 127.0.0.1, DNS rebinding, would otherwise read it
 * from the developer's browser). Anyone else gets the same 404 as a path that does not exist: the
 * router is left as if this part of it were not there. The socket's address is used, never req.ip,
 * which TRUST_PROXY_HOPS lets X-Forwarded-For choose.
 */
export function loopbackOnly(): RequestHandler {
  return (req, _res, next) => {
    const local = isLoopbackAddress(req.socket.remoteAddress) && isLoopbackHost(req.headers.host) && PROXY_HEADERS.every((h) => req.headers[h] === undefined);
    next(local ? undefined : 'router');
  };
}
