import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createProxyMiddleware, responseInterceptor } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { signCall } from '../lib/signature';
import { sendGatewayError } from './envelope';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session';
import { copyAnswerHeaders, sharedCache } from './shared-cache';

export interface ApiProxyOptions {
  /** the provider's API v2 base URL, ending in / */
  providerBase: string;
  secret: string;
  platform: string;
  logger: Logger;
  /** how long the provider may take to answer (ms) */
  timeoutMs?: number;
  /** how many public answers (`Cache-Control: public, max-age`) are kept in memory; 0: none */
  cacheEntries?: number;
  /** the clock of the `timestamp` header and of the cache (tests) */
  now?: () => number;
}

/** Calls whose answer carries a customer token that must become the session cookie. */
const SIGN_IN_PATHS = new Set(['auth/otp/verify', 'auth/register', 'auth/google']);
const LOGOUT_PATH = 'auth/logout';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Headers a browser must never choose: the call signature and the customer credential are the
 * gateway's to set; forwarding headers are recomputed from the socket and TRUST_PROXY_HOPS; the
 * browser's cookies are the gateway's business, not the provider's.
 */
const DROPPED_REQUEST_HEADERS = [
  'token-authorization',
  'platform',
  'timestamp',
  'authorization',
  'cookie',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
];

interface ProxiedCall {
  /** the provider path: after /api/, without the query, exactly as signed */
  path: string;
  secure: boolean;
  signIn: boolean;
  logout: boolean;
}

declare module 'express-serve-static-core' {
  interface Locals {
    proxiedCall?: ProxiedCall;
  }
}

function callOf(res: ServerResponse): ProxiedCall | undefined {
  return (res as Response).locals?.proxiedCall;
}

/** The provider path of a request mounted under /api: `settings/main-setting`. */
function providerPath(req: Request): string {
  const url = req.url;
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)).replace(/^\/+/, '');
}

/**
 * A path that could climb out of the provider's API base once some server along the way normalises
 * it (`..`, `.`, encoded slashes or backslashes) is refused here, before it is signed.
 */
