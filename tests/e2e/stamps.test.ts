/**
 * A stamp card, in Chromium against `npm start`: the owner adds a "Coffee card" in the console's Loyalty
 * page (one stamp per Cappuccino, 10 fill the card, a free iced latte); a customer on a phone sees it on
 * Home, orders ten Cappuccinos one order at a time (paid from the wallet, completed by the shop's system
 * with the merchant key: stamps come at completion), sees "9 of 10 stamps — 1 more for a free iced latte",
 * and after the tenth finds the voucher in their vouchers, the notice in the inbox, and a new card.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { useOwnerDesk } from './support/console';
import { signUp, topUp } from './support/customer';
import { apiUrl } from './support/api-url';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const MERCHANT_KEY = 'e2e-merchant-key-stamps-0123456789';
const app = useApp({ MERCHANT_API_KEY: MERCHANT_KEY });
const browser = useBrowser();

/**
 * One Cappuccino (₱145.00) and an ube cheese pandesal (₱75.00: the minimum order is ₱150.00, and a
 * pandesal earns no stamp) for pickup, paid from the wallet through the API, then completed as the shop's
 * system would.
 */
async function orderOneCappuccino(page: Page, ids: { cappuccino: number; pandesal: number }): Promise<void> {
  const order = await page.request.post(apiUrl(ordersApi.create), {
    data: {
      items: [
        { product_id: ids.cappuccino, qty: 1 },
        { product_id: ids.pandesal, qty: 1 },
      ],
      fulfilment: 'pickup',
      payment_method: 'wallet',
      idempotency_key: randomUUID(),
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { name } = (await order.json()).data.order as { name: string };
  for (const status of ['preparing', 'ready', 'completed']) {
    const moved = await page.request.post(apiUrl(ordersApi.status), { headers: { 'x-merchant-key': MERCHANT_KEY }, data: { name, status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** The text of Home's Coffee card. */
async function homeCard(page: Page): Promise<string> {
  await page.goto('/home');
  const card = page.getByRole('region', { name: 'Stamp cards' }).getByRole('listitem').filter({ hasText: 'Coffee card' });
  await card.waitFor();
  return (await card.textContent()) ?? '';
}

describe.skipIf(!HAS_CHROME)('a stamp card filled over ten orders', () => {
  const desk = useOwnerDesk(browser, app, 'owner-stamps@kopisenja.example');
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the owner adds a Coffee card in the Loyalty page', async () => {
    const owner = desk.page;
    await owner.goto('/merchant/loyalty');
    await owner.getByRole('button', { name: 'Add the first stamp card' }).click();
    const form = owner.getByRole('form', { name: 'Add a stamp card' });
    await form.getByLabel('Name').fill('Coffee card');
    await form.getByRole('checkbox', { name: 'Cappuccino', exact: true }).check();
    await form.getByLabel('One stamp per item').check();
    await form.getByLabel('Stamps to fill a card').fill('10');
    await form.getByLabel('Reward for a full card').selectOption({ label: 'Free iced latte' });
    await expect.poll(() => form.getByText(/After 10 qualifying items/).count()).toBe(1);
    await form.getByRole('button', { name: 'Add stamp card' }).click();
    await expect.poll(() => owner.getByText('1 stamp for each Cappuccino; 10 stamps fill the card for Free iced latte', { exact: false }).count()).toBe(1);
    expect(desk.errors).toEqual([]);
  });

  it('the customer sees the empty card on Home', async () => {
    await signUp(page, app.url, uniquePhone(), 'Tala Reyes');
    // ten orders of ₱220.00: ₱3,000.00 in the wallet
    await topUp(page, /2,000\.00/);
    await topUp(page, /1,000\.00/);
    expect(await homeCard(page)).toContain('0 of 10 stamps — 10 more for a free iced latte');
  });

  it('nine completed orders give nine stamps; the tenth fills the card and issues the free iced latte', { timeout: 120_000 }, async () => {
    const catalog = await (await page.request.get(apiUrl(shopApi.catalog))).json();
    const products: { id: number; name: string }[] = catalog.data.categories.flatMap((c: { products: { id: number; name: string }[] }) => c.products);
    const idOf = (name: string) => products.find((p) => p.name === name)?.id ?? 0;
    const ids = { cappuccino: idOf('Cappuccino'), pandesal: idOf('Ube cheese pandesal') };
    for (let i = 0; i < 9; i++) await orderOneCappuccino(page, ids);
    expect(await homeCard(page)).toContain('9 of 10 stamps — 1 more for a free iced latte');
    await expect.poll(() => page.getByRole('img', { name: '9 of 10 stamps' }).count()).toBe(1);

    await orderOneCappuccino(page, ids);
    // a new card, and the filled one counted on the Points page
    expect(await homeCard(page)).toContain('0 of 10 stamps');
    await page.goto('/profile/point');
    await expect.poll(() => page.getByText('You have filled 1 card').count()).toBe(1);

    // the voucher, without spending points
    await page.goto('/reward/storage/active');
    const vouchers = page.getByRole('list', { name: 'Active vouchers' }).getByRole('listitem');
    await expect.poll(() => vouchers.filter({ hasText: 'Free iced latte' }).count()).toBe(1);

    await page.goto('/profile/notification');
    await expect.poll(() => page.getByText('Your Coffee card is full').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
