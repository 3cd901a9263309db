/**
 * test-storybook hooks: every story must render without console errors and with zero axe
 * violations (WCAG 2.0 A/AA and 2.1 AA), and show keyboard focus; stories tagged `screen` are also
 * screenshot (SHOT_THEME: the Full theme on a phone and the Lite theme on a desktop, the console's own theme
 * on both, and any viewport a story names in `parameters.screenshotViewports`) and compared with
 * tests/visual/baselines (see tests/visual/compare.ts), and must not be wider than the screen in any of them.
 * A screen story is rendered once, by the runner, in its first screenshot pair (preVisit sets the page to
 * that pair's size, globals and reduced motion first), its play function run: screenshot and axe there,
 * then each other pair on the same mounted story (the page resized, the theme global changed: a re-render,
 * as a customer turning a tablet or a merchant changing theme sees it, not a second mount and play), a
 * screenshot and axe each, and the focus check last, once nothing else will look at the picture.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestRunnerConfig } from '@storybook/test-runner';
import type { Page } from 'playwright';
import { compareWithBaseline, MAX_DIFF_RATIO, PIXEL_THRESHOLD } from '../tests/visual/compare';
import { recordFailedShot, REPORT_DIR } from '../tests/visual/report';
import type { OutsideSandbox } from './test-environment';
import { updatePreviewGlobals } from './preview-globals';
import { SHOT_VIEWPORTS, VIEWPORTS, type ViewportName } from './viewports';

/** Tag that opts a story into screenshots. */
export const SCREEN_TAG = 'screen';
/**
 * The theme each screenshot viewport is taken in. Every viewport and every theme is seen, in a pair each:
 * a layout that breaks on one viewport breaks in both themes alike (the themes differ in colours, fonts
 * and the landing picture, not in layout), so the four combinations cost twice the time (the slowest
 * stage of CI on a slow host) for little more. Storybook's toolbar shows every combination to designers.
 */
const SHOT_THEME: Record<ViewportName, string> = { phone: 'full', desktop: 'lite', tablet: 'full', 'tablet-landscape': 'lite' };
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

/**
 * The pages whose stylesheets axe has read in this story file. The one rule that reads them
 * (css-orientation-lock: a page locked to portrait or landscape) has axe fetch and parse every stylesheet
 * first, on each run: a seventh of a run's time (66 → 57 ms, five stories run four times each on a kept page).
 * The preview's stylesheets are the same for every story (the app's and the console's, loaded once), so the
 * rule runs on each file's first story, not again on each of its stories.
 */
const stylesheetsRead = new WeakSet<Page>();

async function runAxe(page: Page): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => typeof (window as any).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
  const readStylesheets = !stylesheetsRead.has(page);
  for (let attempt = 0; ; attempt++) {
    try {
      const violations = await page.evaluate(
        async ([tags, readStylesheets]) => {
          const result = await (window as any).axe.run(document, {
            runOnly: { type: 'tag', values: tags },
            resultTypes: ['violations'],
            ...(readStylesheets ? {} : { preload: false, rules: { 'css-orientation-lock': { enabled: false } } }),
          });
          return result.violations.map((v: any) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.map((n: any) => n.target.join(' ')),
          }));
        },
        [AXE_TAGS, readStylesheets] as const,
      );
      stylesheetsRead.add(page);
      return violations;
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

