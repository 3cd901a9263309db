/**
 * End-to-end support: the real product started the way `npm start` starts it, on a fresh DATA_DIR and
 * a free port, driven by playwright-core in Debian's Chromium (no browser download).
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { sql } from 'kysely';
import type { MerchantRules } from '../../../server/provider/settings/settings.service';
import { freePort, startServer } from '../../../scripts/lib/server-process.ts';
import { useStarted } from '../../support/lifecycle';
import { E2E_LOG_DIR } from './log-dir';
import { DATABASE_FOLDER, inDataFolder } from './data-template';
import { CHROMIUM_SWITCHES, fullBrowserPath, TEXT_HINTING_SWITCH, testBrowserPath } from '../../../scripts/lib/chromium.ts';

/** Debian's Chromium: the full browser, for what its headless shell lacks (FullBrowserNeed) */
export const CHROME_PATH = fullBrowserPath();
export const HAS_CHROME = existsSync(CHROME_PATH);
/** what the files drive otherwise: Debian's headless shell when installed, the same Chromium at a third less CPU */
const TEST_BROWSER_PATH = testBrowserPath();
export const CHROME_ARGS = [...CHROMIUM_SWITCHES, TEXT_HINTING_SWITCH];
/**
 * What only the full browser has, of what the files use: a camera fed from a video file (fake-camera.ts) and
 * push messaging (the order page offers notifications only where the browser can subscribe).
 */
export type FullBrowserNeed = 'camera' | 'push';

export const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface RunningApp {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  /** sends `signal` (default SIGTERM), SIGKILL after 15 s; resolves with the exit code once it has exited */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * A new data folder holding a copy of the run's migrated, seeded database (support/data-template.ts, the
 * e2e projects' globalSetup), so the app starts without migrating and seeding; empty for a file run
 * outside those projects, whose app then starts from nothing.
 */
async function freshDataDir(rules: Partial<MerchantRules> | undefined): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-e2e-'));
  const template = inject('e2eDataTemplate');
  if (!template) return dir;
  cpSync(join(template, DATABASE_FOLDER), join(dir, DATABASE_FOLDER), { recursive: true });
  if (rules) await inDataFolder(dir, (db) => sql`update merchants set rules = coalesce(rules, '{}'::jsonb) || ${JSON.stringify(rules)}::jsonb`.execute(db));
  return dir;
}

/**
 * Starts `npm start`'s script on a fresh data folder (or `dataDir`, a stopped app's) and waits for
 * /healthz. `env.PORT`: that port (a restarted app at the same origin, whose pages keep their storage).
 * `rules`: the shop's business rules to change in a fresh folder's copy of the template before the start
 * (server/provider/settings/settings.service.ts, MerchantRules; a file run outside the e2e projects keeps
 * the defaults).
 */
let started = 0;

export async function startApp(env: Record<string, string> = {}, dataDir?: string, rules?: Partial<MerchantRules>): Promise<RunningApp> {
  const dir = dataDir ?? (await freshDataDir(rules));
  for (let attempt = 1; ; attempt++) {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    const url = `http://127.0.0.1:${port}`;
    try {
      const app = await startServer({
        name: 'the app',
        args: ['scripts/start.ts'],
        // at info, every request's line too: the last e2e project reads them all for personal data
        // no map tiles or geocoder on the internet: a test that wants the map passes local stand-ins (support/map-stand-ins.ts)
        env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, NODE_ENV: 'test', LOG_LEVEL: 'info', MAP_TILE_URL: 'off', GEOCODER_URL: 'off', ...env },
        url,
        logFile: join(E2E_LOG_DIR, `app-${port}-${process.pid}-${++started}.log`),
        timeoutMs: 120_000,
      });
      return { url, dataDir: dir, proc: app.proc, output: app.output, stop: app.stop };
    } catch (err) {
      // the port was free when freePort asked and taken before the app listened (an outgoing connection's
      // ephemeral port, on a machine running other suites): the app refused to start, so another port.
      // Any other failure to start is the test's to report.
      if (attempt < 3 && !env.PORT && /EADDRINUSE/.test(String(err))) continue;
      throw err;
    }
  }
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * For a file or a describe block: the app started by startApp(env, undefined, rules) before its tests, stopped and its
 * data folder removed after them. Nothing starts without Chromium (the suites skip their tests then).
 * Read it inside tests and hooks (see useStarted).
 */
export function useApp(env: Record<string, string> = {}, rules?: Partial<MerchantRules>): RunningApp {
  return useStarted(
    'the app',
    () => startApp(env, undefined, rules),
    async (app) => {
      await app.stop();
      removeDataDir(app.dataDir);
    },
    { skip: !HAS_CHROME },
  );
}

/**
 * For a file or a describe block: a Chromium launched before its tests and closed after them (before
 * the app of a useApp() called first stops). `args`: more Chromium switches, or a function called at
 * launch for switches a hook declared before it makes (a fake camera's video). `needs`: the full browser
 * instead of the headless shell, for what only it has.
 */
export function useBrowser(args: string[] | (() => string[]) = [], needs?: FullBrowserNeed): Browser {
  return useStarted(
    'the browser',
    () => launchBrowser(typeof args === 'function' ? args() : args, needs),
    (browser) => browser.close(),
    { skip: !HAS_CHROME },
  );
}

/** `extraArgs`: more Chromium switches (a fake camera: fake-camera.ts); `needs`: as useBrowser's. */
export async function launchBrowser(extraArgs: string[] = [], needs?: FullBrowserNeed): Promise<Browser> {
  const executablePath = needs ? CHROME_PATH : TEST_BROWSER_PATH;
  return chromium.launch({ executablePath, headless: true, args: [...CHROME_ARGS, ...extraArgs] });
}

/**
 * `serviceWorkers: 'block'`: the app's service worker (src/sw.ts) never starts, for a test that fails or
 * holds the app's own files with page.route, which does not see what a worker answers from its cache.
 */
export async function newContext(
  browser: Browser,
  viewport: ViewportName,
  baseURL: string,
  { serviceWorkers = 'allow', locale = 'en-PH' }: { serviceWorkers?: 'allow' | 'block'; locale?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], baseURL, locale, timezoneId: 'Asia/Manila', serviceWorkers });
  context.setDefaultTimeout(15_000);
  return context;
}

/** The latest one-time code sent to a phone, from the development outbox. */
export async function codeFor(baseURL: string, phone: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const r = await fetch(`${baseURL}/__dev/outbox?phone=${encodeURIComponent(phone)}`);
    if (r.ok) {
      const j = (await r.json()) as { items: { body: string; code?: string | null }[] };
      const code = j.items[0]?.code ?? /\b(\d{6})\b/.exec(j.items[0]?.body ?? '')?.[1];
      if (code) return code;
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`no code in the outbox for ${phone}`);
}

/** Collects console errors and page errors, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  return errors;
}

let seq = 0;
/** A phone number no other test uses: +63 9xx, unique per process and call. */
export function uniquePhone(): string {
  seq += 1;
  const n = (process.pid * 1000 + seq) % 1_000_000_000;
  return `+639${String(n).padStart(9, '0')}`;
}
