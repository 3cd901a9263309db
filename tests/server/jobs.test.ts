/**
 * The background jobs through pg-boss (server/provider/jobs.ts, server/lib/job-engine.ts) on the
 * provider's own database: the start-up hourly run, retries, a bounded stop, runs forced by hand, the
 * demo progression; then, on PostgreSQL, several instances sharing one database: pg-boss installed
 * once when they start together, every run once per slot, a failed or hung run taken over, demo
 * orders never stepped twice.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import pg, { type PoolConfig } from 'pg';
import { openDatabase, rawClientOf, type Database, type DatabaseHandle } from '../../server/db';
import { DAY, SECOND } from '../../server/lib/clock';
import { providerContext, startEmbeddedProvider } from '../../server/provider/embedded';
import type { ProviderContext } from '../../server/provider/context';
import { advanceDemoOrders } from '../../server/provider/orders/orders.jobs';
import { createJobEngine, startJobEngine } from '../../server/lib/job-engine';
import { DEMO_QUEUE, jobsReady, runBackup, startJobs, triggerHourlyJobs, type JobOptions } from '../../server/provider/jobs';
import { describeEachDb, describePostgres, useTestProvider, embeddedOptions, TEST_DATABASE_URL } from './support/provider';
import { key, products } from './orders.helpers';
import { ordersApi } from '#contract/orders.calls';
import { campaignsConsoleApi } from '#contract/campaigns.calls';
import { newStaff } from './merchant.helpers';
import { callApi } from '../support/calls';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `f` until it returns something truthy; fails naming `what` after `ms`. */
async function until<T>(what: string, f: () => T | Promise<T>, ms = 30_000): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Waits while the top of the hour is near: runs are filed in one-hour slots, and a test counting them
 * should not see the cron's next occurrence (or the next slot) arrive halfway.
 */
async function awayFromTheHour(): Promise<void> {
  const left = 3600_000 - (Date.now() % 3600_000);
  if (left < 30_000) await sleep(left + 1000);
}

