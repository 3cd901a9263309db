/**
 * Orders only when the shop can make them (issue 28), in Chromium against `npm start`: the owner sets
 * the hours with a closed day and pauses online orders from the board; a customer on a phone sees
 * "back at …" on Home and at checkout, cannot place the order (and the provider refuses it anyway),
 * and can once the owner resumes, choosing tomorrow's 12:30 pickup time, which the board shows large.
 * Then a second location with its own hours and its own member of staff: her board shows her
 * location's orders and not the first's, whose ticket she is refused. (The hours across clock changes
 * are tests/unit/location-hours.test.ts; slots under concurrency, delivery areas and the 403s on every
 * call are tests/server/locations*.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { consoleNav, useOwnerDesk } from './support/console';
import { signUp, topUp } from './support/customer';
import { apiUrl } from './support/api-url';
import { locationsConsoleApi } from '#contract/locations.calls';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';
import { boardApi } from '#contract/board.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const PASSWORD = 'correct horse battery staple';
/** the app asks whether the shop takes orders every 15 s */
const WITHIN = { timeout: 20_000, interval: 500 };
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** The weekday name of a date `days` from now in Manila (the demo's zone). */
const weekdayIn = (days: number) =>
  new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'Asia/Manila' }).format(new Date(Date.now() + days * 86_400_000));

