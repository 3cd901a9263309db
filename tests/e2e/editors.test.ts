/**
 * The owner runs the shop's content (issue 14), in Chromium against `npm start`: a product added
 * with a photo and ordered by a customer; another marked sold out, which the customer cannot add; a
 * product archived, which leaves the customer's shop, and restored; a reward's stock and cost changed
 * and seen by the customer; the wheel's weights changed and the
 * customer's disclosed odds with them; a customer's points adjusted with a reason, which they read in
 * their history and a notification; and the dashboard's figures for the day, matching what the test
 * did. (Staff are refused every editor in tests/server/merchant-*.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, watchErrors, useApp, useBrowser } from './support/app';
import { completePickupOrder, setUpOwner } from './support/console';
import { localPhone, signUp, topUp } from './support/customer';
import { apiUrl } from './support/api-url';
import { ordersApi } from '#contract/orders.calls';
import { customersConsoleApi } from '#contract/customers.calls';
import { menuApi } from '#contract/menu.calls';
import { rewardsEditorApi } from '#contract/rewards.calls';
import { staffApi } from '#contract/staff.calls';
import { wheelEditorApi } from '#contract/wheel.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

/** customers see an edit within this long (the provider's and the gateway's 5-s caches) */
const WITHIN = { timeout: 12_000, interval: 500 };

const app = useApp({ LOG_LEVEL: 'info', DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();
let owner: BrowserContext;
let desk: Page;
let deskErrors: string[];
let customer: BrowserContext;
let phone: Page;
let phoneErrors: string[];
const customerPhone = uniquePhone();

afterAll(async () => {
  await owner?.close();
  await customer?.close();
});

/** A figure on the dashboard: the text of the value under its label. */
const figure = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** The customer's menu, loaded afresh: resolves once its products are on the page (not the skeleton). */
async function openShop(): Promise<void> {
  await phone.goto('/shop');
  await phone.getByRole('button', { name: /^Add / }).first().waitFor();
}

/** How many of these the customer's menu shows, read afresh until it settles (the caches' 10 s). */
function onTheShop(find: () => { count(): Promise<number> }) {
  return expect.poll(async () => {
    await openShop();
    return find().count();
  }, WITHIN);
}

async function photo(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 320, height: 320, channels: 3, background: '#2f6f4f' } })
    .png()
    .toBuffer();
}

