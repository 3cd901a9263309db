import type { RequestHandler } from 'express';
import helmet from 'helmet';

const GIS = 'https://accounts.google.com/gsi/';

/** The Content-Security-Policy directives for the app: only what it loads, nothing inline. */
export function cspDirectives(googleClientId: string | undefined): Record<string, string[]> {
  const google = Boolean(googleClientId);
  return {
    'default-src': ["'self'"],
    // Google Identity Services: its script, its button iframe, its calls and its stylesheet (Google's
    // documented CSP for GIS), only when Google sign-in is on
    'script-src': ["'self'", ...(google ? [`${GIS}client`] : [])],
    'style-src': ["'self'", ...(google ? [`${GIS}style`] : [])],
    'frame-src': google ? [`${GIS}`] : ["'none'"],
    'connect-src': ["'self'", ...(google ? [GIS] : [])],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'script-src-attr': ["'none'"],
  };
}

/**
 * Security headers on every answer, the gateway's own and the proxied ones alike. No
 * upgrade-insecure-requests: on http://127.0.0.1 it would send the browser to an https port that does
 * not exist. HSTS only on requests that really came over HTTPS (req.secure honours TRUST_PROXY_HOPS).
 * A proxied answer with its own CSP (the sandbox payment page) replaces this one: see proxy.ts.
 */
export function securityHeaders(googleClientId: string | undefined): RequestHandler[] {
  const base = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(googleClientId) },
    // GIS opens its sign-in popup and talks back to this window: same-origin would cut that line
    crossOriginOpenerPolicy: { policy: googleClientId ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    next();
  };
  return [base, hsts];
}
