/**
 * Physical gift cards (issue 49), in Chromium against `npm start`: the owner turns gift cards on and makes
 * a batch of printed card numbers on the Gift cards page, downloaded as CSV for the printer; at the
 * counter a member of staff (the owner, on the counter page) checks a printed card, sees it is not sold
 * yet, and activates it with the ₱500.00 paid at the till; a member types its number in the app and adds
 * it to their wallet as gift money. A second card is activated, part of it is spent for a walk-in, and
 * what is left goes into the same member's wallet from the counter, found by their phone number.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { normalizeGiftCardNumber } from '#contract/gift-cards';
import { walletApi } from '#contract/wallet.calls';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser, watchErrors } from './support/app';
import { apiUrl } from './support/api-url';
import { turnGiftCardsOn, useOwnerDesk } from './support/console';
import { localPhone, signUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp({ DEMO_ORDER_PROGRESS: 'false' });
const browser = useBrowser();

describe.skipIf(!HAS_CHROME)('physical gift cards', () => {
  const owner = useOwnerDesk(browser, app, 'rosa@kopisenja.example');
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  /** The counter's gift card part: a number typed and checked. */
  async function checkCard(desk: Page, number: string) {
    const next = desk.getByRole('button', { name: 'Next card' });
    if (await next.isVisible()) await next.click();
    const field = desk.getByLabel('Gift card number');
    await field.fill(number);
    await desk.getByRole('button', { name: 'Check gift card' }).click();
  }

  it('staff activates a physical card and a member adds it', async () => {
    const desk = owner.page;
    await turnGiftCardsOn(owner.context);

    // the owner makes two printed cards and downloads their numbers for the printer
    await desk.goto('/merchant/gift-cards');
    await desk.getByLabel('Name of the batch').fill('December 2026');
    await desk.getByLabel('How many cards').fill('2');
    await desk.getByRole('button', { name: 'Make card numbers' }).click();
    await desk.getByText('2 card numbers made. Download them below for the printer.').waitFor();
    const batches = desk.getByRole('list', { name: 'Batches of printed cards' });
    await expect.poll(() => batches.textContent()).toContain('2 cards');
    const href = await batches
      .getByRole('link', { name: /Download CSV/ })
      .first()
      .getAttribute('href');
    const csv = await owner.context.request.get(href!);
    expect(csv.status()).toBe(200);
    const printed = (await csv.text())
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]!.replace(/"/g, ''));
    expect(printed).toHaveLength(2);
    const [first, second] = printed.map((n) => normalizeGiftCardNumber(n)!);

    // at the counter: not sold yet, then activated with the ₱500.00 paid at the till
    await desk.goto('/merchant/counter');
    await checkCard(desk, printed[0]!);
    await desk.getByText('Not sold yet').waitFor();
    await desk.getByLabel('Amount paid (PHP)').fill('500');
    await desk.getByRole('button', { name: 'Activate card' }).click();
    await desk.getByText('Activated with ₱500.00').waitFor();
    // activating it again is refused clearly
    await checkCard(desk, printed[0]!);
    await desk.getByText('₱500.00', { exact: false }).first().waitFor();
    expect(await desk.getByLabel('Amount paid (PHP)').count()).toBe(0);

    // Ana types its number in the app and adds it to her wallet
    const context = await newContext(browser, 'phone', app.url);
    contexts.push(context);
    const phone = await context.newPage();
    const errors = watchErrors(phone);
    const anaPhone = uniquePhone();
    await signUp(phone, app.url, anaPhone, 'Ana');
    await phone.goto('/gift-cards');
    await phone.getByLabel('Gift card number').fill(first!.toLowerCase());
    await phone.getByRole('button', { name: 'Add it' }).click();
    await expect.poll(() => phone.getByText('For you, from').isVisible()).toBe(true);
    await phone.getByRole('button', { name: 'Add to my wallet' }).click();
    await expect.poll(() => phone.getByText('Added to your wallet').isVisible()).toBe(true);
    const balance = async () => (await (await phone.request.get(apiUrl(walletApi.balance))).json()).data as { balance: number; gift_balance: number };
    expect(await balance()).toMatchObject({ balance: 50_000, gift_balance: 50_000 });

    // the second card: sold for ₱1,000.00, ₱200.00 spent for a walk-in, the rest into Ana's wallet by her phone number
    await checkCard(desk, second!);
    await desk.getByLabel('Amount paid (PHP)').fill('1000');
    await desk.getByRole('button', { name: 'Activate card' }).click();
    await desk.getByText('Activated with ₱1,000.00').waitFor();
    await checkCard(desk, second!);
    await desk.getByLabel('Amount to pay with the card (PHP)').fill('200');
    await desk.getByRole('button', { name: 'Take off the card' }).click();
    await desk.getByText('₱200.00 taken off the card').waitFor();
    await checkCard(desk, second!);
    await desk.getByLabel('Member’s phone number').fill(localPhone(anaPhone));
    await desk.getByRole('button', { name: 'Add to their wallet' }).click();
    await desk.getByText('₱800.00 added to Ana’s wallet').waitFor();
    expect(await balance()).toMatchObject({ balance: 130_000, gift_balance: 130_000 });
    expect([...owner.errors, ...errors]).toEqual([]);
  });
});
