/**
 * What a desktop changes in the customer app: the flows run on a phone (the product is phones first), and
 * each file's desktop test walks what the wider window lays out differently (docs/testing.md, "The
 * end-to-end files"): the main navigation stands above the page instead of fixed to the bottom, nothing
 * is wider than the window, and a sheet opens as a dialog in the middle.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext, uniquePhone, watchErrors } from './app';
import { signUp } from './customer';

/** A new customer signed up on a desktop: their browser context (to close), their page on /home and its console errors. */
export async function desktopCustomer(browser: Browser, baseURL: string, name: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, 'desktop', baseURL);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signUp(page, baseURL, uniquePhone(), name);
  return { context, page, errors };
}

/** Nothing on the page is wider than the window: no sideways scroll. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

/** The app's main navigation above the page's content, in the page's flow (a phone's is fixed to the bottom); no sideways scroll. */
export async function expectDesktopPage(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  const main = page.locator('#main-content');
  await main.waitFor();
  // measured until both are drawn: a page whose code arrives late (the map's) swaps its content in once
  // more after the first paint, and a box read in between is none
  await expect
    .poll(async () => {
      const [navBox, mainBox] = await Promise.all([nav.boundingBox(), main.boundingBox()]);
      return navBox && mainBox ? navBox.y + navBox.height <= mainBox.y + 1 : 'not drawn';
    })
    .toBe(true);
  // polled: a navigation drawn again meanwhile (a late chunk) is read detached once, with no style at all ('')
  await expect.poll(() => nav.evaluate((e) => getComputedStyle(e).position)).toBe('static');
  await expectNoSidewaysScroll(page);
}

/** A dialog shown in the middle of a wide window, no wider than a form needs (a phone's sheet rises from the bottom). */
export async function expectCentredDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  const box = (await dialog.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.width).toBeLessThanOrEqual(512);
  expect(Math.abs(box.x - (width - box.x - box.width))).toBeLessThanOrEqual(2);
  expect(height - (box.y + box.height)).toBeGreaterThan(16);
}
