import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { DATE, INT8, NUMERIC, parseIntSafe } from './pglite-parsers';
import { PGliteRemote } from './pglite-remote';
import type { DB } from './schema';
import { prepareStatements } from './prepared';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-security';
import * as m0003 from './migrations/0003-payments';
import * as m0004 from './migrations/0004-merchant-console';
import * as m0005 from './migrations/0005-counter';
import * as m0006 from './migrations/0006-editors';
import * as m0007 from './migrations/0007-wheel-versions';
import * as m0008 from './migrations/0008-dashboard-indexes';
import * as m0009 from './migrations/0009-console-ways-in';
import * as m0010 from './migrations/0010-call-nonces';
import * as m0011 from './migrations/0011-cancelled-points';
import * as m0012 from './migrations/0012-gateway-refunds-disputes';
import * as m0015 from './migrations/0015-product-archive';
import * as m0016 from './migrations/0016-product-options';
import * as m0017 from './migrations/0017-order-points-to-earn';
import * as m0018 from './migrations/0018-locations';
import * as m0019 from './migrations/0019-counter-earns';
import * as m0020 from './migrations/0020-pending-points';
import * as m0021 from './migrations/0021-birthdays';
import * as m0022 from './migrations/0022-loyalty-rules';
import * as m0023 from './migrations/0023-counter-reward-redeem';
import * as m0024 from './migrations/0024-stamp-cards';
import * as m0025 from './migrations/0025-tiers';
import * as m0026 from './migrations/0026-referrals';
import * as m0027 from './migrations/0027-push';
import * as m0028 from './migrations/0028-campaigns';
import * as m0029 from './migrations/0029-wallet-passes';
import * as m0030 from './migrations/0030-earn-reversal';
import * as m0031 from './migrations/0031-unpaid-holds';
import * as m0032 from './migrations/0032-referral-fraud';
import * as m0033 from './migrations/0033-wallet-pass-revoke';
import * as m0034 from './migrations/0034-limits';
import * as m0036 from './migrations/0036-backups';
import * as m0037 from './migrations/0037-order-earnings-back';
import * as m0038 from './migrations/0038-customer-data';
import * as m0039 from './migrations/0039-credit-tier-rise';
import * as m0040 from './migrations/0040-channel-connections';
import * as m0041 from './migrations/0041-category-removed';
import * as m0042 from './migrations/0042-broadcasts';
import * as m0043 from './migrations/0043-offers';
import * as m0044 from './migrations/0044-offers-more';
import * as m0045 from './migrations/0045-gift-cards';
import * as m0046 from './migrations/0046-webhooks';
import * as m0047 from './migrations/0047-api-keys';
import * as m0048 from './migrations/0048-offer-codes';
import * as m0049 from './migrations/0049-gift-card-privacy';
import * as m0051 from './migrations/0051-gift-card-payments';
import * as m0052 from './migrations/0052-feedback';
import * as m0053 from './migrations/0053-gift-card-batches';
import * as m0054 from './migrations/0054-auto-reload';
import * as m0055 from './migrations/0055-order-tips';
import * as m0056 from './migrations/0056-receipts';
import * as m0057 from './migrations/0057-order-taxes';
import * as m0058 from './migrations/0058-purchase-receipts-order-tax';
import * as m0059 from './migrations/0059-tables';
import * as m0060 from './migrations/0060-stations';
import * as m0061 from './migrations/0061-product-prep-times';
import * as m0062 from './migrations/0062-pay-at-counter';
import * as m0063 from './migrations/0063-auto-reload-retries';
import * as m0064 from './migrations/0064-guest-orders';
import * as m0066 from './migrations/0066-customer-language';
import * as m0067 from './migrations/0067-menu-translations';
import * as m0068 from './migrations/0068-campaign-reward-translations';
import * as m0069 from './migrations/0069-broadcast-translations';
import * as m0070 from './migrations/0070-points-reason-words';
import * as m0071 from './migrations/0071-idempotency-refusal-words';

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * The client a Database opened by openDatabase runs on: the job engine (pg-boss) runs its own SQL through
 * it. PGlite runs in a worker thread (pglite-remote.ts); `pglite` is what this thread talks to.
 */
export type RawClient = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGliteRemote };
const rawClients = new WeakMap<Database, RawClient>();

