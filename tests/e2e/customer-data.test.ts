/**
 * A customer's data is theirs (issue 45), in Chromium against `npm start` on a phone: a customer with a
 * top-up and a completed order downloads their data from the profile (the file in the documented
 * format, with their order) and deletes their account (told first that the wallet balance is not paid
 * out, then signed out); time passes (the cooling-off period ended, written into the stopped app's
 * database as the other e2e files do it) and the hourly run at start erases them; their phone then signs
 * up as somebody new who sees nothing of the old account, and the shop's orders and every ledger still
 * add up.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, removeDataDir, startApp, uniquePhone, useBrowser, watchErrors, type RunningApp } from './support/app';
import { orderCappuccinos, signUp, topUp } from './support/customer';
import { setUpOwner } from './support/console';
import { inStoppedApp, restartLater } from './support/time-passes';
import { apiUrl } from './support/api-url';
import { customersApi } from '#contract/customers.calls';
import { dashboardApi } from '#contract/dashboard.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const MERCHANT_KEY = 'e2e-merchant-key-0123456789';
const browser = useBrowser();

type Figures = Record<'orders' | 'revenue' | 'topup_amount' | 'points_issued' | 'points_redeemed' | 'points_expired' | 'points_reversed', number>;

/** Today's figures of the owner's dashboard, through the gateway as the console reads them. */
async function dashboardToday(page: Page): Promise<Figures> {
  const res = await page.request.get(`${apiUrl(dashboardApi.dashboard)}?period=today`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { figures: Figures } }).data.figures;
}

const pick = (f: Figures, ...keys: Array<keyof Figures>) => Object.fromEntries(keys.map((k) => [k, f[k]]));
const money = (minor: number) => `₱${(minor / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;

describe.skipIf(!HAS_CHROME)('a customer’s data on a phone', () => {
  let app: RunningApp | undefined;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const phone = uniquePhone();
  let orderName = '';
  let shopBefore: { orders: number; total: number } = { orders: 0, total: 0 };
  // the owner at a desk, and the dashboard's figures for today before the deletion
  let desk: Page;
  let dashBefore: Figures;
  let pointsAtDeletion = 0;

  afterAll(async () => {
    await desk?.context().close();
    await context?.close();
    await app?.stop();
    if (app) removeDataDir(app.dataDir);
  });

  it('downloads everything of theirs as one file in the documented format', async () => {
    app = await startApp({ MERCHANT_API_KEY: MERCHANT_KEY });
    context = await newContext(browser, 'phone', app.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await signUp(page, app.url, phone, 'Dina Lopez');
    await topUp(page, /1,000\.00/);
    orderName = await orderCappuccinos(page, MERCHANT_KEY, 2);

    await page.goto('/profile/home');
    const section = page.getByRole('region', { name: 'Your data' });
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data).toMatchObject({ format: 'loyalty-customer-data', version: 1, profile: { name: 'Dina Lopez', phone } });
    expect(data.orders.map((o: { name: string }) => o.name)).toEqual([orderName]);
    expect(data.wallet_ledger.map((w: { type: string }) => w.type)).toEqual(['topup', 'order']);
    pointsAtDeletion = data.profile.points;

    desk = await (await newContext(browser, 'desktop', app.url)).newPage();
    await setUpOwner(desk, app.output);
    dashBefore = await dashboardToday(desk);
    expect(dashBefore.orders).toBeGreaterThanOrEqual(1);
  });

  it('deletes the account after saying the wallet balance is not paid out, and signs out', async () => {
    await page.goto('/profile/home');
    await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(async () => (await dialog.textContent()) ?? '').toMatch(/14 days/);
    // ₱1,000.00 topped up, two ₱145.00 Cappuccinos paid
    expect(await dialog.textContent()).toContain('₱710.00');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/Type DELETE/).fill('DELETE');
    await confirm.click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText(/Your account will be deleted on/).count()).toBe(1);
    // nothing of theirs answers any more
    expect((await page.request.get(apiUrl(customersApi.profile))).status()).toBe(401);
  });

  it('erases them after the cooling-off period: their phone signs up as somebody new, and every ledger adds up', async () => {
    app = await restartLater(app!, async (db) => {
      const { rows } = await sql<{ orders: number; total: number }>`select count(*)::int as orders, coalesce(sum(total), 0)::int as total from orders`.execute(
        db,
      );
      shopBefore = rows[0]!;
      const moved = await db
        .updateTable('customers')
        .set({ erase_after: new Date(Date.now() - 60_000) })
        .where('phone', '=', phone)
        .executeTakeFirst();
      expect(Number(moved.numUpdatedRows)).toBe(1);
    });
    // the hourly run at start erases them (the log says how many); signing in before would keep them
    await expect.poll(() => app!.output().includes('accounts erased after their cooling-off period'), { timeout: 60_000, interval: 500 }).toBe(true);

    errors.length = 0;
    await context.clearCookies();
    await signUp(page, app.url, phone, 'Dina New');
    await page.goto('/profile/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Dina New' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Balances' }).textContent()).toContain('₱0.00');
    await page.goto('/order/home');
    await expect.poll(async () => (await page.getByRole('main').textContent()) ?? '').not.toContain('Loading');
    expect(await page.getByText(orderName).count()).toBe(0);
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);

    await app.stop();
    const after = await inStoppedApp(app, async (db) => {
      const shop = (await sql<{ orders: number; total: number }>`select count(*)::int as orders, coalesce(sum(total), 0)::int as total from orders`.execute(db))
        .rows[0]!;
      // the old account and the new one (the demo's seeded customers have balances without ledgers)
      const unequal = (
        await sql<{ n: number }>`
          select count(*)::int as n from customers c
          where (c.erased_at is not null or c.phone = ${phone})
            and (c.wallet_balance <> coalesce((select sum(amount) from wallet_ledger l where l.customer_id = c.id), 0)
              or c.points <> coalesce((select sum(points) from points_ledger l where l.customer_id = c.id), 0))`.execute(db)
      ).rows[0]!.n;
      const old = await db.selectFrom('customers').select(['name', 'phone', 'wallet_balance']).where('erased_at', 'is not', null).execute();
      return { shop, unequal, old };
    });
    expect(after.shop).toEqual(shopBefore);
    expect(after.unequal).toBe(0);
    expect(after.old).toEqual([{ name: 'Deleted customer', phone: null, wallet_balance: 0 }]);
  });

  it("leaves the owner's dashboard adding up: the same sales, and the points held less exactly what the account had", async () => {
    app = await startApp({ MERCHANT_API_KEY: MERCHANT_KEY, PORT: new URL(app!.url).port }, app!.dataDir);
    const now = await dashboardToday(desk);
    expect(pick(now, 'orders', 'revenue', 'topup_amount', 'points_issued', 'points_redeemed')).toEqual(
      pick(dashBefore, 'orders', 'revenue', 'topup_amount', 'points_issued', 'points_redeemed'),
    );
    // the account's points ended with an entry of their own ("Account deleted"): taken back, no more
    expect(pointsAtDeletion).toBeGreaterThan(0);
    expect(now.points_reversed - dashBefore.points_reversed).toBe(pointsAtDeletion);
    expect(now.points_expired).toBe(dashBefore.points_expired);
    // and the screen shows the same revenue
    await desk.goto('/merchant/dashboard');
    const sales = desk.getByRole('region', { name: 'Orders', exact: true });
    await expect.poll(async () => (await sales.textContent()) ?? '').toContain(`Revenue${money(now.revenue)}`);
  });
});