function isSafePath(path: string): boolean {
  if (/%2f|%5c|\\/i.test(path)) return false;
  return path.split('/').every((segment) => {
    let s: string;
    try {
      s = decodeURIComponent(segment);
    } catch {
      return false;
    }
    return s !== '.' && s !== '..';
  });
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  return value.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** The one client address, as Express computed it with `trust proxy` = TRUST_PROXY_HOPS. */
function clientAddress(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/**
 * `/api/*` → `${providerBase}<path>`: state-changing calls must be JSON (CSRF defence next to SameSite
 * cookies: a cross-site form cannot send application/json, and a cross-site fetch that does needs a
 * CORS preflight this gateway never grants), every call is signed, the session cookie becomes a
 * Bearer token, and the token in sign-in answers becomes the cookie. Mount at `/api`.
 */
export function apiProxy(o: ApiProxyOptions): Router {
  const now = o.now ?? (() => Date.now());
  const router = Router();
  const cache = (o.cacheEntries ?? 0) > 0 ? sharedCache({ maxEntries: o.cacheEntries!, now }) : undefined;

  const prepare: RequestHandler = (req, res, next) => {
    if (STATE_CHANGING.has(req.method) && !isJsonContentType(req.get('content-type'))) {
      return sendGatewayError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send this request as JSON (content-type: application/json).');
    }
    const path = providerPath(req);
    if (!isSafePath(path)) return sendGatewayError(res, 404, 'NOT_FOUND', 'There is no such API call.');

    const call: ProxiedCall = { path, secure: req.secure, signIn: SIGN_IN_PATHS.has(path), logout: path === LOGOUT_PATH };
    res.locals.proxiedCall = call;
    // read from the browser's headers before they are dropped below (req.ip reads X-Forwarded-For)
    const token = readSessionToken(req);
    const client = clientAddress(req);
    const protocol = req.protocol;

    for (const h of DROPPED_REQUEST_HEADERS) delete req.headers[h];
    const timestamp = Math.floor(now() / 1000);
    req.headers.platform = o.platform;
    req.headers.timestamp = String(timestamp);
    req.headers['token-authorization'] = signCall(o.providerBase, path, o.platform, timestamp, o.secret);
    req.headers['x-forwarded-for'] = client;
    req.headers['x-forwarded-proto'] = protocol;
    if (token) req.headers.authorization = `Bearer ${token}`;

    // logout ends the browser's session whatever the provider answers, even when it cannot be reached
    if (call.logout) clearSessionCookie(req, res, call.secure);
    // API answers are per customer: never cached unless the provider says otherwise
    res.setHeader('cache-control', 'no-store');
    next();
  };

  // Sign-in, logout and 401 answers are read (small JSON) to move the token into the cookie or to
  // drop the cookie; every other answer streams through untouched.
  const intercept = responseInterceptor(async (buffer, proxyRes, req, res) => {
    const call = callOf(res);
    if (!call) return buffer;
    if (call.logout) clearSessionCookie(req, res, call.secure);
    if (!/\bjson\b/i.test(String(proxyRes.headers['content-type'] ?? ''))) return buffer;
    let body: { error?: { code?: unknown }; data?: unknown };
    try {
      body = JSON.parse(buffer.toString('utf8')) as typeof body;
    } catch {
      return buffer;
    }
    if (proxyRes.statusCode === 401 && body?.error?.code === 'SESSION_EXPIRED') {
      clearSessionCookie(req, res, call.secure);
      return buffer;
    }
    const data = body?.data as Record<string, unknown> | null | undefined;
    if (call.signIn && data && typeof data === 'object' && typeof data.token === 'string') {
      setSessionCookie(res, call.secure, data.token);
      delete data.token;
      return Buffer.from(JSON.stringify(body), 'utf8');
    }
    return buffer;
  });

  function stream(proxyRes: IncomingMessage, req: Request, res: ServerResponse): void {
    res.statusCode = proxyRes.statusCode ?? 502;
    if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
    copyAnswerHeaders(res, proxyRes.headers);
    if (cache && req.method === 'GET') cache.collect(req.originalUrl, proxyRes);
    proxyRes.pipe(res);
  }

  // Connections to the provider are kept open and reused (a new TCP connection per call costs more than
  // the call itself on loopback). Free sockets are kept up to the busy maximum, so a burst at 100+
  // concurrent calls does not close and reopen connections as it ebbs; idle ones go after 30 s,
  // before the provider's own keep-alive timeout (65 s for the embedded one) can race a reuse.
  const agent = new Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 512, scheduling: 'lifo', timeout: 30_000 });

  const proxy = createProxyMiddleware<Request, Response>({
    target: o.providerBase,
    agent,
    changeOrigin: true,
    xfwd: false,
    proxyTimeout: o.timeoutMs ?? 15_000,
    selfHandleResponse: true,
    on: {
      proxyRes: (proxyRes, req, res) => {
        const call = callOf(res);
        if (call && (call.signIn || call.logout || proxyRes.statusCode === 401)) return intercept(proxyRes, req, res);
        stream(proxyRes, req, res);
      },
      error: (err, _req, res) => {
        const e = err as NodeJS.ErrnoException;
        o.logger.warn({ code: e.code ?? e.message }, 'the provider could not be reached');
        if (!res || !('writeHead' in res)) return void res?.destroy();
        if (res.headersSent) return void res.destroy();
        sendGatewayError(res, 502, 'BAD_GATEWAY', 'The service cannot be reached right now. Please try again in a moment.');
      },
    },
  });

  // A GET the provider has answered with `Cache-Control: public, max-age=…` is answered from memory
  // while fresh (shared-cache.ts): no signature, no upstream call.
  if (cache) {
    router.use((req, res, next) => {
      const kept = req.method === 'GET' ? cache.get(req.originalUrl) : undefined;
      if (kept) cache.send(kept, res);
      else next();
    });
  }
  router.use(prepare, proxy);
  return router;
}
