/**
 * keptStatement (server/db/kept.ts): a statement built and compiled by Kysely once, then run with each
 * call's values. Each run must read its own values, never the first run's, and a builder that uses a
 * value other than as a parameter is refused when the statement is first built, not run with a wrong text.
 */
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { keptStatement } from '../../server/db/kept';
import { describeDb, useTestProvider } from './support/provider';

describeDb('kept statements', (kind) => {
  const p = useTestProvider(kind);

  it('runs one text with each call’s values, and keeps the constants of its build', async () => {
    const a = await p.newCustomer({ wallet: 100 });
    const b = await p.newCustomer({ wallet: 250 });
    const build = vi.fn((v: { id: number; floor: number }) =>
      p.db
        .selectFrom('customers')
        .select(['id', 'wallet_balance'])
        .where('id', '=', v.id)
        .where('wallet_balance', '>=', v.floor)
        // a constant of the build, the same at every run
        .where('id', '>', 0),
    );
    const read = keptStatement(build);
    expect((await read(p.db, { id: a.id, floor: 0 })).rows).toEqual([{ id: a.id, wallet_balance: 100 }]);
    expect((await read(p.db, { id: b.id, floor: 200 })).rows).toEqual([{ id: b.id, wallet_balance: 250 }]);
    expect((await read(p.db, { id: a.id, floor: 200 })).rows).toEqual([]);
    // built once: the later runs only fill the values in
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('places a value used twice, and values inside sql templates and subqueries', async () => {
    const c = await p.newCustomer({ wallet: 70 });
    const read = keptStatement((v: { id: number; extra: number }) => {
      const inner = p.db.selectFrom('customers').select('wallet_balance').where('id', '=', v.id);
      return sql<{ total: number; same: boolean }>`select (${inner}) + ${v.extra}::bigint as total, ${v.id}::integer = ${v.id}::integer as same`;
    });
    expect((await read(p.db, { id: c.id, extra: 5 })).rows).toEqual([{ total: 75, same: true }]);
    expect((await read(p.db, { id: c.id, extra: 30 })).rows).toEqual([{ total: 100, same: true }]);
  });

  it('refuses a builder that uses a value in JavaScript rather than as a value of the statement', async () => {
    const c = await p.newCustomer();
    // a list's length read in JavaScript: the stand-in has none, and is not a value of the statement
    const listed = keptStatement((v: { ids: number[] }) => p.db.selectFrom('customers').select('id').where('id', '=', v.ids.length));
    await expect(listed(p.db, { ids: [c.id] })).rejects.toThrow("kept statement: ids is not one of the statement's values");
    // stringified into the text
    const written = keptStatement((v: { name: string }) => sql`select ${sql.raw(String(v.name))} as x`);
    await expect(written(p.db, { name: 'x' })).rejects.toThrow('kept statement');
  });
});
