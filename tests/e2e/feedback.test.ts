/**
 * Feedback on an order (issue 51), in Chromium against `npm start`: a customer's order is completed; on its
 * page they rate it 2 of 5 by keyboard with a reason and a comment; the owner finds it on the console's
 * Feedback page, low and unanswered, and answers; the customer reads the answer on the order's page (the
 * notification it also sends is the provider's test, tests/server/feedback.test.ts).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { consoleNav, useOwnerDesk } from './support/console';
import { orderCappuccinos, signUp, topUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const MERCHANT_KEY = 'e2e-feedback-merchant-key-0123456789';
const app = useApp({ DEMO_ORDER_PROGRESS: 'false', MERCHANT_API_KEY: MERCHANT_KEY });
const browser = useBrowser();
const ANSWER = 'Sorry it was cold! Your next one is on us.';

describe.skipIf(!HAS_CHROME)('feedback from the order page to the owner and back', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let order = '';

  beforeAll(async () => {
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, uniquePhone(), 'Lea Santos');
    // a new customer's wallet is empty: topped up on the sandbox's page, then the order is paid from it
    await topUp(page, /1,000\.00/);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('a completed order asks "How was your order?", and a rating with a reason and a comment is sent by keyboard', async () => {
    order = await orderCappuccinos(page, MERCHANT_KEY, 2);
    await page.goto(`/order/${order}`);
    await expect.poll(() => page.getByRole('heading', { name: 'How was your order?' }).count()).toBe(1);
    await page.getByRole('radio', { name: '1 Poor' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '2 Not great' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Temperature' }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Temperature' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Anything else? (optional)' }).fill('The cappuccino was cold.');
    await page.getByRole('button', { name: 'Send feedback' }).press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'Thanks for your feedback' }).count()).toBe(1);
    await expect.poll(() => page.getByText('You rated this order 2 of 5: Not great.').count()).toBe(1);
  });

  it('the owner sees it on the Feedback page, low and unanswered, and answers', async () => {
    const desk = owner.page;
    await (await consoleNav(desk)).getByRole('link', { name: 'Feedback' }).click();
    const item = desk.getByRole('listitem', { name: `2 of 5 for order ${order}` });
    await expect.poll(() => item.count()).toBe(1);
    await expect.poll(() => item.getByText('The cappuccino was cold.').count()).toBe(1);
    await item.getByRole('button', { name: `Answer to Lea Santos about order ${order}` }).click();
    const dialog = desk.getByRole('dialog', { name: 'Answer Lea Santos' });
    await dialog.getByLabel('Your answer').fill(ANSWER);
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => item.getByText(ANSWER).count()).toBe(1);
  });

  it("the customer reads the shop's answer on the order's page", async () => {
    await page.reload();
    await expect.poll(() => page.getByText('Kopi Senja replied').count()).toBe(1);
    expect(await page.getByText(ANSWER).count()).toBe(1);
    // one feedback per order: no way to rate it again
    expect(await page.getByRole('button', { name: 'Send feedback' }).count()).toBe(0);
  });

  it('had no console errors on either page', () => {
    expect(errors).toEqual([]);
    expect(owner.errors).toEqual([]);
  });
});
