import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named (prepared) statements on PostgreSQL. Kysely sends each statement unnamed, so PostgreSQL parses
 * and plans it at every call: for an order's 15 statements, about 1.3 ms of the database's CPU in
 * planning alone (issue 32, measured with pg_stat_statements' track_planning). A statement with
 * parameters is sent here under a name drawn from its text, so each connection parses it once, and after
 * its fifth run PostgreSQL may keep a generic plan (plan_cache_mode). The first `limit` distinct texts
 * get names; later ones run unnamed, so no connection keeps more than `limit` statements whatever the
 * queries (lists of every length) a long-running server sends. A statement without parameters (begin,
 * commit, a migration's script) stays unnamed: it is not planned again and again the same way.
 *
 * Another instance's migration must not break this one's statements. A named statement whose columns
 * come from a `*` (`select *`, `returning *`, `o.*`) would fail on every later call with "cached plan must
 * not change result type" once a column is added to its table, so such a statement is never named. One
 * that fails so anyway (a column's type changed) is answered with that error once, and its text is never
 * named again in this process.
 *
 * A server behind a pooler in transaction mode (PgBouncer before 1.21, or without
 * max_prepared_statements) cannot keep a connection's statements: turn this off there
 * (`DB_PREPARED_STATEMENTS=0`).
 */
export function prepareStatements(pool: pg.Pool, limit: number): void {
  const names = new Map<string, string | null>();
  const nameOf = (text: string): string | null => {
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = nameable(text) ? `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}` : null;
      names.set(text, name);
    }
    return name ?? null;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      // (text, values) as Kysely sends it, or (text, values, callback) as the pool's own query does
      const [text, values, callback] = args;
      const plain = args.length === 2 || (args.length === 3 && typeof callback === 'function');
      const name = plain && typeof text === 'string' && Array.isArray(values) && values.length > 0 ? nameOf(text) : null;
      if (name === null) return query(...args);
      const forget = (err: unknown) => {
        if (isStalePlan(err)) names.set(text as string, null);
      };
      if (typeof callback === 'function') {
        return query({ name, text, values }, (err: unknown, result: unknown) => {
          forget(err);
          (callback as (e: unknown, r: unknown) => void)(err, result);
        });
      }
      return (query({ name, text, values }) as Promise<unknown>).catch((err: unknown) => {
        forget(err);
        throw err;
      });
    };
  });
}

/** Whether a statement with parameters may be named: not when a `*` names columns (`count(*)` counts rows). */
export function nameable(text: string): boolean {
  return !/\*/.test(text.replace(/count\(\*\)/gi, ''));
}

/** PostgreSQL's answer to a named statement whose result's columns changed since it was prepared */
export function isStalePlan(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message));
}