describe.skipIf(!HAS_CHROME)('the owner’s editors and the dashboard', () => {
  beforeAll(async () => {
    owner = await newContext(browser, 'desktop', app.url);
    desk = await owner.newPage();
    deskErrors = watchErrors(desk);
    customer = await newContext(browser, 'phone', app.url);
    phone = await customer.newPage();
    phoneErrors = watchErrors(phone);
  });

  it('sets up the owner, and a customer with ₱2,000 in the wallet', async () => {
    await setUpOwner(desk, app.output);

    await signUp(phone, app.url, customerPhone, 'Ana Reyes');
    await topUp(phone, /2,000\.00/);
  });

  it('adds a product with a photo; the customer sees it and orders it', async () => {
    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Menu' }).click();
    await desk.waitForURL('**/merchant/menu');
    await desk.getByRole('button', { name: 'Add a product to Coffee' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Add a product' });
    await dialog.getByLabel('Name', { exact: true }).fill('Pandan latte');
    await dialog.getByLabel('Description (optional)', { exact: true }).fill('Espresso with pandan-infused milk.');
    // a price as people write it is understood; a word is refused on the field, nothing sent
    await dialog.getByLabel(/^Price/).fill('about 170');
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await dialog.getByText(/The price must be an amount such as/).waitFor();
    await dialog.getByLabel(/^Price/).fill('172.50');
    await dialog.locator('[data-field="product-image"] input[type=file]').setInputFiles({ name: 'pandan.png', mimeType: 'image/png', buffer: await photo() });
    await dialog.getByRole('img', { name: 'Photo now' }).waitFor();
    expect(await dialog.getByRole('img', { name: 'Photo now' }).getAttribute('src')).toMatch(/^\/api\/media\/[0-9a-f]{64}\.(png|jpg|webp)$/);
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await dialog.waitFor({ state: 'detached' });
    await desk.getByRole('listitem').filter({ hasText: 'Pandan latte' }).getByText('₱172.50').waitFor();

    // the customer: on the menu within 10 s, with its photo; added and paid from the wallet
    await onTheShop(() => phone.getByRole('button', { name: 'Add Pandan latte' })).toBe(1);
    expect(await phone.getByRole('listitem').filter({ hasText: 'Pandan latte' }).locator('img').first().getAttribute('src')).toMatch(/^\/api\/media\//);
    await phone.getByRole('button', { name: 'Add Pandan latte' }).click();
    await phone.getByRole('button', { name: 'One more Pandan latte' }).click();
    await phone.getByRole('button', { name: 'Checkout', exact: true }).click();
    await phone.waitForURL('**/delivery');
    await phone.getByRole('radio', { name: /Pickup/ }).check();
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.waitForURL('**/order-confirmation');
    const place = phone.getByRole('button', { name: /^Place order/ });
    await expect.poll(() => place.textContent()).toContain('345.00');
    await place.click();
    await phone.waitForURL('**/order/*');
    await expect.poll(() => phone.getByRole('main').textContent()).toContain('2 × Pandan latte');

    // a new price never changes an order already placed
    await desk.getByRole('button', { name: 'Edit Pandan latte' }).click();
    await desk
      .getByRole('dialog')
      .getByLabel(/^Price/)
      .fill('180');
    await desk.getByRole('dialog').getByRole('button', { name: 'Save product' }).click();
    await desk.getByRole('listitem').filter({ hasText: 'Pandan latte' }).getByText('₱180.00').waitFor();
    await phone.reload();
    await expect.poll(() => phone.getByRole('main').textContent()).toContain('345.00');
  });

  it('marks a product sold out: the customer cannot add it', async () => {
    await desk.getByRole('button', { name: 'Mark Spanish latte sold out' }).click();
    await desk.getByRole('button', { name: 'Mark Spanish latte available' }).waitFor();
    await onTheShop(() => phone.getByRole('button', { name: 'Spanish latte is sold out' })).toBe(1);
    expect(await phone.getByRole('button', { name: 'Spanish latte is sold out' }).isDisabled()).toBe(true);
    expect(await phone.getByRole('button', { name: 'Add Spanish latte' }).count()).toBe(0);
  });

  it('archives a product: the customer’s shop no longer shows it; restored, it is back', async () => {
    await desk.getByRole('button', { name: 'Archive Iced latte' }).click();
    const ask = desk.getByRole('dialog', { name: 'Archive Iced latte?' });
    await ask.getByRole('button', { name: 'Archive' }).click();
    const archived = desk.getByRole('region', { name: /^Archived/ });
    await archived.getByRole('button', { name: 'Restore Iced latte' }).waitFor();
    // archived products keep no place among the menu's: no Up or Down for it
    expect(await desk.getByRole('button', { name: 'Move Iced latte up' }).count()).toBe(0);
    await onTheShop(() => phone.getByText('Iced latte', { exact: true })).toBe(0);

    await archived.getByRole('button', { name: 'Restore Iced latte' }).click();
    await desk.getByRole('button', { name: 'Archive Iced latte' }).waitFor();
    await onTheShop(() => phone.getByRole('button', { name: 'Add Iced latte' })).toBe(1);
  });

  it('moves a product down with the keyboard: the keyboard stays on it, and the customer’s menu follows', async () => {
    const coffee = desk.getByRole('region', { name: /^Coffee/ });
    const names = async () => await coffee.getByRole('button', { name: /^Edit / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.slice(5)));
    const before = await names();
    const first = before[0]!;
    await desk.getByRole('button', { name: `Move ${first} down` }).focus();
    await desk.keyboard.press('Enter');
    await expect.poll(names).toEqual([before[1], first, ...before.slice(2)]);
    await expect.poll(() => desk.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${first} down`);
    // the shop lists them in the new order: the second one now comes first
    const firstComesFirst = async () => {
      await openShop();
      const text = (await phone.getByRole('main').textContent()) ?? '';
      return text.indexOf(first) < text.indexOf(before[1]!);
    };
    await expect.poll(firstComesFirst, WITHIN).toBe(false);
  });

  it('changes a reward’s cost and stock: the customer sees both', async () => {
    await phone.goto('/reward/redeem/butter-croissant');
    await phone.getByRole('heading', { name: 'Free butter croissant' }).waitFor();
    expect(await phone.getByRole('main').textContent()).not.toContain('7 left');

    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Rewards' }).click();
    await desk.getByRole('button', { name: 'Edit Free butter croissant' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Edit Free butter croissant' });
    await dialog.getByLabel('Points it costs').fill('150');
    const unlimited = dialog.getByLabel('Unlimited stock');
    if (await unlimited.isChecked()) await unlimited.uncheck();
    await dialog.getByLabel(/^Stock/).fill('7');
    await dialog.getByRole('button', { name: 'Save reward' }).click();
    await dialog.waitFor({ state: 'detached' });
    await desk
      .getByRole('listitem')
      .filter({ hasText: 'Free butter croissant' })
      .getByText(/7 of 7 left/)
      .waitFor();

    // each try reads the page once its reward is shown again (right after a reload it may still be loading)
    await expect
      .poll(async () => {
        await phone.reload();
        await phone.getByRole('heading', { name: 'Free butter croissant' }).waitFor();
        return phone.getByRole('main').textContent();
      }, WITHIN)
      .toContain('7 left');
    expect(await phone.getByRole('main').textContent()).toMatch(/150\s*points/);
  });

  it('changes the wheel’s weights: the customer’s disclosed odds change to what the console showed', async () => {
    await phone.goto('/spin');
    const odds = phone.getByRole('table', { name: 'Odds of each prize' });
    await odds.waitFor();
    const before = await odds.locator('tbody tr').allTextContents();

    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Wheel' }).click();
    await desk.waitForURL('**/merchant/wheel');
    // the second segment: its prize is on no other slice, so the customer's table has a row of its own
    // for it (slices of one prize are one row there)
    const label = await desk.getByLabel('Segment 2: Label').inputValue();
    await desk.getByLabel('Segment 2: Weight').fill('5000');
    // the chance as customers will see it, shown as the owner types
    const shown = /Chance: ([\d.]+%)/.exec(
      (await desk
        .getByText(/^Chance: /)
        .nth(1)
        .textContent()) ?? '',
    )?.[1];
    expect(shown).toBeTruthy();
    await desk.getByRole('button', { name: 'Publish the wheel' }).click();
    await desk.getByText('Published. The next spin uses these odds.').waitFor();
    await desk
      .getByText(/Version \d+/)
      .first()
      .waitFor();

    await expect
      .poll(async () => {
        await phone.reload();
        // read once the table is back (an empty list right after the reload is no change)
        await odds.locator('tbody tr').first().waitFor();
        return odds.locator('tbody tr').allTextContents();
      }, WITHIN)
      .not.toEqual(before);
    const row = odds.locator('tbody tr').filter({ hasText: label }).first();
    expect(await row.textContent()).toContain(shown);
  });

  it('adjusts the customer’s points with a reason: they see the entry and a notification', async () => {
    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Customers' }).click();
    await desk.waitForURL('**/merchant/customers');
    // the number written the way people say it
    const local = localPhone(customerPhone);
    await desk.getByLabel('Phone, name or e-mail').fill(`${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`);
    await desk.getByRole('link', { name: /Ana Reyes/ }).click();
    await desk.waitForURL('**/merchant/customers/*');
    await desk.getByRole('heading', { name: 'Ana Reyes' }).waitFor();
    // a reason is required
    await desk.getByRole('textbox', { name: 'Points', exact: true }).fill('50');
    await desk.getByRole('button', { name: 'Adjust points' }).click();
    await desk.getByText(/The reason is required/).waitFor();
    await desk.getByLabel('Reason (the customer reads it)').fill('Sorry for the long wait on Sunday');
    await desk.getByRole('button', { name: 'Adjust points' }).click();
    await desk.getByText(/Added 50 points/).waitFor();
    await desk.getByRole('cell', { name: 'Sorry for the long wait on Sunday' }).waitFor();

    await phone.goto('/profile/point');
    await expect.poll(() => phone.getByRole('main').textContent()).toContain('From the shop');
    expect(await phone.getByRole('main').textContent()).toContain('Sorry for the long wait on Sunday');
    await phone.goto('/profile/notification');
    await expect.poll(() => phone.getByRole('main').textContent()).toContain('You got 50 points from us');
  });

  it('shows the day’s figures matching what the test did', async () => {
    // the shop completes the order: its points, pending until then, are issued
    const { orders } = (await (await phone.request.get(apiUrl(ordersApi.list))).json()).data as { orders: { name: string }[] };
    await completePickupOrder(desk, orders[0]!.name);
    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
    await desk.waitForURL('**/merchant/dashboard');
    await expect.poll(() => figure(desk, 'Orders').textContent()).toBe('1');
    expect(await figure(desk, 'Revenue').textContent()).toBe('₱345.00');
    expect(await figure(desk, 'Average order').textContent()).toBe('₱345.00');
    expect(await figure(desk, 'Wallet top-ups').textContent()).toBe('₱2,000.00');
    expect(await figure(desk, 'New customers').textContent()).toBe('1');
    // 34 points earned on the ₱345.00 order, and the 50 from the shop
    expect(await figure(desk, 'Points issued').textContent()).toBe('84');
    // the last 7 days: the same, with a chart and its table
    await desk.getByRole('button', { name: 'Last 7 days' }).click();
    await desk.getByRole('table', { name: /Revenue and orders, day by day/ }).waitFor({ state: 'attached' });
    await desk.getByRole('button', { name: 'Show as a table' }).first().click();
    await expect.poll(() => desk.getByRole('table', { name: /Revenue and orders, day by day/ }).textContent()).toContain('₱345.00');
    // the orders of the period as CSV
    const download = desk.waitForEvent('download');
    await desk.getByRole('link', { name: 'Orders (CSV)' }).click();
    const file = await download;
    const csv = (await (await file.createReadStream()).toArray()).join('');
    expect(csv.split('\r\n')[0]).toMatch(/^"order","placed_at \(Asia\/Manila\)",("[a-z_]+( \([A-Za-z/_]+\))?",?)+$/);
    expect(csv).toContain('2 × Pandan latte');
    // amounts in pesos beside the currency, as a spreadsheet reads them
    expect(csv).toContain(',"PHP",345.00,');
  });

  it('refuses every editor once the owner has signed out', async () => {
    const calls: Array<[string, unknown]> = [
      [apiUrl(menuApi.updateProduct), { id: 1, available: false }],
      [apiUrl(rewardsEditorApi.update), { name: 'butter-croissant', points_cost: 1 }],
      [apiUrl(wheelEditorApi.publish), { segments: [{ label: 'All', prize_type: 'none', weight: 1 }], spin_cost_points: 0, free_spins_per_day: 1 }],
      [apiUrl(customersConsoleApi.adjustPoints), { customer_id: 1, points: 1000, reason: 'for me', idempotency_key: crypto.randomUUID() }],
    ];
    const statuses = await desk.evaluate(
      async ({ calls, logout }) => {
        // signed out of the console: every editor refuses
        await fetch(logout, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        return Promise.all(
          calls.map(
            async ([url, body]) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
          ),
        );
      },
      { calls, logout: apiUrl(staffApi.logout) },
    );
    expect(statuses).toEqual([401, 401, 401, 401]);
    expect(deskErrors.filter((e) => !/status of 40[0-9]/.test(e))).toEqual([]);
    expect(phoneErrors.filter((e) => !/status of 40[0-9]/.test(e))).toEqual([]);
  });
});
