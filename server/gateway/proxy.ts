import { Agent, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { KeyObject } from 'node:crypto';
import { Agent as HttpsAgent } from 'node:https';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createProxyMiddleware, proxyEventsPlugin, type Plugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { bodySha256, CALL_NONCE_HEADER, CALL_SIGNATURE_HEADER, callHeaders, callKey, keysCallHmac, signCall } from '../lib/signature';
import { BodyTooLarge, hasBody, readBody } from '../lib/read-body';
import { ALL_CALLS } from '#contract/calls';
import { mediaApi } from '#contract/media.calls';
import { sendGatewayError } from './envelope';
import { gatewayErrors } from './errors';
import { UNREACHABLE_CODES } from './boot-data';
import {
  clearSessionCookies,
  dropForeignSessionCookies,
  newDeviceId,
  readDeviceId,
  readSessionToken,
  sentSessionCookies,
  setDeviceCookie,
  setSessionCookie,
  type SessionKind,
} from './session';
import { copyAnswerHeaders, sharedCache } from './shared-cache';
import { MAX_JSON_ANSWER_BYTES, decodedBody, isJsonAnswer, mayCarryToken, readableAcceptEncoding, stripTokens } from './token-guard';

export interface ApiProxyOptions {
  /** the provider's API v2 base URL, ending in / */
  providerBase: string;
  /**
   * every provider, in order (the first is providerBase): a call that is safe to repeat (a GET, or one
   * carrying an idempotency key) goes to the next when one cannot be reached
   */
  providerBases?: readonly string[];
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

/**
 * What the contract declares of each call (src/contract/calls.ts): whose session it carries, and which
 * calls sign in (their answer's token becomes the session cookie) or out (they clear it). Sign-in and
 * logout calls are known by their exact path: any other spelling of them is refused
 * (isSessionPathAlias), and a token in any other answer is removed (token-guard.ts).
 */
const DECLARED = new Map(ALL_CALLS.map((c) => [c.path, c]));
const signing = (kind: SessionKind, signs: 'in' | 'out') => new Set(ALL_CALLS.filter((c) => c.session === kind && c.signs === signs).map((c) => c.path));
const SIGN_IN_PATHS = { customer: signing('customer', 'in'), staff: signing('staff', 'in') } satisfies Record<SessionKind, Set<string>>;
const LOGOUT_PATHS = { customer: signing('customer', 'out'), staff: signing('staff', 'out') } satisfies Record<SessionKind, Set<string>>;
const SESSION_PATHS = new Set(ALL_CALLS.filter((c) => c.signs).map((c) => c.path));
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Provider calls that are not for browsers: the OpenAPI document is read from the provider (or from
 * docs/openapi.json) by people building a provider; through here its schemas' `token` properties would
 * be taken out by the token guard. (Its declaration is in src/contract/endpoints.ts, which loads every
 * schema: the gateway names the path itself rather than load them all.)
 */
const PROVIDER_ONLY_PATHS = new Set(['openapi.json']);
/**
 * Apple Wallet's pass web service (the pass's webServiceURL is <PUBLIC_URL>/api/pass/apple): a device,
 * not a browser, calls it with its own credential, `Authorization: ApplePass <token>`, which goes on to
 * the provider (signed) instead of a session; its DELETE has no body. No cookie is read or set there.
 */
const APPLE_PASS_SERVICE = /^pass\/apple\/v1\//;

/**
 * Headers a browser must never choose: the call signature and the customer credential are the
 * gateway's to set; forwarding headers are recomputed from the socket and TRUST_PROXY_HOPS; the
 * browser's cookies are the gateway's business, not the provider's. The browser's connection headers
 * describe its own connection, not the gateway's: `Connection: x-forwarded-for, authorization` would
 * have any HTTP proxy between the gateway and the provider strip the headers the gateway sets.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'token-authorization',
  'platform',
  'timestamp',
  CALL_SIGNATURE_HEADER,
  CALL_NONCE_HEADER,
  'authorization',
  'cookie',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  // the device id is the gateway's to set, from its device cookie (session.ts)
  'x-device-id',
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'te',
  'upgrade',
  // answered by the gateway's own server (Node sends the 100 Continue) before the body is read; sent on,
  // it would also keep the library from handing the call to proxyReq, which writes the signed body
  'expect',
]);

interface ProxiedCall {
  /** the provider path: after /api/, without the query, exactly as signed */
  path: string;
  secure: boolean;
  /** whose session the call carries: the merchant console's calls (`merchant/…`) the staff cookie, the others the customer's */
  kind: SessionKind;
  signIn: boolean;
  logout: boolean;
  /** the session cookies the browser sent (its cookie header is dropped before the call goes on) */
  sentCookies: string[];
  /** a device id made for a browser without one: its cookie is set on the answer */
  newDevice: string | null;
  /**
   * whether the shared cache may keep its answer when the provider marks it public: never for a call
   * the contract declares for a session or a key (a provider's mistake there would hand one customer's
   * answer to the next), otherwise as the provider says
   */
  shareable: boolean;
}

declare module 'express-serve-static-core' {
  interface Locals {
    proxiedCall?: ProxiedCall;
    /** the request body, read whole to be signed, written to the provider by the proxy */
    callBody?: Buffer;
    /** the provider the call was last sent to (forwarder) */
    attempt?: Attempt;
  }
}

/** One sending of a call to one provider. */
interface Attempt {
  /** how many providers were tried before this one */
  tried: number;
  /** its answer has begun: the call is never sent again */
  answered: boolean;
  /** it did not answer within timeoutMs */
  timedOut: boolean;
}

/**
 * The largest request body the gateway reads whole to sign it. The provider refuses more than 64 KiB
 * itself, naming the limit, so 1 MB leaves it every refusal to make; an image upload (2 MB of image,
 * about 2.8 MB in base64), from a browser with a console session, may be read up to 8 MB so a larger
 * photo is still refused by the provider, naming the field. Anything longer gets the gateway's own 413.
 */
const MAX_SIGNED_BODY_BYTES = 1024 * 1024;
const MAX_SIGNED_UPLOAD_BYTES = 8 * 1024 * 1024;
const UPLOAD_PATH = mediaApi.upload.path;
const EMPTY = Buffer.alloc(0);

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
    let s = segment;
    try {
      if (segment.includes('%')) s = decodeURIComponent(segment);
    } catch {
      return false;
    }
    return s !== '.' && s !== '..';
  });
}

