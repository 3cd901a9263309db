#!/usr/bin/env node
/**
 * `npm run backup`: takes one backup now, as the daily job does (server/db/backup.ts), of the database
 * the server opens (DATABASE_URL, else the PGlite folder DATA_DIR/pglite) and DATA_DIR/secrets.json,
 * into BACKUP_DIR (default DATA_DIR/backups), encrypted when BACKUP_KEY is set, pruned to the retention.
 * The database is backed up as it is (no migrations run): take one before an upgrade.
 *
 * With PGlite, one folder takes one process at a time: while the server runs on DATA_DIR, it is the one
 * that takes backups (daily, BACKUP_SCHEDULE); stop it to take one by hand. PostgreSQL: any time (pg_dump).
 *
 *   npm run backup                 exit 0 and the file's path and size; 1 and why when it failed
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '../server/db/index.ts';
import { liveServer, sizeInWords, takeBackup } from '../server/db/backup.ts';
import { configOrExit } from './lib/script-config.ts';

async function main(): Promise<void> {
  const config = configOrExit();
  if (config.providerApiBase) {
    console.error('PROVIDER_API_BASE is set: this server has no embedded provider, so its data lives (and is backed up) elsewhere.');
    process.exit(1);
  }
  const dataDir = resolve(config.dataDir);
  const pid = config.databaseUrl ? null : liveServer(dataDir);
  if (pid) {
    console.error(
      `A server (pid ${pid}) is running on ${join(dataDir, 'pglite')}: one PGlite folder takes one process at a time. The server backs itself up (BACKUP_SCHEDULE, daily at 03:00 by default); to take one now, stop it, run npm run backup, and start it again.`,
    );
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(dataDir, 'pglite'), poolSize: 1, migrate: false });
  try {
    const r = await takeBackup(database.db, { ...config.backup, dir: resolve(config.backup.dir), dataDir, databaseUrl: config.databaseUrl });
    if (r.pruned.length > 0)
      console.log(`Removed ${r.pruned.length} older backup(s) (keeping ${config.backup.keepDaily} daily, ${config.backup.keepWeekly} weekly).`);
    if (!r.encrypted) console.log('This backup is not encrypted: set BACKUP_KEY to encrypt backups (docs/operations.md "Backups and restore").');
    console.log(`backup written: ${r.file} (${sizeInWords(r.bytes)}, ${r.encrypted ? 'encrypted' : 'not encrypted'})`);
  } catch (err) {
    console.error(`The backup failed: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
