/**
 * What the shop sends, in the customer's language (docs/app.md, "What the shop sends"), in Chromium against
 * `npm start`: a customer switches to Bahasa Indonesia in the profile (saved to their account), orders, and
 * the order's notification in the app and its receipt's text message in the development outbox are in
 * Indonesian. On the sign-in page, the code's text message speaks the language the page was switched to.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersApi } from '#contract/customers.calls';
import { receiptsApi } from '#contract/receipts.calls';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { apiUrl } from './support/api-url';
import { localPhone, orderCappuccinos, signUp, topUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const MERCHANT_KEY = 'e2e-language-merchant-key-0123456789';
const app = useApp({ DEMO_ORDER_PROGRESS: 'false', MERCHANT_API_KEY: MERCHANT_KEY });
const browser = useBrowser();

/** The text messages to a phone in the development outbox, newest first, polled until one matches. */
async function textTo(phone: string, match: RegExp): Promise<string> {
  for (let i = 0; i < 120; i++) {
    const r = await fetch(`${app.url}/__dev/outbox?phone=${encodeURIComponent(phone)}`);
    if (r.ok) {
      const found = ((await r.json()) as { items: { body: string }[] }).items.find((m) => match.test(m.body));
      if (found) return found.body;
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`no text message ${match} in the outbox for ${phone}`);
}

describe.skipIf(!HAS_CHROME)('a customer who switches to Bahasa Indonesia hears the shop in it', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const phone = uniquePhone();

  beforeAll(async () => {
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, phone, 'Sari Wijaya');
    await topUp(page, /1,000\.00/);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('switches to Bahasa Indonesia in the profile, kept on the account', async () => {
    await page.goto('/profile/home');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('id');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('id');
    await expect
      .poll(async () => ((await (await page.request.get(apiUrl(customersApi.profile))).json()) as { data: { language: string | null } }).data.language)
      .toBe('id');
  });

  it("the order's notification in the app and its receipt's text message are in Indonesian", async () => {
    expect((await page.request.post(apiUrl(receiptsApi.choose), { data: { receipts: 'sms' } })).status()).toBe(200);
    const order = await orderCappuccinos(page, MERCHANT_KEY, 2);
    await page.goto('/profile/notification');
    const main = page.getByRole('main');
    await expect.poll(() => main.textContent()).toContain(`Pesanan ${order} selesai`);
    expect(await main.textContent()).toContain(`Pesanan ${order} siap diambil`);
    expect(await main.textContent()).not.toContain(`Order ${order} completed`);
    const text = await textTo(phone, new RegExp(`Pesanan ${order}`));
    expect(text).toMatch(new RegExp(`^Kopi Senja: terima kasih! Pesanan ${order}, ₱290\\.00\\. Anda mendapat \\d+ poin\\. Struk Anda: http`));
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!HAS_CHROME)('the sign-in code in the language of the page', () => {
  it('a first visit from a browser in Filipino lands on a Filipino sign-in page', async () => {
    const context = await newContext(browser, 'phone', app.url, { locale: 'fil-PH' });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Ipadala ang code' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('fil');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome sa Kopi Senja!');
      // the tab's title too, once its words have loaded
      await expect.poll(() => page.title()).toBe('Kopi Senja - Mag-sign in');
    } finally {
      await context.close();
    }
  });

  it("a visitor switches the sign-in page to Filipino: the code's text message is in Filipino", async () => {
    const context = await newContext(browser, 'phone', app.url);
    try {
      const page = await context.newPage();
      const phone = uniquePhone();
      await page.goto('/login');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('fil');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fil');
      await page.getByLabel(/phone number/i).fill(localPhone(phone));
      await page.getByRole('button', { name: 'Ipadala ang code' }).click();
      expect(await textTo(phone, /code/)).toMatch(/^Ang iyong Kopi Senja code ay \d{6}\. Mag-e-expire ito sa loob ng \d+ minuto\.$/);
    } finally {
      await context.close();
    }
  });
});
