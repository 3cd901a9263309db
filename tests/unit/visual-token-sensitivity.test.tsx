/**
 * The visual check must see a change of one design token. The Shop screen (its default story's props) is
 * rendered to HTML, styled by the app's own stylesheet (src/styles.css through Tailwind, as the build does)
 * and shot by Chromium at the phone's size, twice from the tree and once from a scratch copy of the
 * stylesheets with `--color-border` darkened (#d6d3d1 → #c9c4c0: every border in the product). The runner's
 * own comparison (tests/visual/compare.ts) must fail the darker borders and pass the same page shot again.
 *
 * The same screen also shows that the runners' two possible Chromiums draw it alike: the baselines were taken
 * with Debian's Chromium, and the Storybook stage drives Debian's headless shell when it is installed
 * (scripts/lib/chromium.ts). With the hinting switch the runners pass, their shots must pass the check
 * against each other; without it, the shell's text must fail it (so the switch is what makes them alike).
 */
import fs from 'node:fs';
import path from 'node:path';
import { compile } from '@tailwindcss/node';
import { chromium, type Browser } from 'playwright';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopScreen } from '../../src/screens/shop/shop-screen';
import { money } from '../../stories/fixtures/customer';
import { categories, MIN_ORDER } from '../../stories/fixtures/shop';
import { comparePngs } from '../visual/compare';
import { CHROMIUM_PATH, fullBrowserPath, HEADLESS_SHELL_PATH, TEXT_HINTING_SWITCH } from '../../scripts/lib/chromium';

const root = path.resolve(import.meta.dirname, '../..');
const chrome = fullBrowserPath();
const TOKENS = 'src/ui/theme/tokens.css';
const BORDER = '--color-border: #d6d3d1;';
const DARKER_BORDER = '--color-border: #c9c4c0;';

/** The stylesheet `entry` compiled with Tailwind for these class names; `files`: the stylesheets it read (and its config). */
async function stylesheet(entry: string, candidates: string[]) {
  const files: string[] = [];
  const compiler = await compile(fs.readFileSync(entry, 'utf8'), {
    base: path.dirname(entry),
    from: entry,
    onDependency: (file) => files.push(file),
  });
  return { css: compiler.build(candidates), files: [entry, ...files] };
}

/** A copy of the app's own stylesheets (those inside the repository) in `dir`, with `edit` made to one of them. */
function scratchCopy(files: string[], dir: string, edit: { file: string; from: string; to: string }) {
  for (const file of files) {
    const rel = path.relative(root, file);
    if (rel.startsWith('..') || rel.startsWith('node_modules')) continue;
    fs.mkdirSync(path.join(dir, path.dirname(rel)), { recursive: true });
    fs.copyFileSync(file, path.join(dir, rel));
  }
  const target = path.join(dir, edit.file);
  const text = fs.readFileSync(target, 'utf8');
  if (!text.includes(edit.from)) throw new Error(`${edit.file} no longer says ${edit.from}: update this test`);
  fs.writeFileSync(target, text.replace(edit.from, edit.to));
}

const FILES: Record<string, string> = {
  '/files/': 'node_modules/@fontsource-variable/inter/files/',
  '/fixtures/': 'stories/fixtures/assets/',
};

/** The Shop screen in `css`, shot by `browser` at the phone's size, as a PNG. */
async function shoot(browser: Browser, body: string, css: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  try {
    await page.route('http://visual.test/**', async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/')
        return route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body>${body}</body></html>`,
        });
      const prefix = Object.keys(FILES).find((p) => pathname.startsWith(p));
      const file = prefix && path.join(root, FILES[prefix]!, pathname.slice(prefix.length));
      return file && fs.existsSync(file) ? route.fulfill({ path: file }) : route.fulfill({ status: 404 });
    });
    await page.goto('http://visual.test/', { waitUntil: 'load' });
    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined)));
    });
    return await page.screenshot({ animations: 'disabled', caret: 'hide' });
  } finally {
    await page.close();
  }
}

/** The Shop screen's default story as HTML, and the class names it uses (what Tailwind compiles for). */
function shopScreen() {
  const body = renderToStaticMarkup(<ShopScreen {...money} categories={categories} cart={[]} minOrder={MIN_ORDER} />);
  const candidates = [...new Set(Array.from(body.matchAll(/class="([^"]*)"/g), (m) => m[1]!.split(/\s+/)).flat())];
  return { body, candidates };
}

describe.skipIf(!fs.existsSync(chrome))('visual regression and a design token', () => {
  let browser: Browser;
  let scratch: string;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chrome });
    // inside the repository's git-ignored .tmp, so the copy's `@import 'tailwindcss'` finds node_modules
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    scratch = fs.mkdtempSync(path.join(root, '.tmp', 'visual-token-'));
  });
  afterAll(async () => {
    await browser?.close();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('fails the Shop screen with every border one shade darker, and passes it unchanged', async () => {
    const { body, candidates } = shopScreen();
    const app = await stylesheet(path.join(root, 'src/styles.css'), candidates);
    scratchCopy(app.files, scratch, { file: TOKENS, from: BORDER, to: DARKER_BORDER });
    const darker = await stylesheet(path.join(scratch, 'src/styles.css'), candidates);
    expect(darker.css).toContain(DARKER_BORDER);

    const before = await shoot(browser, body, app.css);
    const again = await shoot(browser, body, app.css);
    const after = await shoot(browser, body, darker.css);

    expect(comparePngs(before, again).pass).toBe(true);
    const changed = comparePngs(before, after);
    expect(changed.diffPixels).toBeGreaterThan(0);
    expect(changed.pass).toBe(false);
  }, 60_000);
});

describe.skipIf(!fs.existsSync(CHROMIUM_PATH) || !fs.existsSync(HEADLESS_SHELL_PATH))("Debian's Chromium and its headless shell", () => {
  const browsers: Browser[] = [];
  const launch = async (executablePath: string, args: string[]) => {
    const browser = await chromium.launch({ executablePath, args });
    browsers.push(browser);
    return browser;
  };
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
  });

  it('draw the Shop screen alike with the hinting switch, and its text differently without it', async () => {
    const { body, candidates } = shopScreen();
    const { css } = await stylesheet(path.join(root, 'src/styles.css'), candidates);
    const byChromium = await shoot(await launch(CHROMIUM_PATH, [TEXT_HINTING_SWITCH]), body, css);
    const byShell = await shoot(await launch(HEADLESS_SHELL_PATH, [TEXT_HINTING_SWITCH]), body, css);
    const byShellUnhinted = await shoot(await launch(HEADLESS_SHELL_PATH, []), body, css);

    const alike = comparePngs(byChromium, byShell);
    expect(alike.pass, alike.reason).toBe(true);
    const unhinted = comparePngs(byChromium, byShellUnhinted);
    expect(unhinted.pass).toBe(false);
  }, 60_000);
});
