/**
 * Offers and promo codes (issue 50), in Chromium against `npm start`: the owner makes KOPI10, 10 % off
 * until the end of this weekend in the shop's time zone, for one use in all; a customer gives it at
 * checkout (in small letters), sees its line and the total and points on the discounted subtotal, and pays;
 * a second customer, past the offer's budget, gets the plain refusal under the field and pays the full price.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { consoleNav, useOwnerDesk } from './support/console';
import { payOrderOnSandbox, signUp, twoLattesToCheckout } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();
const TIME_ZONE = 'Asia/Manila';

/** The coming Sunday at 23:59 in the shop's time zone (today, when today is Sunday), as a datetime-local field takes it. */
function endOfThisWeekend(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' }).formatToParts(
    now,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const toSunday = (7 - ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'))) % 7;
  const sunday = new Date(Date.UTC(Number(part('year')), Number(part('month')) - 1, Number(part('day')) + toSunday));
  return `${sunday.toISOString().slice(0, 10)}T23:59`;
}

/** Two Spanish lattes (₱165.00 each) for pickup, to the order's confirmation; answers the page's total and points. */
async function toCheckout(page: Page): Promise<{ total: () => Promise<string>; points: () => Promise<string> }> {
  await twoLattesToCheckout(page);
  const row = (term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  return { total: () => row('Total').innerText(), points: () => row("You'll earn").innerText() };
}

const number = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

describe.skipIf(!HAS_CHROME)('a promo code from the console to checkout', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  const customers: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of customers) await c.close();
  });

  async function newCustomer(name: string): Promise<{ page: Page; errors: string[] }> {
    const context = await newContext(browser, 'phone', app.url);
    customers.push(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUp(page, app.url, uniquePhone(), name);
    return { page, errors };
  }

  beforeAll(async () => {
    const { page } = owner;
    await (await consoleNav(page)).getByRole('link', { name: 'Offers' }).click();
    await page.waitForURL('**/merchant/offers');
    await page.getByRole('button', { name: 'Add an offer' }).click();
    const editor = page.getByRole('dialog', { name: 'Add an offer' });
    await editor.getByLabel('Title').fill('10% off this weekend');
    await editor.getByLabel('Promo code').fill('KOPI10');
    await editor.getByLabel('What it gives').selectOption('percent_off');
    await editor.getByLabel('Percentage off').fill('10');
    await editor.getByLabel('Ends (optional)').fill(endOfThisWeekend());
    await editor.getByLabel('Uses in all (optional)').fill('1');
    await editor.getByRole('button', { name: 'Add offer' }).click();
    await editor.waitFor({ state: 'detached' });
  });

  it("the owner is taken to KOPI10's page: running, 10 % off, none of its one use spent", async () => {
    const { page } = owner;
    await page.waitForURL(/\/merchant\/offers\/\d+$/);
    const text = () => page.locator('main').innerText();
    await expect.poll(text).toMatch(/10% off this weekend\s+Running/);
    expect(await text()).toMatch(/KOPI10\s+10% off/);
    expect(await text()).toMatch(/Uses\s+0 of 1/);
    expect(owner.errors).toEqual([]);
  });

  it('a customer gives kopi10 at checkout: the discount line, the total and the points on the discounted subtotal', async () => {
    const { page, errors } = await newCustomer('Maria Clara');
    const sums = await toCheckout(page);
    await expect.poll(sums.total).toBe('₱330.00');
    const pointsBefore = number(await sums.points());
    await page.getByRole('button', { name: 'Add a promo code' }).click();
    await page.getByLabel('Promo code').fill('kopi10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('KOPI10 applied').count()).toBe(1);
    const line = page.locator('dt', { hasText: 'Promo code KOPI10' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => line.innerText()).toBe('−₱33.00');
    await expect.poll(sums.total).toBe('₱297.00');
    // 1 point per ₱10.00 of what is paid for: 33 on ₱330.00, 29 on ₱297.00 (times any rule of the day)
    const pointsAfter = number(await sums.points());
    expect(pointsAfter * 33).toBe(pointsBefore * 29);
    await page.getByRole('button', { name: /^Place order/ }).click();
    const order = await payOrderOnSandbox(page);
    await page.goto(`/order/${encodeURIComponent(order)}`);
    await expect.poll(() => page.getByText('KOPI10').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('a second customer, past the budget, is told plainly and pays the full price', async () => {
    const { page } = await newCustomer('Jose Rizal');
    const sums = await toCheckout(page);
    await page.getByRole('button', { name: 'Add a promo code' }).click();
    await page.getByLabel('Promo code').fill('KOPI10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('This code has been used up').count()).toBe(1);
    await expect.poll(sums.total).toBe('₱330.00');
    expect(await page.getByText('KOPI10 applied').count()).toBe(0);
  });

  it("the offer's page counts the one use and its discount", async () => {
    const { page } = owner;
    await page.reload();
    const text = () => page.locator('main').innerText();
    await expect.poll(text).toMatch(/Uses\s+1 of 1/);
    expect(await text()).toMatch(/Discount given\s+₱33\.00/);
    expect(await text()).toMatch(/Used up/);
  });
});
