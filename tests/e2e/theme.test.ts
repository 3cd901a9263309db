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
import type { BrowserContext, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { HAS_CHROME, newContext, uniquePhone, watchErrors, useApp, useBrowser } from './support/app';
import { OWNER_PASSWORD, setUpOwner } from './support/console';
import { signUp, topUp } from './support/customer';
import { apiUrl } from './support/api-url';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ LOG_LEVEL: 'info', DEMO_ORDER_PROGRESS: 'true' });
const browser = useBrowser();
const files = mkdtempSync(join(tmpdir(), 'studio-files-'));

beforeAll(async () => {
  if (!HAS_CHROME) return;
  writeFileSync(
    join(files, 'logo.png'),
    await sharp({ create: { width: 96, height: 96, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(join(files, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  writeFileSync(join(files, 'huge.png'), Buffer.alloc(5 * 1024 * 1024, 1));
});

/** The brand colour a page is themed with (the token the app sets on its root). */
const brandOf = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim());

/** One phone of the studio's preview: an iframe of its own (found again each time: a tab change makes new ones). */
async function phoneFrame(page: Page, version: 'Lite' | 'Full') {
  const frame = await (await page.locator(`iframe[data-device="phone"][data-version="${version}"]`).elementHandle())!.contentFrame();
  return frame!;
}
const phoneBrand = async (page: Page, version: 'Lite' | 'Full') =>
  (await phoneFrame(page, version)).evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim());

describe.skipIf(!HAS_CHROME)('the theme studio', () => {
  let owner: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    owner = await newContext(browser, 'desktop', app.url);
    page = await owner.newPage();
    errors = watchErrors(page);
    await setUpOwner(page, app.output, 'rosa@kopisenja.example');
  });
  afterAll(async () => {
    await owner?.close();
  });

  let before: string;

  it('previews a new brand colour in both phones, Lite and Full, each at a phone’s width, before anything is published', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Brand' }).click();
    await page.waitForURL('**/merchant/theme');
    await page.locator('iframe[data-device="phone"][data-version="Lite"]').waitFor();
    // nothing changed yet: nothing to say about saving
    expect(await page.getByText('Not saved yet').count()).toBe(0);
    before = await phoneBrand(page, 'Lite');
    expect(await phoneBrand(page, 'Full')).toBe(before);
    // each phone is the app at a phone's width: its media queries see 390 px
    const lite = await phoneFrame(page, 'Lite');
    expect(await lite.evaluate(() => [window.innerWidth, window.matchMedia('(min-width: 640px)').matches])).toEqual([390, false]);
    await page.getByLabel('Brand colour', { exact: true }).fill('#1d4ed8');
    await expect.poll(() => phoneBrand(page, 'Lite')).toBe('#1d4ed8');
    expect(await phoneBrand(page, 'Full')).toBe('#1d4ed8');
    // the Lite phone paints the landing colour, the Full one the image (when there is one)
    await page.getByLabel('Landing background colour', { exact: true }).fill('#fde68a');
    await expect.poll(async () => (await phoneFrame(page, 'Lite')).evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(253, 230, 138)');
    // the other pages of the preview are the customer app's real screens too, laid out for a phone:
    // a product's name and price whole on one line of its own card
    await page.getByRole('tab', { name: 'Shop' }).click();
    const shop = page.frameLocator('iframe[data-device="phone"][data-version="Lite"]');
    await shop.getByText('Spanish latte').first().waitFor();
    await page.getByText(/Draft saved/).waitFor();
    // customers still see the old colour: nothing is published yet
    const customer = await browser.newPage({ baseURL: app.url });
    await customer.goto('/login');
    await customer.getByRole('button', { name: 'Send code' }).waitFor();
    expect(await brandOf(customer)).toBe(before);
    await customer.close();
  });

  it('says once, in words, when text would be hard to read; Publish takes the owner there; black text fixes it in one click', async () => {
    const choose = page.getByRole('button', { name: 'Choose a colour for text on the brand colour' });
    if (await choose.isVisible()) await choose.click();
    // near-white text, as the owner chose it, on a pale yellow
    await page.getByLabel('Text on the brand colour', { exact: true }).fill('#fafafa');
    await page.getByLabel('Brand colour', { exact: true }).fill('#fde047');
    const problem = page.getByText(/^White text on this (light )?yellow is hard to read\.$/);
    await problem.waitFor();
    expect(await problem.count()).toBe(1);
    await page.getByText(/Draft saved/).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    // no publishing, no dialog: the keyboard is at the problem
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-failing'))).toBe('true');
    await page.getByRole('button', { name: 'Use black text' }).click();
    await expect.poll(() => page.getByText('Hard to read').count()).toBe(0);
    await page.getByRole('group', { name: 'Text on the brand colour' }).getByText('Automatic: black').waitFor();
  });

  it('uploads a logo, and refuses an SVG and a 5 MB file that is no image on the field', async () => {
    const input = page.locator('[data-field="post_file"] input[type=file]');
    await input.setInputFiles(join(files, 'logo.svg'));
    await page
      .locator('[data-field="post_file"]')
      .getByRole('alert')
      .getByText(/PNG, JPEG or WebP/)
      .waitFor();
    await input.setInputFiles(join(files, 'huge.png'));
    await page
      .locator('[data-field="post_file"]')
      .getByRole('alert')
      .getByText(/could not be read as an image/)
      .waitFor();
    await input.setInputFiles(join(files, 'logo.png'));
    const logo = page.getByRole('img', { name: 'Logo now' });
    await expect.poll(() => logo.getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/api\/media\/[0-9a-f]{64}\.png$/);
    // served with its content type, for a year
    const served = await page.request.get((await logo.getAttribute('src'))!);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['cache-control']).toMatch(/max-age=31536000/);
    await page.getByText(/Draft saved/).waitFor();
  });

  it('shares a preview link, with Copy and a QR code, that shows the draft in a fresh browser, marked as a preview', async () => {
    const draftBrand = await phoneBrand(page, 'Full');
    await page.getByRole('button', { name: 'Share preview' }).click();
    const url = (await page.getByText(/\?preview=/).textContent())!.trim();
    await page.getByRole('img', { name: 'QR code of the preview link' }).waitFor();
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    const colleague = await browser.newContext({ baseURL: app.url });
    const other = await colleague.newPage();
    await other.goto(url);
    await other.getByRole('button', { name: 'Send code' }).waitFor();
    await other.getByText('Preview — not the live shop').waitFor();
    await expect.poll(() => brandOf(other)).toBe(draftBrand);
    await colleague.close();
  });

  it('publishes after asking: a customer sees the new colour and logo within 10 s; restoring (after asking) brings the old look back', async () => {
    const published = await phoneBrand(page, 'Full');
    const logoUrl = await page.getByRole('img', { name: 'Logo now' }).getAttribute('src');
    await page.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish the new look?' });
    expect(await confirm.textContent()).toMatch(/within about 10 seconds/);
    await confirm.getByRole('button', { name: 'Publish now' }).click();
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

    await page
      .getByRole('button', { name: /^Restore the version of/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: /^Restore the look of/ })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByText(/^Restored\./).waitFor();
    await expect.poll(async () => (await seen()).brand, { timeout: 10_000, interval: 500 }).toBe(before);
    await customer.close();
    expect(errors.filter((e) => !/status of 40[0-9]/.test(e))).toEqual([]);
  });
});

/**
 * The console at the counter (issue 25): on a tablet upright the board's columns are tabs, not a stack,
 * on its side they stand side by side; an order number is never broken across lines; the demo's own
 * order progression is said on the board. On a phone the console's header is one line and its menu
 * keeps Sign out apart from the pages.
 */
describe.skipIf(!HAS_CHROME)('the console on a tablet and a phone', () => {
  const signIn = async (page: Page) => {
    await page.goto('/merchant/sign-in');
    await page.getByLabel('E-mail').fill('rosa@kopisenja.example');
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/merchant\/?$/);
  };
  const names: string[] = [];

  beforeAll(async () => {
    // a customer with three paid orders on the board
    const context = await newContext(browser, 'phone', app.url);
    const phone = await context.newPage();
    await signUp(phone, app.url, uniquePhone(), 'Ana Reyes');
    await topUp(phone, /2,000\.00/);
    const catalog = await (await phone.request.get(apiUrl(shopApi.catalog))).json();
    const latte = catalog.data.categories
      .flatMap((c: { products: { id: number; name: string }[] }) => c.products)
      .find((p: { name: string }) => p.name === 'Cappuccino');
    for (let i = 0; i < 3; i++) {
      const res = await phone.request.post(apiUrl(ordersApi.create), {
        data: { items: [{ product_id: latte.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
      });
      expect(res.status(), await res.text()).toBe(201);
      names.push(((await res.json()).data as { order: { name: string } }).order.name);
    }
    await context.close();
  });

  // one tablet, one sign-in: the window resized from size to size, as a tablet turned on its side and back
  // (a page's layout follows a resize without a reload)
  let tablet: BrowserContext;
  let board: Page;
  let boardErrors: string[];
  afterAll(async () => {
    await tablet?.close();
  });

  for (const size of [
    { width: 820, height: 1180, tabs: true },
    { width: 1180, height: 820, tabs: false },
    { width: 768, height: 1024, tabs: true },
  ]) {
    it(`the board at ${size.width}×${size.height}: ${size.tabs ? 'a column at a time under tabs' : 'four columns side by side'}, order numbers whole`, async () => {
      if (!board) {
        tablet = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          hasTouch: true,
          baseURL: app.url,
          locale: 'en-PH',
          timezoneId: 'Asia/Manila',
        });
        board = await tablet.newPage();
        boardErrors = watchErrors(board);
        await signIn(board);
        await board.goto('/merchant/orders');
        // the demo moves orders by itself here (DEMO_ORDER_PROGRESS=true, as this file's app starts): said so
        await board.getByText('Demo: orders move on by themselves').waitFor();
      } else {
        await board.setViewportSize({ width: size.width, height: size.height });
      }
      const page = board;
      const tabs = page.getByRole('tablist', { name: 'Orders by status' });
      const sections = page.locator('section[id^="board-"]');
      const shown = () => sections.evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.getBoundingClientRect().top));
      await expect.poll(() => tabs.isVisible()).toBe(size.tabs);
      if (size.tabs) {
        await expect.poll(async () => (await shown()).length).toBe(1);
      } else {
        // side by side: four columns on one row
        await expect.poll(async () => (await shown()).length).toBe(4);
        expect(new Set((await shown()).map(Math.round)).size).toBe(1);
      }
      // every order number on one line, wherever it is (hidden columns are shown in turn through the tabs)
      const columns = size.tabs ? ['New', 'Preparing', 'Ready', 'On delivery'] : [null];
      for (const column of columns) {
        if (column) await tabs.getByRole('tab', { name: new RegExp(`^${column}`) }).click();
        const lines = await page
          .locator('h3 > span:first-child')
          .evaluateAll((els) =>
            els
              .filter((e) => e.getClientRects().length > 0)
              .map((e) => ({ text: e.textContent, lines: Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)) })),
          );
        for (const l of lines) expect(l, l.text ?? '').toMatchObject({ lines: 1 });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      expect(boardErrors.filter((e) => !/status of 40[0-9]/.test(e))).toEqual([]);
    });
  }

  it('on a phone: the header is one line; the menu opens the pages, with Sign out apart from them', async () => {
    const context = await newContext(browser, 'phone', app.url);
    const page = await context.newPage();
    await signIn(page);
    const header = page.getByRole('banner');
    expect((await header.boundingBox())!.height).toBeLessThan(70);
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Orders' }).waitFor();
    // Sign out is not a page link's neighbour: below the pages, after who is signed in, with a rule between
    const lastLink = (await nav.getByRole('link').last().boundingBox())!;
    const signOut = (await page.getByRole('button', { name: 'Sign out', exact: true }).boundingBox())!;
    expect(signOut.y).toBeGreaterThan(lastLink.y + lastLink.height + 24);
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/merchant/orders');
    // the page changed: the menu closed
    expect(await nav.isVisible()).toBe(false);
    await context.close();
  });
});
