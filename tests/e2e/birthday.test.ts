/**
 * A birthday reward issued on the day, in Chromium against `npm start`: a customer adds today as their
 * birthday in the profile (in the shop's time zone), which does not count this year (a date added within
 * 30 days before the birthday does not); the app is stopped, the date is made to have been added 40 days
 * ago and this hour's hourly run forgotten (time passing, written straight into the stopped app's
 * database), and the app started again on the same data folder and origin: the hourly job's run at start gives the shop's default treat (50 points on the
 * day), which the customer finds in their points and notifications. (Once a year, across runs and
 * instances: tests/server/birthdays.test.ts.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, removeDataDir, startApp, uniquePhone, useBrowser, watchErrors, type RunningApp } from './support/app';
import { signUp } from './support/customer';
import { restartLater } from './support/time-passes';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const browser = useBrowser();
/** The seed's shop time zone: the birthday is "today" there. */
const SHOP_ZONE = 'Asia/Manila';
const DAY = 24 * 60 * 60 * 1000;

function todayInShop(): { day: number; month: number; monthName: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_ZONE, day: 'numeric', month: 'long' }).formatToParts(new Date());
  const day = Number(parts.find((p) => p.type === 'day')?.value);
  const monthName = parts.find((p) => p.type === 'month')?.value ?? '';
  const month = Number(new Intl.DateTimeFormat('en-US', { timeZone: SHOP_ZONE, month: 'numeric' }).format(new Date()));
  return { day, month, monthName };
}

describe.skipIf(!HAS_CHROME)('a birthday reward on the day', () => {
  let app: RunningApp | undefined;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const phone = uniquePhone();

  afterAll(async () => {
    await context?.close();
    await app?.stop();
    if (app) removeDataDir(app.dataDir);
  });

  it('takes today as the birthday in the profile, which does not count this year', async () => {
    app = await startApp();
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, phone, 'Bea Cruz');

    const { day, month, monthName } = todayInShop();
    await page.goto('/profile/home');
    await page.getByRole('button', { name: 'Add birthday' }).click();
    const form = page.getByRole('form', { name: 'Your birthday' });
    await form.getByLabel('Day').selectOption(String(day));
    await form.getByLabel('Month').selectOption(String(month));
    // today, in the shop's time zone: this year's treat is skipped, and the form says so before it is saved
    await expect.poll(() => form.getByText(/^That is today\. .* gets its treat from next year on\.$/).count()).toBe(1);
    await form.getByRole('button', { name: 'Save birthday' }).click();
    await expect.poll(() => page.getByRole('heading', { name: /^Birthday:/ }).textContent()).toContain(`${day} ${monthName}`);

    // the hourly job ran at start, before the date was added: nothing given
    await page.goto('/profile/point');
    await expect.poll(() => page.getByText('Happy birthday!').count()).toBe(0);
  });

  it('gives 50 points on the day once the date was added long enough before', async () => {
    // time passes: the date was added 40 days ago, and this hour's run (the first start's) no longer
    // holds the hourly slot, so the next start's run is not throttled away; the same data folder and
    // origin, a new process: the hourly run at start finds the birthday, and the customer is still signed in
    app = await restartLater(app!, async (db) => {
      const changed = await db
        .updateTable('customers')
        .set({ birthday_changed_at: new Date(Date.now() - 40 * DAY) })
        .where('phone', '=', phone)
        .executeTakeFirst();
      expect(Number(changed.numUpdatedRows)).toBe(1);
    });
    // the open page asked while the app was down (refused connections): what counts is from now on
    errors.length = 0;
    // the run at start may end after the server answers: the page is asked again until it shows
    await expect
      .poll(
        async () => {
          await page.goto('/profile/point');
          await page.getByRole('heading', { level: 1 }).waitFor();
          return { at: new URL(page.url()).pathname, gifts: await page.getByText('Happy birthday!').count() };
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toEqual({ at: '/profile/point', gifts: 1 });
    await expect.poll(async () => (await page.getByRole('main').textContent()) ?? '').toMatch(/\b50\b/);

    await page.goto('/profile/notification');
    await expect.poll(() => page.getByText('Happy birthday, Bea! 50 points are yours').count()).toBe(1);

    expect(errors).toEqual([]);
  });
});
