/**
 * The merchant console (issue 12, part one), in Chromium against `npm start`: the owner opens the set-up
 * link `npm start` prints in development, sets a password and is signed in; signs out and in again;
 * invites a member of staff, who joins through the link in a browser of their own and sees only what
 * their role allows (the brand and staff pages are hidden, say they are the owner's, and the API answers
 * 403); the owner
 * reads the activity log and removes them, which signs them out at once; at a desk, where the console
 * is mostly used. On a phone, once: the owner signs in and reaches the staff page through the menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, watchErrors, useApp, useBrowser } from './support/app';
import { expectNoSidewaysScroll } from './support/desktop';
import { consoleNav } from './support/console';
import { apiUrl } from './support/api-url';
import { staffApi } from '#contract/staff.calls';
import { themeApi } from '#contract/theme.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

// the set-up link is an info line of the development start
const app = useApp({ LOG_LEVEL: 'info' });
const browser = useBrowser();

const PASSWORD = 'correct horse battery staple';
/** the shop's owner: set up at the desk, signed in again on the phone */
const OWNER_EMAIL = 'owner@kopisenja.example';

async function fillAccount(page: Page, name: string, email: string | null) {
  await page.getByLabel('Your name').fill(name);
  // an invitation pinned to an address shows it, fixed
  if (email) await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password again').fill(PASSWORD);
}

/**
 * On the sign-in page: a wrong password refused, then the owner's: signed in with the console's own
 * cookie, HttpOnly and SameSite=Strict, never readable by script.
 */
async function signInAsOwner(page: Page, owner: BrowserContext) {
  await page.waitForURL('**/merchant/sign-in');
  // the cookie is the console's own, HttpOnly and SameSite=Strict, never readable by script
  expect(await page.evaluate(() => document.cookie)).toBe('');
  await page.getByLabel('E-mail').fill(OWNER_EMAIL);
  await page.getByLabel('Password').fill('wrong password 123');
  await page.keyboard.press('Enter');
  await page.getByRole('alert').waitFor();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/merchant\/?$/);
  await page.getByText(/Welcome, Rosa Dela Cruz/).waitFor();
  const cookies = await owner.cookies();
  const staffCookie = cookies.find((c) => c.name === 'staff');
  expect(staffCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(cookies.find((c) => c.name === 'sid')).toBeUndefined();
}

