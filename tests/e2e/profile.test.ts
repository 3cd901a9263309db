/**
 * The profile area as a customer uses it, in Chromium against `npm start`, on a phone: the profile with
 * its balances and unread count, notifications (a tap marks one read and opens its
 * page, "Mark all as read" clears the count everywhere), points, changing the e-mail address (the
 * provider's field error, then success), and logging out. On a desktop, once: the profile and its pages
 * under the navigation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, watchErrors, useApp, useBrowser } from './support/app';
import { signUp } from './support/customer';
import { desktopCustomer, expectDesktopPage } from './support/desktop';
import { apiUrl } from './support/api-url';
import { notificationsApi } from '#contract/notifications.calls';
import { walletApi } from '#contract/wallet.calls';
import { paymentsApi } from '#contract/payments.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp();
const browser = useBrowser();

/** A declined top-up through the API and the sandbox: one more notification ("Top-up failed"). */
async function declinedTopUp(page: Page) {
  const topup = await (await page.request.post(apiUrl(walletApi.topup), { data: { amount: 20_000, idempotency_key: randomUUID() } })).json();
  const done = await page.request.post(apiUrl(paymentsApi.sandboxComplete, { id: topup.data.topup_id }), { data: { outcome: 'decline' } });
  expect(done.status()).toBe(200);
}

describe.skipIf(!HAS_CHROME)('the profile on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const phone = uniquePhone();

  beforeAll(async () => {
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, phone, 'Marisol Reyes');
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the customer, their balances and the unread welcome', async () => {
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Marisol Reyes' }).count()).toBe(1);
    // the number grouped for reading (+63 917 123 4567), never as stored
    expect(await page.getByText(`${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`, { exact: true }).count()).toBe(1);
    expect(await page.getByText(phone).count()).toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Balances' })
          .getByRole('button', { name: /Wallet/ })
          .textContent(),
      )
      .toContain('₱0.00');
    await expect.poll(() => page.getByRole('button', { name: /Notifications/ }).textContent()).toContain('1 unread');
  });

  it('marks a notification read on a tap and opens its page', async () => {
    await declinedTopUp(page);
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.waitForURL('**/profile/notification');
    await expect.poll(() => page.getByRole('heading', { name: '2 unread' }).count()).toBe(1);
    await page.getByRole('button', { name: /Top-up failed/ }).click();
    await page.waitForURL('**/profile/wallet');
    await page.goBack();
    await page.waitForURL('**/profile/notification');
    await expect.poll(() => page.getByRole('heading', { name: '1 unread' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Top-up failed/ }).textContent()).not.toContain('(unread)');
  });

  it('marks all as read: the count is 0 here and on the profile', async () => {
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'All caught up' }).count()).toBe(1);
    expect(await page.getByText('(unread)').count()).toBe(0);
    await page.goto('/profile/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Marisol Reyes' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Notifications/ }).textContent()).not.toMatch(/unread/);
    const list = await (await page.request.get(apiUrl(notificationsApi.list))).json();
    expect(list.data.unread).toBe(0);
  });

  it('shows the points balance and its empty history', async () => {
    await page
      .getByRole('region', { name: 'Balances' })
      .getByRole('button', { name: /Points/ })
      .click();
    await page.waitForURL('**/profile/point');
    await expect.poll(() => page.getByRole('region', { name: 'Your points' }).textContent()).toContain('0');
  });

  it('changes the e-mail address, refusing one that is not an address first', async () => {
    await page.goto('/profile/change-email');
    // the page checks with the provider's own rule (src/contract/checks.ts): an address the provider would
    // refuse (a one-letter top-level domain) is refused on the page, on the field, before any call
    await page.getByLabel('New e-mail').fill('marisol@example.c');
    await page.getByRole('button', { name: 'Save e-mail' }).click();
    await expect.poll(() => page.getByText('Enter an e-mail address like name@example.com.').count()).toBe(1);
    expect(await page.getByLabel('New e-mail').getAttribute('aria-invalid')).toBe('true');

    const field = page.getByLabel('New e-mail');
    await field.fill('Marisol.Reyes@example.com');
    await page.getByRole('button', { name: 'Save e-mail' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'E-mail saved' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Your e-mail address was saved.').count()).toBe(1);
    await page.getByRole('button', { name: 'Back to profile' }).click();
    await page.waitForURL('**/profile/home');
    await expect.poll(() => page.getByText('marisol.reyes@example.com').count()).toBe(1);
  });

  it('changes the name, kept after a reload and shown on Home', async () => {
    await page.getByRole('button', { name: 'Edit name' }).click();
    const field = page.getByRole('textbox', { name: 'Your name' });
    await field.fill('Sol Reyes-Cruz');
    await field.press('Enter');
    await expect.poll(() => page.getByText('Your name is saved.').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Sol Reyes-Cruz' }).count()).toBe(1);
    // the keyboard's place is back on Edit, the stored state says the new name too
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit name');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('authUserData'))) ?? '{}')).toMatchObject({ name: 'Sol Reyes-Cruz' });
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Sol Reyes-Cruz' }).count()).toBe(1);
    await page.goto('/home');
    // Home calls the customer by the first name: the new one
    await expect.poll(() => page.getByText(/\bSol\b/).count()).toBeGreaterThan(0);
    await page.goto('/profile/home');
  });

  it('logs out to /login with the toast', async () => {
    await page.getByRole('button', { name: /log out/i }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText('User logging out...').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('authUserData'))).toBeNull();
  });

  it('had no console errors on any page', () => {
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!HAS_CHROME)('the profile on a desktop', () => {
  it('lays out the profile, its notifications and the e-mail page under the navigation, and logs out', async () => {
    const { context, page, errors } = await desktopCustomer(browser, app.url, 'Dina Cruz');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Dina Cruz' }).count()).toBe(1);
    await expectDesktopPage(page);
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.waitForURL('**/profile/notification');
    await expect.poll(() => page.getByRole('heading', { name: '1 unread' }).count()).toBe(1);
    await expectDesktopPage(page);
    await page.goto('/profile/change-email');
    await page.getByLabel('New e-mail').waitFor();
    await expectDesktopPage(page);
    await page.goto('/profile/home');
    await page.getByRole('button', { name: /log out/i }).click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});
