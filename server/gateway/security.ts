import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { API_REFERENCE_DIR } from '#contract/api-key-rules';

const GIS = 'https://accounts.google.com/gsi/';

/**
 * The Content-Security-Policy directives for the app: only what it loads, nothing inline. `wasm`: the
 * page may compile WebAssembly (the merchant console's QR decoder), nothing else that evaluates code.
 */
export function cspDirectives(googleClientId: string | undefined, { wasm = false, tiles = undefined as string | undefined } = {}): Record<string, string[]> {
  const google = Boolean(googleClientId);
  return {
    'default-src': ["'self'"],
    // Google Identity Services: its script, its button iframe, its calls and its stylesheet (Google's
    // documented CSP for GIS), only when Google sign-in is on
    'script-src': ["'self'", ...(wasm ? ["'wasm-unsafe-eval'"] : []), ...(google ? [`${GIS}client`] : [])],
    'style-src': ["'self'", ...(google ? [`${GIS}style`] : [])],
    'frame-src': google ? [`${GIS}`] : ["'none'"],
    'connect-src': ["'self'", ...(google ? [GIS] : [])],
    // the address map's tiles: the one origin MAP_TILE_URL names (config.ts tileOrigin), never a wildcard
    'img-src': ["'self'", 'data:', ...(tiles ? [tiles] : [])],
    // the app's service worker (/sw.js, this origin's) and the merchant's web app manifest, nothing else
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'script-src-attr': ["'none'"],
  };
}

/**
 * The API reference's page (/developers/, scripts/lib/api-reference.ts): Redoc draws it with
 * styled-components, which writes its styles into <style> elements, so styles may be inline there and
 * nowhere else; its search runs in a worker made from a blob. Scripts still come from this origin only,
 * never inline or evaluated. The page holds no one's data and calls nothing but its own openapi.json.
 */
export function apiReferenceDirectives(): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ['blob:'],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'script-src-attr': ["'none'"],
  };
}

/**
 * Security headers on every answer, the gateway's own and the proxied ones alike. No
 * upgrade-insecure-requests: on http://127.0.0.1 it would send the browser to an https port that does
 * not exist. HSTS only on requests that really came over HTTPS (req.secure honours TRUST_PROXY_HOPS).
 * A proxied answer with its own CSP (the sandbox payment page) replaces this one: see proxy.ts.
 */
export function securityHeaders(googleClientId: string | undefined, { tiles }: { tiles?: string | undefined } = {}): RequestHandler[] {
  const app = helmetFor(googleClientId, cspDirectives(googleClientId, { tiles }));
  // the console's pages may compile WebAssembly (its QR decoder); the customer app's may not
  const console = helmetFor(googleClientId, cspDirectives(googleClientId, { wasm: true }));
  const reference = helmetFor(undefined, apiReferenceDirectives());
  const apply: RequestHandler = (req, res, next) => {
    res.removeHeader('x-powered-by');
    const headers = CONSOLE_PAGES.test(req.path) ? console : API_REFERENCE_PAGE.test(req.path) ? reference : app;
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.secure) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    next();
  };
  return [apply];
}

const CONSOLE_PAGES = /^\/merchant(\/|$)/;
/** The API reference's page itself (its files under it are served with the app's policy). */
const API_REFERENCE_PAGE = new RegExp(`^/${API_REFERENCE_DIR}/?$`);

/**
 * Every directive is fixed at start, so helmet's answer is the same for every request: take it once
 * and set those headers directly. Helmet rebuilds the CSP string on every call, which the bench's
 * profile showed on every proxied API call.
 */
function helmetFor(googleClientId: string | undefined, directives: Record<string, string[]>): Array<[string, string]> {
  const base = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // GIS opens its sign-in popup and talks back to this window: same-origin would cut that line
    crossOriginOpenerPolicy: { policy: googleClientId ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  return headersOf(base);
}

/** The headers a header-setting middleware sets, from one call on a stand-in request and response. */
function headersOf(middleware: RequestHandler): Array<[string, string]> {
  const set = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void set.delete(name.toLowerCase()),
    getHeader: (name: string) => set.get(name.toLowerCase()),
  };
  let called = false;
  middleware({ headers: {}, secure: false } as never, res as never, (err?: unknown) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('the security headers middleware did not finish synchronously');
  return [...set];
}
