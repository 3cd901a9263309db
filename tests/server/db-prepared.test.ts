/**
 * Named statements on PostgreSQL (server/db/prepared.ts): a statement with parameters is parsed once per
 * connection and kept under a name drawn from its text; one without parameters stays unnamed; no
 * connection keeps more than the limit; `preparedStatements: false` (DB_PREPARED_STATEMENTS=0) sends
 * every statement unnamed. The answers are the same either way, with the pool's type parsers.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { prepareStatements } from '../../server/db/prepared';
import { createTestDatabase, describePostgres } from './support/provider';

describePostgres('named statements', () => {
  // the connection's own statements, as PostgreSQL lists them (a pool of one: always the same connection)
  const kept = async (query: (text: string) => Promise<{ rows: Array<{ statement: string }> }>) =>
    (await query(`select statement from pg_prepared_statements where statement like 'select $1::%' order by prepare_time`)).rows.map((r) => r.statement);

  it('keeps a statement with parameters under one name per connection, and answers as before', async () => {
    const created = await createTestDatabase();
    const on = await openDatabase({ databaseUrl: created.url, poolSize: 1 });
    const off = await openDatabase({ databaseUrl: created.url, poolSize: 1, preparedStatements: false });
    try {
      for (const handle of [on, off]) {
        for (const n of [1, 2, 3]) {
          const { rows } = await sql<{
            big: number;
            name: string;
          }>`select ${n}::bigint + 1000000000 as big, name from customers where id = ${n} or true limit 1`.execute(handle.db);
          // int8 still a number, whichever way it was sent
          expect(rows).toEqual([]);
          const { rows: sum } = await sql<{ big: number }>`select ${n}::bigint + 1000000000 as big`.execute(handle.db);
          expect(sum).toEqual([{ big: n + 1_000_000_000 }]);
        }
        await sql`select 1`.execute(handle.db);
      }
      const run = (handle: typeof on) => async (text: string) => sql.raw<{ statement: string }>(text).execute(handle.db);
      // the two statements with parameters, once each (the migrator's were named too), `select 1` unnamed
      expect((await run(on)(`select count(*)::integer as n from pg_prepared_statements where statement = 'select 1'`)).rows).toEqual([{ n: 0 }]);
      expect(await kept(run(on))).toEqual([
        'select $1::bigint + 1000000000 as big, name from customers where id = $2 or true limit 1',
        'select $1::bigint + 1000000000 as big',
      ]);
      expect(await kept(run(off))).toEqual([]);
    } finally {
      await on.close();
      await off.close();
      await created.drop();
    }
  });

  it('names no more distinct statements than its limit: later ones run unnamed', async () => {
    const created = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: created.url, max: 1 });
    prepareStatements(pool, 2);
    try {
      for (const n of [1, 2, 3, 4]) expect((await pool.query(`select $1::integer + ${n} as v`, [n])).rows).toEqual([{ v: 2 * n }]);
      // the first two again: still the same two
      for (const n of [1, 2]) await pool.query(`select $1::integer + ${n} as v`, [n]);
      expect(await kept((text) => pool.query(text))).toEqual(['select $1::integer + 1 as v', 'select $1::integer + 2 as v']);
    } finally {
      await pool.end();
      await created.drop();
    }
  });

  it("goes on answering while another instance migrates: a `*` is never named, a changed column's type fails once", async () => {
    const created = await createTestDatabase();
    const handle = await openDatabase({ databaseUrl: created.url, poolSize: 1 });
    const other = new pg.Client({ connectionString: created.url });
    await other.connect();
    try {
      await other.query('create table menu_notes (id integer primary key, note text)');
      await other.query(`insert into menu_notes values (1, 'oat milk')`);
      const star = () => sql<{ id: number }>`select * from menu_notes where id = ${1}`.execute(handle.db);
      const listed = () => sql<{ id: number }>`select id, note from menu_notes where id = ${1}`.execute(handle.db);
      for (let i = 0; i < 6; i++) {
        await star();
        await listed();
      }
      const named = async () =>
        (await sql.raw<{ statement: string }>(`select statement from pg_prepared_statements where statement like '%menu_notes%'`).execute(handle.db)).rows.map(
          (r) => r.statement,
        );
      expect(await named()).toEqual(['select id, note from menu_notes where id = $1']);
      // another instance adds a column: both go on, the `*` with the new column
      await other.query('alter table menu_notes add column size text');
      expect((await star()).rows).toEqual([{ id: 1, note: 'oat milk', size: null }]);
      expect((await listed()).rows).toEqual([{ id: 1, note: 'oat milk' }]);
      // and changes a column's type: the named statement fails once, then runs unnamed
      await other.query('alter table menu_notes alter column note type varchar(200)');
      await expect(listed()).rejects.toThrow(/cached plan must not change result type/);
      expect((await listed()).rows).toEqual([{ id: 1, note: 'oat milk' }]);
      expect((await listed()).rows).toEqual([{ id: 1, note: 'oat milk' }]);
    } finally {
      await other.end();
      await handle.close();
      await created.drop();
    }
  });
});