const app = useApp({ LOG_LEVEL: 'info', DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('locations, hours, pausing and pickup times', () => {
  const desk = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  let customer: BrowserContext;
  let phone: Page;
  let phoneErrors: string[];
  let makatiOrder = '';
  /** a basket over the minimum order: two Spanish lattes */
  let basket: Array<{ product_id: number; qty: number }> = [];

  beforeAll(async () => {
    customer = await newContext(browser, 'phone', app.url);
    phone = await customer.newPage();
    phoneErrors = watchErrors(phone);
    await signUp(phone, app.url, uniquePhone(), 'Mara Lim');
    await topUp(phone, /500/);
    const catalog = (await (await phone.request.get(apiUrl(shopApi.catalog))).json()) as {
      data: { categories: Array<{ products: Array<{ id: number; name: string }> }> };
    };
    const latte = catalog.data.categories.flatMap((c) => c.products).find((p) => p.name === 'Spanish latte')!;
    basket = [{ product_id: latte.id, qty: 2 }];
  });

  afterAll(async () => {
    await customer?.close();
  });

  it('the owner sets the hours, with a day closed', async () => {
    const page = desk.page;
    await (await consoleNav(page)).getByRole('link', { name: 'Locations' }).click();
    await page.waitForURL('**/merchant/locations');
    await page.getByRole('button', { name: 'Edit Makati' }).click();
    // the day after tomorrow closes (today and tomorrow stay open around the clock, as the demo is)
    const closed = weekdayIn(2);
    await page.getByRole('button', { name: `Remove this period on ${closed}` }).click();
    await page.getByRole('group', { name: closed }).getByText('Closed').waitFor();
    await page.getByRole('button', { name: 'Save location' }).click();
    await page.getByText('Saved Makati.').waitFor();
    const saved = (await (await page.request.get(apiUrl(locationsConsoleApi.all))).json()) as {
      data: { locations: Array<{ name: string; hours: Record<string, unknown[]> }> };
    };
    const makati = saved.data.locations.find((l) => l.name === 'Makati')!;
    expect(makati.hours[['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'][DAYS.indexOf(closed)]!]).toEqual([]);
  });

  it('pauses online orders from the board: the customer sees when they come back and cannot check out', async () => {
    const page = desk.page;
    await (await consoleNav(page)).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/merchant/orders');
    await page.getByRole('button', { name: 'Pause online orders' }).click();
    await page.getByRole('group', { name: 'Pause online orders for' }).getByRole('button', { name: '30 minutes' }).click();
    await page.getByRole('button', { name: 'Resume now' }).waitFor();

    await phone.goto('/home');
    // "back at 3:30 PM", or "back tomorrow at 12:16 AM" when the 30 minutes cross the shop's midnight
    await expect.poll(() => phone.getByText(/Not taking orders right now — back (tomorrow )?at \d{1,2}:\d{2}/).count(), WITHIN).toBeGreaterThan(0);
    // browsing still works: the shop, and a checkout up to its last step
    await phone.goto('/shop');
    await phone.getByRole('tab', { name: 'Non-coffee' }).click();
    await phone.getByRole('button', { name: 'Add Ube latte' }).click();
    await phone.getByRole('button', { name: 'Checkout', exact: true }).click();
    await phone.waitForURL('**/delivery');
    await phone.getByRole('radio', { name: /Pickup/ }).check();
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.waitForURL('**/order-confirmation');
    const place = phone.getByRole('button', { name: /^Place order/ });
    await expect.poll(() => place.isDisabled(), WITHIN).toBe(true);
    await expect.poll(() => phone.getByText(/back (tomorrow )?at \d{1,2}:\d{2}/).count()).toBeGreaterThan(0);
    // and the provider refuses an order made some other way
    const refused = await phone.request.post(apiUrl(ordersApi.create), {
      data: { items: basket, fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
    });
    expect([refused.status(), ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([409, 'ORDERING_PAUSED']);
  });

  it('after the owner resumes, the customer picks tomorrow at 12:30 and the board shows it', async () => {
    await desk.page.getByRole('button', { name: 'Resume now' }).click();
    await desk.page.getByRole('button', { name: 'Pause online orders' }).waitFor();

    const place = phone.getByRole('button', { name: /^Place order/ });
    await expect.poll(() => place.isEnabled(), WITHIN).toBe(true);
    await phone.getByRole('radio', { name: /Choose a time/ }).check();
    // the time as a customer taps it: its label (the radio itself is drawn by the label)
    const tomorrow = phone.getByRole('group', { name: 'Tomorrow' });
    await tomorrow.getByText('12:30 PM', { exact: true }).click();
    await expect.poll(() => tomorrow.getByRole('radio', { name: '12:30 PM', exact: true }).isChecked()).toBe(true);
    await expect.poll(() => place.textContent()).toContain('Place order ·');
    await place.click();
    await phone.waitForURL(/\/order\/KS-/);
    makatiOrder = decodeURIComponent(new URL(phone.url()).pathname.split('/').pop()!);
    await expect.poll(() => phone.getByText(/Pickup at 12:30 PM tomorrow/).count()).toBeGreaterThan(0);

    const card = desk.page.getByRole('listitem').filter({ hasText: makatiOrder });
    // the console writes times the shop's way (en-PH: 12-hour), with the weekday when it is not today
    await expect.poll(() => card.getByText(/^Pickup [A-Z][a-z]{2} 12:30\sPM$/).count(), { timeout: 10_000 }).toBe(1);
    expect(phoneErrors).toEqual([]);
  });

  it('a second location with its own hours and staff: her board shows only its orders', async () => {
    const page = desk.page;
    await (await consoleNav(page)).getByRole('link', { name: 'Locations' }).click();
    await page.waitForURL('**/merchant/locations');
    await page.getByRole('button', { name: 'Add location' }).click();
    const form = page.getByRole('form', { name: 'Add a location' });
    await form.getByLabel('Name', { exact: true }).fill('BGC');
    await form.getByLabel('Address', { exact: true }).fill('30th Street, Bonifacio Global City, Taguig');
    // its own hours: 07:00–19:00 on most days (the editor's start), around the clock today and tomorrow
    for (const day of [weekdayIn(0), weekdayIn(1)]) {
      await form.getByLabel(`Opens on ${day}`).fill('00:00');
      await form.getByLabel(`Closes on ${day}`).fill('00:00');
    }
    await form.getByRole('button', { name: 'Add location' }).click();
    await page.getByText('Saved BGC.').waitFor();
    const { data } = (await (await page.request.get(apiUrl(locationsConsoleApi.all))).json()) as {
      data: { locations: Array<{ id: number; name: string; hours: Record<string, unknown[]> }> };
    };
    const bgc = data.locations.find((l) => l.name === 'BGC')!;
    expect(Object.values(bgc.hours).filter((p) => JSON.stringify(p) === '[{"open":"07:00","close":"19:00"}]')).toHaveLength(5);

    // a member of staff who works at BGC only
    await (await consoleNav(page)).getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL('**/merchant/staff');
    await page.getByLabel(/Their e-mail/).fill('lea@kopisenja.example');
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    const link = (await page.getByText(/\/merchant\/invite#/).textContent())!.trim();
    const staff = await newContext(browser, 'desktop', app.url);
    try {
      const lea = await staff.newPage();
      await lea.goto(link);
      await lea.getByLabel('Your name').fill('Lea Cruz');
      await lea.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await lea.getByLabel('Password again').fill(PASSWORD);
      await lea.getByRole('button', { name: 'Create my account' }).click();
      await lea.getByText('Welcome, Lea Cruz.').waitFor();

      await page.reload();
      const member = page.getByRole('listitem').filter({ hasText: 'Lea Cruz' });
      await member.getByText(/Works at: every location/).click();
      // each tick is saved at once: the box shows it once the server has it
      await member.getByRole('checkbox', { name: 'BGC' }).click();
      await member.getByText('Works at: BGC').waitFor();

      // an order picked up at BGC, through the app's API as the customer
      const bgcOrder = await phone.request.post(apiUrl(ordersApi.create), {
        data: { items: basket, fulfilment: 'pickup', location_id: bgc.id, payment_method: 'wallet', idempotency_key: randomUUID() },
      });
      expect(bgcOrder.status()).toBe(201);
      const bgcName = ((await bgcOrder.json()) as { data: { order: { name: string } } }).data.order.name;

      await lea.goto('/merchant/orders');
      await lea.getByRole('listitem').filter({ hasText: bgcName }).waitFor();
      expect(await lea.getByRole('listitem').filter({ hasText: makatiOrder }).count()).toBe(0);
      // Makati's ticket is not hers
      const ticket = await lea.request.get(`${apiUrl(boardApi.detail)}?name=${makatiOrder}`);
      expect([ticket.status(), ((await ticket.json()) as { error: { code: string } }).error.code]).toEqual([403, 'LOCATION_FORBIDDEN']);
      // the owner sees both
      await page.goto('/merchant/orders');
      await page.getByRole('listitem').filter({ hasText: bgcName }).waitFor();
      await page.getByRole('listitem').filter({ hasText: makatiOrder }).waitFor();
    } finally {
      await staff.close();
    }
  });
});
