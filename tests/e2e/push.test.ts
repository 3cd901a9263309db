/**
 * Web push end to end, in Chromium against `npm start` with a local push service fake (issue 31): a
 * customer signed in through the app sees the offer of notifications on their order's page and
 * "Notifications on this phone" in the profile; a subscription is registered through the app's API
 * with the fake's endpoint and a browser's keys made here (headless Chromium has no push service to
 * subscribe with); the shop moves the order to preparing and ready with the merchant key, and the fake
 * receives the pushes the job engine sends, which decrypt with the subscription's private key to the
 * app's own words: "Order … is ready for pickup".
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserKeys, decryptPush, startPushFake, type PushFake } from '../fakes/push-fake';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { setOrderStatus, signUp, topUp } from './support/customer';
import { apiUrl } from './support/api-url';
import { ordersApi } from '#contract/orders.calls';
import { pushApi } from '#contract/push.calls';
import { shopApi } from '#contract/shop.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ DEMO_ORDER_PROGRESS: 'false', PUSH_ALLOW_LOOPBACK: 'true' });
const browser = useBrowser([], 'push');

describe.skipIf(!HAS_CHROME)('a push when the order is ready', () => {
  let fake: PushFake;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let order: string;
  const keys = browserKeys();

  beforeAll(async () => {
    fake = await startPushFake();
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await context?.close();
    await fake?.close();
  });

  it('the customer orders, and the order page offers notifications', async () => {
    await signUp(page, app.url, uniquePhone(), 'Dewi Santoso');
    await topUp(page, /1,000\.00/);
    const catalog = await (await page.request.get(apiUrl(shopApi.catalog))).json();
    const products: { id: number; name: string }[] = catalog.data.categories.flatMap((c: { products: { id: number; name: string }[] }) => c.products);
    const latte = products.find((p) => p.name === 'Cappuccino')!;
    const created = await page.request.post(apiUrl(ordersApi.create), {
      data: { items: [{ product_id: latte.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
    });
    expect(created.status(), await created.text()).toBe(201);
    order = (await created.json()).data.order.name as string;

    await page.goto(`/order/${order}`);
    const card = page.getByRole('region', { name: 'Get a message when your order is ready' });
    await card.waitFor();
    expect(await card.getByRole('button', { name: 'Allow' }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => card.count()).toBe(0);
    // not offered again on this browser
    await page.reload();
    await page.getByText(/^Placed /).waitFor();
    expect(await page.getByRole('region', { name: 'Get a message when your order is ready' }).count()).toBe(0);

    await page.goto('/profile/home');
    const settings = page.getByRole('region', { name: 'Notifications on this phone' });
    await settings.waitFor();
    expect(await settings.getByRole('button', { name: 'Turn on notifications' }).isVisible()).toBe(true);
  });

  it('a subscription through the app\'s API receives "ready" when the shop marks the order ready', async () => {
    const status = await (await page.request.get(apiUrl(pushApi.status))).json();
    expect(status.data.public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const endpoint = fake.endpoint();
    const subscribed = await page.request.post(apiUrl(pushApi.subscribe), { data: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
    expect(subscribed.status(), await subscribed.text()).toBe(200);
    expect((await subscribed.json()).data.subscriptions).toBe(1);

    await setOrderStatus(app.url, app.dataDir, order, 'preparing');
    await setOrderStatus(app.url, app.dataDir, order, 'ready');
    const received = await fake.waitFor(2, 30_000);
    for (const r of received) expect(r.problems).toEqual([]);
    const shown = received.map((r) => JSON.parse(decryptPush(r.body, keys)) as { title: string; body: string; link: string; tag: string });
    const ready = shown.find((s) => s.title.includes('is ready'));
    expect(ready).toMatchObject({ title: `Order ${order} is ready for pickup`, link: `/order/${order}`, tag: `order_status:/order/${order}` });
    expect(shown.map((s) => s.title).sort()).toEqual([`Order ${order} is being prepared`, `Order ${order} is ready for pickup`]);

    // the inbox is still the record: the same notice in the app
    await page.goto('/profile/notification');
    await page.getByText(`Order ${order} is ready for pickup`).first().waitFor();
    expect(errors).toEqual([]);
  });
});
