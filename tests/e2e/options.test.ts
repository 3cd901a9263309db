/**
 * Product options (issue #27) as a customer orders them and the counter makes them, in Chromium
 * against `npm start`: on a phone, a Large oat Spanish latte from the demo menu (Size: Regular, Large
 * +₱20.00; Milk: Whole default, Oat +₱25.00), chosen in the option sheet with the keyboard, priced
 * with its options at checkout, paid through the sandbox; the order shows its options, and so do the
 * owner's orders board and the order's ticket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, watchErrors, useApp, useBrowser } from './support/app';
import { setUpOwner } from './support/console';
import { signUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

// Orders move only when the test moves them.
const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('product options', () => {
  let customer: BrowserContext;
  let page: Page;
  let errors: string[];
  let name = '';

  beforeAll(async () => {
    customer = await newContext(browser, 'phone', app.url);
    page = await customer.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, uniquePhone(), 'Lea Santos');
  });

  afterAll(async () => {
    await customer?.close();
  });

  it('orders a Large oat latte on a phone: chosen in the sheet, priced with its options, paid', async () => {
    await page.goto('/shop');
    const add = page.getByRole('button', { name: 'Add Spanish latte' });
    await add.click();
    const sheet = page.getByRole('dialog', { name: 'Spanish latte' });
    // the defaults are chosen; the price follows the choices
    const regular = sheet.getByRole('radio', { name: /^Regular/ });
    await expect.poll(() => regular.isChecked()).toBe(true);
    const button = sheet.getByRole('button', { name: /^Add to order/ });
    await expect.poll(() => button.textContent()).toContain('165.00');
    // with the keyboard: the sizes' chosen radio, an arrow to Large; the milks', an arrow to Oat
    await regular.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => sheet.getByRole('radio', { name: /^Large/ }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => sheet.getByRole('radio', { name: /^Oat/ }).isChecked()).toBe(true);
    await expect.poll(() => button.textContent()).toContain('210.00');
    await button.focus();
    await page.keyboard.press('Enter');
    await sheet.waitFor({ state: 'detached' });
    // the sheet closed on its Add button
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: /View cart · 1 item/ }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect.poll(() => cart.textContent()).toMatch(/Large · Oat/);
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL('**/delivery');
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/order-confirmation');
    await expect.poll(() => page.getByRole('region', { name: /^Your order/ }).textContent()).toMatch(/Large · Oat.*210\.00 each/);
    await page.getByRole('radio', { name: /Online payment/ }).check();
    const place = page.getByRole('button', { name: /^Place order/ });
    // the provider's quote prices the options: ₱165.00 + ₱20.00 + ₱25.00
    await expect.poll(() => place.textContent()).toContain('210.00');
    await place.click();
    await page.waitForURL('**/api/payment/sandbox/**');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/payment-success?order=**');
    name = new URL(page.url()).searchParams.get('order')!;

    await page.goto(`/order/${name}`);
    const items = page.getByRole('region', { name: 'Items', exact: true });
    await expect.poll(() => items.textContent()).toMatch(/1 × Spanish latte\s*Large · Oat/);
    await expect.poll(() => items.textContent()).toContain('210.00');
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the options on the orders board and the ticket', async () => {
    const desk = await newContext(browser, 'desktop', app.url);
    try {
      const staff = await desk.newPage();
      await setUpOwner(staff, app.output());
      await staff.goto('/merchant/orders');
      const items = staff.getByRole('list', { name: `Items of order ${name}` });
      await expect.poll(() => items.textContent(), { timeout: 10_000 }).toMatch(/Spanish latte\s*Large · Oat/);
      await staff.getByRole('link', { name: `Ticket for order ${name}` }).click();
      const ticket = staff.getByRole('article', { name: `Ticket for order ${name}` });
      await expect.poll(() => ticket.textContent()).toMatch(/1 × Spanish latte\s*Large · Oat/);
    } finally {
      await desk.close();
    }
  }, 60_000);
});
