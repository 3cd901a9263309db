import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

function pathOf(url: string | undefined): string {
  const u = url ?? '';
  const q = u.indexOf('?');
  return q === -1 ? u : u.slice(0, q);
}

/**
 * One line per request: method, path (the query string is left out: it can hold a phone number or a
 * search), status and response time; at error level for a 5xx only (an aborted request is info). No headers, cookies or bodies, so no token, secret or one-time
 * code can reach a log line through a request.
 *
 * Written by hand rather than with pino-http: this runs on every proxied call, and pino-http's
 * per-request child logger, id generator and serializers were the largest single cost of the gateway
 * in a CPU profile of the bench (BENCH_PROFILE; see git history of bench/REPORT.md). The line keeps pino-http's shape (`req`, `res`,
 * `responseTime`, a `METHOD /path status` message), so log queries keep working.
 */
export function requestLogger(logger: Logger): RequestHandler {
  // Its lines are written without the logger's redaction: their fields are the ones below and no other
  // (no key redaction could name), and walking the redaction's paths cost more than the rest of the line.
  const lines = logger.child({}, { redact: [] });
  let seq = 0;
  return (req, res, next) => {
    const url = req.originalUrl ?? req.url;
    const path = pathOf(url);
    if (path === '/healthz') return next();
    const started = performance.now();
    const id = ++seq;
    const method = req.method;
    res.once('close', () => {
      const statusCode = res.statusCode;
      const aborted = !res.writableFinished;
      // a request the client gave up on (a page left, a fetch aborted) is the visitor's doing: info
      const level = !aborted && statusCode >= 500 ? 'error' : 'info';
      if (!lines.isLevelEnabled(level)) return;
      lines[level](
        { req: { id, method, path }, res: { statusCode }, responseTime: Math.round(performance.now() - started), ...(aborted ? { aborted: true } : {}) },
        `${method} ${path} ${aborted ? 'aborted' : statusCode}`,
      );
    });
    next();
  };
}
