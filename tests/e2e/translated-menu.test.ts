/**
 * The shop's own words in the customer's language, in Chromium against `npm start`: the owner writes a
 * Filipino name for one product in the console's Translations section; a customer whose page is in
 * Filipino sees that name, and the English name of a product nobody translated; a customer in English
 * sees the English names. The Filipino customer chooses Filipino in their profile, as a customer would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, watchErrors, useApp, useBrowser } from './support/app';
import { setUpOwner } from './support/console';
import { signUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

/** customers see an edit within this long (the provider's and the gateway's 5-s caches) */
const WITHIN = { timeout: 15_000, interval: 500 };

const app = useApp({ LOG_LEVEL: 'info', DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();
let owner: BrowserContext;
let desk: Page;
let deskErrors: string[];
let filipino: BrowserContext;
let phone: Page;
let phoneErrors: string[];
let english: BrowserContext;
let other: Page;

afterAll(async () => {
  await owner?.close();
  await filipino?.close();
  await english?.close();
});

/** "Add Spanish latte" in English, "Idagdag ang Spanish latte" in Filipino: the shop's own button, in the reader's language */
const ADD = /^(Add|Idagdag ang) /;

/** The names on the customer's menu, loaded afresh once its products are on the page (not the skeleton). */
async function namesOnTheShop(page: Page): Promise<string[]> {
  await page.goto('/shop');
  await page.getByRole('button', { name: ADD }).first().waitFor();
  return (await page.getByRole('button', { name: ADD }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))).map((n) =>
    n.replace(/^(Add|Idagdag ang) /, ''),
  );
}

describe.skipIf(!HAS_CHROME)('the menu in the customer’s language', () => {
  beforeAll(async () => {
    owner = await newContext(browser, 'desktop', app.url);
    desk = await owner.newPage();
    deskErrors = watchErrors(desk);
    filipino = await newContext(browser, 'phone', app.url);
    phone = await filipino.newPage();
    phoneErrors = watchErrors(phone);
    english = await newContext(browser, 'phone', app.url);
    other = await english.newPage();
  });

  it('sets up the owner and two customers', async () => {
    await setUpOwner(desk, app.output);
    await signUp(phone, app.url, uniquePhone(), 'Ligaya Santos');
    await signUp(other, app.url, uniquePhone(), 'Ana Reyes');
    // the profile's choice of language, kept on the account
    await phone.goto('/profile');
    await phone.getByRole('combobox', { name: 'Language' }).selectOption('fil');
    await expect.poll(() => phone.evaluate(() => document.documentElement.lang)).toBe('fil');
    // the app's own words in Filipino too
    await phone.goto('/shop');
    await phone
      .getByRole('button', { name: /^Idagdag ang / })
      .first()
      .waitFor();
  });

  it('the owner writes a Filipino name for one product; the Filipino customer sees it, and English where none was written', async () => {
    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Menu' }).click();
    await desk.waitForURL('**/merchant/menu');
    await desk.getByRole('button', { name: 'Edit Spanish latte' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Edit Spanish latte' });
    const translations = dialog.getByRole('group', { name: 'Translations' });
    const name = translations.getByRole('group', { name: 'Filipino' }).getByLabel('Name in Filipino (optional)');
    expect(await name.inputValue()).toBe('');
    // too long: refused on its field, nothing saved
    await name.fill('x'.repeat(81));
    expect(await name.inputValue()).toHaveLength(80);
    await name.fill('Latte na Espanyol');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect
      .poll(async () => {
        const names = await namesOnTheShop(phone);
        return [names.includes('Latte na Espanyol'), names.includes('Spanish latte'), names.includes('Barako americano')];
      }, WITHIN)
      .toEqual([true, false, true]);

    // the English customer's menu keeps the English name
    const names = await namesOnTheShop(other);
    expect(names).toContain('Spanish latte');
    expect(names).not.toContain('Latte na Espanyol');

    // the console shows the Filipino name beside its original when the product is opened again
    await desk.getByRole('button', { name: 'Edit Spanish latte' }).click();
    const again = desk.getByRole('dialog', { name: 'Edit Spanish latte' });
    expect(await again.getByLabel('Name in Filipino (optional)').inputValue()).toBe('Latte na Espanyol');
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('logged no errors in either browser', () => {
    expect(deskErrors).toEqual([]);
    expect(phoneErrors).toEqual([]);
  });
});
