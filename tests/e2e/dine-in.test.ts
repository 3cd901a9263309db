/**
 * Dine-in, in Chromium against `npm start`: the owner adds an area and renames it, adds table 12 under
 * Locations and opens its QR sheet (printed, only the sheet shows), and switches on orders from the
 * table and paying at the counter; a customer on a phone opens the table's /t/ link signed out, signs
 * up, comes back to the table and orders a latte to pay at the counter; the board shows "Table 12" and
 * the counter's badge; the order is served, then staff mark it paid in cash, and the customer's order
 * page, left open, follows: served, then its points earned. An order paid online from a table, through
 * the kitchen's screens, is stations.test.ts's walk.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { locationsConsoleApi } from '#contract/locations.calls';
import { tablesConsoleApi } from '#contract/tables.calls';
import { apiUrl } from './support/api-url';
import { HAS_CHROME, newContext, useApp, useBrowser, watchErrors } from './support/app';
import { consoleNav, useOwnerDesk } from './support/console';
import { setOrderStatus, signUpAtTableWithLatte } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('ordering from a table by its QR code', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  const customers: BrowserContext[] = [];
  let tableLink = '';
  let order = '';
  let customerPage: Page | undefined;
  let customerErrors: string[] = [];
  afterAll(async () => {
    for (const c of customers) await c.close();
  });

  it('the owner renames an area, adds table 12 and prints its QR code; orders from the table and paying at the counter are switched on', async () => {
    const { page } = owner;
    await (await consoleNav(page)).getByRole('link', { name: 'Locations' }).click();
    await page.waitForURL('**/merchant/locations');
    await page.getByRole('link', { name: 'Tables and QR codes' }).click();
    await page.waitForURL('**/merchant/locations/tables');
    // an area, renamed in place by keyboard: an empty name is refused under the field, Escape leaves it as it was
    await page.getByRole('textbox', { name: 'New area' }).fill('Patio');
    await page.getByRole('button', { name: 'Add area' }).click();
    await page.getByRole('button', { name: 'Rename Patio' }).click();
    const rename = page.getByRole('textbox', { name: 'New name for Patio' });
    await rename.fill(' ');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('form', { name: 'Rename Patio' }).getByText('Give the area a name.').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => rename.count()).toBe(0);
    await page.getByRole('button', { name: 'Rename Patio' }).press('Enter');
    await rename.fill('Garden');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Rename Garden' }).count()).toBe(1);
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
    await page.getByRole('checkbox', { name: 'Let table customers pay at the counter' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Orders from the table' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Let table customers pay at the counter' }).isChecked()).toBe(true);
    expect(owner.errors).toEqual([]);
  });

  it('a customer scans it on a phone, signs up, and orders a latte to table 12, to pay at the counter', async () => {
    const context = await newContext(browser, 'phone', app.url);
    customers.push(context);
    const page: Page = await context.newPage();
    customerPage = page;
    customerErrors = watchErrors(page);
    // signed out: sent to sign in, then back to the table once signed up
    await signUpAtTableWithLatte(page, app.url, tableLink, 'Table 12');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL('**/order-confirmation');
    await expect.poll(() => page.getByRole('heading', { name: /Dine in · Table 12/ }).isVisible()).toBe(true);
    const counter = page.getByRole('radio', { name: /Pay at the counter/ });
    await expect.poll(() => counter.isVisible()).toBe(true);
    await counter.check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL('**/order/**');
    order = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect.poll(() => page.getByText(/Pay at the counter: ₱/).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Dine in · Table 12' }).isVisible()).toBe(true);
    expect(customerErrors).toEqual([]);
  });

  it("the board shows it at table 12 with the counter's badge; it is served, then paid; the customer's open page follows", async () => {
    const { page } = owner;
    await (await consoleNav(page)).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/merchant/orders');
    const card = page.getByRole('listitem').filter({ hasText: order }).first();
    await expect.poll(() => card.innerText()).toMatch(/Table 12/);
    await expect.poll(() => card.innerText()).toMatch(/Pay at counter · ₱/);
    // served before it is paid, as at a table: the shop's system moves it on
    for (const status of ['ready', 'completed']) await setOrderStatus(app.url, app.dataDir, order, status);
    const phone = customerPage!;
    await expect.poll(() => phone.getByText('Served. Enjoy!').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phone.getByText(/Pay at the counter: ₱/).count()).toBe(1);

    // paid at the till from the finished list; no reload: the order page keeps reading an order waiting to be paid
    await page.getByText(/^Finished today/).click();
    const done = page
      .getByRole('listitem')
      .filter({ hasText: order })
      .filter({ has: page.getByRole('button', { name: `Paid in cash — order ${order}` }) });
    await done.getByRole('button', { name: `Paid in cash — order ${order}` }).click();
    await expect.poll(() => done.count()).toBe(0);
    await expect.poll(() => phone.getByText('Points earned').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phone.getByText(/Pay at the counter: ₱/).count()).toBe(0);
    expect(customerErrors).toEqual([]);
    expect(owner.errors).toEqual([]);
  });
});
