/**
 * A PostgreSQL database of a test's own on TEST_DATABASE_URL's server. Kept apart from the provider's test
 * support (tests/server/support/provider.ts, which re-exports it) so vitest's globalSetup
 * (tests/support/db-templates.ts) can make its template with it without loading the whole provider.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new PostgreSQL database: its URL, and a drop for afterwards. Empty, or a copy of `template` (the run's
 * migrated one, tests/support/db-templates.ts).
 */
export async function createTestDatabase(o: { template?: string | undefined } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}${o.template ? ` template ${o.template}` : ''}`);
  // named statements (server/db/prepared.ts) planned generically from their first run, not their sixth:
  // a statement that is only right while PostgreSQL sees its parameters' values fails in every test
  await admin.query(`alter database ${name} set plan_cache_mode = force_generic_plan`);
  await admin.end();
  const url = new URL(server!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: server });
      await a.connect();
      // its users have ended, but their backends may take a moment to go: wait, so dropping kills nothing in use
      for (let i = 0; i < 50; i++) {
        const r = await a.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
