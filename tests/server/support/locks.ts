/**
 * Deterministic interleavings on PostgreSQL: a table held against writes makes a request stop at its
 * first write to it, so a second request can run in between; then the table is let go.
 */
import { sql } from 'kysely';
import type { Database } from '../../../server/db';

/** Holds `table` in SHARE mode (reads go on, writes wait) on a connection of its own until released. */
export async function holdAgainstWrites(db: Database, table: string): Promise<{ release: () => Promise<void> }> {
  let letGo!: () => void;
  const released = new Promise<void>((r) => (letGo = r));
  let held!: () => void;
  const isHeld = new Promise<void>((r) => (held = r));
  const holder = db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(table)} in share mode`.execute(trx);
    held();
    await released;
  });
  await Promise.race([isHeld, holder]);
  return {
    release: async () => {
      letGo();
      await holder;
    },
  };
}

/** Waits (up to 2 s) until `n` connections of this database wait on a lock, or until `request` has settled. */
export async function untilWaiting(db: Database, n: number, request?: Promise<unknown>): Promise<void> {
  let settled = false;
  void request?.finally(() => (settled = true)).catch(() => undefined);
  for (let i = 0; i < 100 && !settled; i++) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (rows[0]!.n >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