describe.skipIf(!HAS_CHROME)('the merchant console at a desk', () => {
  let owner: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    owner = await newContext(browser, 'desktop', app.url);
    page = await owner.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await owner?.close();
  });

  it('the owner opens the set-up link, sets a password, signs out and signs in again', async () => {
    // signed out, before there is an owner: the sign-in page says how to get the set-up link, and the browser logs no failed call
    const visitor = await newContext(browser, 'desktop', app.url);
    const visitorPage = await visitor.newPage();
    const visitorErrors = watchErrors(visitorPage);
    await visitorPage.goto('/merchant');
    await visitorPage.waitForURL('**/merchant/sign-in');
    await visitorPage.getByText('This shop has no owner yet').waitFor();
    expect(visitorErrors).toEqual([]);
    await visitor.close();

    // printed once the server's job tables are made, which on a busy host may be a moment after it first answered
    const setupLink = () => /(\/merchant\/setup#[A-Za-z0-9_-]{20,})/.exec(app.output())?.[1];
    await expect.poll(setupLink, { timeout: 60_000, interval: 250 }).toBeTruthy();
    const link = setupLink();
    // the page opened without the code, then the whole link pasted into the same tab: read without a reload
    await page.goto('/merchant/setup');
    await page.getByText('This link is incomplete').waitFor();
    await page.goto(link!);
    await expect.poll(() => page.title()).toBe('Merchant console');
    await page.getByRole('heading', { name: 'Set up your shop' }).waitFor();
    // the code is taken out of the address bar once read
    expect(new URL(page.url()).hash).toBe('');
    await fillAccount(page, 'Rosa Dela Cruz', OWNER_EMAIL);
    // the tests after this one use the demo's menu and rewards
    await page.getByRole('radio', { name: /The demo shop/ }).check();
    await page.getByRole('button', { name: 'Create owner account' }).click();
    await page.getByText('Welcome, Rosa Dela Cruz.').waitFor();
    // the link works once
    const again = await owner.newPage();
    await again.goto(link!);
    await again.getByText('This link no longer works').waitFor();
    await again.close();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInAsOwner(page, owner);
  });

  it('invites a member of staff, who joins and sees only what their role allows', async () => {
    await (await consoleNav(page)).getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL('**/merchant/staff');
    await page.getByRole('listitem').filter({ hasText: OWNER_EMAIL }).waitFor();
    const staffEmail = 'ben@kopisenja.example';
    await page.getByLabel(/Their e-mail/).fill(staffEmail);
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    const link = (await page.getByText(/\/merchant\/invite#/).textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${app.url}/merchant/invite#[A-Za-z0-9_-]{20,}$`));
    // in development the invitation reaches the invited address through the outbox, with the same link
    await page.getByText('Invitation sent').waitFor();
    const outbox = (await (await fetch(`${app.url}/__dev/outbox?email=${encodeURIComponent(staffEmail)}`)).json()) as { items: Array<{ body: string }> };
    expect(outbox.items[0]!.body).toContain(link);
    // the pending invitation is listed with who made it
    await page.getByRole('listitem').filter({ hasText: staffEmail }).filter({ hasText: 'Made by Rosa Dela Cruz' }).waitFor();

    const staff = await newContext(browser, 'desktop', app.url);
    const staffPage = await staff.newPage();
    const staffErrors = watchErrors(staffPage);
    await staffPage.goto(link);
    // the invitation page shows the shop, the role, who sent it, and the address it is for
    await staffPage.getByRole('heading', { name: 'Join Kopi Senja' }).waitFor();
    await staffPage.getByText(/Rosa Dela Cruz invited you to Kopi Senja as staff/).waitFor();
    expect(await staffPage.getByLabel('E-mail').inputValue()).toBe(staffEmail);
    await fillAccount(staffPage, 'Ben Santos', null);
    await staffPage.getByRole('button', { name: 'Create my account' }).click();
    await staffPage.getByText('Welcome, Ben Santos.').waitFor();
    const nav = await consoleNav(staffPage);
    // the owner's pages (dashboard, menu, rewards, wheel, brand, staff, activity) are not offered; orders, the counter, customers,
    // the earning rules, campaigns and offers (to read) and customers' feedback (to answer) are
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Orders',
      'Counter',
      'Customers',
      'Loyalty',
      'Campaigns',
      'Offers',
      'Feedback',
      'Stations',
    ]);
    await staffPage.goto('/merchant/staff');
    await staffPage.getByText("This page is for the shop's owner").waitFor();
    await staffPage.goto('/merchant/theme');
    await staffPage.getByText("This page is for the shop's owner").waitFor();
    // and the provider refuses the calls themselves
    const statuses = await staffPage.evaluate(
      async (urls) => Promise.all(urls.map(async (u) => (await fetch(u)).status)),
      [apiUrl(staffApi.team), apiUrl(themeApi.draft), apiUrl(staffApi.audit)],
    );
    expect(statuses).toEqual([403, 403, 403]);

    // the owner sees them join in the activity log, then removes them: they are signed out at once
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: staffEmail }).waitFor();
    await (await consoleNav(page)).getByRole('link', { name: 'Activity' }).click();
    await page.getByText('Ben Santos joined the team as staff.').first().waitFor();
    await (await consoleNav(page)).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('button', { name: 'Remove Ben Santos' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: staffEmail }).count()).toBe(0);
    await staffPage.goto('/merchant');
    await staffPage.waitForURL('**/merchant/sign-in');
    expect(staffErrors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
    await staff.close();
    expect(errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
  });
});

describe.skipIf(!HAS_CHROME)('the merchant console on a phone', () => {
  it('the owner set up at the desk signs in on their phone and reaches the staff page through the menu', async () => {
    const owner = await newContext(browser, 'phone', app.url);
    const page = await owner.newPage();
    const errors = watchErrors(page);
    await page.goto('/merchant');
    await signInAsOwner(page, owner);
    await (await consoleNav(page)).getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL('**/merchant/staff');
    await page.getByRole('listitem').filter({ hasText: OWNER_EMAIL }).waitFor();
    await expectNoSidewaysScroll(page);
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await owner.close();
  });
});
