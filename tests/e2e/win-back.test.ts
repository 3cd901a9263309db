/**
 * A win-back campaign run, in Chromium against `npm start`: the owner turns win-back on (no order for 30
 * days). Four customers sign up on phones: Ana and Cy order, then Cy turns "Offers and reminders" off in
 * her profile; Ben orders; Dee never orders. Time passes, written straight into the stopped app's
 * database as the birthday e2e does: Ana's and Cy's orders moved 40 days back, and this hour's hourly
 * slot freed before each start (pg-boss runs the hourly jobs once at start, one run per hour slot).
 *
 * - At night in the shop's time zone, the run at start sends nothing: Ana's inbox has no message.
 * - By day, it reaches Ana alone: her inbox shows "We miss you, Ana" (Ben ordered lately, Cy said no,
 *   Dee never ordered: none of them has it).
 * - The next run finds her already told for this lapse: still one message.
 *
 * The shop's zone is chosen so that the real clock is at night, then by day, there (an `Etc/GMT` zone, a
 * fixed offset): the run reads the zone from the shop's rules and the hour from the clock, as in
 * production. Once across runs and instances, and concurrent runs: tests/server/campaigns.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { HAS_CHROME, newContext, removeDataDir, startApp, uniquePhone, useBrowser, watchErrors, type RunningApp } from './support/app';
import { setUpOwner } from './support/console';
import { signUp, topUp } from './support/customer';
import { inStoppedApp, restartLater, type AppDatabase } from './support/time-passes';
import { apiUrl } from './support/api-url';
import { campaignsApi, campaignsConsoleApi } from '#contract/campaigns.calls';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const browser = useBrowser();
const TITLE = 'We miss you, {name}';
/** The app's log at `info`: the hourly run's line says what the campaigns did (server/provider/jobs.ts). */
const ENV = { LOG_LEVEL: 'info' };

/**
 * An `Etc/GMT` zone where the clock now reads `hour` (±1 h of the hour): Etc/GMT-8 is UTC+8. The
 * offsets run from -12 to +14, so every hour of the day is somewhere.
 */
