import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS, openDatabase, rawClientOf, type DatabaseHandle } from '../../server/db';
import { seed } from '../../server/db/seed';
import { balanceProblems, balancesOf } from './support/fill-shop';
import { createTestDatabase, describeEachDb, openTestDatabase } from './support/provider';

/**
 * Upgrades keep everything.
 * - The migrations run in a fixed order a new one cannot sort before: the registered list is in number
 *   order, and every migration a released database has not run is numbered after the last it has.
 * - A database made by a release (tests/fixtures/upgrade-*.sql.gz, made by make-upgrade-fixture.ts: a
 *   filled shop, its balances in the .json beside it) starts on the current code (every migration since,
 *   the seed, as the server starts) with every wallet, points balance and voucher as it was.
 * - A migration that fails leaves the database as it was (all of one start's migrations are one
 *   transaction), and the error says which migration and why.
 */
const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const fixtures = readdirSync(FIXTURES)
  .filter((f) => /^upgrade-.+\.sql\.gz$/.test(f))
  .sort();
const numberOf = (name: string) => Number(name.slice(0, 4));

/** What is wrong with a list of migrations in the order they are registered, given what releases have run. */
function migrationOrderProblems(names: string[], released: string[]): string[] {
  const problems: string[] = [];
  const last = Math.max(...released.map(numberOf));
  names.forEach((name, i) => {
    if (!/^\d{4}-[a-z0-9-]+$/.test(name)) problems.push(`${name}: not NNNN-name`);
    if (i > 0 && numberOf(name) <= numberOf(names[i - 1]!)) problems.push(`${name}: registered after ${names[i - 1]}, its number must be greater`);
    if (!released.includes(name) && numberOf(name) <= last)
      problems.push(`${name}: new since the last release, its number must be greater than ${last} (the last released one)`);
  });
  for (const name of released) if (!names.includes(name)) problems.push(`${name}: released, but no longer registered`);
  return problems;
}

/** The migrations each fixture's release had run (its own kysely_migration rows). */
function releasedMigrations(): string[] {
  const names = new Set<string>();
  for (const f of fixtures)
    for (const m of gunzipSync(readFileSync(join(FIXTURES, f)))
      .toString('utf8')
      .matchAll(/INSERT INTO public\.kysely_migration VALUES \('([^']+)'/g))
      names.add(m[1]!);
  return [...names].sort();
}

describe('the migrations', () => {
  const released = releasedMigrations();

  it('are registered in number order, and every one since the last release is numbered after it', () => {
    expect(released.length).toBeGreaterThanOrEqual(27);
    expect(migrationOrderProblems(Object.keys(MIGRATIONS), released)).toEqual([]);
  });

  it('would refuse a new migration numbered before a released one, or registered out of order', () => {
    const names = Object.keys(MIGRATIONS);
    expect(migrationOrderProblems([...names, '0014-scratch'], released)).toEqual([
      `0014-scratch: registered after ${names.at(-1)}, its number must be greater`,
      `0014-scratch: new since the last release, its number must be greater than ${Math.max(...released.map(numberOf))} (the last released one)`,
    ]);
    // 0016 registered before 0015, as once happened
    const swapped = names.map((n) =>
      n.startsWith('0015') ? names.find((m) => m.startsWith('0016'))! : n.startsWith('0016') ? names.find((m) => m.startsWith('0015'))! : n,
    );
    expect(migrationOrderProblems(swapped, released)).toEqual(['0015-product-archive: registered after 0016-product-options, its number must be greater']);
  });
});

/** A new, empty database of `kind` with the fixture's SQL run in it (as a release left it), not migrated. */
async function databaseFrom(kind: 'pglite' | 'postgres', text: string): Promise<{ url?: string; handle: DatabaseHandle; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ migrate: false });
    const raw = rawClientOf(handle.db);
    if (raw?.kind !== 'pglite') throw new Error('expected PGlite');
    await raw.pglite.exec(text);
    // the dump empties search_path for its session, and PGlite's one session lives on
    await raw.pglite.exec('reset all');
    return { handle, drop: async () => {} };
  }
  const database = await createTestDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(text);
  await client.end();
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: 2, migrate: false });
  return { url: database.url, handle, drop: database.drop };
}

for (const fixture of fixtures) {
  describeEachDb(`an upgrade from ${fixture}`, (kind) => {
    const expected = JSON.parse(readFileSync(join(FIXTURES, fixture.replace(/\.sql\.gz$/, '.json')), 'utf8')) as Awaited<ReturnType<typeof balancesOf>> & {
      migration: string;
    };
    let made: Awaited<ReturnType<typeof databaseFrom>>;

    beforeAll(async () => {
      made = await databaseFrom(kind, gunzipSync(readFileSync(join(FIXTURES, fixture))).toString('utf8'));
      // as the server starts: every migration since, then the seed
      await migrate(made.handle.db);
      await seed(made.handle.db);
    }, 120_000);
    afterAll(async () => {
      await made?.handle.close();
      await made?.drop();
    });

    it('runs every migration since, and keeps every wallet, points balance and voucher', async () => {
      const db = made.handle.db;
      const ran = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);
      expect(ran).toEqual(Object.keys(MIGRATIONS));
      expect(await balancesOf(db)).toEqual({ customers: expected.customers, vouchers: expected.vouchers });
      expect(expected.customers.length).toBeGreaterThanOrEqual(50);
      expect(await balanceProblems(db)).toEqual({ customers: expected.customers.length, wallet: 0, points: 0, vouchers: 0 });
    });
  });
}

describeEachDb('a migration that fails', (kind) => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase(kind, 2);
  }, 120_000);
  afterAll(() => h?.close());

  it('leaves the database as it was, and the error says which migration and why', async () => {
    const scratch: Record<string, Migration> = {
      ...MIGRATIONS,
      '9990-scratch-table': { up: async (db: Kysely<unknown>) => void (await sql`create table scratch_kept (id int)`.execute(db)) },
      '9991-scratch-fails': {
        up: async (db: Kysely<unknown>) => {
          await sql`alter table customers add column scratch_column int`.execute(db);
          await sql`insert into no_such_table values (1)`.execute(db);
        },
      },
    };
    const customers = (
      await h.db
        .selectFrom('customers')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    await expect(migrate(h.db, scratch)).rejects.toThrow(
      /^database migration 9991-scratch-fails failed: relation "no_such_table" does not exist\. The database is as it was before this start \(the migrations before it in this start were undone with it\)\.$/,
    );
    const left = await sql<{ t: string | null; c: number; m: number }>`
      select to_regclass('public.scratch_kept')::text as t,
        (select count(*)::int from information_schema.columns where table_name = 'customers' and column_name = 'scratch_column') as c,
        (select count(*)::int from kysely_migration where name like '999%') as m`.execute(h.db);
    expect(left.rows[0]).toEqual({ t: null, c: 0, m: 0 });
    expect(
      (
        await h.db
          .selectFrom('customers')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(customers);
    // and the next start, with the scratch gone, runs as usual
    await migrate(h.db);
  });
});
