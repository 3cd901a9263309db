/**
 * The merchant console (issue 12, part one), in Chromium against `npm start`: the owner opens the set-up
 * link `npm start` prints in development, sets a password and is signed in; signs out and in again;
 * invites a member of staff, who joins through the link in a browser of their own and sees only what
 * their role allows (the brand and staff pages are hidden, say they are the owner's, and the API answers
 * 403); the owner
 * reads the activity log and removes them, which signs them out at once. On a desktop and on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, launchBrowser, newContext, removeDataDir, startApp, watchErrors, type RunningApp, type ViewportName } from './support/app';
import { consoleNav } from './support/console';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  if (!HAS_CHROME) return;
  // the set-up link is an info line of the development start
  app = await startApp({ LOG_LEVEL: 'info' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
});

const PASSWORD = 'correct horse battery staple';
/** the shop's owner: set up on the desktop run, signed in again on the phone run */
const OWNER_EMAIL = 'owner@kopisenja.example';

async function fillAccount(page: Page, name: string, email: string) {
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password again').fill(PASSWORD);
}

describe.skipIf(!HAS_CHROME).each<ViewportName>(['desktop', 'phone'])('the merchant console on a %s', (viewport) => {
  let owner: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    owner = await newContext(browser, viewport, app.url);
    page = await owner.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await owner?.close();
  });

  it('the owner opens the set-up link, sets a password, signs out and signs in again', async () => {
    if (viewport === 'desktop') {
      const link = /(\/merchant\/setup#[A-Za-z0-9_-]{20,})/.exec(app.output())?.[1];
      expect(link, app.output()).toBeTruthy();
      await page.goto(link!);
      await expect.poll(() => page.title()).toBe('Merchant console');
      await fillAccount(page, 'Rosa Dela Cruz', OWNER_EMAIL);
      await page.getByRole('button', { name: 'Create owner account' }).click();
      await page.getByText('Welcome, Rosa Dela Cruz.').waitFor();
      // the link works once
      const again = await owner.newPage();
      await again.goto(link!);
      await fillAccount(again, 'Someone Else', 'else@kopisenja.example');
      await again.getByRole('button', { name: 'Create owner account' }).click();
      await again.getByRole('alert').waitFor();
      expect(await again.getByRole('alert').textContent()).toMatch(/link/i);
      await again.close();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    } else {
      // the owner the desktop run set up, on their phone
      await page.goto('/merchant');
    }
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
  });

  it('invites a member of staff, who joins and sees only what their role allows', async () => {
    await (await consoleNav(page)).getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL('**/merchant/staff');
    await page.getByRole('listitem').filter({ hasText: OWNER_EMAIL }).waitFor();
    const staffEmail = `ben-${viewport}@kopisenja.example`;
    await page.getByLabel(/Their e-mail/).fill(staffEmail);
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    const link = (await page.getByText(/\/merchant\/invite#/).textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${app.url}/merchant/invite#[A-Za-z0-9_-]{20,}$`));

    const staff = await newContext(browser, viewport, app.url);
    const staffPage = await staff.newPage();
    const staffErrors = watchErrors(staffPage);
    await staffPage.goto(link);
    await staffPage.getByRole('heading', { name: 'Join the team' }).waitFor();
    await fillAccount(staffPage, 'Ben Santos', staffEmail);
    await staffPage.getByRole('button', { name: 'Create my account' }).click();
    await staffPage.getByText('Welcome, Ben Santos.').waitFor();
    const nav = await consoleNav(staffPage);
    // the owner's pages (dashboard, menu, rewards, wheel, brand, staff, activity) are not offered; orders, the counter and customers are
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Overview', 'Orders', 'Counter', 'Customers']);
    await staffPage.goto('/merchant/staff');
    await staffPage.getByText("This page is for the shop's owner").waitFor();
    await staffPage.goto('/merchant/theme');
    await staffPage.getByText("This page is for the shop's owner").waitFor();
    // and the provider refuses the calls themselves
    const statuses = await staffPage.evaluate(async () => Promise.all(['/api/merchant/staff', '/api/merchant/theme/draft', '/api/merchant/audit'].map(async (u) => (await fetch(u)).status)));
    expect(statuses).toEqual([403, 403, 403]);

    // the owner sees them join in the activity log, then removes them: they are signed out at once
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: staffEmail }).waitFor();
    await (await consoleNav(page)).getByRole('link', { name: 'Activity' }).click();
    await page.getByText('Joined the team').first().waitFor();
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