/** Runs axe on the story as `page` shows it (on that viewport, or at the page's own size) and fails it on a violation. */
async function axeOrThrow(page: Page, storyId: string, viewport: ViewportName | null) {
  const violations = await runAxe(page);
  if (violations.length) {
    const lines = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`);
    throw new Error(`${storyId} has ${violations.length} axe violation(s)${viewport ? ` on the ${viewport}` : ''}:\n  ${lines.join('\n  ')}`);
  }
}

/** How many controls, from the top, each story tabs through to check that keyboard focus can be seen. */
const FOCUS_STOPS = 4;

/**
 * Tabs through the first FOCUS_STOPS controls of the story and answers those whose focus cannot be seen:
 * neither the control nor one of its three nearest ancestors draws an outline or a shadow when it has
 * keyboard focus that it does not draw without it (a focus style that ends up with `outline-style:
 * none`, as `outline-none` with Tailwind 4's `outline-3` did, passes axe and shows nothing).
 */
async function invisibleFocus(page: Page): Promise<{ checked: number; missing: string[] }> {
  // the first Tab goes to the story's first control, whatever had the focus before (a story's own play
  // function, or a Tab past the last control of the story before, which takes the focus out of the page):
  // the focus is put on a mark at the top of the page, which the first Tab leaves and which then goes
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    const mark = document.createElement('span');
    mark.tabIndex = -1;
    mark.dataset.focusStart = '';
    document.body.prepend(mark);
    mark.focus({ preventScroll: true });
  });
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < FOCUS_STOPS; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el.tagName === 'IFRAME') return null;
      const chain: HTMLElement[] = [];
      for (let n: HTMLElement | null = el; n && chain.length < 4; n = n.parentElement) chain.push(n);
      const look = () =>
        chain.map((n) => {
          const s = getComputedStyle(n);
          const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && !/rgba\([^)]*,\s*0\)|transparent/.test(s.outlineColor);
          return `${outline ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : 'none'}|${s.boxShadow}`;
        });
      const focused = look();
      el.blur();
      const blurred = look();
      el.focus({ preventScroll: true });
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      return { name, visible: focused.some((f, k) => f !== blurred[k]) };
    });
    if (i === 0) await page.evaluate(() => document.querySelector('[data-focus-start]')?.remove());
    if (!found) break;
    if (seen.has(found.name)) break;
    seen.add(found.name);
    if (!found.visible) missing.push(found.name);
  }
  return { checked: seen.size, missing };
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

/**
 * Loads the Storybook preview on `page` and turns off the a11y addon's own axe pass on every render
 * (`a11y.manual`): postVisit runs axe once per story, and screenshots need none. The globals go into the
 * preview's store, which every story selected later reads (the `globals` URL parameter is applied only
 * with a story id).
 */
const PREPARE_IN_VIEW_CSS = '.sb-show-preparing-story:not(.sb-show-main) > #storybook-root { display: block !important; }';

async function openPreview(page: Page, origin: string) {
  await page.goto(new URL('iframe.html', origin).toString(), { waitUntil: 'load' });
  await page.waitForFunction(() => !!(window as any).__STORYBOOK_PREVIEW__?.storyStoreValue?.userGlobals, undefined, { timeout: 15_000 });
  await updatePreviewGlobals(page, { a11y: { manual: true } });
  // Storybook hides the story's root when preparing the next story takes over 100 ms (a slow host), and a
  // box told to take the focus (autoFocus) while hidden cannot: a story renders in view, as a page does.
  await page.addStyleTag({ content: PREPARE_IN_VIEW_CSS });
}

/** Waits until fonts and every image (including CSS backgrounds) are decoded, then two frames. */
async function settle(page: Page) {
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
    const images = [...Array.from(document.images), ...Array.from(urls, (src) => Object.assign(new Image(), { src }))];
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * Whether a story's screenshots are to be written as its baselines: UPDATE_BASELINES holds the story-id
 * prefixes named to `--update-baselines` (scripts/test-storybook.ts), one a line.
 */
const UPDATE_PREFIXES = (process.env.UPDATE_BASELINES ?? '').split('\n').filter(Boolean);
const updating = (storyId: string) => UPDATE_PREFIXES.some((prefix) => storyId.startsWith(prefix));

/**
 * What the runner's environment loaded outside jest's sandbox (.storybook/test-environment.ts): inside it,
 * a run's pixel comparisons take several times the CPU, and the test-runner's module is loaded again for
 * every file, so a runner without it stops at once and says why.
 */
export function outsideSandbox() {
  const outside = globalThis.runnerOutsideSandbox;
  if (!outside) throw new Error("No functions from the runner's environment: test-runner-jest.config.js must name .storybook/test-environment.ts");
  return outside;
}
const getStoryContext: OutsideSandbox['getStoryContext'] = (page, context) => outsideSandbox().getStoryContext(page, context);

/** A screenshot pair: the theme and the viewport a screen story is screenshot in. */
type ShotPair = readonly [theme: string, viewport: ViewportName];

/**
 * Screenshots the story rendered on `page` (sized and themed for this pair already, its play function run)
 * and compares it with its baseline; answers what failed. No motion, no caret, no scrollbars, only while
 * the picture is taken: the play function ran as usual.
 */
async function shootRendered(
  page: Page,
  story: { id: string; title: string; name: string },
  [theme, viewport]: ShotPair,
  at: string | null,
): Promise<{ failures: string[]; exact: boolean }> {
  const storyId = story.id;
  const failures: string[] = [];
  const freeze = await page.addStyleTag({ content: FREEZE_CSS });
  await settle(page);
  // A play function's click focuses its target, which may scroll the page by an amount that
  // depends on when images and fonts arrived; the screenshot is always of the top of the screen, or of the
  // part a story names (`parameters.screenshotAt`: a heading's text, scrolled to the top of the screen).
  await page.evaluate((heading) => {
    window.scrollTo(0, 0);
    if (!heading) return;
    const found = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6')).find((h) => h.textContent?.trim() === heading);
    if (!found) throw new Error(`parameters.screenshotAt: no heading "${heading}" on the page`);
    found.scrollIntoView({ block: 'start' });
    // a bar that stays at the top (the app's sticky header) would cover it: the page goes down by the bar's height
    const { left, top } = found.getBoundingClientRect();
    const cover = document.elementFromPoint(left + 1, top + 1);
    if (cover && !found.contains(cover)) {
      let bar: Element | null = cover;
      while (bar && !['sticky', 'fixed'].includes(getComputedStyle(bar).position)) bar = bar.parentElement;
      if (bar) window.scrollBy(0, top - bar.getBoundingClientRect().bottom - 8);
    }
  }, at);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await freeze.evaluate((el) => el.remove());
  const name = `${storyId}--${theme}--${viewport}`;
  // a screen never scrolls sideways: what does not fit wraps, or scrolls inside its own box
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (wider > 0) failures.push(`${name}: the page is ${wider} px wider than the screen, so it scrolls sideways`);
  const outcome = compareWithBaseline(name, png, {
    update: updating(storyId),
    refresh: process.env.REFRESH_BASELINES === '1',
    compare: outsideSandbox().comparePngs,
  });
  if (outcome.status === 'match' && outcome.refreshed) console.log(`[visual] baseline refreshed (the same picture, other bytes): ${name}`);
  if (outcome.status === 'missing' || outcome.status === 'mismatch') {
    const reason =
      outcome.status === 'missing'
        ? `no baseline; to accept this screenshot: npm run test-storybook -- --update-baselines ${storyId}`
        : `${outcome.reason} (pixel threshold ${PIXEL_THRESHOLD}, allowed ${MAX_DIFF_RATIO * 100} %)`;
    failures.push(`${name}: ${reason}`);
    recordFailedShot(
      REPORT_DIR,
      { storyId, title: story.title, name: story.name, theme, viewport, diffRatio: outcome.status === 'mismatch' ? outcome.diffRatio : null, reason },
      { baseline: outcome.status === 'mismatch' ? outcome.baseline : null, current: png, diff: outcome.status === 'mismatch' ? outcome.diff : null },
    );
  }
  return { failures, exact: outcome.status === 'match' && outcome.exact };
}

/** A screen story's screenshot pairs, the first taken on the runner's own page; null for any other story. */
function shotPairs(story: { tags?: string[]; parameters?: Record<string, any> }): ShotPair[] | null {
  if (!story.tags?.includes(SCREEN_TAG)) return null;
  const extra = ((story.parameters?.screenshotViewports ?? []) as ViewportName[]).filter((v) => !SHOT_VIEWPORTS.includes(v));
  const left = (story.parameters?.noScreenshotOn ?? []) as ViewportName[];
  // the merchant console wears one theme of its own, whatever the merchant's
  const themeOn = (v: ViewportName) => (story.parameters?.console === true ? 'console' : SHOT_THEME[v]);
  return [...SHOT_VIEWPORTS.filter((v) => !left.includes(v)), ...extra].map((v) => [themeOn(v), v] as const);
}

interface Size {
  width: number;
  height: number;
}
/** How the runner's own page shows a story: at its own size (null) or a viewport's, with reduced motion or not. */
interface RunnerView {
  size: Size | null;
  reducedMotion: 'reduce' | null;
}
/** Any story but a screen story's first screenshot: as the runner always showed them. */
const OWN_VIEW: RunnerView = { size: null, reducedMotion: null };
const sizeOf = (v: ViewportName): Size => ({ width: parseInt(VIEWPORTS[v].styles.width, 10), height: parseInt(VIEWPORTS[v].styles.height, 10) });

/** Per runner page: its own size, and its view and theme globals now (only what changes is sent to the browser). */
const runnerStates = new WeakMap<Page, { own: Size | null; view: RunnerView; globals: string }>();
function runnerState(page: Page) {
  let state = runnerStates.get(page);
  if (!state) {
    state = { own: page.viewportSize(), view: OWN_VIEW, globals: 'null' };
    runnerStates.set(page, state);
  }
  return state;
}

async function setRunnerView(page: Page, view: RunnerView) {
  const state = runnerState(page);
  const size = view.size ?? state.own;
  if (size && JSON.stringify(view.size) !== JSON.stringify(state.view.size)) await page.setViewportSize(size);
  if (view.reducedMotion !== state.view.reducedMotion) await page.emulateMedia({ reducedMotion: view.reducedMotion });
  state.view = view;
}

/** The `theme` and `viewport` globals a screenshot pair is rendered with. */
const globalsOf = ([theme, viewport]: ShotPair) => ({ theme, viewport: { value: viewport, isRotated: false } });

/**
 * The `theme` and `viewport` globals the runner renders the next story with: a screenshot pair's, as
 * renderForShot sets them on the shot page, or (null) the preview's initial ones. They go into the
 * preview's store before the runner selects the story, without a render of their own.
 */
async function setRunnerGlobals(page: Page, pair: ShotPair | null) {
  const state = runnerState(page);
  const globals = pair ? globalsOf(pair) : null;
  if (JSON.stringify(globals) === state.globals) return;
  await (globals ? updatePreviewGlobals(page, globals) : updatePreviewGlobals(page, {}, ['theme', 'viewport']));
  state.globals = JSON.stringify(globals);
}

/**
 * Shows the story the runner rendered in another screenshot pair: the page takes that viewport's size, and
 * the theme and viewport globals change through Storybook's own `updateGlobals`, which re-renders the
 * mounted story (the theme decorator keeps it mounted: its state and what its play function did stay, and
 * the play function does not run again). Resolves once that render has finished, or rejects with its error.
 * `replay` (a story's `parameters.screenshotReplay`): the story is mounted afresh and plays again instead,
 * for a play function whose end state depends on the layout (a field it focused scrolled into view by a
 * phone's amount, a button it focused that the desktop's layout draws elsewhere).
 */
async function showPair(page: Page, storyId: string, pair: ShotPair, replay: boolean) {
  await setRunnerView(page, { size: sizeOf(pair[1]), reducedMotion: 'reduce' });
  const state = runnerState(page);
  const globals = globalsOf(pair);
  if (JSON.stringify(globals) === state.globals && !replay) return;
  await page.evaluate(
    async ({ storyId, globals, replay }) => {
      const w = window as any;
      const preview = w.__STORYBOOK_PREVIEW__;
      const channel = w.__STORYBOOK_ADDONS_CHANNEL__;
      if (!preview?.currentRender || !channel) throw new Error("Storybook's preview API changed: update showPair in .storybook/test-runner.ts");
      const render = preview.currentRender;
      if (render.id !== storyId) throw new Error(`${storyId} is not the story shown (${render.id} is)`);
      // the runner's own render is over (its afterEach too), so this render is the next one to finish
      for (let waited = 0; render.phase !== 'finished' && render.phase !== 'errored'; waited += 20) {
        if (waited > 20_000) throw new Error(`${storyId} did not finish its first render within 20 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const events = w.__STORYBOOK_MODULE_CORE_EVENTS__ ?? {};
      const finished = events.STORY_FINISHED ?? 'storyFinished';
      const failures = ['storyErrored', 'storyThrewException', 'unhandledErrorsWhilePlaying'];
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`${storyId} did not finish rendering in the ${globals.theme} theme within 20 s`)), 20_000);
        const onFinished = (e: any) => {
          if ((e?.storyId ?? e) === storyId) done();
        };
        const onFailure = (name: string) => (e: any) => done(new Error(`${storyId}: ${name}: ${e?.description ?? e?.message ?? JSON.stringify(e)}`));
        const handlers = failures.map((name) => [name, onFailure(name)] as const);
        function done(err?: Error) {
          clearTimeout(timer);
          channel.off(finished, onFinished);
          for (const [name, h] of handlers) channel.off(name, h);
          if (err) reject(err);
          else resolve();
        }
        channel.on(finished, onFinished);
        for (const [name, h] of handlers) channel.on(name, h);
        if (replay) {
          // the globals into the store without a render of their own, then the story mounted afresh
          preview.storyStoreValue.userGlobals.update(globals);
          channel.emit('forceRemount', { storyId });
        } else channel.emit('updateGlobals', { globals });
      });
    },
    { storyId, globals, replay },
  );
  state.globals = JSON.stringify(globals);
}

