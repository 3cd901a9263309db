/**
 * The Storybook runner's jest environment: the test runner's own, with a Playwright page kept from one test
 * file to the next (VisualEnvironment below), plus what the tests use from Node's own realm, loaded here once
 * per worker and handed to each test file's sandbox.
 *
 * Why: jest runs each test file inside a `node:vm` context of its own, and there
 * - pixelmatch's loop is 10 to 20 times slower than in Node's realm (a desktop shot: 230 against 14 ms;
 *   `node:vm` alone shows it), while a function made outside the sandbox runs at full speed when the sandbox
 *   calls it. `comparePngs` as imported here is such a function. It is synchronous, as in the sandbox, and
 *   uses no thread: a worker thread did the same work (5950676) and was taken out after runs hung.
 * - every module a test file imports is compiled and run again, file after file. The test-runner's own
 *   setup file imports the whole `@storybook/test-runner` (its CLI's transforms, Babel and Storybook's
 *   node internals: about a third of a second of CPU a file) for three small functions; `.storybook/test-setup.ts` takes
 *   its place and uses the two of them it needs from here (`setupPage`, `getStoryContext`).
 * This module is loaded by jest itself, outside the sandbox.
 */
import { getStoryContext, setupPage } from '@storybook/test-runner';
import StorybookEnvironment from '@storybook/test-runner/playwright/custom-environment.js';
import PlaywrightEnvironment from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js';
import type { Browser, BrowserContext, Page } from 'playwright';
import { comparePngs } from '../tests/visual/compare';
import { updatePreviewGlobals } from './preview-globals';

/** What the runner's tests take from Node's own realm (.storybook/test-runner.ts, test-setup.ts) */
export interface OutsideSandbox {
  /** what the runner compares screenshots with */
  comparePngs: typeof comparePngs;
  getStoryContext: typeof getStoryContext;
  /** the test-runner's own: a page made again after a navigation (its retry) is set up with it */
  setupPage: typeof setupPage;
}

declare global {
  var runnerOutsideSandbox: OutsideSandbox | undefined;
}

/** This worker's page between two test files, and when it was made; null before the first and after a failure. */
let kept: { browser: Browser; context: BrowserContext; page: Page; since: number } | null = null;
/**
 * How long a page is kept: a new one after it, so that nothing a long-lived page gathers (a browser's
 * throttling of a page open for minutes, listeners, memory) reaches a whole run. Files last a few seconds
 * each, so most still start on a kept page. KEEP_PAGE_MS=0 gives every file a new page, as the test-runner
 * does: to measure the difference, or to rule the kept page out of a failure.
 */
const KEEP_PAGE_MS = Number(process.env.KEEP_PAGE_MS ?? 90_000);
/** The runner's own page size, as the worker's first page was made (a screen story resizes the page). */
let ownSize: { width: number; height: number } | null | undefined;

/**
 * Each jest worker keeps its page, with the Storybook preview loaded in it, from one test file (one story
 * title) to the next, rather than a new browser context, page and preview for each file (opening the
 * preview, `prepare` in .storybook/test-runner.ts, was about a fifth of the Storybook stage:
 * docs/testing.md). A kept page starts the next file as a new page would: the runner's own size, no
 * reduced motion, the theme, viewport, language and merchant globals back to the preview's initial ones, no cookies,
 * local or session storage, nothing focused and the keyboard's focus in the page, no console listeners of
 * the file before. A file with a failure gives its page up, so a failure does not reach the next file.
 */
export default class VisualEnvironment extends StorybookEnvironment {
  private failed = false;
  /** when this file's page was made */
  private since = 0;

  constructor(...args: ConstructorParameters<typeof StorybookEnvironment>) {
    super(...args);
    this.global.runnerOutsideSandbox = { comparePngs, getStoryContext, setupPage };
  }

  override async setup() {
    const reuse = kept && !kept.page.isClosed() && performance.now() - kept.since < KEEP_PAGE_MS ? kept : null;
    // a page given up: its context, and this worker's connection to the shared browser it came through
    if (kept && !reuse) await kept.browser.close().catch(() => undefined);
    kept = null;
    if (!reuse) {
      this.since = performance.now();
      await super.setup();
      ownSize ??= this.global.page.viewportSize();
      return;
    }
    // the test-runner's helpers (jestPlaywright.resetPage …) without a browser, context and page of their
    // own: the options object is the worker's, set for each file
    const options = (this as unknown as { _config: { testEnvironmentOptions: Record<string, Record<string, unknown>> } })._config.testEnvironmentOptions;
    options['jest-playwright'] = { ...options['jest-playwright'], skipInitialization: true };
    try {
      await PlaywrightEnvironment.prototype.setup.call(this);
    } finally {
      options['jest-playwright'] = { ...options['jest-playwright'], skipInitialization: false };
    }
    const { browser, context, page, since } = reuse;
    Object.assign(this.global, { browser, context, page });
    this.since = since;
    if (ownSize) await page.setViewportSize(ownSize);
    await page.emulateMedia({ reducedMotion: null });
    await context.clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await updatePreviewGlobals(page, {}, ['theme', 'viewport', 'language', 'merchant']);
    // a Tab past the last control takes the keyboard's focus out of the page; the next one brings it back
    if (!(await page.evaluate(() => document.hasFocus()))) await page.keyboard.press('Tab');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  }

  override async handleTestEvent(event: Parameters<StorybookEnvironment['handleTestEvent']>[0]) {
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.failed = true;
    await super.handleTestEvent(event);
  }

  override async teardown() {
    const { browser, context, page } = this.global as { browser: Browser; context: BrowserContext; page: Page };
    if (!this.failed && page && !page.isClosed()) {
      // the next file's .storybook/test-runner.ts listens afresh
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      kept = { browser, context, page, since: this.since };
      // the base class closes the browser (this worker's connection to the shared one): kept open
      (this.global as { browser: Browser | null }).browser = null;
    } else await context?.close().catch(() => undefined);
    await super.teardown();
  }
}
