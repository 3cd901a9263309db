/**
 * test-storybook hooks: every story must render without console errors and with zero axe
 * violations (WCAG 2.0 A/AA and 2.1 AA); stories tagged `screen` are also screenshot in each
 * theme × viewport (phone and desktop, and any a story names in `parameters.screenshotViewports`) and compared with tests/visual/baselines (see tests/visual/compare.ts), and must not
 * be wider than the screen in any of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import type { Page } from 'playwright';
import { compareWithBaseline, MAX_DIFF_RATIO, PIXEL_THRESHOLD } from '../tests/visual/compare';
import { SHOT_VIEWPORTS, VIEWPORTS, type ViewportName } from './viewports';

/** Tag that opts a story into screenshots. */
export const SCREEN_TAG = 'screen';
const SHOT_THEMES = ['full', 'lite'] as const;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

// axe-core is injected once per page and kept there (what @axe-core/playwright does on every call,
// which costs ~0.5 s per story); only violations are collected.
const AXE_SOURCE = fs.readFileSync(path.resolve(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => typeof (window as any).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
  for (let attempt = 0; ; attempt++) {
    try {
      return await page.evaluate(async (tags) => {
        const result = await (window as any).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        return result.violations.map((v: any) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n: any) => n.target.join(' ')),
        }));
      }, AXE_TAGS);
    } catch (err) {
      // The a11y addon may still be running its own pass in the preview; wait and retry.
      if (attempt < 20 && /already running/i.test(String(err))) {
        await page.waitForTimeout(100);
        continue;
      }
      throw err;
    }
  }
}

const consoleErrors = new WeakMap<Page, string[]>();

function collectErrors(page: Page): string[] {
  let list = consoleErrors.get(page);
  if (!list) {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
    consoleErrors.set(page, errors);
    list = errors;
  }
  return list;
}

// Injected before screenshots: no motion, no blinking caret, no scrollbars that differ by machine.
const FREEZE_CSS = `
  *, *::before, *::after {
    animation: none !important; transition: none !important; caret-color: transparent !important;
  }
  html { scrollbar-width: none; }
  .Toastify__progress-bar { display: none !important; }
`;

async function waitForStory(page: Page) {
  await page.waitForFunction(
    () => {
      const phase = (window as any).__STORYBOOK_PREVIEW__?.currentRender?.phase;
      return phase === 'completed' || phase === 'finished' || phase === 'errored';
    },
    undefined,
    { timeout: 15_000 },
  );
  await page.addStyleTag({ content: FREEZE_CSS });
  await page.evaluate(async () => {
    // frames of this page's own (the theme studio's phones): their stylesheets, fonts and images too
    const frames = Array.from(document.querySelectorAll('iframe'))
      .map((f) => f.contentDocument)
      .filter((d): d is Document => d !== null);
    await Promise.all(
      frames.flatMap((d) => [
        ...Array.from(d.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map(
          (link) => new Promise((r) => (link.sheet ? r(null) : (link.addEventListener('load', r), link.addEventListener('error', r), setTimeout(r, 5000)))),
        ),
        d.fonts.ready,
        ...Array.from(d.images).map((img) => img.decode().catch(() => undefined)),
      ]),
    );
    await document.fonts.ready;
    // <img> elements and CSS background images (the landing background) must be decoded.
    const urls = new Set<string>();
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const bg = getComputedStyle(el).backgroundImage;
      for (const m of bg.matchAll(/url\("?([^")]+)"?\)/g)) urls.add(m[1]!);
    }
    const images = [
      ...Array.from(document.images),
      ...Array.from(urls, (src) => Object.assign(new Image(), { src })),
    ];
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

async function screenshotStory(page: Page, storyId: string, themes: readonly string[], viewports: readonly ViewportName[]): Promise<string[]> {
  const failures: string[] = [];
  const target = process.env.TARGET_URL ?? new URL(page.url()).origin + '/';
  const update = process.env.UPDATE_BASELINES === '1';
  const ci = !!process.env.CI;
  const shot = await page.context().newPage();
  const errors = collectErrors(shot);
  try {
    await shot.emulateMedia({ reducedMotion: 'reduce' });
    for (const theme of themes) {
      for (const viewport of viewports) {
        const { width, height } = VIEWPORTS[viewport].styles;
        await shot.setViewportSize({ width: parseInt(width, 10), height: parseInt(height, 10) });
        const url = new URL('iframe.html', target);
        url.searchParams.set('id', storyId);
        url.searchParams.set('viewMode', 'story');
        url.searchParams.set('globals', `theme:${theme};viewport.value:${viewport}`);
        await shot.goto(url.toString(), { waitUntil: 'load' });
        await waitForStory(shot);
        // A play function's click focuses its target, which may scroll the page by an amount that
        // depends on when images and fonts arrived; the screenshot is always of the top of the screen.
        await shot.evaluate(() => window.scrollTo(0, 0));
        const png = await shot.screenshot({ animations: 'disabled', caret: 'hide' });
        const name = `${storyId}--${theme}--${viewport}`;
        // a screen never scrolls sideways: what does not fit wraps, or scrolls inside its own box
        const wider = await shot.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (wider > 0) failures.push(`${name}: the page is ${wider} px wider than the screen, so it scrolls sideways`);
        const outcome = compareWithBaseline(name, png, { update, ci });
        if (outcome.status === 'written') console.log(`[visual] new baseline written: ${outcome.file}`);
        if (outcome.status === 'missing') failures.push(`${name}: no baseline (CI does not write them); run without CI to create it`);
        if (outcome.status === 'mismatch') {
          failures.push(
            `${name}: ${outcome.reason} (pixel threshold ${PIXEL_THRESHOLD}, allowed ${MAX_DIFF_RATIO * 100} %); ` +
              `current: ${outcome.currentFile}${outcome.diffFile ? `, diff: ${outcome.diffFile}` : ''}`,
          );
        }
      }
    }
    if (errors.length) failures.push(`console errors while screenshotting:\n  ${errors.join('\n  ')}`);
  } finally {
    await shot.close();
  }
  return failures;
}

const config: TestRunnerConfig = {
  async preVisit(page) {
    collectErrors(page).length = 0;
  },

  async postVisit(page, context) {
    const errors = collectErrors(page);
    if (errors.length) {
      throw new Error(`${context.id} logged errors:\n  ${errors.join('\n  ')}`);
    }

    const violations = await runAxe(page);
    if (violations.length) {
      const lines = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`);
      throw new Error(`${context.id} has ${violations.length} axe violation(s):\n  ${lines.join('\n  ')}`);
    }

    const story = await getStoryContext(page, context);
    if (story.tags?.includes(SCREEN_TAG)) {
      // the merchant console wears one theme of its own, whatever the merchant's
      const extra = ((story.parameters?.screenshotViewports ?? []) as ViewportName[]).filter((v) => !SHOT_VIEWPORTS.includes(v));
      const failures = await screenshotStory(page, context.id, story.parameters?.console === true ? ['console'] : SHOT_THEMES, [...SHOT_VIEWPORTS, ...extra]);
      if (failures.length) throw new Error(`Visual regression in ${context.id}:\n  ${failures.join('\n  ')}`);
    }
  },
};

export default config;
