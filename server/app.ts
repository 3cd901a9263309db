import express, { type ErrorRequestHandler, type Express } from 'express';
import { PUBLIC_NOMINATIM, tileOrigin, type Config } from './config';
import type { Logger } from './lib/logger';
import { sendGatewayError } from './gateway/envelope';
import { apiProxy } from './gateway/proxy';
import { requestLogger } from './gateway/request-log';
import { untrustedTlsProxyWarning } from './gateway/proxy-trust';
import { gatewayRoutes } from './gateway/routes';
import { securityHeaders } from './gateway/security';
import { staticApp } from './gateway/static';
import { bootData } from './gateway/boot-data';
import { uploadGuard } from './gateway/upload-guard';
import { mapSearch } from './gateway/map-search';
import { MANIFEST_CALL, MANIFEST_PATH } from '#contract/app-install';

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** the provider's API v2 base URL, ending in / (the embedded provider's or PROVIDER_API_BASE) */
  providerBase: string;
  /** PROVIDER_API_BASE's providers when it names several (the first is providerBase): tried in turn when one cannot be reached */
  providerBases?: readonly string[];
  /** the signing secret shared with that provider */
  secret: string;
  /** the development outbox (embedded provider, not production); /__dev/outbox exists only with it */
  outbox?: (phone: string) => Promise<unknown[]>;
  /** how long the provider may take to answer a proxied call (ms, default 15 s) */
  proxyTimeoutMs?: number;
  /** the clock of the calls' timestamps (tests whose provider runs on a clock of its own) */
  now?: () => number;
}

/**
 * The gateway: serves the built app, signs and forwards /api to the provider, keeps the customer's
 * session in a cookie. Never listens (server/index.ts does), so tests run it on port 0.
 */
export function createApp(options: AppOptions): Express {
  const { config, logger } = options;
  const app = express();
  app.disable('x-powered-by');
  // req.ip and req.secure believe X-Forwarded-For / -Proto only through this many proxies (0: the socket)
  app.set('trust proxy', config.trustProxyHops);
  // paths match only as written, `/api` included: no case folding, no trailing-slash aliases (set
  // before the first app.use, which creates the app's router with them)
  app.set('case sensitive routing', true);
  app.set('strict routing', true);

  // how the gateway reaches its provider(s): every call below signs with the secret for the one it reaches
  const caller = {
    providerBase: options.providerBase,
    providerBases: options.providerBases ?? [options.providerBase],
    secret: options.secret,
    platform: config.platformId,
  };

  // 1. Request log first, so every answer below, errors included, gets its one line with its timing.
  app.use(requestLogger(logger));
  if (config.trustProxyHops === 0) app.use(untrustedTlsProxyWarning(logger));

  // 2. Security headers before anything can answer, so 415s, 502s, the 503 page and static files all
  //    carry them; a proxied answer may replace the CSP with its own (proxy.ts copies upstream headers).
  app.use(securityHeaders(config.googleClientId, { tiles: config.map.tileUrl ? tileOrigin(config.map.tileUrl) : undefined }));
  // what the app is told of the address map (app-config.json and the boot data alike)
  const map = config.map.tileUrl ? { tile_url: config.map.tileUrl, attribution: config.map.tileAttribution, search: config.map.geocoderUrl !== null } : null;

  // 3. The API, before the gateway's own endpoints: none of theirs is under /api, and a forwarded call,
  //    the gateway's busiest path, then meets no router of theirs on its way (each costs a match a call).
  //    A large upload goes on only for an owner, known before its body is read (upload-guard.ts). No body
  //    parser anywhere before it: a request body reaches the provider byte for byte, read whole first only
  //    to be digested for the call HMAC (proxy.ts); the provider enforces its limits.
  app.use(uploadGuard({ ...caller, logger }));
  const api = apiProxy({
    ...caller,
    logger,
    timeoutMs: options.proxyTimeoutMs ?? 15_000,
    cacheEntries: config.apiCacheEntries,
    ...(options.now ? { now: options.now } : {}),
  });
  app.use('/api', api);

  // 4. The gateway's own endpoints, before the catch-alls below could claim their paths. The outbox
  //    is mounted only where the development conveniences are on (config.ts), whatever the caller passes.
  app.use(
    gatewayRoutes({
      ...caller,
      googleClientId: config.googleClientId,
      map,
      logger,
      outbox: config.devOutbox && !config.production ? options.outbox : undefined,
    }),
  );

  // 4a. The map's address search, answered by the gateway from the operator's geocoder (map-search.ts).
  app.use(
    mapSearch({
      caller,
      geocoderUrl: config.map.geocoderUrl,
      userAgent: config.map.geocoderUserAgent,
      logger,
      minIntervalMs: config.map.geocoderUrl !== null && new URL(config.map.geocoderUrl).host === new URL(PUBLIC_NOMINATIM).host ? 1000 : 0,
    }),
  );

  // 4b. The web app manifest where every page names it: the provider's `app/manifest`, forwarded (and
  //     kept like the settings) as any public call is
  app.get(MANIFEST_PATH, (req, res, next) => {
    req.url = `/${MANIFEST_CALL}`;
    api(req, res, next);
  });

  // 5. The built app last: /assets, other build files, then index.html for client routes.
  app.use(staticApp(config.distDir, bootData({ ...caller, googleClientId: config.googleClientId, map, logger })));

  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });

  const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
    const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
    if (status >= 500) logger.error({ err: { type: (err as Error).name, message: (err as Error).message }, path: req.path }, 'gateway error');
    if (res.headersSent) return void res.destroy();
    if (req.path.startsWith('/api/')) return sendGatewayError(res, status >= 500 ? 'INTERNAL' : 'VALIDATION', 'The request could not be handled.');
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .type('text/plain')
      .send(status === 404 ? 'Not found' : status < 500 ? 'Bad request' : 'Something went wrong');
  };
  app.use(errorHandler);
  return app;
}