/** A logger whose lines the test reads: the jobs log failures, pg-boss's errors and warnings. */
function logs() {
  const lines: { level: number; msg: string; err?: { message?: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  return {
    logger: pino({ level: 'info' }, stream),
    lines,
    engineErrors: () => lines.filter((l) => l.msg === 'job engine error' || l.msg.startsWith('the jobs could not start')),
  };
}

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  singleton_on: Date | null;
  data: { trigger?: string } | null;
}

async function jobRows(db: Database, queue = 'hourly'): Promise<JobRow[]> {
  // none before the first instance has installed pg-boss
  if (!(await sql<{ t: string | null }>`select to_regclass('pgboss.job')::text as t`.execute(db)).rows[0]!.t) return [];
  const r =
    await sql<JobRow>`select id, state::text as state, retry_count, singleton_on, data from pgboss.job where name = ${queue} order by created_on`.execute(db);
  return r.rows;
}

async function hasJobSchema(db: Database): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname = 'pgboss'`.execute(db);
  return r.rows[0]!.n === 1;
}

/** A stand-in for the hourly body: counts its runs (and who ran them) and can be told what to do. */
function hourlySpy(behave: (run: number) => Promise<void> = async () => {}) {
  const runs: string[] = [];
  const seen = { active: 0, mostAtOnce: 0 };
  const fn = (who: string) => async () => {
    runs.push(who);
    seen.mostAtOnce = Math.max(seen.mostAtOnce, ++seen.active);
    try {
      await behave(runs.length);
    } finally {
      seen.active--;
    }
  };
  return { runs, fn, seen };
}

describeEachDb('jobs through pg-boss', (kind) => {
  const p = useTestProvider(kind);
  let log: ReturnType<typeof logs>;
  const stops: (() => Promise<void>)[] = [];
  const start = (options: JobOptions = {}) => {
    const stop = startJobs(p.ctx, options);
    stops.push(stop);
    return stop;
  };

  beforeEach(() => {
    log = logs();
    p.ctx.logger = log.logger;
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((s) => s()));
    p.ctx.demoOrderProgress = false;
    if (await hasJobSchema(p.db)) await sql`delete from pgboss.job`.execute(p.db);
    await p.reset();
    expect(log.engineErrors()).toEqual([]);
  });

  it('an embedded provider started with jobs: false runs no job and installs nothing', async () => {
    const provider = await startEmbeddedProvider({ ...embeddedOptions(p), jobs: false });
    await sleep(300);
    await provider.close();
    expect(await hasJobSchema(p.db)).toBe(false);
  });

  it('schedules the backup on its cron in the shop’s time zone, and a backup run writes one, records it and says where', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jobs-backup-'));
    const raw = rawClientOf(p.db);
    const databaseUrl = raw?.kind === 'postgres' ? String((raw.pool.options as PoolConfig).connectionString) : undefined;
    p.ctx.backups = { dir, key: undefined, schedule: '0 3 * * *', keepDaily: 7, keepWeekly: 4, dataDir: undefined, databaseUrl };
    try {
      start();
      await jobsReady(p.ctx);
      const schedules = await sql<{
        name: string;
        cron: string;
        timezone: string;
      }>`select name, cron, timezone from pgboss.schedule where name = 'backup'`.execute(p.db);
      expect(schedules.rows).toEqual([{ name: 'backup', cron: '0 3 * * *', timezone: 'Asia/Manila' }]);
      expect(log.lines.find((l) => l.msg === 'jobs running (pg-boss)')).toMatchObject({ backup: `0 3 * * * (Asia/Manila) into ${dir}` });

      // what the queue's worker runs at 03:00
      const result = await runBackup(p.ctx);
      expect(readdirSync(dir)).toEqual([basename(result.file)]);
      const row = await p.db.selectFrom('backups').select(['file', 'bytes', 'encrypted']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toEqual({ file: result.file, bytes: result.bytes, encrypted: false });
      // its line says where and how big, and that it is not encrypted
      const written = log.lines.find((l) => l.msg.startsWith('backup written: '))!.msg;
      expect(written.startsWith(`backup written: ${result.file} (`) && written.endsWith(', NOT encrypted: set BACKUP_KEY)')).toBe(true);
    } finally {
      p.ctx.backups = null;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an embedded provider with jobs runs the real hourly jobs at start (points expire) and closes cleanly', async () => {
    await awayFromTheHour();
    const c = await p.newCustomer({ points: 120 });
    p.clock.advance(366 * DAY);
    const t0 = Date.now();
    const provider = await startEmbeddedProvider(embeddedOptions(p));
    const listening = Date.now() - t0;
    try {
      const ready = Date.now();
      await jobsReady(provider.ctx);
      console.info(`jobs [${kind}]: listening after ${listening} ms, pg-boss ready ${Date.now() - ready} ms later (fresh install)`);
      await until(
        'the points to expire',
        async () => (await p.db.selectFrom('customers').select('points').where('id', '=', c.id).executeTakeFirstOrThrow()).points === 0,
      );
      const rows = await until('the start-up run to complete', async () => {
        const r = await jobRows(p.db);
        return r.length === 1 && r[0]!.state === 'completed' && r;
      });
      // the start-up run is filed in the current hour's slot
      expect(rows[0]!.singleton_on!.getTime() % (3600 * SECOND)).toBe(0);
      const expired = await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', c.id).where('type', '=', 'expire').execute();
      expect(expired.map((e) => e.points)).toEqual([-120]);
    } finally {
      await provider.close();
    }
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('a second start within the hour adds no start-up run (one per hour slot, like the cron)', async () => {
    await awayFromTheHour();
    const spy = hourlySpy();
    const stop = start({ hourly: spy.fn('a') });
    await until('the start-up run', () => spy.runs.length === 1);
    await stop();
    const again = start({ hourly: spy.fn('b') });
    // ready: its start-up run was asked for (and refused), so a run it made would be in the table now
    await jobsReady(p.ctx);
    await again();
    expect(spy.runs).toEqual(['a']);
    expect((await jobRows(p.db)).length).toBe(1);
  });

  it('a run that throws is retried with backoff, then completes', async () => {
    const spy = hourlySpy(async (run) => {
      if (run === 1) throw new Error('database hiccup');
    });
    start({ hourly: spy.fn('a'), retryDelaySeconds: 1, hourlyPollSeconds: 1 });
    const [job] = await until('the retried run to complete', async () => {
      const r = await jobRows(p.db);
      return r[0]?.state === 'completed' && r;
    });
    expect(spy.runs).toEqual(['a', 'a']);
    expect(job!.retry_count).toBe(1);
    const failed = log.lines.find((l) => l.msg.startsWith('job failed'));
    expect(failed?.err?.message).toBe('database hiccup');
  });

  it('triggerHourlyJobs runs the hourly jobs now and resolves when they are done', async () => {
    await awayFromTheHour();
    const spy = hourlySpy(() => sleep(300));
    start({ hourly: spy.fn('a') });
    await until('the start-up run', async () => (await jobRows(p.db))[0]?.state === 'completed');
    await triggerHourlyJobs(p.ctx);
    expect(spy.runs).toHaveLength(2);
    const rows = await jobRows(p.db);
    expect(rows.map((r) => [r.state, r.data?.trigger ?? null])).toEqual([
      ['completed', null],
      ['completed', 'now'],
    ]);
  });

  it('triggerHourlyJobs with the real body expires points through pg-boss (pg-boss and the request transactions share the database)', async () => {
    start();
    await jobsReady(p.ctx);
    const customers = await Promise.all(Array.from({ length: 5 }, () => p.newCustomer({ points: 50 })));
    p.clock.advance(366 * DAY);
    await triggerHourlyJobs(p.ctx);
    const left = await p.db
      .selectFrom('customers')
      .select('points')
      .where(
        'id',
        'in',
        customers.map((c) => c.id),
      )
      .execute();
    expect(left.map((c) => c.points)).toEqual([0, 0, 0, 0, 0]);
  });

  it('stop() waits for a running job to finish', async () => {
    let finished = 0;
    let running = false;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const spy = hourlySpy(async () => {
      running = true;
      await held;
      finished++;
      running = false;
    });
    const stop = start({ hourly: spy.fn('a') });
    await until('the start-up run to be running', () => running);
    // the run goes on until it is let go: stop() is still waiting for it a moment later, then ends with it
    const stopping = stop();
    expect(await Promise.race([stopping.then(() => 'stopped'), sleep(200).then(() => 'waiting')])).toBe('waiting');
    release();
    await stopping;
    expect(finished).toBe(1);
    expect((await jobRows(p.db)).map((r) => r.state)).toEqual(['completed']);
  });

  it('stop() is bounded: a run still going after stopTimeoutMs is failed, to be retried later', async () => {
    let release!: () => void;
    const hung = new Promise<void>((r) => (release = r));
    let running = false;
    const stop = start({
      hourly: async () => {
        running = true;
        await hung;
      },
      stopTimeoutMs: 1000,
    });
    await until('the start-up run to be running', () => running);
    const t0 = Date.now();
    await stop();
    const took = Date.now() - t0;
    release();
    expect(took).toBeLessThan(5000);
    const [job] = await jobRows(p.db);
    expect(job!.state).toBe('retry');
  });

  it('demo orders move through pg-boss every few seconds', async () => {
    const P = await products(p);
    p.ctx.demoOrderProgress = true;
    const c = await p.newCustomer({ wallet: 100000 });
    const r = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    }).expect(201);
    const name = r.body.data.order.name;
    const status = async () => (await p.db.selectFrom('orders').select('status').where('name', '=', name).executeTakeFirstOrThrow()).status;
    start({ hourly: async () => {}, demoEverySeconds: 1 });
    await jobsReady(p.ctx);
    // a demo run has been, and left the order alone: its next step is 45 s away on the provider's clock
    await until('a demo run to complete', async () => (await jobRows(p.db, DEMO_QUEUE)).some((j) => j.state === 'completed'));
    expect(await status()).toBe('paid');
    p.clock.advance(45 * SECOND);
    await until('the order to be preparing', async () => (await status()) === 'preparing');
    p.clock.advance(45 * SECOND);
    await until('the order to be ready', async () => (await status()) === 'ready');
    // one run waiting at a time, whatever sent it (the chain, the start, the minute's re-seed)
    const waiting = (await jobRows(p.db, 'demo-orders')).filter((j) => j.state === 'created' || j.state === 'retry');
    expect(waiting.length).toBeLessThanOrEqual(1);
  });

  it("an owner's broadcast reaches its customers through pg-boss within seconds", async () => {
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    start({ hourly: async () => {}, broadcastEverySeconds: 1 });
    await jobsReady(p.ctx);
    const body = { title: 'Hi {name}', body: 'Fresh bread today', idempotency_key: key() };
    await callApi(p, campaignsConsoleApi.broadcast, { token: owner.token, body }).expect(201);
    const status = async () => (await p.db.selectFrom('broadcasts').select('status').executeTakeFirst())?.status;
    await until('the broadcast to be sent', async () => (await status()) === 'sent');
    const notices = await p.db.selectFrom('notifications').select('title').where('customer_id', '=', c.id).where('type', '=', 'campaign').execute();
    expect(notices).toEqual([{ title: 'Hi Ana' }]);
  });

  it('a chain runs as each next run falls due, though its worker looks for work by itself only every 30 s', async () => {
    const runs: number[] = [];
    p.ctx.demoOrderProgress = true;
    const t0 = Date.now();
    start({ hourly: async () => {}, demoOrders: async () => void runs.push(Date.now() - t0), demoEverySeconds: 1 });
    await jobsReady(p.ctx);
    // each run queues the next a second ahead and wakes this instance's worker for it when it is due: four
    // runs in about four seconds (more on a loaded host), where the worker's own looks would take 90 s
    await until('four demo runs', async () => runs.length >= 4);
    expect(runs[3]!).toBeLessThan(25_000);
    // and none before it was due: the runs are a second apart at least
    for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(950);
  });
});

describePostgres('jobs with several instances on one database', () => {
  // one database for the block, which each test finds as a new one: pg-boss not installed (its schema
  // dropped after each test), no hour slot taken, the tables emptied and seeded again
  const p = useTestProvider('postgres', { reset: true });
  let url: string;
  let log: ReturnType<typeof logs>;
  const extra: DatabaseHandle[] = [];
  const stops: (() => Promise<void>)[] = [];

  /** Another provider instance on the same database: its own pool, its own context, the same clock. */
  async function instance(o: { demo?: boolean } = {}): Promise<ProviderContext> {
    const handle = await openDatabase({ databaseUrl: url, poolSize: 5 });
    extra.push(handle);
    return providerContext(
      { ...embeddedOptions(p), db: handle.db, logger: log.logger, demoOrderProgress: o.demo ?? false },
      () => 'http://provider.test/api/v2/',
    );
  }
  const start = (ctx: ProviderContext, options: JobOptions = {}) => {
    const stop = startJobs(ctx, options);
    stops.push(stop);
    return stop;
  };

  beforeAll(() => {
    const raw = rawClientOf(p.db);
    url = (raw?.kind === 'postgres' && (raw.pool.options as PoolConfig).connectionString) || '';
    expect(url).toMatch(/^postgres/);
  });
  beforeEach(() => {
    log = logs();
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((s) => s()));
    await Promise.all(extra.splice(0).map((h) => h.close()));
    p.ctx.demoOrderProgress = false;
    await sql`drop schema if exists pgboss cascade`.execute(p.db);
    expect(log.engineErrors()).toEqual([]);
  });

  it('three instances starting together on a fresh database: pg-boss installs once, and the start-up run happens once', async () => {
    const spy = hourlySpy(() => sleep(200));
    const ctxs = await Promise.all([instance(), instance(), instance()]);
    ctxs.forEach((ctx, i) => start(ctx, { hourly: spy.fn(`#${i}`) }));
    await Promise.all(ctxs.map((ctx) => jobsReady(ctx)));
    await until('the start-up run to complete', async () => (await jobRows(p.db)).some((r) => r.state === 'completed'));
    // every start has asked for its start-up run (jobsReady) and the run is done: nothing else is queued
    // (every row below is completed), so no worker has anything left to run, at its next poll or later
    const rows = await jobRows(p.db);
    // one job per hour slot (should the test straddle the hour, the cron's job is the next slot's)
    const slots = rows.map((r) => r.singleton_on?.toISOString());
    expect(new Set(slots).size).toBe(rows.length);
    expect(rows.every((r) => r.state === 'completed')).toBe(true);
    expect(spy.runs).toHaveLength(rows.length);
    const schedules = await sql<{ n: number }>`select count(*)::int as n from pgboss.schedule where name = 'hourly'`.execute(p.db);
    expect(schedules.rows[0]!.n).toBe(1);
    // every start went through the first time (no "start() failed and will try again")
    expect(log.lines.filter((l) => l.msg === 'job engine warning')).toEqual([]);
  });

  it('four servers starting at the same moment on a new database: our migrations and pg-boss install once, every start succeeds', async () => {
    // a database of its own, which the four open together, as servers deployed at once would
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const name = `test_jobs_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const fresh = new URL(TEST_DATABASE_URL!);
    fresh.pathname = `/${name}`;
    const handles = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: fresh.toString(), poolSize: 3 })));
    const engines = handles.map((h) => createJobEngine(h.db, { logger: log.logger }));
    try {
      const started = await Promise.allSettled(handles.map((h, i) => startJobEngine(h.db, engines[i]!)));
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      // each start went through the first time (pg-boss's own retry was not needed)
      expect(log.lines.filter((l) => l.msg === 'job engine warning')).toEqual([]);
    } finally {
      await Promise.all(engines.map((e) => e.stop({ timeout: 1000 })));
      await Promise.all(handles.map((h) => h.close()));
      await sleep(200);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  // "At once" is two calls in the same tick; whether the second finds the first still queued (one run)
  // or already running (a second run, queued behind it: the queue never runs two at once) depends on
  // how fast a worker picks the first up, so both outcomes are right and each call waits for its run.
  it('forced on both instances at once: at most one run per call, never two at a time, and both calls resolve when done', async () => {
    await awayFromTheHour();
    const spy = hourlySpy(() => sleep(300));
    const a = await instance();
    const b = await instance();
    start(a, { hourly: spy.fn('a') });
    start(b, { hourly: spy.fn('b') });
    await Promise.all([jobsReady(a), jobsReady(b)]);
    await until('the start-up run to complete', async () => (await jobRows(p.db)).some((r) => r.state === 'completed'));
    const before = spy.runs.length;
    await Promise.all([triggerHourlyJobs(a), triggerHourlyJobs(b)]);
    const rows = await jobRows(p.db);
    const forced = rows.filter((r) => r.data?.trigger === 'now');
    expect(forced.length).toBeGreaterThanOrEqual(1);
    expect(forced.length).toBeLessThanOrEqual(2);
    expect(forced.every((r) => r.state === 'completed')).toBe(true);
    expect(spy.runs.length).toBe(before + forced.length);
    expect(spy.runs).toHaveLength(rows.length);
    expect(spy.seen.mostAtOnce).toBe(1);
  });

  it('the real hourly jobs forced on both at once send each expiry notice once', async () => {
    const a = await instance();
    const b = await instance();
    start(a);
    start(b);
    await Promise.all([jobsReady(a), jobsReady(b)]);
    const customers = await Promise.all(Array.from({ length: 8 }, () => p.newCustomer({ points: 40 })));
    p.clock.advance(366 * DAY);
    await Promise.all([triggerHourlyJobs(a), triggerHourlyJobs(b), triggerHourlyJobs(a), triggerHourlyJobs(b)]);
    const ids = customers.map((c) => c.id);
    const notes = await p.db.selectFrom('notifications').select('customer_id').where('customer_id', 'in', ids).where('title', '=', 'Points expired').execute();
    expect(notes.map((n) => n.customer_id).sort()).toEqual([...ids].sort());
    const expired = await p.db.selectFrom('points_ledger').select('customer_id').where('customer_id', 'in', ids).where('type', '=', 'expire').execute();
    expect(expired).toHaveLength(ids.length);
  });

  it('a run that throws is retried and completes, on either instance', async () => {
    const spy = hourlySpy(async (run) => {
      if (run === 1) throw new Error('lost the connection');
    });
    const a = await instance();
    const b = await instance();
    start(a, { hourly: spy.fn('a'), retryDelaySeconds: 1, hourlyPollSeconds: 1 });
    start(b, { hourly: spy.fn('b'), retryDelaySeconds: 1, hourlyPollSeconds: 1 });
    const rows = await until('the retried run to complete', async () => {
      const r = await jobRows(p.db);
      return r.length === 1 && r[0]!.state === 'completed' && r;
    });
    expect(rows[0]!.retry_count).toBe(1);
    expect(spy.runs).toHaveLength(2);
  });

  it('a run that hangs past its expiry is failed and run again by the other instance', async () => {
    let release!: () => void;
    const hung = new Promise<void>((r) => (release = r));
    const runs: string[] = [];
    const a = await instance();
    const b = await instance();
    const options = { hourlyExpireSeconds: 2, retryDelaySeconds: 1, hourlyPollSeconds: 1, stopTimeoutMs: 1000 };
    // a takes the start-up run and hangs in it; b starts once a is stuck
    start(a, {
      ...options,
      hourly: async () => {
        runs.push('a');
        await hung;
      },
    });
    await until('a to be stuck in the start-up run', () => runs.length === 1);
    start(b, { ...options, hourly: async () => void runs.push('b') });
    const rows = await until('b to complete the run a hung in', async () => {
      const r = await jobRows(p.db);
      return r[0]?.state === 'completed' && r;
    });
    release();
    expect(runs).toEqual(['a', 'b']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.retry_count).toBe(1);
  });

  it('an instance that dies in the middle of a run: another instance expires the run and does it', async () => {
    let release!: () => void;
    const hung = new Promise<void>((r) => (release = r));
    const runs: string[] = [];
    const options = { hourlyExpireSeconds: 2, retryDelaySeconds: 1, hourlyPollSeconds: 1, stopTimeoutMs: 1000 };
    // a: its own pool, which is cut (as when its process or its network goes) while it is in the run
    const aHandle = await openDatabase({ databaseUrl: url, poolSize: 3 });
    const aLog = logs();
    const a = providerContext({ ...embeddedOptions(p), db: aHandle.db, logger: aLog.logger }, () => 'http://provider.test/api/v2/');
    const stopA = startJobs(a, {
      ...options,
      hourly: async () => {
        runs.push('a');
        await hung;
      },
    });
    try {
      await until('a to be in the start-up run', () => runs.length === 1);
      await aHandle.close();
      // b supervises every second (default: every minute) to find the expired run sooner
      const b = await instance();
      start(b, { ...options, engine: { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 }, hourly: async () => void runs.push('b') });
      const rows = await until('b to complete the run a was in', async () => {
        const r = await jobRows(p.db);
        return r[0]?.state === 'completed' && r;
      });
      expect(runs).toEqual(['a', 'b']);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.retry_count).toBe(1);
    } finally {
      release();
      await stopA();
    }
  });

  it('demo orders with two instances: every order is stepped once per step', async () => {
    const P = await products(p);
    // orders get their first demo step time when the demo is on as they are paid
    p.ctx.demoOrderProgress = true;
    const c = await p.newCustomer({ wallet: 5_000_000 });
    const made = await Promise.all(
      Array.from({ length: 12 }, () =>
        callApi(p, ordersApi.create, {
          token: c.token,
          body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
        }),
      ),
    );
    expect(made.every((m) => m.status === 201)).toBe(true);
    const a = await instance({ demo: true });
    const b = await instance({ demo: true });
    const ran: string[] = [];
    const demo = (who: string) => async (ctx: ProviderContext) => {
      ran.push(who);
      await advanceDemoOrders(ctx);
    };
    const t0 = Date.now();
    start(a, { hourly: async () => {}, demoOrders: demo('a'), demoEverySeconds: 1 });
    start(b, { hourly: async () => {}, demoOrders: demo('b'), demoEverySeconds: 1 });
    await Promise.all([jobsReady(a), jobsReady(b)]);
    const statuses = async () => (await p.db.selectFrom('orders').select('status').where('customer_id', '=', c.id).execute()).map((o) => o.status);
    for (const next of ['preparing', 'ready', 'completed']) {
      p.clock.advance(45 * SECOND);
      await until(`every order to be ${next}`, async () => (await statuses()).every((s) => s === next));
    }
    const seconds = (Date.now() - t0) / 1000;
    const events = await p.db
      .selectFrom('order_events as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select(['o.name', 'e.status'])
      .where('o.customer_id', '=', c.id)
      .where('e.status', 'in', ['preparing', 'ready', 'completed'])
      .execute();
    expect(events).toHaveLength(12 * 3);
    expect(new Set(events.map((e) => `${e.name} ${e.status}`)).size).toBe(12 * 3);
    // one chain for both instances: about one run a second (plus the poll), not two
    expect(ran.length).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
    const waiting = (await jobRows(p.db, 'demo-orders')).filter((j) => j.state === 'created' || j.state === 'retry');
    expect(waiting.length).toBeLessThanOrEqual(1);
  });
});
