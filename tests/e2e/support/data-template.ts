/**
 * A data folder made once for the e2e run (the projects' globalSetup, this file's default export): the
 * embedded provider's database after a first start (migrated and seeded, no owner, no customer), which
 * startApp copies into each app's fresh data folder. Migrating and seeding is most of a first start (5.4
 * s of 6.5 on a fast host; a start on a migrated database is ready in 1.4), and a run starts some thirty
 * apps. Only the database is copied: each app makes its own secrets (the merchant key, the sessions' keys,
 * the web push keys) and prints its own owner link, as a first start does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sql } from 'kysely';
import { openDatabase } from '../../../server/db';
import { freePort, startServer } from '../../../scripts/lib/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the template's data folder: copy its `pglite` folder into a new app's (tests/e2e/support/app.ts) */
    e2eDataTemplate: string;
  }
}

/** The database folder inside a data folder (DATA_DIR/pglite: server/db/index.ts). */
export const DATABASE_FOLDER = 'pglite';

/** Made once however many projects set it up (e2e and e2e-alone), removed after the last. */
let made: Promise<string> | undefined;
let users = 0;

export default async function provideDataTemplate(project: TestProject): Promise<() => Promise<void>> {
  users++;
  made ??= makeDataTemplate();
  project.provide('e2eDataTemplate', await made);
  return async () => {
    if (--users === 0) rmSync(await made!, { recursive: true, force: true });
  };
}

async function makeDataTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-e2e-template-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await startServer({
    name: 'the e2e data template',
    args: ['scripts/start.ts'],
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, NODE_ENV: 'test', LOG_LEVEL: 'warn', MAP_TILE_URL: 'off', GEOCODER_URL: 'off' },
    url,
    timeoutMs: 120_000,
  });
  // stopped cleanly, so the database folder is whole when copied
  const code = await app.stop();
  if (code !== 0) throw new Error(`the e2e data template's app exited with ${code}:\n${app.output()}`);
  // this hour's slot of the start-up hourly run freed, so each copy's start runs it as a first start does
  // (one run per hour slot: server/provider/jobs.ts)
  await inDataFolder(dir, (db) => sql`delete from pgboss.job where name = 'hourly'`.execute(db));
  return dir;
}

export type AppDatabase = Awaited<ReturnType<typeof openDatabase>>['db'];

/** `use` on the database of a data folder no running app holds (one PGlite folder, one process). */
export async function inDataFolder<T>(dataDir: string, use: (db: AppDatabase) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: join(dataDir, DATABASE_FOLDER) });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}
