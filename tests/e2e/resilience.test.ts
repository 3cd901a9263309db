/**
 * Resilience: the real server (`npm start`'s script) under mixed customer traffic at 100 connections,
 * killed with SIGKILL in the middle of it and restarted on the same data, and with its provider gone.
 *   RESILIENCE_REQUESTS  requests of the sustained run (default 4,000, as CI runs it: 20 to 40 s here);
 *                        the crash runs kill the server once 1,500 are sent and send 400 after the restart
 *                        (work counted, not time waited: a slow host runs the same test, only slower)
 *   RESILIENCE_CONNECTIONS  concurrent loops (default 100)
 * Invariants are read from the database directly, once the server has stopped.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { seed } from '../../server/db/seed';
import { startEmbeddedProvider, type EmbeddedProvider } from '../../server/provider/embedded';
import { readOutbox } from '../../server/provider/auth/sender';
import { HAS_CHROME, launchBrowser, newContext, removeDataDir, startApp, uniquePhone, type RunningApp } from './support/app';
import { signUp } from './support/customer';
import { gatewayUrl } from '../support/calls';
import { ordersApi } from '#contract/orders.calls';
import { settingsApi } from '#contract/settings.calls';
import {
  TEST_DATABASE_URL,
  checkInvariants,
  killHard,
  merge,
  orderableProductId,
  prepareStore,
  runTraffic,
  stubDist,
  summary,
  violations,
  type PreparedStore,
} from './support/traffic';

const REQUESTS = Number(process.env.RESILIENCE_REQUESTS ?? 4_000);
const BEFORE_KILL = 1_500;
const AFTER_RESTART = 400;
const CONNECTIONS = Number(process.env.RESILIENCE_CONNECTIONS ?? 100);
const CUSTOMERS = 40;
const dist = stubDist();
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const serverEnv = (store: PreparedStore) => ({ ...store.env, DIST_DIR: dist });

const requests = (n: number) => (sent: number) => sent >= n;

describe('sustained mixed traffic [pglite]', () => {
  let store: PreparedStore;
  let app: RunningApp | undefined;

  beforeAll(async () => {
    store = await prepareStore('pglite', CUSTOMERS);
  });
  afterAll(async () => {
    await app?.stop();
    removeDataDir(store.dataDir);
  });

  it(`answers ${REQUESTS} reads and writes at ${CONNECTIONS} connections with no 5xx and loses no acknowledged write`, async () => {
    app = await startApp(serverEnv(store), store.dataDir);
    const productId = await orderableProductId(app.url);
    const traffic = await runTraffic({ baseUrl: app.url, customers: store.customers, connections: CONNECTIONS, productId, until: requests(REQUESTS) });
    console.log(`sustained: ${summary(traffic)}`);
    const problems = app
      .output()
      .split('\n')
      .filter((l) => /"level":(40|50|60)/.test(l));
    if (problems.length) console.log(`server warnings (${problems.length}), first ones:\n${problems.slice(0, 5).join('\n')}`);
    expect(await app.stop()).toBe(0);
    app = undefined;

    expect(traffic.serverErrors.slice(0, 5)).toEqual([]);
    expect(traffic.networkErrors).toBe(0);
    expect(traffic.orders.length).toBeGreaterThan(0);
    expect(traffic.vouchers.length + traffic.topupsPaid).toBeGreaterThan(0);
    const inv = await checkInvariants(store, traffic);
    expect(violations(inv)).toEqual({});
    expect(inv.ordersInDatabase).toBeGreaterThanOrEqual(traffic.orders.length);
  });
});

function crashSuite(kind: 'pglite' | 'postgres'): void {
  describe(`SIGKILL in the middle of traffic [${kind}]`, () => {
    let store: PreparedStore;
    let app: RunningApp | undefined;

    beforeAll(async () => {
      store = await prepareStore(kind, CUSTOMERS);
    });
    afterAll(async () => {
      await app?.stop();
      removeDataDir(store.dataDir);
      await store.drop();
    });

    it('restarts on the same data with every invariant intact and every acknowledged write present', async () => {
      app = await startApp(serverEnv(store), store.dataDir);
      const productId = await orderableProductId(app.url);
      let killed = false;
      let reachedKill!: () => void;
      const killPoint = new Promise<void>((resolve) => (reachedKill = resolve));
      const running = runTraffic({
        baseUrl: app.url,
        customers: store.customers,
        connections: CONNECTIONS,
        productId,
        until: (sent) => {
          if (sent >= BEFORE_KILL) reachedKill();
          return killed;
        },
      });
      await killPoint;
      await killHard(app);
      killed = true;
      const first = await running;
      console.log(`${kind} before the kill: ${summary(first)}`);
      // answers cut off by the kill are not 5xx from a live server: only the ones it sent count
      expect(first.serverErrors.slice(0, 5)).toEqual([]);

      // the same data folder (and, on PostgreSQL, the same database)
      app = await startApp(serverEnv(store), store.dataDir);
      const second = await runTraffic({ baseUrl: app.url, customers: store.customers, connections: CONNECTIONS, productId, until: requests(AFTER_RESTART) });
      console.log(`${kind} after the restart: ${summary(second)}`);
      expect(await app.stop()).toBe(0);
      app = undefined;
      expect(second.serverErrors.slice(0, 5)).toEqual([]);
      expect(second.networkErrors).toBe(0);
      expect(second.orders.length).toBeGreaterThan(0);

      const all = merge(first, second);
      const inv = await checkInvariants(store, all);
      expect(violations(inv)).toEqual({});
      expect(inv.ordersInDatabase).toBeGreaterThanOrEqual(all.orders.length);
    });
  });
}

crashSuite('pglite');
if (TEST_DATABASE_URL) crashSuite('postgres');
else console.warn('Skipping the PostgreSQL crash run: TEST_DATABASE_URL is not set (CI sets it).');

describe('the provider goes away while the gateway runs', () => {
  let database: DatabaseHandle;
  let provider: EmbeddedProvider | undefined;
  let app: RunningApp | undefined;
  let dataDir = '';
  const secret = 'resilience-provider-secret-0123456789';
  let port = 0;

  const startProvider = () =>
    startEmbeddedProvider({
      db: database.db,
      logger: pino({ level: 'silent' }),
      secret,
      platform: 'wato',
      merchantId: 'kopi-senja',
      merchantApiKey: 'resilience-merchant-key-0123456789',
      webhookSecret: 'resilience-webhook-secret-0123456789',
      google: { clientId: undefined, jwksUrl: 'http://127.0.0.1:9/jwks' },
      demoOrderProgress: false,
      jobs: false,
      host: '127.0.0.1',
      port,
    });

  beforeAll(async () => {
    database = await openDatabase({});
    await seed(database.db);
    provider = await startProvider();
    port = provider.server.address() && typeof provider.server.address() === 'object' ? (provider.server.address() as { port: number }).port : 0;
  });
  afterAll(async () => {
    await app?.stop();
    await provider?.close();
    await database.close();
    if (dataDir) removeDataDir(dataDir);
  });

  async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('did not happen in time');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('answers /api with 503 PROVIDER_UNAVAILABLE and Retry-After, /healthz with 503, then recovers when the provider is back', async () => {
    // the real build (as `npm test` makes it before this stage): the browser test below opens the app
    app = await startApp({ PROVIDER_API_BASE: provider!.baseUrl, PROVIDER_SECRET: secret });
    dataDir = app.dataDir;
    const settings = () => fetch(gatewayUrl(app!.url, settingsApi.mainSetting));
    const health = () => fetch(`${app!.url}/healthz`);
    expect((await settings()).status).toBe(200);
    expect((await health()).status).toBe(200);

    await provider!.close();
    provider = undefined;

    // the settings stay answered from the gateway's memory while they are fresh (max-age 5 s), then the
    // contract's 503: come back shortly
    const kept = await settings();
    expect(kept.status).toBe(200);
    expect(kept.headers.get('age')).not.toBeNull();
    let down = kept;
    await until(async () => (down = await settings()).status === 503, 10_000);
    expect(down.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await down.json()).toMatchObject({ status: 503, data: null, error: { code: 'PROVIDER_UNAVAILABLE' }, message: expect.any(String) });
    const write = await fetch(gatewayUrl(app.url, ordersApi.quote), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(write.status).toBe(503);
    expect((await write.json()).error.code).toBe('PROVIDER_UNAVAILABLE');
    expect((await health()).status).toBe(503);

    // back on the same address: the gateway's kept-alive connections to the old one are gone, new ones work
    provider = await startProvider();
    await until(async () => (await settings()).status === 200);
    await until(async () => (await health()).status === 200);
    for (let i = 0; i < 20; i++) expect((await settings()).status).toBe(200);
  });

  it.skipIf(!HAS_CHROME)('the app shows its error state while the provider is away, and recovers with Try again', async () => {
    provider ??= await startProvider(); // whatever the test before left
    const browser = await launchBrowser();
    try {
      const context = await newContext(browser, 'phone', app!.url);
      const page = await context.newPage();
      // this provider is the test's own, so the one-time code is read from its outbox directly
      const codeOf = async (phone: string) => {
        let code: string | null | undefined;
        await until(async () => Boolean((code = (await readOutbox(database.db, phone))[0]?.code)));
        return code!;
      };
      await signUp(page, app!.url, uniquePhone(), 'Lea Ramos', codeOf);

      await provider!.close();
      provider = undefined;
      // to a page whose data is not loaded yet: after SWR's retries, the shop's error state
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
      const alert = page.getByRole('alert').filter({ hasText: "We couldn't load the menu" });
      await alert.waitFor({ timeout: 30_000 });
      expect(page.url()).toMatch(/\/shop$/);

      provider = await startProvider();
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('button', { name: /^Add / }).first().waitFor({ timeout: 15_000 });
      expect(await alert.count()).toBe(0);
      // still signed in: the outage ended no session
      expect(page.url()).toMatch(/\/shop$/);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