/** The pg pool or PGlite (in its worker) under `db`; undefined for a Kysely that openDatabase did not make. */
export function rawClientOf(db: Database): RawClient | undefined {
  return rawClients.get(db);
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when unset, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite folder; when unset (and no databaseUrl), an in-memory PGlite. */
  dataDir?: string | undefined;
  /**
   * An in-memory PGlite started from this cluster (as PGlite's dumpDataDir writes it) instead of from
   * initdb: the tests start every suite's database from one cluster migrated at the start of the run,
   * about 0.7 s against 4.7 s here. Migrations not yet run on it still run.
   */
  pgliteFrom?: Blob | undefined;
  /** pool size for PostgreSQL */
  poolSize?: number;
  /**
   * PostgreSQL: told when the server ends a pooled connection, idle or in use (a restart, a failover,
   * an administrator, an idle timeout on the way); the query that was running fails, the pool drops the
   * connection and the next query opens another. Default: one line on stderr. Without a listener on
   * every client, node-postgres's 'error' event would end the process.
   */
  onIdleError?: (err: Error) => void;
  /** PostgreSQL: each session's limits (DB_STATEMENT_TIMEOUT_MS and the others); DEFAULT_SESSION_LIMITS when unset */
  limits?: Partial<SessionLimits>;
  /** send statements with parameters as named statements (PostgreSQL: prepared.ts; PGlite: pglite-worker.ts); on unless false */
  preparedStatements?: boolean;
  /**
   * run the migrations not yet run before returning (default true); false: as it is (`npm run backup`
   * before an upgrade), or the caller runs migrate() itself when the database can be reached
   */
  migrate?: boolean;
}

/**
 * Every migration, in the order they run. Adding one: a new file in migrations/ and a line here, at the
 * end, with a number greater than every other. Kysely runs them sorted by name and refuses a database
 * that has run a later one before an earlier one (a number that sorts before one already released): 0013
 * to 0017 landed out of order once, and a database that had run 0016 before 0015 existed would not
 * start. tests/server/upgrades.test.ts fails on a list out of order, or a new number not past the last
 * released one (the fixture database's).
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': m0001,
  '0002-security': m0002,
  '0003-payments': m0003,
  '0004-merchant-console': m0004,
  '0005-counter': m0005,
  '0006-editors': m0006,
  '0007-wheel-versions': m0007,
  '0008-dashboard-indexes': m0008,
  '0009-console-ways-in': m0009,
  '0010-call-nonces': m0010,
  '0011-cancelled-points': m0011,
  '0012-gateway-refunds-disputes': m0012,
  '0015-product-archive': m0015,
  '0016-product-options': m0016,
  '0017-order-points-to-earn': m0017,
  '0018-locations': m0018,
  '0019-counter-earns': m0019,
  '0020-pending-points': m0020,
  '0021-birthdays': m0021,
  '0022-loyalty-rules': m0022,
  '0023-counter-reward-redeem': m0023,
  '0024-stamp-cards': m0024,
  '0025-tiers': m0025,
  '0026-referrals': m0026,
  '0027-push': m0027,
  '0028-campaigns': m0028,
  '0029-wallet-passes': m0029,
  '0030-earn-reversal': m0030,
  '0031-unpaid-holds': m0031,
  '0032-referral-fraud': m0032,
  '0033-wallet-pass-revoke': m0033,
  '0034-limits': m0034,
  '0036-backups': m0036,
  '0037-order-earnings-back': m0037,
  '0038-customer-data': m0038,
  '0039-credit-tier-rise': m0039,
  '0040-channel-connections': m0040,
  '0041-category-removed': m0041,
  '0042-broadcasts': m0042,
  '0043-offers': m0043,
  '0044-offers-more': m0044,
  '0045-gift-cards': m0045,
  '0046-webhooks': m0046,
  '0047-api-keys': m0047,
  '0048-offer-codes': m0048,
  '0049-gift-card-privacy': m0049,
  '0051-gift-card-payments': m0051,
  '0052-feedback': m0052,
  '0053-gift-card-batches': m0053,
  '0054-auto-reload': m0054,
  '0055-order-tips': m0055,
  '0056-receipts': m0056,
  '0057-order-taxes': m0057,
  '0058-purchase-receipts-order-tax': m0058,
  '0059-tables': m0059,
  '0060-stations': m0060,
  '0061-product-prep-times': m0061,
  '0062-pay-at-counter': m0062,
  '0063-auto-reload-retries': m0063,
  '0064-guest-orders': m0064,
  '0066-customer-language': m0066,
  '0067-menu-translations': m0067,
  '0068-campaign-reward-translations': m0068,
  '0069-broadcast-translations': m0069,
  '0070-points-reason-words': m0070,
  '0071-idempotency-refusal-words': m0071,
};

/**
 * What one PostgreSQL session may hold, in milliseconds (0: no limit). A statement that runs longer
 * than `statementTimeoutMs`, or waits longer than `lockTimeoutMs` for a lock (a row another instance
 * holds), fails and its transaction rolls back (503 with Retry-After); a connection left inside a
 * transaction for `idleInTransactionTimeoutMs` (a frozen or stopped process) is ended by the server, its
 * locks freed. `connectTimeoutMs`: how long opening a connection may take before the request fails.
 */
export interface SessionLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  connectTimeoutMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  statementTimeoutMs: 30_000,
  lockTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 30_000,
  connectTimeoutMs: 5_000,
};

