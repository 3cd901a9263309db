/**
 * The PostgreSQL pool outlives a connection the server ends: a restart, a failover, an administrator or
 * an idle timeout in between ends an idle pooled connection, which node-postgres reports as an 'error'
 * event on the pool; with no listener that event would end the whole process. openDatabase listens,
 * says so in the log, and the next query gets a new connection.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { createTestDatabase, describePostgres } from './support/provider';

describePostgres('the PostgreSQL pool', () => {
  it('survives an idle connection the server ends, and the next query works', async () => {
    const created = await createTestDatabase();
    const warned: unknown[] = [];
    const handle = await openDatabase({ databaseUrl: created.url, poolSize: 2, onIdleError: (err) => warned.push(err) });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = rows[0]!.pid;
      // the connection is back in the pool, idle; the server ends it
      const admin = new pg.Client({ connectionString: created.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => warned.length).toBe(1);
      expect(String(warned[0])).toMatch(/terminating connection/);
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
      await created.drop();
    }
  });
});
