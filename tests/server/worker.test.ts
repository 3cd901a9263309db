/**
 * The background jobs in a process of their own (SERVE=worker), and providers without them (JOBS=false),
 * as a chain runs them past one machine: the built server on one PostgreSQL. A provider with JOBS=false
 * serves calls and starts no job engine (no pg-boss schema appears); the worker answers GET /healthz and
 * no API call, installs pg-boss and runs the hourly housekeeping at start.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { HOURLY_QUEUE } from '../../server/provider/jobs';
import { freePort } from '../../scripts/lib/server-process.ts';
import { startBuiltProcess, stopBuiltProcess, type BuiltProcess } from './support/built-process';
import { PRODUCTION_SMS_ENV } from './support/env';
import { createTestDatabase, describePostgres } from './support/provider';
import { shopApi } from '#contract/shop.calls';
import { providerUrl } from '../support/calls';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describePostgres('SERVE=worker runs the jobs; JOBS=false providers do not', () => {
  let database: { url: string; drop(): Promise<void> };
  let direct: DatabaseHandle;
  let provider: BuiltProcess | undefined;
  let worker: BuiltProcess | undefined;
  const dirs: string[] = [];
  let shared: Record<string, string>;
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'worker-test-'));
    dirs.push(d);
    return d;
  };
  const pgbossTables = async () => (await sql<{ t: string | null }>`select to_regclass('pgboss.job')::text as t`.execute(direct.db)).rows[0]!.t;

  beforeAll(async () => {
    database = await createTestDatabase();
    shared = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: database.url,
      PROVIDER_SECRET: `worker-test-secret-${randomBytes(12).toString('hex')}`,
      MERCHANT_API_KEY: `worker-test-merchant-key-${randomBytes(8).toString('hex')}`,
      PAYMENT_WEBHOOK_SECRET: `worker-test-webhook-${randomBytes(8).toString('hex')}`,
      DB_POOL_SIZE: '4',
      HOST: '127.0.0.1',
      ...PRODUCTION_SMS_ENV,
    };
    provider = await startBuiltProcess({ ...shared, SERVE: 'provider', JOBS: 'false', PORT: String(await freePort()), DATA_DIR: dataDir() }, 'the provider');
    direct = await openDatabase({ databaseUrl: database.url, poolSize: 2, migrate: false });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopBuiltProcess(provider), stopBuiltProcess(worker)]);
    await direct?.close();
    await database?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('a provider with JOBS=false serves calls and starts no job engine', async () => {
    expect(provider!.output()).toContain('background jobs off here (JOBS=false)');
    // pg-boss would be installed within half a second of the database being ready: give it several times that
    await sleep(3000);
    expect(await pgbossTables()).toBeNull();
    // it answers calls (unsigned: refused by the provider itself, which is what answers)
    const res = await fetch(providerUrl(provider!.url.replace(/\/api\/v2\/?$/, ''), shopApi.catalog));
    expect(res.status).toBe(401);
  });

  it('a worker answers its health and no call, and runs the hourly jobs', async () => {
    worker = await startBuiltProcess({ ...shared, SERVE: 'worker', PORT: String(await freePort()), DATA_DIR: dataDir() }, 'the worker');
    const health = worker.url;
    expect(health).toMatch(/\/healthz$/);
    const origin = new URL(health).origin;
    const ok = await fetch(health);
    expect([ok.status, ((await ok.json()) as { status: string }).status]).toEqual([200, 'ok']);
    expect((await fetch(providerUrl(origin, shopApi.catalog))).status).toBe(404);

    // the hourly run at start, on the worker
    const deadline = Date.now() + 60_000;
    let completed = 0;
    while (Date.now() < deadline) {
      if (await pgbossTables()) {
        const r = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${HOURLY_QUEUE} and state = 'completed'`.execute(direct.db);
        completed = r.rows[0]!.n;
        if (completed > 0) break;
      }
      await sleep(250);
    }
    expect(completed).toBeGreaterThan(0);
  });
});
