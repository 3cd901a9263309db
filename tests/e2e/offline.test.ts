/**
 * Offline (issue 31), in Chromium against `npm start`: a signed-in customer's phone installs the service
 * worker; the menu, the active vouchers and the member card read online are still shown with no network,
 * the page says it is offline, and an order says it will work when the connection is back. Then back
 * online, the app works as before, and signing out deletes what the worker kept of the customer.
 *
 * "No network" is real: the app's server is stopped (Playwright's offline switch does not reach a service
 * worker's own requests, microsoft/playwright#2311) and the browser context is offline too, so
 * `navigator.onLine` is false as on a phone without signal. The server comes back on the same port and
 * data folder, with the customer still signed in.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, removeDataDir, startApp, uniquePhone, useBrowser, watchErrors, type RunningApp } from './support/app';
import { signUp, topUp } from './support/customer';
import { apiUrl } from './support/api-url';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopApi } from '#contract/shop.calls';
import { membersApi } from '#contract/members.calls';
import { settingsApi } from '#contract/settings.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const MERCHANT_KEY = 'e2e-merchant-key-0123456789';
const browser = useBrowser();

const OFFLINE_ACTION = "You're offline. This will work when you're back online.";

/** The offline line at the top of the page (its first words, exactly: not an error saying the same). */
const offlineLine = (page: Page) => page.getByText("You're offline.", { exact: true });

/** The page's text, as a person reads it. */
const textOf = async (page: Page) => (await page.locator('body').innerText()).replace(/\s+/g, ' ');

/** The pictures the page shows: loaded, and broken (asked for, and nothing came). */
function pictures(page: Page) {
  return page.evaluate(() => {
    const imgs = [...document.querySelectorAll('main img')] as HTMLImageElement[];
    return {
      loaded: imgs.filter((i) => i.complete && i.naturalWidth > 0).length,
      broken: imgs.filter((i) => i.complete && i.currentSrc !== '' && i.naturalWidth === 0).length,
    };
  });
}

async function openMemberCard(page: Page) {
  await page.goto('/home');
  await page.getByRole('button', { name: /Member card/ }).click();
  const card = page.getByRole('dialog', { name: 'Member card' });
  await card.getByText('Your points').waitFor();
  return card;
}

