import { join, resolve } from 'node:path';
import compression from 'compression';
import express, { Router, type NextFunction, type RequestHandler, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { API_REFERENCE_DIR, API_REFERENCE_PATH } from '#contract/api-key-rules';
import type { BootData } from './boot-data';
import { pageHtml } from './page-html';

/** Paths the single-page app never owns: they answer 404 rather than index.html. */
const NOT_CLIENT_ROUTES = new RegExp(`^/(api|__dev|healthz|assets|${API_REFERENCE_DIR})(/|$)`);

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The app is not built yet</title></head>
<body>
<h1>The app is not built yet</h1>
<p>The server is running, but it found no built app to serve. Run <code>npm run build</code>
(or start with <code>npm start</code>, which builds what is missing), then reload this page.</p>
</body></html>`;

/**
 * A build's hashed files: they never change, so cached for a year; a missing one is a plain 404. The
 * build writes each script, style sheet and SVG compressed beside it, once and at the strongest
 * settings (`.br`: brotli at quality 11, `.gz`: gzip at level 9; vite.config.ts), which `compression`
 * cannot afford per request (it uses brotli's quality 4): the browser gets the `.br` when it accepts
 * brotli (every browser the app supports, over HTTPS and on localhost), else the `.gz`, else the file
 * (`Vary: Accept-Encoding`). The entry script is 14 KB smaller on the wire than at quality 4, and no
 * request spends CPU compressing it. The list of compressed files is read when the server starts.
 */
function hashedFiles(dir: string): RequestHandler[] {
  return [
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: {
        index: false,
        redirect: false,
        dotfiles: 'ignore',
        setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
      },
    }),
    // a missing hashed file is a 404, never the app's index.html served as JavaScript
    (_req, res) => {
      res.status(404).type('text/plain').send('Not found');
    },
  ];
}

/** A page the build wrote, revalidated on each use; the missing-build page while there is none. */
function builtPage(file: string, res: Response, next: NextFunction): void {
  res.setHeader('cache-control', 'no-cache');
  res.sendFile(file, (err) => {
    if (!err) return;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return next(err);
    res.status(503).setHeader('cache-control', 'no-store');
    res.type('html').send(MISSING_BUILD_PAGE);
  });
}

/**
 * The built app from distDir. Hashed files under /assets never change: cached for a year, immutable.
 * Everything else (index.html, favicon, demo images) is revalidated on each use so a new build shows
 * at once; index.html also carries the page's preload links and the boot data (page-html.ts). express.static
 * (send) resolves every path inside its root and refuses `..`, so nothing
 * outside the build folder is ever served. Text answers (the app's code, styles, index.html, SVGs)
 * are compressed (brotli or gzip, as the browser accepts; `compression` skips images and bodies
 * under 1 KB): the app's code is about a third of its size on the wire.
 */
export function staticApp(distDir: string, boot?: () => Promise<BootData>): Router {
  const root = resolve(distDir);
  const router = Router();
  router.use(compression());

  router.use('/assets', ...hashedFiles(join(root, 'assets')));

  // the merchant console: a build of its own in <dist>/merchant (vite.console.config.ts)
  router.use('/merchant/assets', ...hashedFiles(join(root, 'merchant', 'assets')));
  // every console page gets the console's own index.html: no boot data, no customer code
  const consolePage = join(root, 'merchant', 'index.html');
  router.get(['/merchant', '/merchant/{*splat}'], (req, res, next) => {
    if (!req.accepts('html')) return next();
    builtPage(consolePage, res, next);
  });

  // The API reference for integrators (scripts/lib/api-reference.ts): Redoc's bundle named by its hash,
  // the page at /developers/ (its own CSP: security.ts), its openapi.json served as any other file below
  router.use(`${API_REFERENCE_PATH}assets`, ...hashedFiles(join(root, API_REFERENCE_DIR, 'assets')));
  router.get([`/${API_REFERENCE_DIR}`, API_REFERENCE_PATH], (req, res, next) => {
    // the page reads openapi.json beside it: without the slash, that would be /openapi.json
    if (!req.path.endsWith('/')) return res.redirect(301, API_REFERENCE_PATH);
    builtPage(join(root, API_REFERENCE_DIR, 'index.html'), res, next);
  });

  // The service worker: looked for on every page load by the browser, so never kept by a cache (a new
  // build's worker is found at once); a 404 when the build has none, never index.html as its script.
  router.get('/sw.js', (_req, res, next) => {
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(join(root, 'sw.js'), { headers: { 'content-type': 'text/javascript; charset=utf-8' } }, (err) => {
      if (!err) return;
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return next(err);
      res.status(404).type('text/plain').send('Not found');
    });
  });

  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
    }),
  );

  // every client route: GET/HEAD of a page path that wants HTML gets index.html, with the page's code
  // to preload and the boot data; the app's router decides the rest
  const page = pageHtml(root);
  router.get('/{*splat}', async (req, res, next) => {
    if (NOT_CLIENT_ROUTES.test(req.path) || !req.accepts('html')) return next();
    res.setHeader('cache-control', 'no-cache');
    try {
      const html = page(req.path, boot ? await boot() : null);
      res.type('html').send(html);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return next(err);
      res.status(503).setHeader('cache-control', 'no-store');
      res.type('html').send(MISSING_BUILD_PAGE);
    }
  });

  return router;
}
