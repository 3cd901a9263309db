/**
 * Which Chromium the scripts and tests launch, and with which switches.
 *
 * The test runners (the Storybook runner, scripts/test-storybook.ts; the end-to-end files,
 * tests/e2e/support/app.ts) drive testBrowserPath():
 *
 * Debian's `chromium-headless-shell` when it is installed (CI installs it): the same Chromium as
 * `/usr/bin/chromium` (one Debian source package, one version), built as the old headless shell, without the
 * browser around the page. Playwright drives the same kind of shell by default for headless runs. Here it
 * did the Storybook stage's checks with about a third less CPU (docs/testing.md, "Keeping the run fast").
 * Without it, CHROME_PATH (default Debian's `/usr/bin/chromium`). TEST_BROWSER_PATH names another.
 *
 * The full browser (CHROME_PATH) stays where it counts: Lighthouse and the budgets' first load measure what a
 * customer's Chrome does, and the e2e files that install the app, scan with a camera or take a push need
 * what the shell lacks.
 */
import { existsSync } from 'node:fs';

/** Debian's old headless shell (package chromium-headless-shell). */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/** Debian's Chromium (package chromium). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Every launch's: no sandbox (root in a container), no GPU, nothing fetched from the internet behind the page's back. */
export const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The test runners' switch (not Lighthouse's nor the budgets'): with it the shell draws text as the browser
 * does here, so both match the screenshot baselines. Without it the shell's text differed from them on 0.5 to
 * 2 % of a screen's pixels, and with `none` or `medium` hinting too.
 */
export const TEXT_HINTING_SWITCH = '--font-render-hinting=slight';

/** The full browser: CHROME_PATH, else Debian's Chromium. */
export function fullBrowserPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROME_PATH || CHROMIUM_PATH;
}

/** The Chromium the test runners drive (above). */
export function testBrowserPath(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): string {
  if (env.TEST_BROWSER_PATH) return env.TEST_BROWSER_PATH;
  if (exists(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  return fullBrowserPath(env);
}
