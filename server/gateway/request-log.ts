import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';

function pathOf(url: string | undefined): string {
  const u = url ?? '';
  const q = u.indexOf('?');
  return q === -1 ? u : u.slice(0, q);
}

/**
 * One line per request: method, path (the query string is left out: it can hold a phone number or a
 * search), status and response time. No headers, cookies or bodies, so no token, secret or one-time
 * code can reach a log line through a request.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    autoLogging: { ignore: (req) => pathOf(req.url) === '/healthz' },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${pathOf((req as { originalUrl?: string }).originalUrl ?? req.url)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf((req as { originalUrl?: string }).originalUrl ?? req.url)} ${res.statusCode}`,
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string; raw?: IncomingMessage & { originalUrl?: string } }) => ({
        id: req.id,
        method: req.method,
        path: pathOf(req.raw?.originalUrl ?? req.url),
      }),
      res: (res: { statusCode?: number; raw?: ServerResponse }) => ({ statusCode: res.statusCode }),
      err: (err: Error & { code?: unknown }) => ({ type: err.name, message: err.message, ...(err.code ? { code: err.code } : {}) }),
    },
  });
}
