/**
 * vitest's globalSetup for the server and security projects: every migration run once for the whole run,
 * on each database kind, and each suite's fresh database started from that result instead of migrating
 * its own (openTestDatabase in tests/server/support/provider.ts).
 *   - PGlite: the migrated cluster as PGlite's dumpDataDir writes it, in a file; an in-memory PGlite
 *     loads it in about 0.7 s, where initdb and the migrations take 4.7 s (some 150 suites a run).
 *   - PostgreSQL (TEST_DATABASE_URL): a migrated database that each suite's database is created from
 *     (`create database … template …`), a file copy instead of the migrations' statements.
 * Made once for the projects that list this file (server and security each run it) and removed when the
 * last of them ends. A suite that tests migrations themselves (upgrades, the migration order) opens an
 * empty database as before.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, rawClientOf } from '../../server/db';
import { createTestDatabase } from './test-database';

interface DbTemplates {
  /** the migrated PGlite cluster's file, and the migrated PostgreSQL database's name (or '') */
  pgliteFile: string;
  postgresName: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/** Both templates, and how to remove them. */
async function makeTemplates(): Promise<DbTemplates & { remove(): Promise<void> }> {
  const dir = join(process.cwd(), '.tmp', 'db-templates');
  mkdirSync(dir, { recursive: true });
  const pgliteFile = join(dir, `pglite-${randomBytes(6).toString('hex')}.tar`);
  const lite = await openDatabase({});
  const raw = rawClientOf(lite.db);
  if (raw?.kind !== 'pglite') throw new Error('expected an in-memory PGlite');
  // named statements (pglite-worker.ts) planned generically from their first run, as on the test PostgreSQL
  // (test-database.ts): a statement only right while PGlite sees its parameters' values fails in every test
  // (in the cluster's postgresql.auto.conf, which every PGlite loaded from the template reads as it starts)
  await raw.pglite.exec('alter system set plan_cache_mode = force_generic_plan');
  writeFileSync(pgliteFile, Buffer.from(await (await raw.pglite.dumpDataDir('none')).arrayBuffer()));
  await lite.close();

  const postgres = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  if (postgres) await (await openDatabase({ databaseUrl: postgres.url, poolSize: 1 })).close();
  return {
    pgliteFile,
    postgresName: postgres ? new URL(postgres.url).pathname.slice(1) : '',
    async remove() {
      rmSync(pgliteFile, { force: true });
      await postgres?.drop();
    },
  };
}

/** Shared by every project's setup in this process (each project loads this file on its own). */
const shared = globalThis as { dbTemplates?: { made: ReturnType<typeof makeTemplates>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const first = !shared.dbTemplates;
  shared.dbTemplates ??= { made: makeTemplates(), users: 0 };
  const entry = shared.dbTemplates;
  entry.users++;
  const { pgliteFile, postgresName } = await entry.made;
  project.provide('dbTemplates', { pgliteFile, postgresName });
  if (first) console.log(`${project.name}: migrated database templates made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  return async () => {
    if (--entry.users > 0) return;
    delete shared.dbTemplates;
    await (await entry.made).remove();
  };
}