/**
 * Another spelling of a sign-in or logout path (`Auth/Register`, `auth/logout/`, `auth//register`,
 * `auth/%72egister`, `auth/register;x`): a provider whose routing is loose would treat it as that call,
 * while the gateway, which knows those calls by their exact path, would not move the token into the
 * cookie or clear the cookie.
 */
function isSessionPathAlias(path: string, canonical: string | null): boolean {
  return canonical !== null && canonical !== path && SESSION_PATHS.has(canonical);
}

/** The path as a loose router would read it: decoded, lower case, no `;params`, no doubled or trailing slashes; null when it does not decode. */
function canonicalPath(path: string): string | null {
  let decoded = path;
  try {
    if (path.includes('%')) decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  return decoded
    .toLowerCase()
    .replace(/;[^/]*/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/[\s/]+$/, '');
}

/**
 * Whose session a call carries, as its declaration says (src/contract/api.ts: the console's calls the
 * staff cookie, the others the customer's). Read loosely (`Merchant/me` counts), so no spelling of a
 * console call can carry the customer's session; a call the contract does not declare (another
 * provider's own) carries the staff cookie under `merchant/`, the customer's elsewhere.
 */
function sessionKindOf(path: string, canonical: string | null): SessionKind {
  const loose = canonical ?? path.toLowerCase();
  return DECLARED.get(loose)?.session ?? (loose.startsWith('merchant/') ? 'staff' : 'customer');
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  return value.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** The parsed JSON, or undefined when it is not JSON. */
function parseJson(text: Buffer): unknown {
  try {
    return JSON.parse(text.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The one client address, as Express computed it with `trust proxy` = TRUST_PROXY_HOPS. */
function clientAddress(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/**
 * The agent options of the gateway's connections to the provider: kept open and reused (a new TCP
 * connection per call costs more than the call itself on loopback). Free sockets are kept up to the busy
 * maximum, so a burst at 100+ concurrent calls does not close and reopen connections as it ebbs; idle
 * ones go after 30 s, before the provider's own keep-alive timeout (65 s for the embedded one) can race a
 * reuse. The bench's bare relay (bench/servers/relay.ts) uses them too.
 */
export const UPSTREAM_AGENT = { keepAlive: true, maxSockets: 512, maxFreeSockets: 512, scheduling: 'lifo' as const, timeout: 30_000 };

/** Seconds a browser is asked to wait when no provider can be reached. */
const UNREACHABLE_RETRY_AFTER_SECONDS = 2;

/** A JSON body with an `idempotency_key`: the provider replays its first answer, so sending it twice is safe. */
function carriesIdempotencyKey(body: Buffer | undefined): boolean {
  if (!body || !body.includes('idempotency_key')) return false;
  const parsed = parseJson(body) as { idempotency_key?: unknown } | undefined;
  return typeof parsed === 'object' && parsed !== null && typeof parsed.idempotency_key === 'string' && parsed.idempotency_key !== '';
}

type SharedCache = ReturnType<typeof sharedCache>;

/**
 * `/api/*` → `${providerBase}<path>`: state-changing calls must be JSON (CSRF defence next to SameSite
 * cookies: a cross-site form cannot send application/json, and a cross-site fetch that does needs a
 * CORS preflight this gateway never grants), every call is signed, the session cookie becomes a
 * Bearer token, and the token in sign-in answers becomes the cookie. Mount at `/api`.
 */
export function apiProxy(o: ApiProxyOptions): Router {
  const now = o.now ?? (() => Date.now());
  // the HMAC of the whole call (server/lib/signature.ts) when the secret can key one: always with this
  // product's provider, whose secret must be 32 bytes or more; an outside provider gets the contract's header only
  const key = keysCallHmac(o.secret) ? callKey(o.secret) : null;
  const router = Router();
  const cache = (o.cacheEntries ?? 0) > 0 ? sharedCache({ maxEntries: o.cacheEntries!, now }) : undefined;

  // A GET the provider has answered with `Cache-Control: public, max-age=…` is answered from memory
  // while fresh (shared-cache.ts): no signature, no upstream call.
  if (cache) {
    router.use((req, res, next) => {
      const kept = req.method === 'GET' ? cache.get(req.originalUrl) : undefined;
      if (kept) cache.send(kept, res);
      else next();
    });
  }
  router.use(preparer(o, now, key), forwarder(o, cache));
  return router;
}

/**
 * The browser's call made the provider's: refused when it is not JSON or its path is not one to send
 * on, its session cookie turned into a Bearer token, the headers it must not choose dropped and the
 * gateway's set, and signed (signer) once its body has been read whole.
 */
function preparer(o: ApiProxyOptions, now: () => number, key: KeyObject | null): RequestHandler {
  return (req, res, next) => {
    const applePass = APPLE_PASS_SERVICE.test(providerPath(req));
    const applePassAuth = applePass && /^ApplePass \S+$/.test(req.get('authorization') ?? '') ? req.get('authorization') : undefined;
    if (STATE_CHANGING.has(req.method) && !isJsonContentType(req.get('content-type')) && !(applePass && req.method === 'DELETE' && !hasBody(req))) {
      return sendGatewayError(res, 'UNSUPPORTED_MEDIA_TYPE', gatewayErrors.notJson);
    }
    const path = providerPath(req);
    // (read once: the alias check and whose session it carries both go by it)
    const canonical = canonicalPath(path);
    if (!isSafePath(path) || isSessionPathAlias(path, canonical) || PROVIDER_ONLY_PATHS.has(path))
      return sendGatewayError(res, 'NOT_FOUND', 'There is no such API call.');
    // sent on as signed: the library joins the provider's base and the URL as they are (`/api/v2//settings`)
    if (req.url.startsWith('//')) req.url = req.url.replace(/^\/+/, '/');

    // read from the browser's headers before they are dropped below (req.ip reads X-Forwarded-For)
    const secure = req.secure;
    const kind = sessionKindOf(path, canonical);
    const call: ProxiedCall = {
      path,
      secure,
      kind,
      signIn: SIGN_IN_PATHS[kind].has(path),
      logout: LOGOUT_PATHS[kind].has(path),
      sentCookies: sentSessionCookies(req, kind),
      newDevice: null,
      shareable: (DECLARED.get(path)?.auth ?? 'none') === 'none',
    };
    // the browser's device id, or a new one its answer gives it (a copy of the header it sent is dropped below)
    // (customer calls only: the console's staff have no use for one, and their cookie is SameSite=Strict alone)
    let device = kind === 'customer' ? readDeviceId(req, secure) : null;
    if (!device && kind === 'customer') device = call.newDevice = newDeviceId();
    res.locals.proxiedCall = call;
    const token = readSessionToken(req, secure, kind);
    const client = clientAddress(req);
    const protocol = req.protocol;

    // the browser's headers but those, in an object of their own: deleted one by one from Node's, they
    // made it a slow dictionary (the costliest line of the gateway in a profile of the bench's forwarding)
    const headers: IncomingHttpHeaders = {};
    for (const name of Object.keys(req.headers)) if (!DROPPED_REQUEST_HEADERS.has(name)) headers[name] = req.headers[name];
    req.headers = headers;
    const timestamp = Math.floor(now() / 1000);
    req.headers.platform = o.platform;
    req.headers.timestamp = String(timestamp);
    req.headers['token-authorization'] = signCall(o.providerBase, path, o.platform, timestamp, o.secret);
    req.headers['x-forwarded-for'] = client;
    req.headers['x-forwarded-proto'] = protocol;
    if (device) req.headers['x-device-id'] = device;
    if (applePass) {
      if (applePassAuth) req.headers.authorization = applePassAuth;
    } else if (token) req.headers.authorization = `Bearer ${token}`;
    // only encodings the token check can read back (token-guard.ts)
    req.headers['accept-encoding'] = readableAcceptEncoding(req.get('accept-encoding'));

    // logout ends the browser's session whatever the provider answers, even when it cannot be reached
    if (call.logout) clearSessionCookies(res, call.secure, call.sentCookies, call.kind);
    // API answers are per customer: never cached unless the provider says otherwise
    res.setHeader('cache-control', 'no-store');
    if (!key) return next();

    const sign = signer(o.platform, key, { req, res, next }, { timestamp, client, device });
    if (!hasBody(req)) return sign(EMPTY);
    const limit = path === UPLOAD_PATH && call.sentCookies.length > 0 ? MAX_SIGNED_UPLOAD_BYTES : MAX_SIGNED_BODY_BYTES;
    readBody(req, limit).then(sign, (err: Error) => {
      if (err instanceof BodyTooLarge) return sendGatewayError(res, 'PAYLOAD_TOO_LARGE', gatewayErrors.bodyTooLarge);
      res.destroy();
    });
  };
}

/** The call HMAC's headers set once the body is read whole, and the body kept for the proxy to write. */
function signer(
  platform: string,
  key: KeyObject,
  { req, res, next }: { req: Request; res: Response; next: () => void },
  { timestamp, client, device }: { timestamp: number; client: string; device: string | null },
): (body: Buffer) => void {
  return (body) => {
    Object.assign(
      req.headers,
      callHeaders(key, {
        method: req.method,
        target: req.url.replace(/^\/+/, ''),
        platform,
        timestamp,
        forwardedFor: client,
        authorization: req.headers.authorization ?? '',
        merchantKey: req.get('x-merchant-key') ?? '',
        bodySha256: bodySha256(body),
        device: device ?? '',
      }),
    );
    if (body.length > 0) {
      // read whole to be signed: sent on with its length by the proxy (forwarder)
      res.locals.callBody = body;
      req.headers['content-length'] = String(body.length);
      delete req.headers['transfer-encoding'];
    }
    next();
  };
}

/** The gateway's own part of every answer: the session cookie set, cleared or left alone. */
function sessionCookies(res: ServerResponse, call: ProxiedCall | undefined, signInToken: string | null, expired: boolean): void {
  // after the provider's headers are copied, so nothing it sends can undo the clearing or plant a
  // session (of either kind); then only the cookie of the call's own kind is set or cleared
  dropForeignSessionCookies(res);
  if (call && signInToken) setSessionCookie(res, call.secure, signInToken, call.kind);
  else if (call && (call.logout || expired)) clearSessionCookies(res, call.secure, call.sentCookies, call.kind);
  // a browser without a device id gets the one this call was signed with (after the session's, so the provider cannot undo it)
  if (call?.newDevice) setDeviceCookie(res, call.secure, call.newDevice);
}

/** Pages, scripts, styles and images: streamed through unread (and kept when public). */
function stream(proxyRes: IncomingMessage, req: Request, res: ServerResponse, cache: SharedCache | undefined): void {
  res.statusCode = proxyRes.statusCode ?? 502;
  if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
  copyAnswerHeaders(res, proxyRes.headers);
  sessionCookies(res, callOf(res), null, false);
  if (cache && req.method === 'GET' && callOf(res)?.shareable) cache.collect(req.originalUrl, proxyRes);
  proxyRes.pipe(res);
}

/**
 * JSON answers (small, a few KB) are collected and looked at before anything is sent: the token of an
 * exact sign-in path becomes the cookie, SESSION_EXPIRED clears it, and a `token` anywhere else is
 * removed. Most answers hold neither the word nor an escape and go out as the provider sent them,
 * without being parsed (token-guard.ts).
 */
function answerJson(proxyRes: IncomingMessage, req: Request, res: ServerResponse, logger: Logger, cache: SharedCache | undefined): void {
  // read here, not with the library's responseInterceptor: that one has no size limit, always decodes (an
  // answer without a token would not go out byte for byte), passes the connection headers on and answers
  // a failed read in plain text
  const chunks: Buffer[] = [];
  let size = 0;
  proxyRes.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_JSON_ANSWER_BYTES) chunks.push(chunk);
  });
  // (an answer cut short before its end: the library destroys the browser's connection, never half an answer)
  proxyRes.on('end', () => {
    if (!proxyRes.complete) return void res.destroy();
    if (size > MAX_JSON_ANSWER_BYTES) return refuse('too large to check');
    void finish(Buffer.concat(chunks, size)).catch((err: Error) => refuse(err.message));
  });

  function refuse(reason: string): void {
    logger.warn({ path: callOf(res)?.path, reason }, 'a provider answer could not be checked for a session token: refused');
    if (res.headersSent) return void res.destroy();
    sendGatewayError(res, 'BAD_GATEWAY', gatewayErrors.unusableAnswer);
  }

  async function finish(raw: Buffer): Promise<void> {
    const call = callOf(res);
    const status = proxyRes.statusCode ?? 502;
    const text = await decodedBody(raw, proxyRes.headers['content-encoding']);
    let body = raw;
    let headers: IncomingHttpHeaders = proxyRes.headers;
    let signInToken: string | null = null;
    let expired = false;
    if (call?.signIn || status === 401 || mayCarryToken(text)) {
      const parsed = parseJson(text) as { error?: { code?: unknown }; data?: { token?: unknown } | null } | null | undefined;
      // not JSON after all: passed on as it is, unless it could still show a token to a script
      if (parsed === undefined && mayCarryToken(text)) return refuse('not JSON');
      if (parsed !== null && typeof parsed === 'object') {
        expired = status === 401 && parsed.error?.code === 'SESSION_EXPIRED';
        const token = parsed.data?.token;
        if (call?.signIn && typeof token === 'string') signInToken = token;
        const removed = stripTokens(parsed);
        if (removed > 0) {
          if (!signInToken) logger.warn({ path: call?.path, removed }, 'a provider answer carried a session token outside sign-in: removed');
          body = Buffer.from(JSON.stringify(parsed), 'utf8');
          const { 'content-encoding': _e, 'content-length': _l, etag: _t, 'content-md5': _m, ...rest } = proxyRes.headers;
          headers = { ...rest, 'content-length': String(body.length) };
        }
      }
    }
    if (res.headersSent || res.destroyed) return;
    res.statusCode = status;
    if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
    copyAnswerHeaders(res, headers);
    sessionCookies(res, call, signInToken, expired);
    if (cache && req.method === 'GET' && call?.shareable) cache.offer(req.originalUrl, status, headers, body);
    res.end(body);
  }
}

function unreachable(code: string, res: Response, logger: Logger): void {
  logger.warn({ code }, 'the provider could not be reached');
  if (res.headersSent || res.destroyed) return void res.destroy();
  // the contract's 503: come back shortly (a provider restarting, or its database away)
  res.setHeader('retry-after', String(UNREACHABLE_RETRY_AFTER_SECONDS));
  sendGatewayError(res, 'PROVIDER_UNAVAILABLE', gatewayErrors.unreachable);
}

/**
 * The call, signed (preparer), sent on to the provider by http-proxy-middleware (httpxy underneath): the
 * browser's headers as preparer left them (what it must not choose dropped, the gateway's own set), on a
 * kept-alive connection (UPSTREAM_AGENT). The library writes the request (the body read to be signed is
 * written in `proxyReq`; without the call HMAC, an outside provider, the body streams through), times the
 * provider out, and ties the two connections' ends together (the browser gone: the call to the provider
 * destroyed; the provider's answer cut short: the browser's connection destroyed). What it cannot do is
 * ours, below:
 * - every answer is handled by the gateway (`selfHandleResponse`): the library's own copy of the headers
 *   would pass the connection-level ones on and could not hold a JSON answer back for the token check, nor
 *   set the session cookie after the provider's headers (stream, answerJson);
 * - a provider that cannot be reached (refused, reset) before it answered is followed by the next one, for
 *   a call that is safe to repeat: a GET, or one whose idempotency key makes a repeat a replay. The library
 *   knows one target per middleware, so there is one middleware per provider, and a call that fails on one
 *   is handed to the next;
 * - its 'error' answers are plain text; the gateway's are the contract's envelope (unreachable).
 */
/** The library's plugin that wires `on` (typed by the library for Node's own request and answer only). */
const EVENTS_PLUGIN = proxyEventsPlugin as unknown as Plugin<Request, Response>;

function forwarder(o: ApiProxyOptions, cache: SharedCache | undefined): RequestHandler {
  const bases = o.providerBases ?? [o.providerBase];
  // the provider that answered last: calls go there first, so a dead one costs one failed connection, not one per call
  let preferred = 0;

  const send = (req: Request, res: Response, tried: number): void => {
    res.locals.attempt = { tried, answered: false, timedOut: false };
    // its errors come to on.error, which answers; `next` only hears of a browser connection that failed
    void proxies[(preferred + tried) % proxies.length]!(req, res, (err) => {
      if (err) res.destroy();
    });
  };

  const proxies = bases.map((base, index) => {
    // a URL, not its text: the library would parse the text again for every call
    const target = new URL(base);
    return createProxyMiddleware<Request, Response>({
      target,
      agent: target.protocol === 'https:' ? new HttpsAgent(UPSTREAM_AGENT) : new Agent(UPSTREAM_AGENT),
      changeOrigin: true,
      // X-Forwarded-For and -Proto are the preparer's, from the socket and TRUST_PROXY_HOPS
      xfwd: false,
      proxyTimeout: o.timeoutMs ?? 15_000,
      selfHandleResponse: true,
      // the default plugins but the one that wires `on`: the logger plugin builds a URL for every answer to
      // hand to a logger that does nothing (the gateway logs each call itself, request-log.ts), the error
      // plugins answer in plain text or only listen, which on.error does here
      ejectPlugins: true,
      plugins: [EVENTS_PLUGIN],
      on: {
        proxyReq: (proxyReq, req, res) => {
          const attempt = res.locals.attempt;
          // the library ends a call that outlives proxyTimeout with a plain "socket hang up": marked, so it
          // is answered as a timeout and never repeated on another provider (this one may have done it)
          proxyReq.once('timeout', () => {
            if (attempt) attempt.timedOut = true;
          });
          // the contract's signature names the provider's base: signed again for another one
          if (base !== o.providerBase) {
            proxyReq.setHeader('token-authorization', signCall(base, callOf(res)?.path ?? '', o.platform, String(req.headers.timestamp), o.secret));
          }
          // the body read whole to be signed (preparer): written here; the library's pipe of the request,
          // which has ended, then ends the call
          const body = res.locals.callBody;
          if (body) proxyReq.write(body);
        },
        proxyRes: (proxyRes, req, res) => {
          const attempt = res.locals.attempt;
          if (attempt) attempt.answered = true;
          preferred = index;
          if (isJsonAnswer(proxyRes.headers['content-type'])) answerJson(proxyRes, req, res, o.logger, cache);
          else stream(proxyRes, req, res, cache);
        },
        error: (err, req, res) => {
          // no WebSocket is forwarded (`ws` is off): a socket here is not the gateway's to answer
          if (!('writeHead' in res)) return void res.destroy();
          const attempt = res.locals.attempt;
          // cut short once the answer began: the browser gets a broken connection, never half an answer
          if (!attempt || attempt.answered) return void res.destroy();
          const code = attempt.timedOut ? 'ETIMEDOUT' : ((err as NodeJS.ErrnoException).code ?? err.message);
          const repeatable = req.method === 'GET' || req.method === 'HEAD' || carriesIdempotencyKey(res.locals.callBody);
          if (repeatable && attempt.tried + 1 < proxies.length && UNREACHABLE_CODES.has(code) && !res.destroyed) {
            o.logger.warn({ provider: base, code }, 'a provider could not be reached: trying the next');
            return send(req, res, attempt.tried + 1);
          }
          unreachable(code, res, o.logger);
        },
      },
    });
  });
  return (req, res) => send(req, res, 0);
}
