/**
 * A read replica for the dashboard and the CSV exports (DATABASE_READ_URL, server/provider/read-replica.ts).
 * The replica here is a copy of the primary taken before more customers joined, reached through a
 * connection marked read-only (default_transaction_read_only): what the owner's figures show is the copy's,
 * so the reads went there, and nothing tried to write on it. A replica that cannot be reached (a closed
 * port) is read around: the figures and the exports come from the primary, with no error.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { seed } from '../../server/db/seed';
import { dashboardAt } from '../../server/provider/dashboard/dashboard.service';
import { freePort } from '../../scripts/lib/server-process.ts';
import { newStaff } from './merchant.helpers';
import { createTestDatabase, describePostgres, startTestProvider, type TestProvider } from './support/provider';
import { dashboardApi } from '#contract/dashboard.calls';
import { callApi } from '../support/calls';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const plain = (v: unknown) => JSON.parse(JSON.stringify(v));

/** A copy of `source` (no one connected to it), retried while its last connections are still going away. */
async function copyOf(source: string): Promise<{ url: string; drop(): Promise<void> }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await createTestDatabase({ template: new URL(source).pathname.slice(1) });
    } catch (err) {
      if (attempt > 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await sleep(100);
    }
  }
}

describePostgres('a read replica for the dashboard and the exports', () => {
  let primary: { url: string; drop(): Promise<void> };
  let snapshot: { url: string; drop(): Promise<void> };
  let replica: DatabaseHandle;
  let deadReplica: DatabaseHandle;
  let p: TestProvider;
  let around: TestProvider;

  beforeAll(async () => {
    primary = await createTestDatabase({ template: inject('dbTemplates')?.postgresName });
    const seeding = await openDatabase({ databaseUrl: primary.url, poolSize: 1, migrate: false });
    await seed(seeding.db);
    await seeding.close();
    snapshot = await copyOf(primary.url);
    const readOnly = new URL(snapshot.url);
    readOnly.searchParams.set('options', '-c default_transaction_read_only=on');
    replica = await openDatabase({ databaseUrl: readOnly.toString(), poolSize: 4, migrate: false });
    p = await startTestProvider('postgres', { database: await openDatabase({ databaseUrl: primary.url, poolSize: 6, migrate: false }), replica: replica.db });
    // a replica on a port nobody listens on: a host down
    deadReplica = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/gone`,
      poolSize: 1,
      migrate: false,
      limits: { connectTimeoutMs: 2000 },
    });
    around = await startTestProvider('postgres', { replica: deadReplica.db });
  }, 120_000);

  afterAll(async () => {
    await p?.close();
    await around?.close();
    await replica?.close();
    await deadReplica?.close();
    await snapshot?.drop();
    await primary?.drop();
  }, 60_000);

  it('the figures are the replica’s: customers who joined after the copy count on the primary only', async () => {
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    for (let i = 0; i < 3; i++) await p.newCustomer({ points: 100 * (i + 1) });
    const now = p.clock.now();
    const onPrimary = plain(await dashboardAt(p.db, p.ctx.merchantId, now, 'today'));
    const onReplica = plain(await dashboardAt(replica.db, p.ctx.merchantId, now, 'today'));
    expect(onPrimary).not.toEqual(onReplica);
    const res = await callApi(p, dashboardApi.dashboard, { token: owner.token, query: { period: 'today' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(onReplica);
  });

  it('the replica connection is read-only: a write there is refused, so nothing the reports do can change it', async () => {
    const client = new pg.Client({ connectionString: `${snapshot.url}?options=-c%20default_transaction_read_only%3Don` });
    await client.connect();
    try {
      await expect(client.query(`update merchants set id = id`)).rejects.toThrow(/read-only transaction/);
    } finally {
      await client.end();
    }
  });

  it('a replica that cannot be reached is read around: the figures and both exports come from the primary', async () => {
    const owner = await newStaff(around.db, around.clock, { role: 'owner' });
    await around.newCustomer({ points: 250 });
    const res = await callApi(around, dashboardApi.dashboard, { token: owner.token, query: { period: 'today' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(plain(await dashboardAt(around.db, around.ctx.merchantId, around.clock.now(), 'today')));
    // rested after that failure; tried again for each export, and read around again
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(around.clock.now());
    for (const call of [dashboardApi.exportOrders, dashboardApi.exportLedger]) {
      around.ctx.replica!.downUntil = 0;
      const csv = await callApi(around, call, { token: owner.token, query: { from: day, to: day } });
      expect(csv.status, csv.text).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(around.ctx.replica!.downUntil).toBeGreaterThan(Date.now());
    }
  });
});
