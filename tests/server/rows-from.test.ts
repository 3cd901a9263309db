/**
 * rowsFrom (server/db/rows-from.ts): the writes that hang on a new order, in the order's own statement,
 * are written only with the order's row. When its number is taken the order's INSERT writes nothing, and
 * then neither may its notices or points pending (placeOrder draws another number and writes them again).
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { rowsFrom } from '../../server/db/rows-from';
import { describeEachDb, useTestProvider } from './support/provider';

describeEachDb('rows written with a statement gate', (kind) => {
  const p = useTestProvider(kind);

  const notice = (customerId: number, title: string) => ({
    customer_id: customerId,
    type: 'order',
    title,
    body: 'Body',
    link: null,
    created_at: new Date('2026-12-03T10:00:00Z'),
  });

  it('writes the rows, in their order, with a column from the gate when it has a row; none when it has none', async () => {
    const c = await p.newCustomer();
    const write = (gate: ReturnType<typeof sql>) =>
      sql<{
        ids: number[] | null;
      }>`with g as (${gate}), n as (${rowsFrom('notifications', [notice(c.id, 'first'), notice(c.id, 'second')], 'g', { customer_id: 'id' }, 'id')})
        select (select json_agg(n.id order by n.id) from n) as ids`.execute(p.db);
    // the gate without a row: nothing written (a taken order number)
    expect((await write(sql`select ${c.id}::integer as id where false`)).rows).toEqual([{ ids: null }]);
    // with its row: both, in their order, the customer taken from the gate
    const { rows } = await write(sql`select ${c.id}::integer as id`);
    expect(rows[0]!.ids).toHaveLength(2);
    const written = await p.db.selectFrom('notifications').select(['id', 'title', 'customer_id']).where('customer_id', '=', c.id).orderBy('id').execute();
    expect(written).toEqual([
      { id: rows[0]!.ids![0], title: 'first', customer_id: c.id },
      { id: rows[0]!.ids![1], title: 'second', customer_id: c.id },
    ]);
  });

  it('writes a jsonb column as the value given, not as a JSON string', async () => {
    const c = await p.newCustomer();
    const breakdown = [{ label: 'Base', points: 5 }];
    await sql`with g as (select ${c.id}::integer as id), p as (${rowsFrom(
      'points_pending',
      [{ customer_id: c.id, points: 5, reason: 'Test', ref: `test:${c.id}`, available_at: null, breakdown, created_at: new Date() }],
      'g',
    )}) select 1`.execute(p.db);
    const row = await p.db.selectFrom('points_pending').select(['points', 'breakdown', 'order_id']).where('customer_id', '=', c.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ points: 5, breakdown, order_id: null });
  });
});
