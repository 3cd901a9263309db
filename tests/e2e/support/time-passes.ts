/**
 * Time passing for a running app, written straight into its database: the app is stopped (its PGlite
 * folder is then free), `change` runs on the database (dates moved back, the shop's zone…), this hour's
 * hourly slot is freed (pg-boss runs the hourly jobs once at start, one run per hour slot across
 * instances: server/provider/jobs.ts), and the app is started again on the same data folder and origin,
 * so open pages keep their storage and sessions. Resolves with the new process.
 */
import { sql } from 'kysely';
import { startApp, type RunningApp } from './app';
import { inDataFolder, type AppDatabase } from './data-template';

export type { AppDatabase };

export async function restartLater(
  app: RunningApp,
  change: (db: AppDatabase) => Promise<void> = async () => {},
  env: Record<string, string> = {},
): Promise<RunningApp> {
  await app.stop();
  await inStoppedApp(app, async (db) => {
    await change(db);
    await sql`delete from pgboss.job where name = 'hourly'`.execute(db);
  });
  return startApp({ ...env, PORT: new URL(app.url).port }, app.dataDir);
}

/** `read` on a stopped app's database. */
export function inStoppedApp<T>(app: RunningApp, read: (db: AppDatabase) => Promise<T>): Promise<T> {
  return inDataFolder(app.dataDir, read);
}