describe.skipIf(!HAS_CHROME)('offline on a phone', () => {
  let app: RunningApp | undefined;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let points = '';

  afterAll(async () => {
    await context?.close();
    await app?.stop();
    if (app) removeDataDir(app.dataDir);
  });

  it('installs the worker, and reads the menu, the vouchers and the member card online', async () => {
    app = await startApp({ MERCHANT_API_KEY: MERCHANT_KEY });
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, uniquePhone(), 'Dina Santos');

    // points for a voucher: ₱2,000 through the sandbox, 12 cappuccinos (₱1,740 → 174 points) from the
    // wallet, completed by the shop; then a butter croissant (120 points) redeemed
    await topUp(page, /1,000\.00/);
    await topUp(page, /1,000\.00/);
    const catalog = await (await page.request.get(apiUrl(shopApi.catalog))).json();
    const cappuccino = catalog.data.categories
      .flatMap((c: { products: { id: number; name: string }[] }) => c.products)
      .find((p: { name: string }) => p.name === 'Cappuccino');
    const order = await page.request.post(apiUrl(ordersApi.create), {
      data: { items: [{ product_id: cappuccino.id, qty: 12 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
    });
    expect(order.status(), await order.text()).toBe(201);
    const { name } = (await order.json()).data.order as { name: string };
    for (const status of ['preparing', 'ready', 'completed']) {
      const moved = await page.request.post(apiUrl(ordersApi.status), { headers: { 'x-merchant-key': MERCHANT_KEY }, data: { name, status } });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const redeemed = await page.request.post(apiUrl(rewardsApi.redeem), { data: { name: 'butter-croissant', idempotency_key: randomUUID() } });
    expect(redeemed.status(), await redeemed.text()).toBe(201);

    // the worker controls the page (it claims the pages open when it first starts)
    await page.goto('/home');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${app.url}/sw.js`);

    await page.goto('/shop');
    await expect.poll(() => page.getByRole('button', { name: 'Add Cappuccino' }).count()).toBe(1);
    // the photos on screen, which the worker keeps as they come
    await expect.poll(async () => (await pictures(page)).loaded).toBeGreaterThan(0);
    await page.goto('/reward/storage/active');
    await expect.poll(async () => textOf(page)).toMatch(/Butter Croissant/i);
    const card = await openMemberCard(page);
    points = (await card.textContent()) ?? '';
    expect(points).toMatch(/Your points/);
    expect(await offlineLine(page).count()).toBe(0);
  });

  it('with no network, still shows the menu, the vouchers and the member card, and says it is offline', async () => {
    await app!.stop();
    await context.setOffline(true);

    await page.reload();
    // Home's balances are the kept copy: they say when they were read
    await page.goto('/home');
    await expect.poll(() => page.getByText(/^As of .+\. Your balances update when you're back online\.$/).count()).toBe(1);
    // the profile shows no error box for what it could not read offline: the offline line says so
    await page.goto('/profile/home');
    await expect.poll(() => page.getByText("Your choice shows when you're back online.").count()).toBe(1);
    // each card's read fails on its own: the receipts' may come a moment after the campaigns'
    await expect.poll(() => page.getByText("How you get receipts shows when you're back online.").count()).toBe(1);
    expect(await page.getByText(/That didn't work|couldn't load your profile/).count()).toBe(0);
    // its balances, and the wallet's (from the profile's kept copy), say when they were read too
    await expect.poll(() => page.getByText(/^As of .+\. Your balances update when you're back online\.$/).count()).toBe(1);
    await page.goto('/profile/wallet');
    await expect.poll(() => page.getByText(/^As of .+\. Your balance updates when you're back online\.$/).count()).toBe(1);
    await page.goto('/shop');
    await expect.poll(() => page.getByRole('button', { name: 'Add Cappuccino' }).count()).toBe(1);
    await expect.poll(() => offlineLine(page).count()).toBe(1);
    // with its photos
    await expect.poll(async () => (await pictures(page)).loaded).toBeGreaterThan(0);
    expect((await pictures(page)).broken).toBe(0);

    await page.goto('/reward/storage/active');
    await expect.poll(async () => textOf(page)).toMatch(/Butter Croissant/i);
    await expect.poll(() => offlineLine(page).count()).toBe(1);

    const card = await openMemberCard(page);
    // the points the card showed online
    expect(((await card.textContent()) ?? '').match(/Your points\D*([\d,]+)/)?.[1]).toBe(points.match(/Your points\D*([\d,]+)/)?.[1]);
    // but no code: a kept one would be refused at the counter
    await expect.poll(() => card.getByText("Your code shows when you're back online.").count()).toBe(1);
    expect(await card.getByRole('img', { name: /QR code of your member card/ }).count()).toBe(0);
    await expect.poll(() => offlineLine(page).count()).toBe(1);
    // still signed in: no network is not an expired session
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('says an order will work when the connection is back, instead of a generic error', async () => {
    await page.goto('/shop');
    // two cappuccinos (more than the shop's minimum order), through the option sheet when it has options
    const add = page.getByRole('button', { name: 'Add Cappuccino' });
    const withOptions = (await add.getAttribute('aria-haspopup')) === 'dialog';
    await add.click();
    const sheet = page.getByRole('dialog', { name: 'Cappuccino' });
    await (withOptions ? sheet : page).getByRole('button', { name: 'One more Cappuccino' }).click();
    if (withOptions) {
      await sheet.getByRole('button', { name: /^Add to order/ }).click();
      await sheet.waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL('**/delivery');
    // the saved addresses need the network: the page says so, in those words
    await expect.poll(async () => textOf(page)).toContain(OFFLINE_ACTION);
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/order-confirmation');
    // the total (the shop's quote) and the order need the network: it says they will work when it is back
    await expect.poll(async () => textOf(page)).toContain(OFFLINE_ACTION);
    expect(await page.getByRole('button', { name: /^Place order/ }).isDisabled()).toBe(true);
    // the wallet's balance is not known offline: no amount, never ₱0.00
    expect(await page.getByRole('radio', { name: /Wallet/ }).evaluate((el) => (el.closest('label') ?? el).textContent)).not.toMatch(/₱/);
    expect(await textOf(page)).not.toMatch(/Something went wrong|could not reach the server/i);
    await expect.poll(() => offlineLine(page).count()).toBe(1);
  });

  it('back online, works as before: the banner says so and goes, and fresh data arrives', async () => {
    app = await startApp({ MERCHANT_API_KEY: MERCHANT_KEY, PORT: new URL(app!.url).port }, app!.dataDir);
    await context.setOffline(false);
    // the page reads again on its own once the connection is back, and says so for a moment
    // exact: the checkout's own "This will work when you're back online." may still show for a moment
    await expect.poll(() => page.getByText("You're back online.", { exact: true }).count()).toBe(1);
    // and the checkout it was on prices the order again by itself
    await expect.poll(async () => textOf(page)).not.toContain(OFFLINE_ACTION);
    // what the page asked while the server was down (refused connections) is not a fault of the app
    errors.length = 0;

    await page.goto('/reward/storage/active');
    await expect.poll(async () => textOf(page)).toMatch(/Butter Croissant/i);
    await expect.poll(() => offlineLine(page).count()).toBe(0);
    // the balances are the server's again: no "As of"
    await page.goto('/home');
    await expect.poll(() => page.getByRole('heading', { name: /^Hi, / }).count()).toBe(1);
    expect(await page.getByText(/^As of /).count()).toBe(0);
    const card = await openMemberCard(page);
    await expect.poll(async () => (await card.textContent()) ?? '').toMatch(/Your points/);
    // the code is back with the connection
    await expect.poll(() => card.getByRole('img', { name: /QR code of your member card/ }).count()).toBe(1);
    // a read again reaches the server (not the worker's kept copy)
    const fresh = await page.evaluate(
      async (url) => (await fetch(url, { headers: { accept: 'application/json' } })).headers.get('x-offline-copy'),
      apiUrl(membersApi.card),
    );
    expect(fresh).toBeNull();
    expect(errors).toEqual([]);
  });

  it("forgets the customer's copies at sign-out, and keeps the shop's", async () => {
    const kept = () =>
      page.evaluate(async () => {
        const urls = async (name: string) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : []);
        return { customer: await urls('offline-customer-v1'), shop: await urls('offline-shop-v1') };
      });
    const before = await kept();
    expect(before.customer).toEqual(expect.arrayContaining([apiUrl(membersApi.card), apiUrl(rewardsApi.storage)]));
    expect(before.shop).toEqual(expect.arrayContaining([apiUrl(shopApi.catalog), apiUrl(settingsApi.mainSetting)]));

    await page.goto('/profile/home');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await expect.poll(async () => (await kept()).customer).toEqual([]);
    expect((await kept()).shop).toEqual(expect.arrayContaining([apiUrl(shopApi.catalog)]));
  });
});

describe.skipIf(!HAS_CHROME)('offline in Filipino', () => {
  let app: RunningApp | undefined;
  let context: BrowserContext | undefined;
  afterAll(async () => {
    await context?.close();
    await app?.stop();
    if (app) removeDataDir(app.dataDir);
  });

  it("keeps the language's words the page loaded (never precached), and speaks Filipino with no network", async () => {
    app = await startApp({ MERCHANT_API_KEY: MERCHANT_KEY });
    context = await newContext(browser, 'phone', app.url, { locale: 'fil-PH' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Ipadala ang code' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    // the words in Filipino were fetched before the worker took over: the next page load fetches them through it
    await page.reload();
    await page.getByRole('button', { name: 'Ipadala ang code' }).waitFor();
    const cached = () =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const all = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => [n, new URL(r.url).pathname] as const)));
        return all.flat().filter(([, path]) => path.startsWith('/assets/lang-'));
      });
    // one language kept, in its own cache: the other was never fetched, and the precache has neither
    await expect.poll(async () => (await cached()).map(([name]) => name)).toEqual(['offline-languages-v1']);

    await app.stop();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Ipadala ang code' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fil');
  });
});
