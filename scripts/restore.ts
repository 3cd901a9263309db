#!/usr/bin/env node
/**
 * `npm run restore -- FILE [--force]`: brings a backup made by `npm run backup` or the daily job back,
 * PGlite into DATA_DIR/pglite, PostgreSQL into DATABASE_URL, and secrets.json into DATA_DIR
 * (server/db/backup.ts). BACKUP_KEY must be the key the backup was made with when it is encrypted.
 *
 * It refuses a folder or a database that already holds a shop unless --force (PGlite: the current
 * folder and secrets.json are kept aside as `*.replaced-<time>`), and always while a server runs on
 * DATA_DIR. The file is checked whole first (its key, its GCM tag, its checksum): a damaged file or the
 * wrong key is refused with one sentence, and nothing is changed. Then start the server as usual: it
 * runs the migrations the backup's release did not have.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupRefused, restoreBackup } from '../server/db/backup.ts';
import { configOrExit } from './lib/script-config.ts';

const USAGE = 'usage: npm run restore -- FILE [--force]';

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = configOrExit();
  try {
    const r = await restoreBackup({
      file: resolve(file),
      key: config.backup.key,
      dataDir: resolve(config.dataDir),
      databaseUrl: config.databaseUrl,
      force: parsed.values.force,
    });
    for (const path of r.keptAside) console.log(`Kept aside: ${path}`);
    console.log(
      `Restored the ${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} backup of ${r.created_at} (migrations up to ${r.migration ?? 'none'}) into ${r.into}${r.secrets ? ', with secrets.json' : ''}. Start the server as usual.`,
    );
  } catch (err) {
    console.error(err instanceof BackupRefused ? err.message : `The restore failed: ${(err as Error).message}`);
    process.exit(1);
  }
}

await main();