/** The distinct statements a PostgreSQL connection, or PGlite, prepares at most (prepared.ts, pglite-worker.ts). */
const PREPARED_STATEMENTS = 500;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.databaseUrl) {
    const limits = { ...DEFAULT_SESSION_LIMITS, ...options.limits };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      statement_timeout: limits.statementTimeoutMs,
      lock_timeout: limits.lockTimeoutMs,
      idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      // a server that vanished without closing (a host down, a network cut) is noticed, not waited on forever
      keepAlive: true,
      types: {
        getTypeParser: ((oid: number, format?: string) => {
          if (oid === INT8) return parseIntSafe;
          if (oid === NUMERIC) return Number;
          if (oid === DATE) return (v: string) => v;
          return pg.types.getTypeParser(oid, format as 'text');
        }) as typeof pg.types.getTypeParser,
      },
    });
    const ended = options.onIdleError ?? ((err: Error) => console.error(`PostgreSQL ended a connection (${err.message}): the next query opens another`));
    // an idle client's error reaches the pool's listener; a checked-out one's (Kysely holds it for a
    // query or a transaction) only the client's own: its query fails, and on release the pool drops it
    pool.on('error', ended);
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        if (checkedOut.has(client) && !doomed.has(client)) ended(err);
      });
      // A server ending a busy connection (pg_terminate_backend, a restart, a fail-over) first sends a
      // FATAL message, which fails the query, and closes the socket a moment later. A client released in
      // between would go back to the pool looking alive and fail the next query; it is ended instead.
      client.connection.on('errorMessage', (msg: Error & { severity?: string }) => {
        if ((msg.severity !== 'FATAL' && msg.severity !== 'PANIC') || doomed.has(client)) return;
        doomed.add(client);
        // an idle client's end reaches the pool's 'error' listener instead: one warning either way
        if (checkedOut.has(client)) ended(msg);
      });
    });
    const checkedOut = new WeakSet<pg.PoolClient>();
    const doomed = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_err, client) => {
      checkedOut.delete(client);
      // the pool checks `_ending` right after this event, so an ended client is dropped, not kept
      if (doomed.has(client)) client.end().catch(() => {});
    });
    if (options.preparedStatements !== false) prepareStatements(pool, PREPARED_STATEMENTS);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    rawClients.set(db, { kind: 'postgres', pool });
    handle = { db, kind: 'postgres', close: () => db.destroy() };
  } else {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const client = await openPglite(options.dataDir, options.pgliteFrom, options.preparedStatements !== false ? PREPARED_STATEMENTS : 0);
    // the dialect calls query(text, params) and close(), which PGliteRemote has with PGlite's meaning;
    // it queues everything on its one connection, so a transaction's statements go to the worker in order
    const db = new Kysely<DB>({ dialect: new PGliteDialect(client as unknown as PGlite) });
    rawClients.set(db, { kind: 'pglite', pglite: client });
    handle = { db, kind: 'pglite', close: () => db.destroy() };
  }
  if (options.migrate !== false) await migrate(handle.db);
  return handle;
}

/**
 * The cluster initdb makes, empty, which the server build keeps beside the bundle
 * (scripts/build-server.ts); null from the sources (tsx) or a build without it.
 */
/** PGlite's shared buffers (PostgreSQL's shared_buffers; PGlite's own default is 160 MB). */
export const PGLITE_SHARED_BUFFERS = '16MB';

function pgliteTemplate(): string | null {
  const file = join(dirname(fileURLToPath(import.meta.url)), 'pglite-initdb.tar.gz');
  return existsSync(file) ? file : null;
}

/**
 * PGlite on `dataDir` (in memory without one), in a worker thread (pglite-worker.ts). A new folder is
 * filled from the build's template rather than by initdb, most of a first start's time; should the
 * template not load (made by another PGlite), the folder is emptied and initdb runs as usual.
 *
 * PGlite's PostgreSQL keeps 160 MB of shared buffers, in the process's own memory. The embedded
 * default's database is tens of MB on disk and reads far less than 16 MB of it over and over; a page not
 * in the buffers is read from the folder's files, which the system's page cache keeps. 16 MB: the server
 * rests at about 130 MB less (docs/performance.md).
 */
async function openPglite(dataDir: string | undefined, from: Blob | undefined, namedStatements: number): Promise<PGliteRemote> {
  return PGliteRemote.open({
    namedStatements,
    dataDir,
    template: dataDir ? pgliteTemplate() : null,
    from: from ? await from.arrayBuffer() : undefined,
    sharedBuffers: PGLITE_SHARED_BUFFERS,
  });
}

/**
 * Runs the migrations not yet run, all in ONE transaction (Kysely's migrator on PostgreSQL and PGlite,
 * under its lock): one that fails leaves the database as it was, and the error names it and says why.
 * `migrations`: the list to run (tests add a scratch one); default MIGRATIONS.
 */
export async function migrate(db: Database, migrations: Readonly<Record<string, Migration>> = MIGRATIONS): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const why = error instanceof Error ? error.message : String(error);
    const undone = results?.some((r) => r.status === 'Success') ? ' (the migrations before it in this start were undone with it)' : '';
    // the cause kept: a database that cannot be reached is waited for, not reported as a broken migration
    throw new Error(`database migration ${failed?.migrationName ?? '(before any ran)'} failed: ${why}. The database is as it was before this start${undone}.`, {
      cause: error,
    });
  }
}
