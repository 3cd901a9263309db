/**
 * The kitchen display from a table, in Chromium against `npm start`, in one walk: the owner adds table 7
 * and switches orders from the table on, then makes a Bar for the coffee and a Kitchen for the meals by
 * keyboard-friendly lists; a customer scans the table's code on a phone, signs up, orders a latte and a
 * sandwich and pays online; the Bar's screen shows only the latte and the Kitchen's only the sandwich;
 * both bump; the customer's order page, left open, says it is ready by itself.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_CHROME, newContext, useApp, useBrowser, watchErrors } from './support/app';
import { addTableByApi, consoleNav, useOwnerDesk } from './support/console';
import { payOrderOnSandbox, signUpAtTableWithLatte } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('the kitchen display: a latte to the bar, a sandwich to the kitchen, ready when both are bumped', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  const contexts: BrowserContext[] = [];
  const screens: Record<string, string> = {};
  let tableLink = '';
  let customer: Page;
  let customerErrors: string[] = [];
  let order = '';
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('the owner adds table 7, takes orders from the table, and routes the coffee to a Bar and the meals to a Kitchen', async () => {
    const { page } = owner;
    // the table and the switch through the API (dine-in.test.ts walks the tables page and Settings)
    tableLink = await addTableByApi(page, '7');

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

  it("a customer scans table 7's code on a phone, signs up, orders a latte and a sandwich and pays online", async () => {
    const context = await newContext(browser, 'phone', app.url);
    contexts.push(context);
    customer = await context.newPage();
    customerErrors = watchErrors(customer);
    // signed out: sent to sign up, then back to the table
    await signUpAtTableWithLatte(customer, app.url, tableLink, 'Table 7');
    await customer.getByRole('tablist', { name: 'Menu categories' }).getByRole('tab', { name: 'Meals' }).click();
    await customer.getByRole('button', { name: 'Add Longganisa pandesal sandwich' }).click();
    await customer.getByRole('button', { name: 'Checkout', exact: true }).click();
    await customer.waitForURL('**/order-confirmation');
    await expect.poll(() => customer.getByRole('heading', { name: /Dine in · Table 7/ }).isVisible()).toBe(true);
    await customer.getByRole('radio', { name: /Online payment/ }).check();
    await customer.getByRole('button', { name: /^Place order/ }).click();
    order = await payOrderOnSandbox(customer);
    await customer.goto(`/order/${encodeURIComponent(order)}`);
    await expect.poll(() => customer.getByRole('heading', { name: 'Dine in · Table 7' }).isVisible()).toBe(true);
    expect(customerErrors).toEqual([]);
  });

  it("each screen shows only its station's item; both bump; the customer's open order page says ready", async () => {
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
    // no reload: the order page polls while the order is open
    await expect.poll(() => customer.getByText('Ready: on its way to your table.').count(), { timeout: 20_000 }).toBe(1);
    expect(errors.flat()).toEqual([]);
    expect(customerErrors).toEqual([]);
    expect(owner.errors).toEqual([]);
  });
});