function zoneAtHour(hour: number): string {
  const offset = ((hour - new Date().getUTCHours() + 36) % 24) - 12;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

interface Customer {
  name: string;
  phone: string;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

interface CampaignRun {
  skipped: string | null;
  sent: Record<string, number>;
}

/** The campaigns part of the first hourly run's log line of this process. */
async function hourlyRun(app: RunningApp): Promise<CampaignRun> {
  let found: CampaignRun | undefined;
  await expect
    .poll(
      () => {
        for (const line of app.output().split('\n')) {
          if (!line.includes('"hourly jobs done"')) continue;
          found = (JSON.parse(line) as { campaigns: CampaignRun }).campaigns;
          return true;
        }
        return false;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return found!;
}

/** How many of the win-back messages a customer's inbox shows, read in Chromium. */
async function winBackMessages(c: Customer): Promise<number> {
  await c.page.goto('/profile/notification');
  await c.page.getByRole('heading', { level: 1 }).waitFor();
  // the inbox has loaded: its list, or the empty state of a customer with no notification yet
  await expect
    .poll(async () => (await c.page.getByRole('main').getByRole('listitem').count()) + (await c.page.getByText('No notifications yet').count()))
    .toBeGreaterThan(0);
  return c.page.getByText(`We miss you, ${c.name.split(' ')[0]}`).count();
}

describe.skipIf(!HAS_CHROME)('a win-back campaign run', () => {
  let app: RunningApp | undefined;
  const customers: Record<'ana' | 'ben' | 'cy' | 'dee', Customer> = {} as never;

  afterAll(async () => {
    for (const c of Object.values(customers)) await c.context.close();
    await app?.stop();
    if (app) removeDataDir(app.dataDir);
  });

  /** Time passes (support/time-passes.ts): the app restarted after `change`, its log at `info`. */
  async function restart(change?: (db: AppDatabase) => Promise<void>): Promise<void> {
    app = await restartLater(app!, change, ENV);
    // the open pages asked while the app was down: what counts is from now on
    for (const c of Object.values(customers)) c.errors.length = 0;
  }

  /** The shop's time zone in its rules (the run reads it at each run). */
  const setZone = (zone: string) => async (db: AppDatabase) => {
    await sql`update merchants set rules = coalesce(rules, '{}'::jsonb) || jsonb_build_object('timezone', ${zone}::text)`.execute(db);
  };

  it('the owner turns win-back on; four customers, three orders, one says no to offers', { timeout: 180_000 }, async () => {
    app = await startApp(ENV);
    const desk = await newContext(browser, 'desktop', app.url);
    try {
      const owner = await desk.newPage();
      const ownerErrors = watchErrors(owner);
      await setUpOwner(owner, app.output, 'owner-winback@kopisenja.example');
      const saved = await owner.evaluate(
        async ({ title, url }) => {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ kind: 'win_back', enabled: true, title, body: "It's been a while. Your usual is waiting.", timing: 30 }),
          });
          return { status: res.status, body: await res.text() };
        },
        { title: TITLE, url: apiUrl(campaignsConsoleApi.update) },
      );
      expect(saved.status, saved.body).toBe(200);
      expect(ownerErrors).toEqual([]);
    } finally {
      await desk.close();
    }

    for (const [key, name] of [
      ['ana', 'Ana Reyes'],
      ['ben', 'Ben Santos'],
      ['cy', 'Cy Lim'],
      ['dee', 'Dee Cruz'],
    ] as const) {
      const context = await newContext(browser, 'phone', app.url);
      const page = await context.newPage();
      const c: Customer = { name, phone: uniquePhone(), context, page, errors: watchErrors(page) };
      await signUp(page, app.url, c.phone, name);
      customers[key] = c;
    }

    const catalog = await (await customers.ana.page.request.get(apiUrl(shopApi.catalog))).json();
    const products: { id: number; name: string }[] = catalog.data.categories.flatMap((c: { products: { id: number; name: string }[] }) => c.products);
    const idOf = (name: string) => products.find((p) => p.name === name)?.id ?? 0;
    for (const c of [customers.ana, customers.ben, customers.cy]) {
      await topUp(c.page, /1,000\.00/);
      const order = await c.page.request.post(apiUrl(ordersApi.create), {
        data: {
          items: [
            { product_id: idOf('Cappuccino'), qty: 1 },
            { product_id: idOf('Ube cheese pandesal'), qty: 1 },
          ],
          fulfilment: 'pickup',
          payment_method: 'wallet',
          idempotency_key: randomUUID(),
        },
      });
      expect(order.status(), await order.text()).toBe(201);
    }

    // Cy: no more offers, from her profile
    const cy = customers.cy.page;
    await cy.goto('/profile/home');
    const choice = cy.getByRole('switch', { name: 'Send me offers and reminders' });
    await expect.poll(() => choice.getAttribute('aria-checked')).toBe('true');
    await choice.click();
    await expect.poll(() => choice.getAttribute('aria-checked')).toBe('false');
    expect((await (await cy.request.get(apiUrl(campaignsApi.preferences))).json()).data).toEqual({ subscribed: false });

    // the first start's run came before any of it
    for (const c of Object.values(customers)) expect(await winBackMessages(c), c.name).toBe(0);
  });

  it('sends nothing at night in the shop’s time zone', { timeout: 120_000 }, async () => {
    const night = zoneAtHour(3);
    await restart(async (db) => {
      // 40 days pass for Ana and Cy since their orders
      const moved = await sql`
        update orders set created_at = created_at - interval '40 days', updated_at = updated_at - interval '40 days'
        where customer_id in (select id from customers where phone in (${customers.ana.phone}, ${customers.cy.phone}))
      `.execute(db);
      expect(Number(moved.numAffectedRows)).toBe(2);
      await sql`update customers set created_at = created_at - interval '60 days' where phone in (${customers.ana.phone}, ${customers.cy.phone})`.execute(db);
      await setZone(night)(db);
    });
    const run = await hourlyRun(app!);
    expect(run.skipped, `the shop's zone ${night}`).toBe('night');
    expect(await winBackMessages(customers.ana)).toBe(0);
    expect(customers.ana.errors).toEqual([]);
  });

  it('by day, reaches the lapsed customer who allows offers, and no one else', { timeout: 120_000 }, async () => {
    const day = zoneAtHour(13);
    await restart(setZone(day));
    const run = await hourlyRun(app!);
    expect(run.skipped, `the shop's zone ${day}`).toBeNull();
    expect(run.sent.win_back).toBeGreaterThanOrEqual(1);

    await expect.poll(() => winBackMessages(customers.ana)).toBe(1);
    // the message opens the shop
    await customers.ana.page.getByText('We miss you, Ana').click();
    await customers.ana.page.waitForURL('**/shop**');
    for (const c of [customers.ben, customers.cy, customers.dee]) expect(await winBackMessages(c), c.name).toBe(0);
    for (const c of Object.values(customers)) expect(c.errors, c.name).toEqual([]);
  });

  it('the next run finds her already told: still one message', { timeout: 120_000 }, async () => {
    await restart();
    const run = await hourlyRun(app!);
    expect(run.skipped).toBeNull();
    expect(run.sent.win_back).toBe(0);
    expect(await winBackMessages(customers.ana)).toBe(1);

    await app!.stop();
    const { rows } = await inStoppedApp(app!, (db) =>
      sql<{ phone: string; sends: number }>`
        select c.phone, count(s.id)::int as sends from customers c left join campaign_sends s on s.customer_id = c.id and s.campaign = 'win_back'
        where c.phone in (${customers.ana.phone}, ${customers.ben.phone}, ${customers.cy.phone}, ${customers.dee.phone}) group by c.phone
      `.execute(db),
    );
    expect(Object.fromEntries(rows.map((r) => [r.phone, r.sends]))).toEqual({
      [customers.ana.phone]: 1,
      [customers.ben.phone]: 0,
      [customers.cy.phone]: 0,
      [customers.dee.phone]: 0,
    });
  });
});
