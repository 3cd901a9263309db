/**
 * A page whose code does not arrive (issue #25), in Chromium against `npm start`. The console's dashboard
 * once stayed on a full-screen "Loading…" for over 30 s with its chunk never asked for: Vite asks for a
 * chunk's code only once the chunk's stylesheet has loaded, and a failed chunk had no error boundary
 * (a blank page). Now a failed request, or none within 20 s, shows "This page didn’t load" with Try
 * again, in the console (inside its frame) and in the customer app. Requests are failed or held with
 * Playwright's routing; the chunks are found in the builds' manifests.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { HAS_CHROME, newContext, uniquePhone, useApp, useBrowser } from './support/app';
import { setUpOwner } from './support/console';
import { signUp } from './support/customer';

if (!HAS_CHROME) console.warn('Skipping end-to-end tests: Chromium not found (set CHROME_PATH or install Debian chromium).');

const app = useApp();
const browser = useBrowser();

/** The file of a container's chunk, from a build's manifest (`dist` for the app, `dist/merchant` for the console). */
function chunkOf(dist: string, source: string): string {
  const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const entry = Object.entries(manifest).find(([key]) => key.endsWith(source));
  if (!entry) throw new Error(`${source} is not in ${dist}'s manifest`);
  return `/${entry[1].file}`;
}

/** Fails (or holds, never answering) the requests for one file until `release`. */
async function interfere(page: Page, file: string, how: 'fail' | 'hold') {
  let on = true;
  const held: Route[] = [];
  await page.route(
    (url) => url.pathname.endsWith(file),
    (route) => {
      if (!on) return route.continue();
      if (how === 'fail') return route.abort('failed');
      held.push(route);
    },
  );
  return {
    count: () => held.length,
    release: async () => {
      on = false;
      for (const route of held) await route.continue();
    },
  };
}

const notLoaded = (page: Page) => page.getByRole('alert').filter({ hasText: 'This page didn’t load' });

describe.skipIf(!HAS_CHROME)('a page whose code does not arrive', () => {
  let owner: BrowserContext;
  let desk: Page;
  let customer: BrowserContext;
  let phone: Page;

  beforeAll(async () => {
    owner = await newContext(browser, 'desktop', app.url);
    desk = await owner.newPage();
    // a first visit, before the service worker keeps the app's code: what page.route fails must not come
    // from the worker's cache instead (tests/e2e/offline.test.ts is the worker's)
    customer = await newContext(browser, 'phone', app.url, { serviceWorkers: 'block' });
    phone = await customer.newPage();
  });
  afterAll(async () => {
    await owner?.close();
    await customer?.close();
  });

  it('the console: a failed dashboard chunk says so inside the console, and Try again loads the dashboard', async () => {
    await setUpOwner(desk, app.output);
    const blocked = await interfere(desk, chunkOf('dist/merchant', 'screens/console/dashboard/dashboard-screen.container.tsx'), 'fail');
    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
    await notLoaded(desk).waitFor();
    // the console's frame stays, with its navigation
    expect(await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).count()).toBe(1);
    await blocked.release();
    await notLoaded(desk).getByRole('button', { name: 'Try again' }).click();
    await desk.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Last 7 days' }).waitFor();
    expect(await notLoaded(desk).count()).toBe(0);
  });

  it('the console: the dashboard’s code is asked for at once, never after a stylesheet', async () => {
    // its chart styles are in the console's stylesheet: a held stylesheet request cannot hold the page
    const manifest = JSON.parse(readFileSync('dist/merchant/.vite/manifest.json', 'utf8')) as Record<string, { css?: string[] }>;
    const dashboard = Object.entries(manifest).find(([key]) => key.endsWith('dashboard-screen.container.tsx'))![1];
    expect(dashboard.css ?? []).toEqual([]);
  });

  it('the customer app: a page whose chunk fails says so, and Try again loads it', async () => {
    await signUp(phone, app.url, uniquePhone(), 'Ana Reyes');
    const blocked = await interfere(phone, chunkOf('dist', 'screens/shop/shop-screen.container.tsx'), 'fail');
    await phone.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Shop' }).click();
    await notLoaded(phone).waitFor();
    await blocked.release();
    await notLoaded(phone).getByRole('button', { name: 'Try again' }).click();
    await phone.getByRole('button', { name: /^Add / }).first().waitFor();
    expect(new URL(phone.url()).pathname).toBe('/shop');
  });

  it('the customer app: a page whose code never comes shows the error after 20 s, not an endless Loading…', async () => {
    const held = await interfere(phone, chunkOf('dist', 'screens/spin/spin-screen.container.tsx'), 'hold');
    // the page's clock, moved on by hand: the 20 s are counted, not waited for
    await phone.clock.install();
    await phone.goto('/spin');
    await phone.getByRole('status').filter({ hasText: 'Loading…' }).first().waitFor();
    expect(held.count()).toBeGreaterThan(0);
    await phone.clock.fastForward(19_000);
    expect(await notLoaded(phone).count()).toBe(0);
    await phone.clock.fastForward(1_500);
    await notLoaded(phone).waitFor({ timeout: 10_000 });
    await held.release();
    await notLoaded(phone).getByRole('button', { name: 'Try again' }).click();
    await phone.getByRole('button', { name: 'Spin for free' }).waitFor();
  });
});
