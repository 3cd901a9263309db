/**
 * The kitchen display (issue 54), in Chromium against `npm start`: the owner makes a Bar for the coffee
 * and a Kitchen for the meals, by keyboard-friendly lists; a customer orders a latte and a sandwich and
 * pays online; the Bar's screen shows only the latte and the Kitchen's only the sandwich; both bump; the
 * customer's order page says it is ready.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { apiUrl } from './support/api-url';
import { consoleNav, useOwnerDesk } from './support/console';
import { payOrderOnSandbox, signUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('the kitchen display: a latte to the bar, a sandwich to the kitchen, ready when both are bumped', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  const contexts: BrowserContext[] = [];
  const screens: Record<string, string> = {};
  let customer: Page;
  let order = '';
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('the owner adds a Bar for the coffee and a Kitchen for the meals', async () => {
    const { page } = owner;
    await (await consoleNav(page)).getByRole('link', { name: 'Stations' }).click();
    await page.waitForURL('**/merchant/stations');
    for (const name of ['Bar', 'Kitchen']) {
      await page.getByRole('textbox', { name: 'Station name' }).fill(name);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('link', { name: `Open the ${name} screen` }).count()).toBe(1);
    }
    await page.getByRole('combobox', { name: 'Coffee', exact: true }).selectOption({ label: 'Bar' });
    await expect.poll(() => page.getByRole('combobox', { name: 'Coffee', exact: true }).inputValue()).not.toBe('');
    await page.getByRole('combobox', { name: 'Meals', exact: true }).selectOption({ label: 'Kitchen' });
    await expect.poll(() => page.getByRole('combobox', { name: 'Meals', exact: true }).inputValue()).not.toBe('');
    for (const name of ['Bar', 'Kitchen']) screens[name] = (await page.getByRole('link', { name: `Open the ${name} screen` }).getAttribute('href'))!;
    expect(owner.errors).toEqual([]);
  });

  it('a customer orders a latte and a sandwich and pays online', async () => {
    const context = await newContext(browser, 'phone', app.url);
    contexts.push(context);
    customer = await context.newPage();
    await signUp(customer, app.url, uniquePhone(), 'Maria Clara');
    const catalog = await (await customer.request.get(apiUrl(shopApi.catalog))).json();
    const products = catalog.data.categories.flatMap((c: { products: { id: number; name: string }[] }) => c.products) as { id: number; name: string }[];
    const id = (name: string) => products.find((p) => p.name === name)!.id;
    const res = await customer.request.post(apiUrl(ordersApi.create), {
      data: {
        items: [
          { product_id: id('Spanish latte'), qty: 1 },
          { product_id: id('Longganisa pandesal sandwich'), qty: 1 },
        ],
        fulfilment: 'pickup',
        payment_method: 'gateway',
        idempotency_key: randomUUID(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await customer.goto((await res.json()).data.payment_url);
    order = await payOrderOnSandbox(customer);
    expect(order).not.toBe('');
  });

  it("each screen shows only its station's item; both bump; the customer's order says ready", async () => {
    const bar = await owner.context.newPage();
    const kitchen = await owner.context.newPage();
    const errors = [...[bar, kitchen].map((p) => watchErrors(p))];
    await bar.goto(screens.Bar!);
    await kitchen.goto(screens.Kitchen!);
    const ticketOn = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`Bump all of ${order}`) }) });
    await expect.poll(() => ticketOn(bar).innerText(), { timeout: 15_000 }).toContain('1 × Spanish latte');
    expect(await ticketOn(bar).innerText()).not.toContain('sandwich');
    await expect.poll(() => ticketOn(kitchen).innerText(), { timeout: 15_000 }).toContain('1 × Longganisa pandesal sandwich');
    expect(await ticketOn(kitchen).innerText()).not.toContain('latte');
    // the bar bumps its item, the kitchen its whole ticket: each leaves its screen
    await bar.getByRole('button', { name: /1 × Spanish latte/ }).click();
    await expect.poll(() => ticketOn(bar).count(), { timeout: 15_000 }).toBe(0);
    await kitchen.getByRole('button', { name: new RegExp(`Bump all of ${order}`) }).click();
    await expect.poll(() => ticketOn(kitchen).count(), { timeout: 15_000 }).toBe(0);
    await customer.goto(`/order/${encodeURIComponent(order)}`);
    await expect.poll(() => customer.getByText('Ready for you at the counter.').count(), { timeout: 15_000 }).toBe(1);
    expect(errors.flat()).toEqual([]);
    expect(owner.errors).toEqual([]);
  });
});
