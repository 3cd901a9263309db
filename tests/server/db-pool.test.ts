/**
 * The PostgreSQL pool outlives a connection the server ends: a restart, a failover, an administrator or
 * an idle timeout in between ends a pooled connection, idle or in use, which node-postgres reports as an
 * 'error' event on that client; with no listener that event would end the whole process. openDatabase
 * listens on every client, says so in the log, the query that was running fails (a 503 for its request)
 * and the next query gets a new connection.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { createTestDatabase, describePostgres } from './support/provider';

async function terminate(url: string, pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await admin.end();
}

async function backendPid(db: Database): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return rows[0]!.pid;
}

describePostgres('the PostgreSQL pool', () => {
  it('survives an idle connection the server ends, and the next query works', async () => {
    const created = await createTestDatabase();
    const warned: unknown[] = [];
    const handle = await openDatabase({ databaseUrl: created.url, poolSize: 2, onIdleError: (err) => warned.push(err), limits: { lockTimeoutMs: 1234 } });
    try {
      // each session's limits: the one given, and the defaults
      const shown = await sql<{
        lock: string;
        statement: string;
        idle: string;
      }>`select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`.execute(
        handle.db,
      );
      expect(shown.rows[0]).toEqual({ lock: '1234ms', statement: '30s', idle: '30s' });
      const pid = await backendPid(handle.db);
      // the connection is back in the pool, idle; the server ends it
      await terminate(created.url, pid);
      await expect.poll(() => warned.length).toBe(1);
      expect(String(warned[0])).toMatch(/terminating connection/);
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
      await created.drop();
    }
  });

  it('survives a connection the server ends in the middle of a query, and the next query works', async () => {
    const created = await createTestDatabase();
    const warned: unknown[] = [];
    const handle = await openDatabase({ databaseUrl: created.url, poolSize: 1, onIdleError: (err) => warned.push(err) });
    try {
      const pid = await backendPid(handle.db);
      // the pool's only connection, checked out by Kysely and busy when the server ends it
      const running = sql`select pg_sleep(5)`.execute(handle.db);
      const failed = expect(running).rejects.toThrow(/terminating connection|Connection terminated/);
      await new Promise((r) => setTimeout(r, 200));
      await terminate(created.url, pid);
      await failed;
      // the dead connection is not handed out again: a new one answers, on another backend
      expect(await backendPid(handle.db)).not.toBe(pid);
      await expect.poll(() => warned.length).toBeGreaterThanOrEqual(1);
    } finally {
      await handle.close();
      await created.drop();
    }
  });

  it('survives a connection the server ends inside a transaction, which rolls back; the next works', async () => {
    const created = await createTestDatabase();
    const handle = await openDatabase({ databaseUrl: created.url, poolSize: 1, onIdleError: () => {} });
    try {
      await sql`create table t (n int)`.execute(handle.db);
      const pid = await backendPid(handle.db);
      const tx = handle.db.transaction().execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        // the server ends the connection between two statements of the transaction
        await terminate(created.url, pid);
        await new Promise((r) => setTimeout(r, 200));
        await sql`insert into t values (2)`.execute(trx);
      });
      await expect(tx).rejects.toThrow();
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from t`.execute(handle.db);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await handle.close();
      await created.drop();
    }
  });
});
