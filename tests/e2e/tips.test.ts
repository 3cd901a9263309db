/**
 * Tips at checkout (issue 51), in Chromium against `npm start`: the owner turns tips on in the console's
 * Tips page (10, 15 and 20 % to start with); a customer picks 15 % at checkout, sees its line and the
 * total with it, and pays online; the tip shows on the orders board and in the tips report.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { consoleNav, useOwnerDesk } from './support/console';
import { payOrderOnSandbox, signUp, twoLattesToCheckout } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('a tip from checkout to the board and the report', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  const customers: BrowserContext[] = [];
  let order = '';
  afterAll(async () => {
    for (const c of customers) await c.close();
  });

  it('the owner turns tips on: off until then, saved with the percentages as they are', async () => {
    const { page } = owner;
    await (await consoleNav(page)).getByRole('link', { name: 'Tips' }).click();
    await page.waitForURL('**/merchant/tips');
    const on = page.getByRole('switch', { name: 'Offer a tip at checkout' });
    await expect.poll(() => on.getAttribute('aria-checked')).toBe('false');
    await on.click();
    await page.getByRole('button', { name: 'Save tips' }).click();
    await expect.poll(() => page.getByText('Saved. Customers see the new tip choices at their next checkout.').count()).toBe(1);
    expect(owner.errors).toEqual([]);
  });

  it('a customer adds 15 % at checkout: its line, the total with it, paid online', async () => {
    const context = await newContext(browser, 'phone', app.url);
    customers.push(context);
    const page: Page = await context.newPage();
    const errors = watchErrors(page);
    await signUp(page, app.url, uniquePhone(), 'Maria Clara');
    await twoLattesToCheckout(page);
    const row = (term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => row('Total').innerText()).toBe('₱330.00');
    // 15 % of ₱330.00, shown on its choice before it is chosen
    const fifteen = page.getByRole('radio', { name: /15%\s*₱49\.50/ });
    await fifteen.check();
    await expect.poll(() => row('Tip').innerText()).toBe('₱49.50');
    await expect.poll(() => row('Total').innerText()).toBe('₱379.50');
    await page.getByRole('button', { name: 'Place order · ₱379.50' }).click();
    order = await payOrderOnSandbox(page);
    await page.goto(`/order/${encodeURIComponent(order)}`);
    await expect.poll(() => row('Tip').innerText()).toBe('₱49.50');
    expect(errors).toEqual([]);
  });

  it('the board shows the tip on the order, and the report counts it today', async () => {
    const { page } = owner;
    await (await consoleNav(page)).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/merchant/orders');
    const card = page.getByRole('listitem').filter({ hasText: order }).first();
    await expect.poll(() => card.innerText()).toMatch(/\(tip ₱49\.50\)/);
    await (await consoleNav(page)).getByRole('link', { name: 'Tips' }).click();
    await page.waitForURL('**/merchant/tips');
    const table = page.getByRole('region', { name: 'Tips per day and location' });
    await expect.poll(() => table.innerText()).toMatch(/1\s+₱49\.50/);
    expect(owner.errors).toEqual([]);
  });
});
