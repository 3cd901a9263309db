/**
 * Many instances, one database (issue 15): the built server, with production settings, as two provider
 * processes (SERVE=provider) and two gateway processes (PROVIDER_API_BASE) on one PostgreSQL. Customers
 * sign in by text message (Twilio, on a local fake) and are spread across both gateways; they top up
 * through the sandbox, order from the wallet, redeem rewards and spin the wheel while the hourly jobs are
 * forced on both providers at once (SIGUSR2), again as soon as both have finished the last run, six
 * times; the traffic goes on until then, and until every customer has done each thing twice. Measured in
 * work, not time: a loaded machine takes longer, never does less. Afterwards: no 5xx, every
 * acknowledged write is in the database, every balance equals its ledger, and each expiry happened once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import request from 'supertest';
import pg from 'pg';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { DAY, FakeClock } from '../../server/lib/clock';
import { earnPoints } from '../../server/provider/points/points.ledger';
import { freePort } from '../../scripts/lib/server-process.ts';
import { fakeSid, startTwilioFake, type TwilioFake } from '../fakes/twilio-fake';
import { newStaff, STAFF_PASSWORD } from './merchant.helpers';
import { signUpByText, startBuiltProcess, stopBuiltProcess, type BuiltProcess } from './support/built-process';
import { describePostgres, TEST_DATABASE_URL } from './support/provider';
import { apiKeysConsoleApi } from '#contract/api-keys.calls';
import { menuMachineApi } from '#contract/menu.calls';
import { ordersApi } from '#contract/orders.calls';
import { staffApi } from '#contract/staff.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopApi } from '#contract/shop.calls';
import { walletApi } from '#contract/wallet.calls';
import { wheelApi } from '#contract/wheel.calls';
import { gatewayUrl } from '../support/calls';

/** each customer tops up, orders, redeems and spins this many times at least */
const ROUNDS = 2;
/** hourly runs forced on both providers at once, each after both finished the one before, all under traffic */
const FORCED_RUNS = 6;
const CUSTOMERS_PER_GATEWAY = 6;
const DORMANT = 12;
const TWILIO = { accountSid: fakeSid('AC'), authToken: 'multi-instance-token', from: '+14155550123' };
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describePostgres('several instances on one database', () => {
  let dbName: string;
  let databaseUrl: string;
  let twilio: TwilioFake;
  let db: DatabaseHandle;
  const dataDirs: string[] = [];
  const providers: BuiltProcess[] = [];
  const gateways: BuiltProcess[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    dbName = `multi_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    twilio = await startTwilioFake({ ...TWILIO, numbers: [TWILIO.from] });

    const shared = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      PROVIDER_SECRET: `multi-instance-secret-${randomBytes(8).toString('hex')}`,
      MERCHANT_API_KEY: `multi-instance-merchant-key-${randomBytes(8).toString('hex')}`,
      PAYMENT_WEBHOOK_SECRET: `multi-instance-webhook-secret-${randomBytes(8).toString('hex')}`,
      PAYMENT_SANDBOX: 'true',
      DEMO_ORDER_PROGRESS: 'false',
      DB_POOL_SIZE: '8',
      TWILIO_ACCOUNT_SID: TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO.authToken,
      TWILIO_FROM: TWILIO.from,
      TWILIO_API_BASE: twilio.origin,
    };
    // the first provider creates the schema and the seed; the second finds them
    for (const name of ['provider A', 'provider B']) {
      const dataDir = mkdtempSync(join(tmpdir(), 'multi-provider-'));
      dataDirs.push(dataDir);
      providers.push(await startBuiltProcess({ ...shared, SERVE: 'provider', HOST: '127.0.0.1', PORT: String(await freePort()), DATA_DIR: dataDir }, name));
    }
    for (const [i, provider] of providers.entries()) {
      const dataDir = mkdtempSync(join(tmpdir(), 'multi-gateway-'));
      dataDirs.push(dataDir);
      gateways.push(
        await startBuiltProcess(
          { ...shared, PROVIDER_API_BASE: `${provider.url}/`, PORT: '0', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-build') },
          `gateway ${i + 1}`,
        ),
      );
    }
    db = await openDatabase({ databaseUrl, poolSize: 4 });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...gateways, ...providers].map(stopBuiltProcess));
    await db?.close();
    await twilio?.close();
    if (TEST_DATABASE_URL && dbName) {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('mixed traffic across two gateways and two providers while the hourly jobs are forced on both six times: no 5xx, nothing lost, nothing twice', async () => {
    // customers whose points are past their date: the hourly job must expire each lot once, whoever runs it
    const longAgo = new FakeClock(new Date(Date.now() - 400 * DAY));
    const dormant: number[] = [];
    for (let i = 0; i < DORMANT; i++) {
      const c = await db.db
        .insertInto('customers')
        .values({ phone: `+6391${String(i).padStart(8, '0')}`, name: 'Dormant', email: null, created_at: longAgo.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.db.transaction().execute((trx) => earnPoints(trx, longAgo, c.id, 80, { reason: 'Points from last year' }));
      dormant.push(c.id);
    }

    // customers sign in through their own gateway, with the code Twilio delivered
    const agents: Array<{ agent: ReturnType<typeof request.agent>; gateway: number; phone: string }> = [];
    for (let i = 0; i < CUSTOMERS_PER_GATEWAY * 2; i++) {
      const gateway = i % 2;
      const phone = `+6392${String(Date.now() % 1e4).padStart(4, '0')}${String(i).padStart(4, '0')}`;
      const agent = await signUpByText(gateways[gateway]!.url, twilio, phone, `Customer ${i}`);
      agents.push({ agent, gateway, phone });
    }
    // points to redeem and spin with, granted on the ledger like any earning
    const ids = await db.db
      .selectFrom('customers')
      .select('id')
      .where(
        'phone',
        'in',
        agents.map((a) => a.phone),
      )
      .execute();
    const now = new FakeClock(new Date());
    for (const { id } of ids) await db.db.transaction().execute((trx) => earnPoints(trx, now, id, 2000, { reason: 'Welcome points' }));
    const catalog = await agents[0]!.agent.get(gatewayUrl('', shopApi.catalog)).expect(200);
    const latte = (catalog.body.data.categories as Array<{ products: Array<{ id: number; name: string }> }>)
      .flatMap((c) => c.products)
      .find((p) => p.name === 'Spanish latte')!;

    const statuses = new Map<number, number>();
    const fivexx: string[] = [];
    const acknowledged = { topups: [] as string[], orders: [] as string[], vouchers: [] as number[], spins: 0 };
    const tally = (what: string, res: request.Response) => {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) fivexx.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    };

    // the traffic goes on while the jobs are being forced, and until each customer has done ROUNDS rounds
    let forcing = true;
    async function customer(c: (typeof agents)[number], n: number): Promise<void> {
      for (let step = n; forcing || step < n + ROUNDS * 4; step++) {
        const a = c.agent;
        switch (step % 4) {
          case 0: {
            const t = tally('top-up', await a.post(gatewayUrl('', walletApi.topup)).send({ amount: 100_000, idempotency_key: randomUUID() }));
            if (t.status !== 201) break;
            const paid = tally('pay', await a.post(`${t.body.data.payment_url}/complete`).send({ outcome: 'pay' }));
            if (paid.status === 200 && paid.body.data.status === 'paid') acknowledged.topups.push(t.body.data.topup_id);
            break;
          }
          case 1: {
            const o = tally(
              'order',
              await a
                .post(gatewayUrl('', ordersApi.create))
                .send({ items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() }),
            );
            if (o.status === 201) acknowledged.orders.push(o.body.data.order.name);
            break;
          }
          case 2: {
            const r = tally('redeem', await a.post(gatewayUrl('', rewardsApi.redeem)).send({ name: 'birthday-cake-slice', idempotency_key: randomUUID() }));
            if (r.status === 200 || r.status === 201) acknowledged.vouchers.push(r.body.data.voucher.id);
            break;
          }
          default: {
            const s = tally('spin', await a.post(gatewayUrl('', wheelApi.spin)).send({ idempotency_key: randomUUID() }));
            if (s.status === 200 || s.status === 201) acknowledged.spins++;
          }
        }
      }
    }

    // the hourly jobs, forced on both providers at the same moment, again once both have finished (each
    // logs when the run it waited for completed), while the traffic runs
    const done = () => providers.map((p) => (p.output().match(/hourly jobs: done/g) ?? []).length);
    const failed = () => providers.flatMap((p) => p.output().match(/hourly jobs: failed/g) ?? []);
    let forced = 0;
    const jobs = (async () => {
      try {
        while (forced < FORCED_RUNS) {
          for (const p of providers) p.proc.kill('SIGUSR2');
          forced++;
          for (let i = 0; i < 1200 && done().some((n) => n < forced) && failed().length === 0; i++) await sleep(100);
          if (done().some((n) => n < forced)) break;
        }
      } finally {
        forcing = false;
      }
    })();
    await Promise.all([...agents.map((c, i) => customer(c, i)), jobs]);
    expect(done()).toEqual([FORCED_RUNS, FORCED_RUNS]);
    expect(providers.map((p) => p.output().match(/hourly jobs: failed/g) ?? [])).toEqual([[], []]);

    // no 5xx, and real traffic of every kind got through both gateways
    expect(fivexx).toEqual([]);
    expect(acknowledged.topups.length).toBeGreaterThan(10);
    expect(acknowledged.orders.length).toBeGreaterThan(10);
    expect(acknowledged.vouchers.length).toBeGreaterThan(10);
    expect(acknowledged.spins).toBeGreaterThan(10);

    // every acknowledged write is there
    const topups = await db.db.selectFrom('payments').select(['id', 'status']).where('id', 'in', acknowledged.topups).execute();
    expect(topups.filter((t) => t.status === 'paid')).toHaveLength(acknowledged.topups.length);
    const orders = await db.db.selectFrom('orders').select('name').where('name', 'in', acknowledged.orders).execute();
    expect(orders).toHaveLength(acknowledged.orders.length);
    const vouchers = await db.db.selectFrom('vouchers').select('id').where('id', 'in', acknowledged.vouchers).execute();
    expect(vouchers).toHaveLength(acknowledged.vouchers.length);
    // each top-up credited once
    const credits = await db.db.selectFrom('wallet_ledger').select('ref').where('type', '=', 'topup').execute();
    expect(credits.filter((c) => acknowledged.topups.some((t) => c.ref === `topup:${t}`))).toHaveLength(acknowledged.topups.length);

    // every balance equals its ledger, for every customer
    const mismatches = await db.db
      .selectFrom('customers as c')
      .select(['c.id', 'c.wallet_balance', 'c.points'])
      .select((eb) => [
        eb.fn
          .coalesce(
            eb
              .selectFrom('wallet_ledger as w')
              .whereRef('w.customer_id', '=', 'c.id')
              .select((e) => e.fn.sum<number>('w.amount').as('s')),
            eb.lit(0),
          )
          .as('wallet_sum'),
        eb.fn
          .coalesce(
            eb
              .selectFrom('points_ledger as p')
              .whereRef('p.customer_id', '=', 'c.id')
              .select((e) => e.fn.sum<number>('p.points').as('s')),
            eb.lit(0),
          )
          .as('points_sum'),
      ])
      .execute();
    expect(mismatches.length).toBeGreaterThan(DORMANT);
    expect(mismatches.filter((m) => Number(m.wallet_sum) !== m.wallet_balance || Number(m.points_sum) !== m.points)).toEqual([]);

    // each expiry happened once: one `expire` entry per lot, one notice per customer
    const expired = await db.db.selectFrom('points_ledger').select('customer_id').where('customer_id', 'in', dormant).where('type', '=', 'expire').execute();
    expect(expired.map((e) => e.customer_id).sort((x, y) => x - y)).toEqual([...dormant].sort((x, y) => x - y));
    const notices = await db.db
      .selectFrom('notifications')
      .select('customer_id')
      .where('customer_id', 'in', dormant)
      .where('title', '=', 'Points expired')
      .execute();
    expect(notices).toHaveLength(DORMANT);
    const pgboss = await db.db
      .selectFrom('pgboss.job' as never)
      .select(['name' as never, 'state' as never])
      .execute();
    expect(pgboss.length).toBeGreaterThan(0);
    console.info(
      `multi-instance: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}; forced ${forced}×2; ${JSON.stringify({ topups: acknowledged.topups.length, orders: acknowledged.orders.length, vouchers: acknowledged.vouchers.length, spins: acknowledged.spins })}`,
    );
  }, 240_000);
  it('an API key revoked through one instance is refused at once by every gateway and provider (nothing cached)', async () => {
    const secret = `lk_${randomBytes(32).toString('base64url')}`;
    const row = await db.db
      .insertInto('api_keys')
      .values({
        name: 'Front till',
        scopes: JSON.stringify(['menu:write']),
        shown: secret.slice(0, 9),
        secret_hash: createHash('sha256').update(secret).digest(),
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await db.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    const change = (gateway: number) =>
      request(gateways[gateway]!.url)
        .post(gatewayUrl('', menuMachineApi.updateProduct))
        .set('x-merchant-key', secret)
        .send({ product_id: product.id, available: true });
    for (const g of [0, 1]) expect((await change(g)).status).toBe(200);
    // an owner revokes it in the console, signed in through the first gateway (so the first provider)
    const owner = await newStaff(db.db, new FakeClock(new Date()), { role: 'owner' });
    const ownerAgent = request.agent(gateways[0]!.url);
    await ownerAgent.post(gatewayUrl('', staffApi.login)).send({ email: owner.email, password: STAFF_PASSWORD }).expect(200);
    const revoked = await ownerAgent.post(gatewayUrl('', apiKeysConsoleApi.revoke)).send({ id: row.id });
    expect(revoked.status, revoked.text).toBe(200);
    for (const g of [0, 1]) {
      const res = await change(g);
      expect([res.status, res.body.error?.code]).toEqual([401, 'FORBIDDEN']);
    }
  });
});
