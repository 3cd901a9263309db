/**
 * Gift cards (issue 49), in Chromium against `npm start`: the owner turns gift cards on; a customer tops up
 * and sends a ₱500.00 eGift to a phone number nobody has signed up with; the recipient opens the link from
 * the text message, signs up, lands on the gift, adds it to their wallet and sees it there as gift money,
 * then orders with it; the buyer sees it claimed, and pays a second one on the payment page, which is sent
 * once paid.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { walletApi } from '#contract/wallet.calls';
import { HAS_CHROME, codeFor, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { apiUrl } from './support/api-url';
import { turnGiftCardsOn, useOwnerDesk } from './support/console';
import { localPhone, orderCappuccinos, SANDBOX_PAGE, signUp, topUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const MERCHANT_KEY = 'e2e-merchant-key-0123456789';
const app = useApp({ DEMO_ORDER_PROGRESS: 'false', MERCHANT_API_KEY: MERCHANT_KEY });
const browser = useBrowser();

/** The text message sent to `phone` with a gift card's link, from the development outbox. */
async function giftLink(phone: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const r = await fetch(`${app.url}/__dev/outbox?phone=${encodeURIComponent(phone)}`);
    const j = (await r.json()) as { items: { body: string }[] };
    const link = j.items.map((m) => /https?:\/\/\S+\/gift\/[0-9A-Z]+/.exec(m.body)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`no gift card link in the outbox for ${phone}`);
}

describe.skipIf(!HAS_CHROME)('an eGift from one customer to a new one', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  const phonePage = async (): Promise<{ page: Page; errors: string[] }> => {
    const context = await newContext(browser, 'phone', app.url);
    contexts.push(context);
    const page = await context.newPage();
    return { page, errors: watchErrors(page) };
  };

  it('is sent, opened by its link, claimed after signing up, spent, and shows as claimed to its buyer', async () => {
    await turnGiftCardsOn(owner.context);

    // Ana tops up and sends Ben ₱500.00 by text message, now
    const ana = await phonePage();
    await signUp(ana.page, app.url, uniquePhone(), 'Ana');
    await topUp(ana.page, /1,000\.00/);
    await ana.page.goto('/gift-cards');
    await ana.page.getByRole('radio', { name: '₱500.00' }).check();
    await ana.page.getByLabel('Their name').fill('Ben');
    const ben = uniquePhone();
    await ana.page.getByLabel('Their phone number').fill(localPhone(ben));
    await ana.page.getByRole('button', { name: 'Pay ₱500.00 from my wallet' }).click();
    await ana.page.getByText('Your gift is on its way').waitFor();
    await expect.poll(() => ana.page.getByText('Delivered').isVisible()).toBe(true);

    // Ben opens the link, is asked to sign up, and lands on his gift once signed up
    const link = new URL(await giftLink(ben));
    const recipient = await phonePage();
    const page = recipient.page;
    await page.goto(link.pathname);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/register');
    await page.getByLabel(/phone number/i).fill(localPhone(ben));
    await page.getByRole('button', { name: /send code/i }).click();
    await page.waitForURL('**/register-otp');
    await page.getByRole('textbox', { name: /digit 1 of 6/i }).click();
    await page.keyboard.type(await codeFor(app.url, ben));
    await page.waitForURL('**/register-name');
    await page.getByLabel(/name/i).first().fill('Ben');
    await page.getByRole('button', { name: /create|continue|finish|done/i }).click();
    await page.waitForURL((u) => u.pathname === link.pathname);
    await expect.poll(() => page.getByText('For Ben, from Ana').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add to my wallet' }).click();
    await expect.poll(() => page.getByText('Added to your wallet').isVisible()).toBe(true);

    // in his wallet as gift money, and spent first on an order
    const balance = async () => (await (await page.request.get(apiUrl(walletApi.balance))).json()).data as { balance: number; gift_balance: number };
    expect(await balance()).toMatchObject({ balance: 50_000, gift_balance: 50_000 });
    await page.getByRole('button', { name: 'See my wallet' }).click();
    await page.waitForURL('**/profile/wallet');
    await expect.poll(() => page.getByText('Gift card', { exact: true }).first().isVisible()).toBe(true);
    await orderCappuccinos(page, MERCHANT_KEY, 2);
    expect(await balance()).toEqual({ balance: 50_000 - 29_000, gift_balance: 50_000 - 29_000, currency: 'PHP' });

    // Ana sees it claimed
    await ana.page.reload();
    await expect.poll(() => ana.page.getByText('Claimed', { exact: true }).isVisible()).toBe(true);

    // and pays a second one online, on the payment page: back on her gifts it is paid, and Carla gets its link
    await ana.page.getByRole('radio', { name: '₱1,000.00' }).check();
    await ana.page.getByLabel('Their name').fill('Carla');
    const carla = uniquePhone();
    await ana.page.getByLabel('Their phone number').fill(localPhone(carla));
    await ana.page.getByRole('radio', { name: 'Online payment' }).check();
    await ana.page.getByRole('button', { name: 'Pay ₱1,000.00 online' }).click();
    await ana.page.waitForURL(SANDBOX_PAGE);
    await ana.page.getByRole('button', { name: 'Pay', exact: true }).click();
    await ana.page.waitForURL('**/gift-cards');
    expect(new URL(await giftLink(carla)).pathname).toMatch(/^\/gift\//);
    await ana.page.reload();
    const toCarla = ana.page.getByRole('listitem').filter({ hasText: 'Carla' });
    await expect.poll(() => toCarla.innerText(), { timeout: 15_000 }).toContain('Delivered');
    expect([...ana.errors, ...recipient.errors]).toEqual([]);
  });
});
