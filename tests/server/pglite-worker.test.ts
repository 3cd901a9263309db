/**
 * PGlite runs in a worker thread (server/db/pglite-remote.ts): the provider's event loop stays free while
 * a statement runs, the answers and errors are PGlite's own, a transaction's statements are not mixed
 * with anyone else's, and a worker that ends makes the database unavailable (503), not a hang.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { rawClientOf, type Database } from '../../server/db';
import { ordersApi } from '#contract/orders.calls';
import { callApi } from '../support/calls';
import { useTestProvider } from './support/provider';
import { key, products } from './orders.helpers';

function remoteOf(db: Database) {
  const raw = rawClientOf(db);
  if (raw?.kind !== 'pglite') throw new Error('expected PGlite');
  return raw.pglite;
}

describe('PGlite in its worker thread', () => {
  const p = useTestProvider('pglite');

  it('plans named statements generically from their first run in the tests, as the test PostgreSQL does', async () => {
    const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(p.db);
    expect(rows).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
  });

  it('keeps the event loop free while a slow statement runs', async () => {
    // a statement that keeps PGlite busy for a while (a few tenths of a second here)
    const slow = sql<{ n: number }>`select count(*) as n from generate_series(1, 1000000) a where a % 7 = 3`.execute(p.db);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    const { rows } = await slow;
    const took = performance.now() - started;
    clearInterval(timer);
    expect(rows[0]!.n).toBe(142_857);
    // long enough to count on (on this thread PGlite would have given the timer no turn at all) …
    expect(took).toBeGreaterThan(200);
    // … and the timer fired through it: well over a third of its chances, counted not timed
    expect(ticks).toBeGreaterThan(took / 10 / 3);
  });

  it('gives the same values and error fields as PGlite on this thread did', async () => {
    const { rows } = await sql<{
      big: number;
      price: number;
      day: string;
      at: Date;
      doc: unknown;
      bytes: Uint8Array;
    }>`select 9007199254740991::int8 as big, 12.50::numeric as price, '2026-02-03'::date as day, '2026-02-03T04:05:06Z'::timestamptz as at, '{"a":[1]}'::jsonb as doc, '\\x0102'::bytea as bytes`.execute(
      p.db,
    );
    expect(rows[0]).toEqual({
      big: 9007199254740991,
      price: 12.5,
      day: '2026-02-03',
      at: new Date('2026-02-03T04:05:06Z'),
      doc: { a: [1] },
      bytes: new Uint8Array([1, 2]),
    });
    await expect(sql`select 9007199254740993::int8 as n`.execute(p.db)).rejects.toThrow('integer out of range: 9007199254740993');
    const phone = '+639170000001';
    await p.newCustomer({ phone });
    const duplicate = await sql`insert into customers (phone, name) values (${phone}, 'Twin')`.execute(p.db).catch((err: unknown) => err);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: expect.stringContaining('phone') });
  });

  it('keeps a transaction’s statements together while others are sent', async () => {
    await sql`create table if not exists worker_probe (n int)`.execute(p.db);
    // each transaction writes a row and reads its own writes; the reads outside see only committed rows
    const outside: number[] = [];
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        p.db
          .transaction()
          .execute(async (trx) => {
            await sql`insert into worker_probe values (${i})`.execute(trx);
            const seen = await sql<{ n: number }>`select count(*)::int as n from worker_probe where n = ${i}`.execute(trx);
            expect(seen.rows[0]!.n).toBe(1);
            if (i % 2) throw new Error('rolled back');
          })
          .catch((err: Error) => expect(err.message).toBe('rolled back')),
      ),
      ...Array.from({ length: 10 }, async () => {
        outside.push((await sql<{ n: number }>`select count(*)::int as n from worker_probe`.execute(p.db)).rows[0]!.n);
      }),
    ]);
    expect((await sql<{ n: number }>`select count(*)::int as n from worker_probe`.execute(p.db)).rows[0]!.n).toBe(5);
    expect(outside.every((n) => n <= 5)).toBe(true);
  });

  it('dumps the cluster as a tarball', async () => {
    const tar = await remoteOf(p.db).dumpDataDir('gzip');
    const head = new Uint8Array(await tar.slice(0, 2).arrayBuffer());
    expect([...head]).toEqual([0x1f, 0x8b]);
  });
});

describe('PGlite’s worker thread ended', () => {
  const p = useTestProvider('pglite');

  it('fails the statement waiting on it and every later one as unavailable, and the provider answers 503', async () => {
    const P = await products(p);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const remote = remoteOf(p.db);
    const waiting = sql`select count(*) from generate_series(1, 3000000)`.execute(p.db);
    const outcome = waiting.then(
      () => 'answered',
      (err: unknown) => err,
    );
    await remote.terminate();
    const err = await outcome;
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/PGlite's worker thread ended/);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(remote.ended).toBe(true);
    await expect(sql`select 1`.execute(p.db)).rejects.toSatisfy(isDatabaseUnavailable);
    const body = { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() };
    const answer = await callApi(p, ordersApi.create, { token: c.token, body });
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('PROVIDER_UNAVAILABLE');
  });
});

describe('WebAssembly calls out to JavaScript in a process that runs PGlite', () => {
  // a module whose exported run(n) calls its imported f(n): 5,000 calls, five times V8's budget for
  // compiling a wrapper (the wrapper that V8 13's shared cache can free twice and abort the process)
  const script = (importRemote: boolean) => `
    ${importRemote ? "await import('./server/db/pglite-remote.ts');" : ''}
    const bytes = new Uint8Array([0,97,115,109,1,0,0,0,1,5,1,96,1,127,0,2,7,1,1,109,1,102,0,0,3,2,1,0,7,7,1,3,114,117,110,0,1,10,8,1,6,0,32,0,16,0,11]);
    let calls = 0;
    const { instance } = await WebAssembly.instantiate(bytes, { m: { f: () => { calls++; } } });
    for (let i = 0; i < 5000; i++) instance.exports.run(i);
    console.log('calls ' + calls);`;
  const run = (importRemote: boolean) =>
    execFileSync(process.execPath, ['--trace-wasm-compilation-times', '--import', 'tsx', '--input-type=module', '-e', script(importRemote)], {
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('never compile the wrapper V8 would tier up to', () => {
    const without = run(false);
    // the control: without PGlite's module V8 compiles the wrapper, which the trace names
    expect(without).toContain('calls 5000');
    expect(without).toMatch(/WasmToJS wrapper/);
    const withRemote = run(true);
    expect(withRemote).toContain('calls 5000');
    expect(withRemote).not.toMatch(/WasmToJS wrapper/);
  });
});
