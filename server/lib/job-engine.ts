/**
 * The job engine: pg-boss (https://pgboss.io) on the same database as the data, in a `pgboss` schema
 * next to ours. pg-boss owns the schedule (cron), the queue, retries, expiry of hung jobs and the
 * once-per-slot guarantees across every instance sharing the database; nothing here keeps a timer.
 *
 * It runs its SQL through the client the data already uses, so it opens no connection of its own:
 * - PostgreSQL: the provider's pg pool (a few statements at a time, between requests).
 * - PGlite: pg-boss's `fromPglite` adapter with the `pglite` backend profile, with every statement
 *   taken through Kysely's connection queue. PGlite is one connection, and Kysely runs a transaction
 *   as BEGIN ... COMMIT on it: a pg-boss statement slipped in between would land inside (or end) a
 *   request's transaction, so each one waits its turn like any query of ours.
 */
import { sql } from 'kysely';
import { PgBoss, fromPglite, type ConstructorOptions, type Db, type PGliteLike } from 'pg-boss';
import type { Logger } from 'pino';
import { rawClientOf, type Database } from '../db';

/** pg-boss's tables live in this schema of the provider's database. */
export const JOB_SCHEMA = 'pgboss';

/** The pg-boss adapter and backend profile for the database under `db`. */
export function jobDatabase(db: Database): { adapter: Db; backend: 'postgres' | 'pglite' } {
  const raw = rawClientOf(db);
  if (!raw) throw new Error('the job engine needs a database opened with openDatabase()');
  if (raw.kind === 'postgres') {
    const { pool } = raw;
    return {
      backend: 'postgres',
      adapter: {
        // without values pg uses the simple protocol, so pg-boss's multi-statement blocks run as one
        // (pg-boss unwraps their array of results itself, as with its own pool)
        executeSql: (text, values) => pool.query(text, values) as unknown as Promise<{ rows: unknown[] }>,
        poolCounts: () => ({ max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      },
    };
  }
  const inner = fromPglite(raw.pglite satisfies PGliteLike);
  return {
    backend: 'pglite',
    adapter: {
      executeSql: (text, values) => db.connection().execute(() => inner.executeSql(text, values)),
    },
  };
}

export interface JobEngineOptions {
  logger: Logger;
  /** pg-boss constructor options to change (tests: shorter intervals) */
  overrides?: Partial<ConstructorOptions>;
}

/** A pg-boss instance on `db`, not started. Its errors and warnings go to the log. */
export function createJobEngine(db: Database, { logger, overrides }: JobEngineOptions): PgBoss {
  const { adapter, backend } = jobDatabase(db);
  const boss = new PgBoss({
    db: adapter,
    backend,
    schema: JOB_SCHEMA,
    // the instance registry samples the process (CPU, memory, cgroup) at start: 0.4 to 0.8 s of
    // start-up here, for a dashboard this product does not ship
    registerInstance: false,
    // job flows (dependencies) are not used: look for them rarely rather than every 5 s
    flowIntervalSeconds: 60,
    // expiry and missed heartbeats checked every 15 s (jobs.ts JOB_HEARTBEAT_SECONDS): a dead
    // instance's job is given back within about 35 s, not at the next minute or two
    superviseIntervalSeconds: 15,
    monitorIntervalSeconds: 15,
    ...overrides,
  });
  boss.on('error', (err) => logger.error({ err }, 'job engine error'));
  boss.on('warning', (w) => logger.warn({ warning: w.message, data: w.data }, 'job engine warning'));
  return boss;
}

/**
 * Starts `boss`, installing or migrating its schema when needed. Several instances may do this at
 * once on one database: pg-boss installs and migrates under an advisory lock, but its
 * `create schema if not exists` can still lose a race on a fresh database (seen here: three of four
 * instances starting together failed with a duplicate pg_namespace key), so the schema is made first,
 * where losing that race is harmless. pg-boss's own retries (backoff from 1 s) cover a database that
 * is not reachable yet.
 */
export async function startJobEngine(db: Database, boss: PgBoss): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(JOB_SCHEMA)}`.execute(db);
  } catch (err) {
    // 23505 unique_violation (pg_namespace) or 42P06 duplicate_schema: another instance made it
    const code = (err as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw err;
  }
  await boss.start({ attempts: 4 });
}
