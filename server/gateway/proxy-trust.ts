import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/** Whether a proxy in front says the browser came over HTTPS (X-Forwarded-Proto or Forwarded: proto=https). */
function saysHttps(req: IncomingMessage): boolean {
  const xfp = req.headers['x-forwarded-proto'];
  if (typeof xfp === 'string' && xfp.split(',')[0]!.trim().toLowerCase() === 'https') return true;
  const forwarded = req.headers.forwarded;
  return typeof forwarded === 'string' && /(?:^|[;,\s])proto="?https"?(?:$|[;,\s])/i.test(forwarded);
}

/**
 * With TRUST_PROXY_HOPS=0 the gateway believes no proxy, so behind a TLS proxy it takes every request
 * for plain http: the session cookie goes out without Secure (as `sid`, not `__Host-sid`) and no HSTS
 * is sent. It cannot tell a real proxy from a client making the header up, so it only says so, once,
 * the first time a request claims HTTPS. Mount only when TRUST_PROXY_HOPS is 0.
 */
export function untrustedTlsProxyWarning(logger: Logger): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && saysHttps(req)) {
      warned = true;
      logger.warn(
        'a request arrived with X-Forwarded-Proto: https, but TRUST_PROXY_HOPS is 0, so it is treated as plain http: the session cookie goes out without Secure and no HSTS is sent. Behind a TLS proxy, set TRUST_PROXY_HOPS to the number of proxies in front of the gateway',
      );
    }
    next();
  };
}
