/**
 * Chromium finds the app installable on /home (issue 31): signed in as a customer, the page's manifest
 * (the merchant's name, colours and icons, served per merchant) passes Chromium's own checks, read through
 * CDP's `Page.getInstallabilityErrors`. A persistent profile, as a customer's browser is: an incognito
 * context (what `browser.newContext()` makes) can never install. Since Chrome 108 (mobile) and 112
 * (desktop) installing from the menu needs no service worker; the worker (src/sw.ts) makes the app work
 * offline and lets Chromium offer its own install prompt (`beforeinstallprompt`), which this test does not need.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_ARGS, CHROME_PATH, HAS_CHROME, VIEWPORTS, uniquePhone, useApp, watchErrors } from './support/app';
import { signUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp();

describe.skipIf(!HAS_CHROME)('installing the app', () => {
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'loyalty-e2e-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROME_PATH,
      headless: true,
      args: CHROME_ARGS,
      ...VIEWPORTS.phone,
      baseURL: app.url,
      locale: 'en-PH',
      timezoneId: 'Asia/Manila',
    });
    context.setDefaultTimeout(15_000);
    page = context.pages()[0] ?? (await context.newPage());
    errors = watchErrors(page);
    await signUp(page, app.url, uniquePhone(), 'Ana Install');
  });

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('is installable on /home: no installability errors, the manifest in the merchant’s brand', async () => {
    await page.goto('/home');
    await page.waitForURL('**/home');
    const cdp = await context.newCDPSession(page);
    // Chromium reads the manifest after the page has loaded: asked until it has
    const manifest = async () => (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    await expect.poll(async () => (await manifest()).data ?? '', { timeout: 15_000 }).toContain('Kopi Senja');
    const read = await manifest();
    expect(read.url).toBe(`${app.url}/manifest.webmanifest`);
    expect(read.errors).toEqual([]);

    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, { timeout: 15_000 })
      .toEqual([]);

    // the icons it names are the PNGs of their sizes, and the page names iOS's and the theme colour
    const body = JSON.parse(read.data!) as { theme_color: string; icons: { src: string; sizes: string }[] };
    for (const icon of body.icons) {
      const res = await page.request.get(icon.src);
      const meta = await sharp(await res.body()).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(body.theme_color);
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await sharp(await (await page.request.get(apple!)).body()).metadata()).width).toBe(180);
    expect(errors).toEqual([]);
  });
});
