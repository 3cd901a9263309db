/**
 * A guest at a table, in Chromium against `npm start`: the owner adds table 12 and switches on orders
 * from the table and paying at the counter (through the API; dine-in.test.ts walks those pages); a phone
 * opens the table's /t/ link signed out, orders as the guest "Ana" without an account (no wallet,
 * voucher or points line at the checkout) and pays at the counter; staff complete it and mark it paid
 * (through the API); the guest's order page offers "Join and claim N points"; tapping it leads to sign
 * up with a phone, after which the app claims the order once: "N points added", the order in the
 * member's history and the points on their points page.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { boardApi } from '#contract/board.calls';
import { apiUrl } from './support/api-url';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { addTableByApi, useOwnerDesk } from './support/console';
import { addLatteAtTable, setOrderStatus, signUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('ordering at a table as a guest, then joining to claim the points', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  const contexts: BrowserContext[] = [];
  let tableLink = '';
  let order = '';
  let phone: Page;
  let phoneErrors: string[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('the owner adds table 12 and takes orders from the table, paid at the counter too', async () => {
    tableLink = await addTableByApi(owner.page, '12', { pay_at_counter: true });
    expect(tableLink).toMatch(/^\/t\//);
  });

  it('a phone opens the table signed out, orders a latte as the guest "Ana" and chooses to pay at the counter', async () => {
    const context = await newContext(browser, 'phone', app.url);
    contexts.push(context);
    phone = await context.newPage();
    phoneErrors = watchErrors(phone);
    await phone.goto(tableLink);
    await phone.getByRole('button', { name: 'Sign in with your phone' }).waitFor();
    // an empty name is said plainly, nothing is asked
    await phone.getByRole('button', { name: 'Order as a guest' }).click();
    await expect.poll(() => phone.getByText('Enter your first name.').isVisible()).toBe(true);
    await phone.getByRole('textbox', { name: 'Your first name' }).fill('Ana');
    await phone.getByRole('button', { name: 'Order as a guest' }).click();
    await addLatteAtTable(phone, 'Table 12');
    // no member sections: joining in their place
    await expect.poll(() => phone.getByRole('link', { name: 'Join to collect points' }).isVisible()).toBe(true);
    expect(await phone.getByRole('link', { name: 'Rewards' }).count()).toBe(0);
    await phone.getByRole('button', { name: 'Checkout', exact: true }).click();
    await phone.waitForURL('**/order-confirmation');
    await expect.poll(() => phone.getByText("Guests don't earn points — join after you order to claim them.").isVisible()).toBe(true);
    expect(await phone.getByRole('radio', { name: /Wallet/ }).count()).toBe(0);
    expect(await phone.getByRole('heading', { name: 'Voucher' }).count()).toBe(0);
    const counter = phone.getByRole('radio', { name: /Pay at the counter/ });
    await expect.poll(() => counter.isVisible()).toBe(true);
    await counter.check();
    await phone.getByRole('button', { name: /^Place order/ }).click();
    await phone.waitForURL('**/order/**');
    order = decodeURIComponent(new URL(phone.url()).pathname.split('/').pop()!);
    await expect.poll(() => phone.getByText(/Pay at the counter: ₱/).isVisible()).toBe(true);
    expect(phoneErrors).toEqual([]);
  });

  it('staff serve it and mark it paid; the open order page offers to join and claim its points', async () => {
    for (const status of ['ready', 'completed']) await setOrderStatus(app.url, app.dataDir, order, status);
    const paid = await owner.page.request.post(apiUrl(boardApi.markPaid), { data: { name: order, how: 'cash' } });
    expect(paid.status(), await paid.text()).toBe(200);
    const join = phone.getByRole('button', { name: /^Join and claim \d+ points by/ });
    await expect.poll(() => join.isVisible(), { timeout: 15_000 }).toBe(true);
    const points = Number(/claim (\d+) points/.exec((await join.textContent()) ?? '')![1]);
    expect(points).toBeGreaterThan(0);

    // joining: sign up with a phone; the app claims the order once signed in
    await join.click();
    await phone.waitForURL('**/login');
    await signUp(phone, app.url, uniquePhone(), 'Ana Reyes');
    await expect.poll(() => phone.getByText(`${points} points added`).isVisible(), { timeout: 15_000 }).toBe(true);
    await phone.waitForURL('**/order/home');
    await expect.poll(() => phone.getByText(order).first().isVisible()).toBe(true);
    await phone.goto('/profile/point');
    await expect
      .poll(
        () =>
          phone
            .getByText(new RegExp(`${points} points`))
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(phoneErrors).toEqual([]);
    expect(owner.errors).toEqual([]);
  });
});