/**
 * The pseudo-locale pass (docs/languages.md): a story with `parameters.pseudoCheck: true` is shown again in
 * the pseudo-locale (every text 40 % longer, .storybook/pseudo.ts) on the same mounted story, and fails when
 * any text clips or overflows its box: an element showing text (its own words, or a button, link or label)
 * whose content is wider than the box it has, unless the box scrolls on purpose. The language goes back to
 * the preview's own for the next story.
 */
async function pseudoOverflow(page: Page, storyId: string): Promise<string[]> {
  await page.evaluate(async (storyId) => {
    const w = window as any;
    const channel = w.__STORYBOOK_ADDONS_CHANNEL__;
    const finished = (w.__STORYBOOK_MODULE_CORE_EVENTS__ ?? {}).STORY_FINISHED ?? 'storyFinished';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${storyId} did not render in the pseudo-locale within 20 s`)), 20_000);
      const onFinished = (e: any) => {
        if ((e?.storyId ?? e) !== storyId) return;
        clearTimeout(timer);
        channel.off(finished, onFinished);
        resolve();
      };
      channel.on(finished, onFinished);
      channel.emit('updateGlobals', { globals: { language: 'pseudo' } });
    });
  }, storyId);
  await settle(page);
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const shows = (el: Element) =>
      el.matches('button, a, label, h1, h2, h3, h4, legend, [role="button"], [role="tab"]') ||
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
    for (const el of document.querySelectorAll<HTMLElement>('#storybook-root *, body > [role="dialog"] *, [data-radix-portal] *')) {
      // text kept for screen readers only (.sr-only) is clipped on purpose
      if (!shows(el) || el.clientWidth <= 1 || el.closest('.sr-only')) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.tagName.toLowerCase()} "${el.textContent!.trim().slice(0, 60)}" (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      out.push(`the page (${document.documentElement.scrollWidth} px wide on a ${window.innerWidth} px screen)`);
    return out;
  });
  await page.evaluate(() => (window as any).__STORYBOOK_PREVIEW__.storyStoreValue.userGlobals.update({ language: undefined }));
  return problems;
}

/** The story each runner page was set up for in preVisit, with its screenshot pairs (null: not a screen story). */
const visiting = new WeakMap<Page, { id: string; pairs: ShotPair[] | null; replay: boolean; at: string | null; visited: number }>();

/**
 * Where a story's time went, in milliseconds of its worker: the runner's own render with its play function
 * (from the end of preVisit to postVisit), the other screenshot pairs' renders, the screenshots (settling,
 * taking, comparing), axe, the focus check. Summed by scripts/test-storybook.ts, so a slow stage says which
 * part of the checking is slow.
 */
interface Timings {
  render: number;
  pairs: number;
  shots: number;
  axe: number;
  focus: number;
}

/**
 * What each story that passed was checked for, one JSON line per story in STORYBOOK_COUNTS (set by
 * scripts/test-storybook.ts, which sums them): so a run says how many stories it rendered, played,
 * checked with axe and compared with baselines, and a faster run can be shown to check no less.
 */
function countChecked(line: { story: string; played: boolean; axe: number; focus: number; shots: number; pixelCompared: number; ms: Timings }) {
  const file = process.env.STORYBOOK_COUNTS;
  if (file) fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

const config: TestRunnerConfig = {
  // the test-runner's own preparation, with the a11y addon's automatic pass turned off (postVisit runs axe)
  async prepare({ page }) {
    runnerStates.delete(page);
    await openPreview(page, process.env.TARGET_URL!);
  },

  // A screen story is rendered in its first screenshot pair (that viewport's size and globals, reduced
  // motion), so the runner's own render is that screenshot's; any other story as always, at the page's
  // own size.
  async preVisit(page, context) {
    collectErrors(page).length = 0;
    const story = await getStoryContext(page, context);
    const pairs = shotPairs(story);
    visiting.set(page, {
      id: context.id,
      pairs,
      replay: story.parameters?.screenshotReplay === true,
      at: typeof story.parameters?.screenshotAt === 'string' ? story.parameters.screenshotAt : null,
      visited: 0,
    });
    const first = pairs?.[0] ?? null;
    await setRunnerView(page, first ? { size: sizeOf(first[1]), reducedMotion: 'reduce' } : OWN_VIEW);
    await setRunnerGlobals(page, first);
    visiting.get(page)!.visited = performance.now();
  },

  async postVisit(page, context) {
    const ms: Timings = { render: performance.now() - (visiting.get(page)?.visited ?? performance.now()), pairs: 0, shots: 0, axe: 0, focus: 0 };
    const timed = async <T>(key: keyof Timings, work: () => Promise<T>): Promise<T> => {
      const from = performance.now();
      try {
        return await work();
      } finally {
        ms[key] += performance.now() - from;
      }
    };
    const errors = collectErrors(page);
    if (errors.length) {
      throw new Error(`${context.id} logged errors:\n  ${errors.join('\n  ')}`);
    }

    const played = await page.evaluate(() => typeof (window as any).__STORYBOOK_PREVIEW__?.currentRender?.story?.playFunction === 'function');
    const seen = visiting.get(page);
    if (seen?.id !== context.id) throw new Error(`${context.id} was not set up by preVisit (${seen?.id ?? 'no story'} was)`);
    const { pairs, replay, at } = seen;
    const visual: string[] = [];
    let axe = 0;
    let pixelCompared = 0;
    if (pairs) {
      // the first pair is the runner's own render, before anything presses a key in it; then each other
      // pair on the same story. axe on each: what only a narrow screen shows (a table that scrolls in its
      // box), and each theme's colours.
      for (const [i, pair] of pairs.entries()) {
        if (i > 0) await timed('pairs', () => showPair(page, context.id, pair, replay));
        const shot = await timed('shots', () => shootRendered(page, context, pair, at));
        visual.push(...shot.failures);
        if (!shot.exact) pixelCompared++;
        if (errors.length) visual.push(`console errors in the ${pair[0]} theme on the ${pair[1]}:\n  ${errors.join('\n  ')}`);
        errors.length = 0;
        await timed('axe', () => axeOrThrow(page, context.id, pair[1]));
        axe++;
      }
    } else {
      await timed('axe', () => axeOrThrow(page, context.id, null));
      axe++;
    }

    const focus = await timed('focus', () => invisibleFocus(page));
    if (focus.missing.length) throw new Error(`${context.id}: keyboard focus cannot be seen on ${focus.missing.join(', ')}`);
    const story = await getStoryContext(page, context);
    if (story.parameters?.pseudoCheck === true) {
      // on a phone, where a longer language runs out of room first
      await setRunnerView(page, { size: sizeOf('phone'), reducedMotion: 'reduce' });
      const clipped = await pseudoOverflow(page, context.id);
      if (clipped.length) throw new Error(`${context.id}: text clips or overflows in the pseudo-locale (40 % longer):\n  ${clipped.join('\n  ')}`);
    }
    if (visual.length) {
      const hint =
        pairs && pairs.length > 1 && !replay
          ? '\n  (only in a pair after the first? Its play function may leave a state that depends on the layout: ' +
            'parameters.screenshotReplay: true plays it again for each pair)'
          : '';
      throw new Error(`Visual regression in ${context.id}:\n  ${visual.join('\n  ')}${hint}`);
    }
    countChecked({ story: context.id, played, axe, focus: focus.checked, shots: pairs?.length ?? 0, pixelCompared, ms });
  },
};

export default config;
