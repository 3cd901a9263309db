/**
 * Dine-in (issue 54), in Chromium against `npm start`: the owner adds table 12 under Locations and opens
 * its QR sheet (printed, only the sheet shows), and switches orders from the table on; a customer on a
 * phone opens the table's /t/ link signed out, signs up, comes back to the table, orders a latte paid
 * online, and the board shows "Table 12" on the order. Then pay at the counter: the owner lets table
 * customers pay at the till, the customer orders again choosing it, the board shows the badge, staff mark it
 * paid in cash, and the customer's order page shows the points on their way.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { locationsConsoleApi } from '#contract/locations.calls';
import { tablesConsoleApi } from '#contract/tables.calls';
import { apiUrl } from './support/api-url';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { consoleNav, useOwnerDesk } from './support/console';
import { payOrderOnSandbox, signUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('ordering from a table by its QR code', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  const customers: BrowserContext[] = [];
  let tableLink = '';
  let order = '';
  let customerPage: Page | undefined;
  afterAll(async () => {
    for (const c of customers) await c.close();
  });

  it('the owner adds table 12 and prints its QR code; orders from the table are switched on', async () => {
    const { page } = owner;
    await (await consoleNav(page)).getByRole('link', { name: 'Locations' }).click();
    await page.waitForURL('**/merchant/locations');
    await page.getByRole('link', { name: 'Tables and QR codes' }).click();
    await page.waitForURL('**/merchant/locations/tables');
    await page.getByRole('textbox', { name: /Table label/ }).fill('12');
    await page.getByRole('button', { name: 'Add table' }).click();
    const qr = page.getByRole('img', { name: 'QR code for table 12' });
    await qr.waitFor();
    // printed: the sheet alone, the editor and the console's menu hidden
    await page.emulateMedia({ media: 'print' });
    expect(await qr.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add table' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Console' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    // the table's link, as its QR code carries it
    const places = (await (await page.request.get(apiUrl(locationsConsoleApi.all))).json()) as { data: { locations: { id: number }[] } };
    const listed = (await (await page.request.get(apiUrl(tablesConsoleApi.list), { params: { location_id: places.data.locations[0]!.id } })).json()) as {
      data: { tables: { label: string; code: string }[] };
    };
    const code = listed.data.tables.find((t) => t.label === '12')!.code;
    tableLink = `/t/${encodeURIComponent(code)}`;
    await (await consoleNav(page)).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/merchant/settings');
    await page.getByRole('checkbox', { name: 'Orders from the table' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Orders from the table' }).isChecked()).toBe(true);
    expect(owner.errors).toEqual([]);
  });

  it('a customer scans it on a phone, signs up, and orders a latte to table 12', async () => {
    const context = await newContext(browser, 'phone', app.url);
    customers.push(context);
    const page: Page = await context.newPage();
    customerPage = page;
    const errors = watchErrors(page);
    // signed out: sent to sign in, then back to the table once signed up
    await page.goto(tableLink);
    await page.waitForURL((url) => !url.pathname.startsWith('/t/'));
    await signUp(page, app.url, uniquePhone(), 'Maria Clara');
    await page.waitForURL('**/shop');
    await expect.poll(() => page.getByText('Table 12').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add Spanish latte' }).click();
    const sheet = page.getByRole('dialog', { name: 'Spanish latte' });
    await sheet.getByRole('button', { name: /^Add to order/ }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL('**/order-confirmation');
    await expect.poll(() => page.getByRole('heading', { name: /Dine in · Table 12/ }).isVisible()).toBe(true);
    await page.getByRole('radio', { name: /Online payment/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    order = await payOrderOnSandbox(page);
    await page.goto(`/order/${encodeURIComponent(order)}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Dine in · Table 12' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('the board shows the order at table 12', async () => {
    const { page } = owner;
    await (await consoleNav(page)).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/merchant/orders');
    const card = page.getByRole('listitem').filter({ hasText: order }).first();
    await expect.poll(() => card.innerText()).toMatch(/Table 12/);
    expect(owner.errors).toEqual([]);
  });

  it('pay at the counter: the customer chooses it, the board shows the badge, staff mark it paid, the points appear', async () => {
    const { page } = owner;
    await (await consoleNav(page)).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/merchant/settings');
    await page.getByRole('checkbox', { name: 'Let table customers pay at the counter' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Let table customers pay at the counter' }).isChecked()).toBe(true);

    const phone = customerPage!;
    const errors = watchErrors(phone);
    await phone.goto(tableLink);
    await phone.waitForURL('**/shop');
    await expect.poll(() => phone.getByText('Table 12').first().isVisible()).toBe(true);
    await phone.getByRole('button', { name: 'Add Spanish latte' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Spanish latte' });
    await sheet.getByRole('button', { name: /^Add to order/ }).click();
    await sheet.waitFor({ state: 'detached' });
    await phone.getByRole('button', { name: 'Checkout', exact: true }).click();
    await phone.waitForURL('**/order-confirmation');
    const counter = phone.getByRole('radio', { name: /Pay at the counter/ });
    await expect.poll(() => counter.isVisible()).toBe(true);
    await counter.check();
    await phone.getByRole('button', { name: /^Place order/ }).click();
    await phone.waitForURL('**/order/**');
    const atCounter = decodeURIComponent(new URL(phone.url()).pathname.split('/').pop()!);
    await expect.poll(() => phone.getByText(/Pay at the counter: ₱/).isVisible()).toBe(true);

    await (await consoleNav(page)).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/merchant/orders');
    const card = page.getByRole('listitem').filter({ hasText: atCounter }).first();
    await expect.poll(() => card.innerText()).toMatch(/Pay at counter · ₱/);
    await card.getByRole('button', { name: `Paid in cash — order ${atCounter}` }).click();
    await expect.poll(() => card.innerText()).not.toMatch(/Pay at counter · ₱/);

    await phone.reload();
    await expect.poll(() => phone.getByText('Points on the way').isVisible()).toBe(true);
    expect(await phone.getByText(/Pay at the counter: ₱/).count()).toBe(0);
    expect(errors).toEqual([]);
    expect(owner.errors).toEqual([]);
  });
});
