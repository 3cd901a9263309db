import type { Request, RequestHandler, Response, Router } from 'express';
import { passesSpec, passWebServiceEndpoints } from '#contract/passes.spec';
import type { ProviderContext } from '../context';
import { clientKey } from '../http/client-key';
import { rateLimited } from '../http/use-limit';
import { clientIp } from '../http/session';
import { mount } from '../http/mount';
import { PKPASS_TYPE } from './apple-pass';
import { LOG_CALLS_PER_MINUTE, LOG_LINE_CHARS, LOG_LINES, LOG_WINDOW_MS } from './pass-builds';
import { applePassFor, googleLinkFor, latestPass, passStatus, registerDevice, revokePasses, serialsSince, unregisterDevice } from './passes.service';

/** A pass as a download: never kept by a cache (it holds the customer's code and token). */
function sendPass(res: Response, pass: { bytes: Buffer; changedAt: Date }, download: boolean): void {
  res.set({
    'content-type': PKPASS_TYPE,
    'content-length': String(pass.bytes.length),
    'last-modified': pass.changedAt.toUTCString(),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(download ? { 'content-disposition': 'attachment; filename="member-card.pkpass"' } : {}),
  });
  res.status(200).end(pass.bytes);
}

/**
 * The web service's own limit, per client (the gateway's x-forwarded-for; an IPv6 /64 as one, see
 * auth/client-key.ts) and instance: Apple Wallet calls a few times per change; a client guessing tokens
 * or serials gets 429 after `limit` calls a minute.
 */
function perMinute(ctx: ProviderContext, limit: number): RequestHandler {
  const seen = new Map<string, { from: number; count: number }>();
  return (req, _res, next) => {
    const now = ctx.clock.now().getTime();
    const who = clientKey(clientIp(req));
    const slot = seen.get(who);
    if (!slot || now - slot.from >= LOG_WINDOW_MS) {
      if (seen.size > 10_000) seen.clear();
      seen.set(who, { from: now, count: 1 });
      return next();
    }
    slot.count += 1;
    if (slot.count > limit) return next(rateLimited((slot.from + LOG_WINDOW_MS - now) / 1000, 'Too many wallet pass calls. Please wait a minute.'));
    next();
  };
}

const route = (path: string) => `/${path.replace(/\{(\w+)\}/g, ':$1')}`;
const param = (req: Request, name: string) => String(req.params[name] ?? '');

/** pass/status, pass/apple, pass/google, pass/revoke; the pass web service under pass/apple/v1/ (Apple's protocol). */
export function passesRoutes(ctx: ProviderContext): Router {
  const r = mount(ctx, passesSpec, {
    status: async () => passStatus(ctx),
    apple: async (_, at) => {
      sendPass(at.res, await applePassFor(ctx, at.customerId()), true);
    },
    google: async (_, at) => {
      at.res.setHeader('cache-control', 'no-store');
      return googleLinkFor(ctx, at.customerId());
    },
    revoke: async (_, at) => revokePasses(ctx, at.customerId()),
  });

  const limit = perMinute(ctx, 60);
  const [register, unregister, serials, latest, log] = passWebServiceEndpoints;
  const auth = (req: Request) => req.get('authorization');
  r.post(route(register!.path), limit, async (req, res) => {
    const status = await registerDevice(ctx, {
      device: param(req, 'device'),
      passTypeId: param(req, 'passType'),
      serial: param(req, 'serial'),
      authorization: auth(req),
      pushToken: (req.body as { pushToken?: unknown } | undefined)?.pushToken,
    });
    res.status(status).json({});
  });
  r.delete(route(unregister!.path), limit, async (req, res) => {
    await unregisterDevice(ctx, { device: param(req, 'device'), passTypeId: param(req, 'passType'), serial: param(req, 'serial'), authorization: auth(req) });
    res.status(200).json({});
  });
  r.get(route(serials!.path), limit, async (req, res) => {
    const found = await serialsSince(ctx, { device: param(req, 'device'), passTypeId: param(req, 'passType'), since: req.query.passesUpdatedSince });
    res.setHeader('cache-control', 'no-store');
    if (!found) return void res.status(204).end();
    res.status(200).json(found);
  });
  r.get(route(latest!.path), limit, async (req, res) => {
    const pass = await latestPass(ctx, {
      passTypeId: param(req, 'passType'),
      serial: param(req, 'serial'),
      authorization: auth(req),
      ifModifiedSince: req.get('if-modified-since'),
    });
    if (!pass) return void res.status(304).end();
    sendPass(res, pass, false);
  });
  // anyone may call it: a few short lines a call, a few calls a minute per client
  r.post(route(log!.path), perMinute(ctx, LOG_CALLS_PER_MINUTE), (req, res) => {
    const logs = (req.body as { logs?: unknown } | undefined)?.logs;
    const lines = Array.isArray(logs)
      ? logs
          .filter((l): l is string => typeof l === 'string')
          .slice(0, LOG_LINES)
          .map((l) => l.slice(0, LOG_LINE_CHARS))
      : [];
    for (const line of lines) ctx.logger.info({ apple_wallet: line }, 'apple wallet log');
    res.status(200).json({});
  });
  return r;
}
