import { type RawBuilder, sql } from 'kysely';
import type { DB } from './schema';

/**
 * An INSERT of `rows` into `table` for a statement of data-modifying CTEs, written only with the row of
 * the statement's CTE `gate` (none when it has none) and taking some columns from it (`fromGate`:
 * column → the gate's column, `{ order_id: 'id' }`). An order's writes go in its own INSERT's statement
 * (orders.service.ts placeOrder): when its number is taken that INSERT writes nothing, and neither does
 * this. The rows travel as one JSON document read as the table's own row type
 * (jsonb_populate_recordset), so each value takes its column's type and one text serves any number of
 * rows (a named statement: server/db/prepared.ts); a jsonb column's value is given as it is, not as a
 * string. The rows are written in their order (one statement numbers them so). `returning`: a column
 * the CTE answers.
 */
export function rowsFrom<T extends keyof DB & string>(
  table: T,
  rows: ReadonlyArray<Partial<Record<keyof DB[T] & string, unknown>>>,
  gate: string,
  fromGate: Partial<Record<keyof DB[T] & string, string>> = {},
  returning?: keyof DB[T] & string,
): RawBuilder<unknown> {
  const own = Object.keys(rows[0] ?? {}).filter((c) => !(c in fromGate));
  const columns = [...own, ...Object.keys(fromGate)];
  const values = [...own.map((c) => sql.ref(`x.${c}`)), ...Object.values(fromGate).map((c) => sql.ref(`${gate}.${c as string}`))];
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(values)}
      from ${sql.table(gate)}, jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb) with ordinality as x
      order by x.ordinality${returning ? sql` returning ${sql.ref(returning)}` : sql``}`;
}
