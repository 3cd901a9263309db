/**
 * What Chromium really downloads for a page of the built app (scripts/check-budgets.ts): the app started
 * the way `npm start` starts it (the built server, a fresh temporary DATA_DIR, a free port), the page
 * opened in Chromium (a phone's viewport, like Lighthouse's mobile audit) and every script response the
 * page receives until the network is idle, with the bytes that came over the wire for its body (as the
 * gateway serves it: compressed, gzip over plain http; `request.sizes().responseBodySize`).
 *
 * The service worker is not the page's JavaScript: its script (/sw.js) and the app files it precaches
 * are fetched by the worker, off the page's thread, once the page has loaded (src/main.tsx registers it
 * on `load`), so they never delay the first paint; they are reported apart (`worker`), not counted. The
 * registration itself is two lines of the entry, counted with it.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { startMeasuredApp } from './server-process.ts';
import { CHROMIUM_SWITCHES } from './chromium.ts';

export interface Download {
  /** the path, e.g. /assets/index-abc.js */
  path: string;
  /** body bytes as transferred (compressed) */
  bytes: number;
  /** body bytes once decoded */
  decoded: number;
}

export interface FirstLoad {
  page: string;
  /** the scripts the page downloaded over the network */
  scripts: Download[];
  /** scripts the page had from the service worker's copies (once it took the page): nothing downloaded, not counted */
  fromWorker: Download[];
  /** the sum of the scripts' transferred bytes */
  bytes: number;
  /** what the service worker fetched (its script, its precache), not counted in `bytes` */
  worker: Download[];
  /** how long the app took to start, and the page to go idle (ms) */
  startMs: number;
  loadMs: number;
}

/** Starts the built app from `root` (dist/ and dist-server/ built), opens each of `pages` in a fresh context, and stops it. */
export async function measureFirstLoads(root: string, pages: string[], chromePath: string): Promise<FirstLoad[]> {
  const started = Date.now();
  const app = await startMeasuredApp(root, 'budgets-', 120_000);
  const { url } = app;
  const startMs = Date.now() - started;
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_SWITCHES });
  try {
    const results: FirstLoad[] = [];
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const tab = await context.newPage();
      const pending: Array<Promise<void>> = [];
      const scripts: Download[] = [];
      const fromWorker: Download[] = [];
      const worker: Download[] = [];
      const sizeOf = async (response: Response): Promise<Download> => {
        const sizes = await response.request().sizes();
        const body = await response.body().catch(() => Buffer.alloc(0));
        // Chromium does not always know the transferred size (-1): then the body as gzip would send it
        return {
          path: new URL(response.url()).pathname,
          bytes: sizes.responseBodySize >= 0 ? sizes.responseBodySize : gzipSync(body).length,
          decoded: body.length,
        };
      };
      // the page's own responses (a service worker's fetches are not the page's: Chromium reports them on the context)
      tab.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(sizeOf(response).then((d) => void (response.fromServiceWorker() ? fromWorker : scripts).push(d)));
      });
      context.on('response', (response) => {
        if (!response.request().serviceWorker() && new URL(response.url()).pathname !== '/sw.js') return;
        pending.push(sizeOf(response).then((d) => void worker.push(d)));
      });
      const t0 = Date.now();
      await tab.goto(`${url}${page}`, { waitUntil: 'networkidle' });
      const loadMs = Date.now() - t0;
      // no response counted after this (a service worker's late fetch): each one's sizes are read from the
      // browser, and one read while the context closes below rejected with no one awaiting it, ending the run
      tab.removeAllListeners('response');
      context.removeAllListeners('response');
      await Promise.all(pending);
      await context.close();
      const bytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
      results.push({ page, scripts, fromWorker, bytes, worker, startMs, loadMs });
    }
    return results;
  } finally {
    await browser.close();
    await app.stop();
  }
}
