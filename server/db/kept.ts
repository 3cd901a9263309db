import { CompiledQuery, type Compilable, type QueryResult, type RawBuilder } from 'kysely';
import type { Database } from './index';

const SLOT = Symbol('kept statement value');
type Slot = { readonly [SLOT]: PropertyKey };
const isSlot = (p: unknown): p is Slot => typeof p === 'object' && p !== null && SLOT in p;

interface Kept {
  sql: string;
  /** per parameter: the name of a value given at each run, or a constant of the build */
  params: ReadonlyArray<{ name: PropertyKey } | { constant: unknown }>;
}

/**
 * A statement Kysely builds and compiles once, then keeps: its SQL text and, for each of its parameters,
 * which of the values given at each run goes there. The hot paths (every signed call, an order) send the
 * same few statements over and over, and building each anew (Kysely's immutable builder nodes, then the
 * compiler) was about a sixth of the provider's CPU in an order (issue 48's profile).
 *
 * `build` gets a stand-in for each value (`v.name`), and the database of the first run to build with (every
 * database here speaks PostgreSQL's SQL). It must use each stand-in only as a value of the statement
 * (`where('id', '=', v.id)`, `${v.at}` in `sql`), never in JavaScript: a stand-in used otherwise (spread
 * into a list, stringified, compared) is an error when the statement is first built. Anything else `build`
 * reads is kept as it was at that first build: it may read constants, never the request or the clock. A
 * statement whose text depends on a value (a list's length, a branch) is one kept statement per shape.
 */
export function keptStatement<V extends object, R>(
  build: (v: V, db: Database) => Compilable<R> | RawBuilder<R>,
): (db: Database, values: V) => Promise<QueryResult<R>> {
  let kept: Kept | null = null;
  return async (db, values) => {
    kept ??= keep(build, db);
    const given = values as Record<PropertyKey, unknown>;
    const parameters = kept.params.map((p) => ('name' in p ? given[p.name] : p.constant));
    return db.executeQuery<R>(CompiledQuery.raw(kept.sql, parameters) as CompiledQuery<R>);
  };
}

function keep<V extends object>(build: (v: V, db: Database) => Compilable<unknown> | RawBuilder<unknown>, db: Database): Kept {
  const used = new Set<PropertyKey>();
  const stand = new Proxy({} as V, {
    get(_target, name) {
      used.add(name);
      return { [SLOT]: name } satisfies Slot;
    },
  });
  // a query builder compiles by itself, an sql template with the database it is for
  const compiled = build(stand, db).compile(db);
  const params = compiled.parameters.map((p) => (isSlot(p) ? { name: p[SLOT] } : { constant: p }));
  const placed = new Set(params.flatMap((p) => ('name' in p ? [p.name] : [])));
  for (const name of used) {
    if (!placed.has(name)) throw new Error(`kept statement: ${String(name)} is not one of the statement's values (used in JavaScript, not as a value)`);
  }
  if (/\[object Object\]/.test(compiled.sql)) throw new Error('kept statement: a stand-in value was written into the SQL text');
  return { sql: compiled.sql, params };
}
