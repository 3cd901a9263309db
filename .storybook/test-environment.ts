/**
 * The jest environment of test-storybook (test-runner-jest.config.js): the test-runner's own, except that
 * each jest worker keeps its browser page, with the Storybook preview loaded in it, from one test file
 * (one story title) to the next, rather than a new browser context, page and preview for each file.
 * Opening the preview (`prepare` in .storybook/test-runner.ts: iframe.html, the preview's scripts parsed
 * and run, the first story's chunk, axe injected) was half of a small file's time on a slow host.
 *
 * A kept page starts the next file as a new page did: the runner's own viewport size, no reduced motion,
 * the theme and viewport globals back to the preview's initial ones, no cookies, local or session storage,
 * nothing focused and the keyboard's focus in the page (a story whose focus check tabbed past its last
 * control left it outside), no console listeners of the file before. A file with a failed story gives its
 * page up, so a failure does not reach the next file.
 */
import { setupPage } from '@storybook/test-runner';
import PlaywrightEnvironmentModule from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js';
import type { Browser, BrowserContext, Page } from 'playwright';

interface Globals {
  browser: Browser | null;
  context: BrowserContext;
  page: Page;
}
interface JestPlaywrightEnvironment {
  global: Globals;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  handleTestEvent(event: { name: string }): Promise<void>;
}
type EnvironmentClass = new (...args: any[]) => JestPlaywrightEnvironment;
const PlaywrightEnvironment = PlaywrightEnvironmentModule as EnvironmentClass;

/** This worker's page between two test files; null before the first and after a failure. */
let kept: Globals | null = null;
/** The runner's own page size, as the first page was made (a screen story resizes the page). */
let ownSize: { width: number; height: number } | null | undefined;

export default class KeptPageEnvironment extends PlaywrightEnvironment {
  private failed = false;

  override async setup() {
    const reuse = kept && !kept.page.isClosed() ? kept : null;
    kept = null;
    // with a kept page, the test-runner's helpers (jestPlaywright.resetPage …) without a connection,
    // context and page of their own (the options object is the worker's: set for each file)
    const self = this as unknown as { _config: { testEnvironmentOptions: Record<string, Record<string, unknown>> } };
    const options = self._config.testEnvironmentOptions;
    options['jest-playwright'] = { ...options['jest-playwright'], skipInitialization: !!reuse };
    await super.setup();
    if (!reuse) {
      ownSize ??= this.global.page.viewportSize();
      await setupPage(this.global.page, this.global.context);
      return;
    }
    const { browser, context, page } = reuse;
    Object.assign(this.global, { browser, context, page });
    if (ownSize) await page.setViewportSize(ownSize);
    await page.emulateMedia({ reducedMotion: null });
    await context.clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
      const store = (window as any).__STORYBOOK_PREVIEW__?.storyStoreValue?.userGlobals;
      if (!store?.update) throw new Error("Storybook's preview API changed: update .storybook/test-environment.ts");
      // a key given as undefined goes back to its initial value
      store.update({ theme: undefined, viewport: undefined });
    });
    // a Tab past the last control takes the keyboard's focus out of the page, the next one brings it back
    if (!(await page.evaluate(() => document.hasFocus()))) await page.keyboard.press('Tab');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  }

  override async handleTestEvent(event: { name: string }) {
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.failed = true;
    await super.handleTestEvent(event);
  }

  override async teardown() {
    const { browser, context, page } = this.global;
    if (!this.failed && page && !page.isClosed()) {
      // the next file's .storybook/test-runner.ts listens afresh
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      kept = { browser, context, page };
      // super.teardown closes the browser (this worker's connection to the shared browser server): kept open
      this.global.browser = null;
    } else await context?.close().catch(() => undefined);
    await super.teardown();
  }
}
