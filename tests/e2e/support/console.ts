/** The merchant's side: the owner account made through the set-up link the first start prints. */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { useStarted } from '../../support/lifecycle';
import { HAS_CHROME, newContext, watchErrors, type RunningApp } from './app';
import { apiUrl } from './api-url';
import { boardApi } from '#contract/board.calls';
import { locationsConsoleApi } from '#contract/locations.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { tablesConsoleApi } from '#contract/tables.calls';
import { giftCardsConsoleApi } from '#contract/gift-cards.calls';

export const OWNER_PASSWORD = 'correct horse battery staple';

/**
 * Opens the set-up link from the app's output and creates the owner (Rosa Dela Cruz), keeping the demo
 * shop (its menu, rewards and wheel, which the tests use) unless `shopName` asks for an empty start;
 * resolves when the console welcomes her.
 */
export async function setUpOwner(page: Page, output: () => string, email = 'owner@kopisenja.example', o: { shopName?: string } = {}): Promise<void> {
  // the server prints the link once it answers and its job tables are made, which may be a moment after
  // it first answered /healthz (server/index.ts): read the output until it is there
  const found = () => /(\/merchant\/setup#[A-Za-z0-9_-]{20,})/.exec(output())?.[1];
  for (let waited = 0; !found() && waited < 60_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
  const link = found();
  if (!link) throw new Error(`No set-up link in the output within 60 s:\n${output()}`);
  await page.goto(link);
  await page.getByLabel('Your name').fill('Rosa Dela Cruz');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByLabel('Password again').fill(OWNER_PASSWORD);
  if (o.shopName) await page.getByLabel('Your shop’s name').fill(o.shopName);
  else await page.getByRole('radio', { name: /The demo shop/ }).check();
  await page.getByRole('button', { name: 'Create owner account' }).click();
  await page.getByText('Welcome, Rosa Dela Cruz.').waitFor();
}

/**
 * The console's page links: on a phone they are behind the header's Menu button, which this opens
 * first; on a larger screen they are always shown.
 */
export async function consoleNav(page: Page): Promise<Locator> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return page.getByRole('navigation', { name: 'Console' });
}

/**
 * For a describe block: the shop's owner at a desktop, set up through the link the app printed, before
 * its tests; their browser context closed after them. `errors`: the page's console and page errors.
 */
export function useOwnerDesk(browser: Browser, app: RunningApp, email: string): { context: BrowserContext; page: Page; errors: string[] } {
  return useStarted(
    'the owner at a desk',
    async () => {
      const context = await newContext(browser, 'desktop', app.url);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await setUpOwner(page, app.output, email);
      return { context, page, errors };
    },
    (desk) => desk.context.close(),
    { skip: !HAS_CHROME },
  );
}

/**
 * Moves a paid pickup order to completed through the board's calls, as the console's Next button does
 * (from the signed-in owner's page): an order's points are pending until it is completed.
 */
export async function completePickupOrder(page: Page, name: string): Promise<void> {
  const statuses = await page.evaluate(
    async ({ orderName, advance }) => {
      const out: number[] = [];
      for (const from of ['paid', 'preparing', 'ready']) {
        const res = await fetch(advance, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: orderName, from }),
        });
        out.push(res.status);
      }
      return out;
    },
    { orderName: name, advance: apiUrl(boardApi.advance) },
  );
  if (statuses.some((s) => s !== 200)) throw new Error(`could not complete order ${name}: ${statuses.join(', ')}`);
}

/** Turns gift cards on through the owner's signed-in browser: ₱500.00 and ₱1,000.00, never expiring, every design offered. */
export async function turnGiftCardsOn(owner: BrowserContext): Promise<void> {
  const on = await owner.request.post(apiUrl(giftCardsConsoleApi.update), {
    headers: { 'content-type': 'application/json' },
    data: {
      enabled: true,
      amounts: [50_000, 100_000],
      custom: null,
      expiry_months: null,
      designs: [
        { id: 'celebrate', name: 'Celebrate', message: 'Happy birthday! Have a coffee on me.', enabled: true },
        { id: 'thank-you', name: 'Thank you', message: 'Thank you! The next coffee is on me.', enabled: true },
        { id: 'winter', name: 'Happy holidays', message: 'Warm drinks on me.', enabled: true },
      ],
    },
  });
  if (on.status() !== 200) throw new Error(`gift cards not turned on: ${on.status()} ${await on.text()}`);
}

/**
 * A table at the first location and orders from the table switched on (`settings`: also pay_at_counter),
 * through the owner's API from the signed-in owner's page (dine-in.test.ts walks those pages); answers the
 * table's /t/ link, as its QR code carries it.
 */
export async function addTableByApi(page: Page, label: string, settings: { pay_at_counter?: boolean } = {}): Promise<string> {
  const places = (await (await page.request.get(apiUrl(locationsConsoleApi.all))).json()) as { data: { locations: { id: number }[] } };
  const made = await page.request.post(apiUrl(tablesConsoleApi.create), { data: { location_id: places.data.locations[0]!.id, label } });
  if (made.status() !== 201) throw new Error(`${tablesConsoleApi.create.path} → ${made.status()} ${await made.text()}`);
  const { tables } = (await made.json()).data as { tables: { label: string; code: string }[] };
  const switched = await page.request.post(apiUrl(shopSettingsApi.update), { data: { dine_in: true, ...settings } });
  if (switched.status() !== 200) throw new Error(`${shopSettingsApi.update.path} → ${switched.status()} ${await switched.text()}`);
  return `/t/${encodeURIComponent(tables.find((t) => t.label === label)!.code)}`;
}
