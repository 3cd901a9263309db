/**
 * Behind PgBouncer in transaction mode (Debian's pgbouncer, started here in front of the test PostgreSQL):
 * a pooler hands each transaction whichever server connection is free, so nothing may live on a connection
 * between transactions. Named statements do (server/db/prepared.ts): with them on, a statement prepared on
 * one server connection is asked for on another and fails, shown first. With DB_PREPARED_STATEMENTS=0 the
 * built server, as production runs it, migrates and seeds through the pooler, takes many customers' wallet
 * orders at once on three server connections (advisory and row locks are transaction-level, so they hold
 * across the pooler), runs the hourly jobs (pg-boss) through it, and every balance still equals its ledger.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { FakeClock } from '../../server/lib/clock';
import { postWalletEntry } from '../../server/provider/wallet/wallet.ledger';
import { freePort } from '../../scripts/lib/server-process.ts';
import { fakeSid, startTwilioFake, type TwilioFake } from '../fakes/twilio-fake';
import { signUpByText, startBuiltProcess, stopBuiltProcess, type BuiltProcess } from './support/built-process';
import { createTestDatabase, TEST_DATABASE_URL } from './support/provider';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';
import { gatewayUrl } from '../support/calls';

const PGBOUNCER = '/usr/sbin/pgbouncer';
const CUSTOMERS = 8;
const ORDERS_EACH = 4;
/** server connections the pooler keeps for the database: fewer than the provider's pool, so transactions hop */
const SERVER_CONNECTIONS = 3;
const TWILIO = { accountSid: fakeSid('AC'), authToken: 'pgbouncer-token', from: '+14155550124' };
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Bouncer {
  url: (database: string) => string;
  stop(): Promise<void>;
}

