/**
 * The theme studio (issue 12), in Chromium against `npm start`: the owner changes the brand colour and
 * sees both phones of the preview (Lite and Full, the customer app's real screens) change before
 * anything is published; a colour whose text fails WCAG AA is refused at publishing with the nearest
 * colour that passes, which one click applies; uploads a logo (an SVG and a 5 MB file are refused);
 * shares a preview link that shows the draft in a fresh browser; publishes, and a customer's /login shows
 * the new colour and logo within 10 s; restores the previous version, and customers see it again.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, launchBrowser, newContext, removeDataDir, startApp, watchErrors, type RunningApp } from './support/app';
import { setUpOwner } from './support/console';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

let app: RunningApp;
let browser: Browser;
const files = mkdtempSync(join(tmpdir(), 'studio-files-'));

beforeAll(async () => {
  if (!HAS_CHROME) return;
  app = await startApp({ LOG_LEVEL: 'info' });
  browser = await launchBrowser();
  writeFileSync(join(files, 'logo.png'), await sharp({ create: { width: 96, height: 96, channels: 3, background: '#0f766e' } }).png().toBuffer());
  writeFileSync(join(files, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  writeFileSync(join(files, 'huge.png'), Buffer.alloc(5 * 1024 * 1024, 1));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
});

/** The brand colour a page is themed with (the token the app sets on its root, or on a preview frame). */
const brandOf = (page: Page, selector = ':root') => page.evaluate((s) => getComputedStyle(document.querySelector(s)!).getPropertyValue('--color-brand').trim(), selector);

describe.skipIf(!HAS_CHROME)('the theme studio', () => {
  let owner: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    owner = await newContext(browser, 'desktop', app.url);
    page = await owner.newPage();
    errors = watchErrors(page);
    await setUpOwner(page, app.output(), 'rosa@kopisenja.example');
  });
  afterAll(async () => {
    await owner?.close();
  });

  let before: string;

  it('previews a new brand colour in both phones, Lite and Full, before anything is published', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Brand' }).click();
    await page.waitForURL('**/merchant/theme');
    const lite = '[data-version="Lite"]';
    const full = '[data-version="Full"]';
    await page.locator(lite).waitFor();
    before = await brandOf(page, lite);
    expect(await brandOf(page, full)).toBe(before);
    await page.getByLabel('Brand colour', { exact: true }).fill('#1d4ed8');
    await expect.poll(() => brandOf(page, lite)).toBe('#1d4ed8');
    expect(await brandOf(page, full)).toBe('#1d4ed8');
    // the Lite phone paints the landing colour, the Full one the image (when there is one)
    await page.getByLabel('Landing background colour', { exact: true }).fill('#fde68a');
    await expect.poll(() => page.evaluate((s) => getComputedStyle(document.querySelector(s)!).backgroundColor, lite)).toBe('rgb(253, 230, 138)');
    // the other pages of the preview are the customer app's real screens too
    await page.getByRole('tab', { name: 'Shop' }).click();
    await page.locator(`${lite} >> text=Spanish latte`).first().waitFor();
    await page.getByText(/Draft saved/).waitFor();
    // customers still see the old colour: nothing is published yet
    const customer = await browser.newPage({ baseURL: app.url });
    await customer.goto('/login');
    await customer.getByRole('button', { name: 'Send code' }).waitFor();
    expect(await brandOf(customer)).toBe(before);
    await customer.close();
  });

  it('refuses to publish text customers could not read, and applies the suggested colour in one click', async () => {
    // near-white text, as the owner chose it (unset, the app would paint black), on a pale yellow
    await page.getByLabel('Text on the brand colour', { exact: true }).fill('#fafafa');
    await page.getByLabel('Brand colour', { exact: true }).fill('#fde047');
    await page.getByText('Too faint').first().waitFor();
    await page.getByText(/Draft saved/).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: /#[0-9a-f]{6}/ });
    await refusal.waitFor();
    const suggested = /#[0-9a-f]{6}/.exec((await page.getByText(/Nearest colour that passes/).textContent())!)![0];
    expect(await refusal.textContent()).toContain(suggested);
    await page.getByRole('button', { name: `Use ${suggested}` }).click();
    await expect.poll(() => page.getByText('Too faint').count()).toBe(0);
  });

  it('uploads a logo, and refuses an SVG and a file over 2 MB on the field', async () => {
    const input = page.locator('[data-field="post_file"] input[type=file]');
    await input.setInputFiles(join(files, 'logo.svg'));
    await page.locator('[data-field="post_file"]').getByRole('alert').getByText(/PNG, JPEG or WebP/).waitFor();
    await input.setInputFiles(join(files, 'huge.png'));
    await page.locator('[data-field="post_file"]').getByRole('alert').getByText(/larger than 2 MB/).waitFor();
    await input.setInputFiles(join(files, 'logo.png'));
    const logo = page.getByRole('img', { name: 'Logo now' });
    await expect.poll(() => logo.getAttribute('src')).toMatch(/^\/api\/media\/[0-9a-f]{64}\.png$/);
    // served with its content type, for a year
    const served = await page.request.get((await logo.getAttribute('src'))!);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['cache-control']).toMatch(/max-age=31536000/);
    await page.getByText(/Draft saved/).waitFor();
  });

  it('shares a preview link that shows the draft in a fresh browser', async () => {
    const draftBrand = await brandOf(page, '[data-version="Full"]');
    await page.getByRole('button', { name: 'Share preview' }).click();
    const url = (await page.getByText(/\?preview=/).textContent())!.trim();
    const colleague = await browser.newContext({ baseURL: app.url });
    const other = await colleague.newPage();
    await other.goto(url);
    await other.getByRole('button', { name: 'Send code' }).waitFor();
    await expect.poll(() => brandOf(other)).toBe(draftBrand);
    await colleague.close();
  });

  it('publishes: a customer sees the new colour and logo within 10 s; restoring brings the old look back', async () => {
    const published = await brandOf(page, '[data-version="Full"]');
    const logoUrl = await page.getByRole('img', { name: 'Logo now' }).getAttribute('src');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(/^Published\./).waitFor();
    const customer = await browser.newContext({ baseURL: app.url });
    const shopper = await customer.newPage();
    const seen = async () => {
      await shopper.goto('/login');
      await shopper.getByRole('button', { name: 'Send code' }).waitFor();
      return { brand: await brandOf(shopper), logo: await shopper.locator('main img').first().getAttribute('src') };
    };
    const t0 = Date.now();
    await expect.poll(seen, { timeout: 10_000, interval: 500 }).toEqual({ brand: published, logo: logoUrl });
    expect(Date.now() - t0).toBeLessThan(10_000);

    await page.getByRole('button', { name: /^Restore the version of/ }).first().click();
    await page.getByText(/^Restored\./).waitFor();
    await expect.poll(async () => (await seen()).brand, { timeout: 10_000, interval: 500 }).toBe(before);
    await customer.close();
    expect(errors.filter((e) => !/status of 40[0-9]/.test(e))).toEqual([]);
  });
});
