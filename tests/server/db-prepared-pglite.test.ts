/**
 * Named statements on PGlite (server/db/pglite-worker.ts): a statement with parameters is parsed once and
 * kept under a name, one without parameters is not; no more than the limit are kept; `preparedStatements:
 * false` (DB_PREPARED_STATEMENTS=0) sends everything through PGlite's own query(). The answers (values of
 * every type the provider sends and reads) and the errors (SQLSTATE, constraint, the transaction left
 * aborted) are the same either way.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rawClientOf, type DatabaseHandle } from '../../server/db';
import { PGliteRemote } from '../../server/db/pglite-remote';

const kept = async (handle: DatabaseHandle) =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time, statement`.execute(handle.db)).rows.map(
    (r) => r.statement,
  );

const SCHEMA = [
  'create table notes (id integer primary key, body text not null, big bigint, at timestamptz, facts jsonb, tags text[], done boolean, price numeric)',
  'create unique index notes_body on notes (body)',
];

describe('named statements on PGlite', () => {
  let on: DatabaseHandle;
  let off: DatabaseHandle;
  beforeAll(async () => {
    [on, off] = await Promise.all([openDatabase({ migrate: false }), openDatabase({ migrate: false, preparedStatements: false })]);
    for (const handle of [on, off]) for (const statement of SCHEMA) await sql.raw(statement).execute(handle.db);
  }, 60_000);
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('answers as PGlite does, every type both ways, and keeps each text with parameters once', async () => {
    const at = new Date('2026-12-06T09:30:00.123Z');
    const answers = [];
    for (const handle of [on, off]) {
      const db = handle.db;
      for (const id of [1, 2, 3]) {
        const facts = { size: 'large', shots: id, milk: null, extras: ['oat'] };
        await sql`insert into notes values (${id}, ${`note ${id}`}, ${9_000_000_000 + id}, ${at}, ${JSON.stringify(facts)}, ${['a', `b${id}`]}, ${id % 2 === 0}, ${'3.50'})`.execute(
          db,
        );
      }
      await sql`insert into notes (id, body) values (${4}, ${'empty'})`.execute(db);
      const read = [];
      for (const id of [1, 2, 3, 4]) {
        read.push(
          (
            await sql`select id, body, big, at, facts, tags, done, price, ${at}::timestamptz as given, ${null}::text as nothing from notes where id = ${id}`.execute(
              db,
            )
          ).rows,
        );
      }
      const listed = await sql`select id from notes where tags @> ${['a']}::text[] and at <= ${at} order by id`.execute(db);
      const updated = await sql`update notes set done = ${true} where id = any(${[1, 3]}::integer[])`.execute(db);
      answers.push({ read, listed: listed.rows, updated: updated.numAffectedRows });
      await sql`select 1`.execute(db);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.read[0]).toEqual([
      {
        id: 1,
        body: 'note 1',
        big: 9_000_000_001,
        at,
        facts: { size: 'large', shots: 1, milk: null, extras: ['oat'] },
        tags: ['a', 'b1'],
        done: false,
        price: 3.5,
        given: at,
        nothing: null,
      },
    ]);
    expect(answers[0]!.listed).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(answers[0]!.updated).toBe(2n);
    // the texts with parameters, once each however often they ran; `select 1` and the schema unnamed
    const named = await kept(on);
    expect(named).toHaveLength(5);
    expect(named.filter((s) => s.startsWith('select id, body'))).toHaveLength(1);
    expect(named.some((s) => s === 'select 1' || s.startsWith('create'))).toBe(false);
    expect(await kept(off)).toEqual([]);
  });

  it('keeps the errors and what they leave: the code, the constraint, an aborted transaction, a text that failed to parse tried again', async () => {
    for (const handle of [on, off]) {
      const db = handle.db;
      const insert = (id: number, body: string) => sql`insert into notes (id, body) values (${id}, ${body})`.execute(db);
      await insert(10, 'flat white');
      await expect(insert(11, 'flat white')).rejects.toMatchObject({ code: '23505', constraint: 'notes_body' });
      // in a transaction: the failing statement leaves it aborted, and the rollback undoes the first insert
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into notes (id, body) values (${12}, ${'cortado'})`.execute(trx);
          await expect(sql`insert into notes (id, body) values (${13}, ${'flat white'})`.execute(trx)).rejects.toMatchObject({ code: '23505' });
          await expect(sql`select body from notes where id = ${12}`.execute(trx)).rejects.toMatchObject({ code: '25P02' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await sql`select count(*)::integer as n from notes where id = ${12}`.execute(db)).rows).toEqual([{ n: 0 }]);
      // a statement that does not parse fails as PGlite says, and is not kept: it fails again the same way
      const broken = () => sql`selec body from notes where id = ${10}`.execute(db);
      await expect(broken()).rejects.toMatchObject({ code: '42601' });
      await expect(broken()).rejects.toMatchObject({ code: '42601' });
      expect((await sql<{ body: string }>`select body from notes where id = ${10}`.execute(db)).rows).toEqual([{ body: 'flat white' }]);
    }
  });

  it("never names a `*`, and a changed column's type fails once, then runs unnamed", async () => {
    const star = () => sql`select * from notes where id = ${10}`.execute(on.db);
    const listed = () => sql<{ id: number; body: string }>`select id, body from notes where id = ${10}`.execute(on.db);
    for (let i = 0; i < 6; i++) {
      await star();
      await listed();
    }
    const named = await kept(on);
    expect(named).toContain('select id, body from notes where id = $1');
    expect(named.filter((s) => s.includes('*') && !s.includes('count(*)'))).toEqual([]);
    await sql.raw('alter table notes add column size text').execute(on.db);
    expect((await star()).rows).toEqual([expect.objectContaining({ id: 10, body: 'flat white', size: null })]);
    expect((await listed()).rows).toEqual([{ id: 10, body: 'flat white' }]);
    await sql.raw('alter table notes alter column body type varchar(200)').execute(on.db);
    await expect(listed()).rejects.toThrow(/cached plan must not change result type/);
    expect((await listed()).rows).toEqual([{ id: 10, body: 'flat white' }]);
    expect((await listed()).rows).toEqual([{ id: 10, body: 'flat white' }]);
  });

  it('names no more distinct statements than its limit: later ones go through query()', async () => {
    const remote = await PGliteRemote.open({ sharedBuffers: '16MB', namedStatements: 2 });
    try {
      for (const n of [1, 2, 3, 4]) expect((await remote.query(`select $1::integer + ${n} as v`, [n])).rows).toEqual([{ v: 2 * n }]);
      for (const n of [1, 2]) await remote.query(`select $1::integer + ${n} as v`, [n]);
      const { rows } = await remote.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time');
      expect(rows.map((r) => r.statement)).toEqual(['select $1::integer + 1 as v', 'select $1::integer + 2 as v']);
    } finally {
      await remote.close();
    }
    expect(rawClientOf(on.db)?.kind).toBe('pglite');
  });
});
