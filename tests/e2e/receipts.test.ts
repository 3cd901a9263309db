/**
 * Receipts (issue 51), in Chromium against `npm start`: a customer verifies their e-mail address, so
 * receipts go there (the profile's Receipts says so); an order is completed, and the job runner's receipt
 * e-mail is read from the development outbox, with its HTML and plain-text parts; its link opens the receipt
 * in a signed-out browser, showing that order and nothing of the customer; printing (print media) hides the
 * bar, the navigation and the Print button. A top-up paid on the sandbox's page sends its own receipt,
 * whose link opens it signed out.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersApi } from '#contract/customers.calls';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { apiUrl } from './support/api-url';
import { orderCappuccinos, signUp, topUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const MERCHANT_KEY = 'e2e-receipts-merchant-key-0123456789';
const app = useApp({ DEMO_ORDER_PROGRESS: 'false', MERCHANT_API_KEY: MERCHANT_KEY });
const browser = useBrowser();

type OutboxMail = { subject: string; body: string; html?: string; code?: string | null };

/** The newest e-mails to an address in the development outbox whose subject matches, polled until one is there. */
async function mailTo(email: string, subject: RegExp): Promise<OutboxMail> {
  for (let i = 0; i < 120; i++) {
    const r = await fetch(`${app.url}/__dev/outbox?email=${encodeURIComponent(email)}`);
    if (r.ok) {
      const found = ((await r.json()) as { items: OutboxMail[] }).items.find((m) => subject.test(m.subject));
      if (found) return found;
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`no e-mail "${subject}" in the outbox for ${email}`);
}

describe.skipIf(!HAS_CHROME)('a receipt e-mailed when an order completes, opened signed out, printed', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const phone = uniquePhone();
  const email = `mara.${phone.slice(-6)}@example.com`;
  let order = '';
  let link = '';

  beforeAll(async () => {
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, phone, 'Mara Cruz');
    await topUp(page, /1,000\.00/);
    // the address, verified with the code e-mailed to it
    expect((await page.request.post(apiUrl(customersApi.changeEmail), { data: { email } })).status()).toBe(200);
    const code = (await mailTo(email, /./)).code!;
    expect((await page.request.post(apiUrl(customersApi.emailVerify), { data: { code } })).status()).toBe(200);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('the profile says receipts go by e-mail once the address is verified', async () => {
    await page.goto('/profile/home');
    const section = page.getByRole('region', { name: 'Receipts' });
    await expect.poll(() => section.getByRole('radio', { name: 'By e-mail', exact: true }).isChecked()).toBe(true);
    expect(await section.getByRole('radio', { name: 'By text message' }).isEnabled()).toBe(true);
  });

  it('a completed order sends its receipt by e-mail: an HTML part and a plain-text part, with its items and total', async () => {
    order = await orderCappuccinos(page, MERCHANT_KEY, 2);
    const mail = await mailTo(email, new RegExp(`order ${order}`));
    expect(mail.subject).toBe(`Your receipt from Kopi Senja: order ${order}`);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    for (const part of [mail.html!, mail.body]) {
      expect(part).toContain('Cappuccino');
      expect(part).toContain('₱290.00');
    }
    link = /\/receipt\/[^\s"<]+/.exec(mail.body)![0];
    expect(mail.html).toContain(link);
  });

  it('its link opens the receipt in a signed-out browser: that order, nothing of the customer, printed without the app around it', async () => {
    const guest = await newContext(browser, 'phone', app.url);
    try {
      const receipt = await guest.newPage();
      const guestErrors = watchErrors(receipt);
      await receipt.goto(link);
      await expect.poll(() => receipt.getByRole('heading', { name: 'Kopi Senja' }).count()).toBe(1);
      expect(new URL(receipt.url()).pathname).toBe(link.split('?')[0]);
      expect(await receipt.getByText(`Receipt for order ${order}`, { exact: false }).count()).toBe(1);
      expect(await receipt.getByText('2 × Cappuccino').count()).toBe(1);
      const text = await receipt.locator('body').innerText();
      expect(text).not.toContain(phone.slice(-7));
      expect(text).not.toContain(email);
      expect(text).not.toContain('Mara');
      expect(await receipt.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(true);
      await receipt.emulateMedia({ media: 'print' });
      expect(await receipt.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(false);
      expect(await receipt.getByRole('heading', { name: 'Receipt', exact: true }).isVisible()).toBe(false);
      expect(await receipt.getByText('2 × Cappuccino').isVisible()).toBe(true);
      // a forged link: not found, nothing more
      await receipt.emulateMedia({ media: 'screen' });
      await receipt.goto(`/receipt/r1.${order}.${'A'.repeat(32)}`);
      await expect.poll(() => receipt.getByText("We couldn't find this receipt").count()).toBe(1);
      expect(guestErrors.filter((e) => !/404/.test(e))).toEqual([]);
    } finally {
      await guest.close();
    }
  });

  it('signed in, the same link shows the navigation, which printing hides', async () => {
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Kopi Senja' }).count()).toBe(1);
    const nav = page.getByRole('navigation').first();
    expect(await nav.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await nav.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  it('a top-up paid on the payment page sends its receipt: the amount and the new balance, opened signed out', async () => {
    await page.emulateMedia({ media: 'screen' });
    await topUp(page, /500\.00/);
    const mail = await mailTo(email, /Wallet top-up/);
    expect(mail.subject).toBe('Your receipt from Kopi Senja: Wallet top-up');
    for (const part of [mail.html!, mail.body]) {
      expect(part).toContain('₱500.00');
      expect(part).toContain('Your wallet balance is now');
    }
    const topupLink = /\/receipt\/[^\s"<]+/.exec(mail.body)![0];
    expect(topupLink).toMatch(/^\/receipt\/r1\.t\./);
    const guest = await newContext(browser, 'phone', app.url);
    try {
      const receipt = await guest.newPage();
      await receipt.goto(topupLink);
      await expect.poll(() => receipt.getByText('Wallet top-up').count()).toBe(1);
      expect(await receipt.getByText(/Wallet balance after this top-up/).count()).toBe(1);
      expect(await receipt.locator('body').innerText()).not.toContain('Mara');
    } finally {
      await guest.close();
    }
  });

  it('had no console errors', () => {
    expect(errors).toEqual([]);
  });
});