/** PgBouncer in transaction mode on a free port, in front of TEST_DATABASE_URL's server. */
async function startBouncer(dir: string): Promise<Bouncer> {
  const upstream = new URL(TEST_DATABASE_URL!);
  const port = await freePort();
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432} user=${decodeURIComponent(upstream.username) || 'postgres'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${SERVER_CONNECTIONS}`,
      'max_client_conn = 200',
      // the session limits the driver sends at connection (server/db/index.ts): a pooler cannot keep them per
      // client, so it drops them; in production they are set on the database role (docs/deployment.md)
      'ignore_startup_parameters = extra_float_digits,statement_timeout,lock_timeout,idle_in_transaction_session_timeout',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  // it refuses to run as root: as Debian's postgres user then (its package makes one)
  const asUser =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
          gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
        }
      : {};
  const proc: ChildProcess = spawn(PGBOUNCER, [ini], { stdio: ['ignore', 'pipe', 'pipe'], ...asUser });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const probe = await openDatabase({ databaseUrl: url('postgres'), poolSize: 1, preparedStatements: false, migrate: false })
      .then(async (h) => {
        await sql`select 1`.execute(h.db);
        await h.close();
        return true;
      })
      .catch(() => false);
    if (probe) break;
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`pgbouncer did not start:\n${out}`);
    }
    await sleep(200);
  }
  return {
    url,
    stop: () =>
      new Promise((done) => {
        if (proc.exitCode !== null) return done();
        proc.on('exit', () => done());
        proc.kill('SIGTERM');
      }),
  };
}

const canRun = Boolean(TEST_DATABASE_URL) && existsSync(PGBOUNCER) && spawnSync(PGBOUNCER, ['--version']).status === 0;

describe.skipIf(!canRun)(
  `behind PgBouncer in transaction mode${canRun ? '' : " (needs PostgreSQL and Debian's pgbouncer: TEST_DATABASE_URL, apt-get install pgbouncer; CI has both)"}`,
  () => {
    let dir: string;
    let bouncer: Bouncer;
    let database: { url: string; drop(): Promise<void> };
    let pooled: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
      spawnSync('chmod', ['777', dir]);
      bouncer = await startBouncer(dir);
      // an empty database: the server migrates and seeds it through the pooler
      database = await createTestDatabase();
      pooled = bouncer.url(new URL(database.url).pathname.slice(1));
    }, 60_000);

    afterAll(async () => {
      await bouncer?.stop();
      await database?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it('named statements break there: a statement prepared on one server connection is asked for on another', async () => {
      const named = await openDatabase({ databaseUrl: pooled, poolSize: 12, preparedStatements: true, migrate: false });
      try {
        const tries = await Promise.allSettled(
          Array.from({ length: 60 }, (_, i) =>
            named.db.transaction().execute(async (trx) => {
              await sql`select ${i}::int as n, pg_sleep(0.005)`.execute(trx);
              return sql<{ n: number }>`select ${i}::int + 1 as n`.execute(trx);
            }),
          ),
        );
        const reasons = tries.flatMap((t) => (t.status === 'rejected' ? [String((t.reason as Error).message)] : []));
        expect(reasons.length).toBeGreaterThan(0);
        expect(reasons.some((r) => /prepared statement .* (does not exist|already exists)/.test(r))).toBe(true);
      } finally {
        await named.close();
      }
    });

    describe('with DB_PREPARED_STATEMENTS=0, the built server', () => {
      let twilio: TwilioFake;
      let server: BuiltProcess;
      let direct: DatabaseHandle;
      const dataDir = () => join(dir, 'data');

      beforeAll(async () => {
        twilio = await startTwilioFake({ ...TWILIO, numbers: [TWILIO.from] });
        server = await startBuiltProcess(
          {
            NODE_ENV: 'production',
            LOG_LEVEL: 'info',
            DATABASE_URL: pooled,
            DB_PREPARED_STATEMENTS: '0',
            DB_POOL_SIZE: '10',
            PROVIDER_SECRET: `pgbouncer-secret-${randomBytes(12).toString('hex')}`,
            MERCHANT_API_KEY: `pgbouncer-merchant-key-${randomBytes(8).toString('hex')}`,
            PAYMENT_WEBHOOK_SECRET: `pgbouncer-webhook-secret-${randomBytes(8).toString('hex')}`,
            PAYMENT_SANDBOX: 'true',
            DEMO_ORDER_PROGRESS: 'false',
            TWILIO_ACCOUNT_SID: TWILIO.accountSid,
            TWILIO_AUTH_TOKEN: TWILIO.authToken,
            TWILIO_FROM: TWILIO.from,
            TWILIO_API_BASE: twilio.origin,
            PORT: '0',
            DATA_DIR: dataDir(),
            DIST_DIR: join(dir, 'no-build'),
          },
          'the server behind pgbouncer',
        );
        direct = await openDatabase({ databaseUrl: database.url, poolSize: 2, migrate: false });
      }, 120_000);

      afterAll(async () => {
        await stopBuiltProcess(server);
        await direct?.close();
        await twilio?.close();
      }, 60_000);

      it('migrates, seeds, and takes many wallet orders at once: nothing lost, every balance equals its ledger', async () => {
        const agents: Array<{ agent: ReturnType<typeof request.agent>; phone: string }> = [];
        for (let i = 0; i < CUSTOMERS; i++) {
          const phone = `+6393${randomBytes(2).readUInt16BE(0).toString().padStart(5, '0')}${String(i).padStart(3, '0')}`;
          agents.push({ agent: await signUpByText(server.url, twilio, phone, `Pooled ${i}`), phone });
        }
        const clock = new FakeClock(new Date());
        const customers = await Promise.all(
          agents.map((a) => direct.db.selectFrom('customers').select('id').where('phone', '=', a.phone).executeTakeFirstOrThrow()),
        );
        // enough for three of the four orders each: the fourth must be refused, not overdraw the wallet
        const catalog = await agents[0]!.agent.get(gatewayUrl('', shopApi.catalog)).expect(200);
        const product = (catalog.body.data.categories as Array<{ products: Array<{ id: number; name: string; price: number }> }>)
          .flatMap((c) => c.products)
          .find((p) => p.name === 'Spanish latte')!;
        const credit = product.price * 3 + 50;
        for (const { id } of customers)
          await direct.db.transaction().execute((trx) => postWalletEntry(trx, clock, id, { type: 'adjust', amount: credit, reason: 'Test credit' }));

        const results = await Promise.all(
          agents.flatMap(({ agent }) =>
            Array.from({ length: ORDERS_EACH }, () =>
              agent
                .post(gatewayUrl('', ordersApi.create))
                .send({ items: [{ product_id: product.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() }),
            ),
          ),
        );
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((s) => s >= 500)).toEqual([]);
        const made = results.filter((r) => r.status === 201).map((r) => r.body.data.order.name as string);
        expect(made.length).toBeGreaterThan(0);
        // each customer's credit pays for so many orders, and no more: the others are refused, never overdrawn
        const total = results.find((r) => r.status === 201)!.body.data.order.total as number;
        expect(made).toHaveLength(CUSTOMERS * Math.min(ORDERS_EACH, Math.floor(credit / total)));
        expect(await direct.db.selectFrom('orders').select('name').where('name', 'in', made).execute()).toHaveLength(made.length);
        const off = await sql<{ id: number }>`
        select c.id from customers c
        where c.wallet_balance <> coalesce((select sum(amount) from wallet_ledger w where w.customer_id = c.id), 0)
           or c.wallet_balance < 0`.execute(direct.db);
        expect(off.rows).toEqual([]);
      });

      it('runs the hourly jobs through the pooler', async () => {
        server.proc.kill('SIGUSR2');
        const deadline = Date.now() + 60_000;
        while (!/hourly jobs: (done|failed)/.test(server.output()) && Date.now() < deadline) await sleep(200);
        expect(server.output()).toMatch(/hourly jobs: done/);
        expect(server.output()).not.toMatch(/prepared statement/);
      });
    });
  },
);
