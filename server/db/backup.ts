/**
 * Backups of the embedded provider's data, and their restore (docs/operations.md "Backups and restore").
 *
 * - PGlite: a consistent copy of the database folder taken while the shop runs: a CHECKPOINT, then
 *   PGlite's dumpDataDir, both inside Kysely's connection queue, so no request's transaction is half
 *   done in it (PGlite is one connection: every query waits its turn, and so does the copy).
 * - PostgreSQL: `pg_dump --format=custom` (one consistent snapshot), streamed into the file.
 * - Both: DATA_DIR/secrets.json beside it when there is one (sessions, the merchant key, the VAPID keys).
 *
 * The file (backup-file.ts) is encrypted with AES-256-GCM when a key is given. Each backup is recorded in
 * the `backups` table (the console shows the last one), and older ones are pruned to the retention.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, openAsBlob, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { rawClientOf, type Database } from './index';
import { BackupRefused, openBackupFile, writeBackupFile } from './backup-file';

export { sizeInWords } from '#contract/backups';

export { BackupRefused } from './backup-file';

export interface BackupOptions {
  /** where backups are written (BACKUP_DIR, default DATA_DIR/backups) */
  dir: string;
  /** BACKUP_KEY: encrypt with it; unset: plain */
  key?: string | undefined;
  /** DATA_DIR: its secrets.json goes into the backup */
  dataDir?: string | undefined;
  /** PostgreSQL: the database pg_dump reads (DATABASE_URL) */
  databaseUrl?: string | undefined;
  /** retention: the newest backup of each of this many days, and of this many weeks (defaults 7 and 4) */
  keepDaily?: number;
  keepWeekly?: number;
  now?: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  encrypted: boolean;
  kind: 'pglite' | 'postgres';
  /** files removed by the retention */
  pruned: string[];
}

const FILE = /^backup-(\d{4}-\d{2}-\d{2})T\d{2}-\d{2}-\d{2}-\d{3}Z\.lbk$/;

function fileName(at: Date): string {
  return `backup-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.lbk`;
}

async function lastMigration(db: Database): Promise<string | null> {
  const table = await sql<{ t: string | null }>`select to_regclass('public.kysely_migration')::text as t`.execute(db);
  if (!table.rows[0]?.t) return null;
  const r = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return r.rows[0]?.name ?? null;
}

/** pg_dump's output as a stream that fails when pg_dump does (its own words). */
function pgDump(databaseUrl: string): Readable {
  const child = spawn(process.env.PG_DUMP ?? 'pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${databaseUrl}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (err) =>
      reject(
        new Error(
          `pg_dump could not run (${err.message}): install the PostgreSQL client tools (the same major version as the server, or newer), or set PG_DUMP to its path`,
        ),
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`))));
  });
  exited.catch(() => {});
  return Readable.from(
    (async function* () {
      for await (const chunk of child.stdout) yield chunk as Buffer;
      await exited;
    })(),
  );
}

/** Takes a backup of `db` now, records it and applies the retention. */
export async function takeBackup(db: Database, o: BackupOptions): Promise<BackupResult> {
  const raw = rawClientOf(db);
  if (!raw) throw new Error('backups need a database opened with openDatabase()');
  const now = o.now ?? new Date();
  mkdirSync(o.dir, { recursive: true, mode: 0o700 });
  const file = join(o.dir, fileName(now));
  const secretsFile = o.dataDir ? join(o.dataDir, 'secrets.json') : undefined;
  const secrets = secretsFile && existsSync(secretsFile) ? readFileSync(secretsFile) : undefined;
  const migration = await lastMigration(db);
  const parts: Array<{ name: string; bytes: number | null; read: () => Readable | Promise<Readable> }> = [];
  if (secrets) parts.push({ name: 'secrets.json', bytes: secrets.length, read: () => Readable.from([secrets]) });
  if (raw.kind === 'pglite') {
    const { pglite } = raw;
    // the copy waits for the request in flight like any query, and no request runs while it is made
    const dump = await db.connection().execute(async () => {
      await pglite.exec('checkpoint');
      return pglite.dumpDataDir('gzip');
    });
    const bytes = Buffer.from(await dump.arrayBuffer());
    parts.push({ name: 'pglite.tar.gz', bytes: bytes.length, read: () => Readable.from([bytes]) });
  } else {
    if (!o.databaseUrl) throw new Error('a PostgreSQL backup needs the database URL (DATABASE_URL)');
    const url = o.databaseUrl;
    parts.push({ name: 'postgres.dump', bytes: null, read: () => pgDump(url) });
  }
  const bytes = await writeBackupFile(
    file,
    { kind: raw.kind, created_at: now.toISOString(), migration, parts: parts.map(({ name, bytes: b }) => ({ name, bytes: b })) },
    parts.map((p) => p.read),
    o.key,
  );
  // a database from before migration 0036 (a backup taken before upgrading) has no record of backups
  const recorded = await sql<{ t: string | null }>`select to_regclass('public.backups')::text as t`.execute(db);
  if (recorded.rows[0]?.t)
    await db
      .insertInto('backups')
      .values({ taken_at: now, file, bytes, encrypted: Boolean(o.key), kind: raw.kind })
      .execute();
  const pruned = pruneBackups(o.dir, o.keepDaily ?? 7, o.keepWeekly ?? 4);
  return { file, bytes, encrypted: Boolean(o.key), kind: raw.kind, pruned };
}

/** The Monday of the ISO week of a 'YYYY-MM-DD' day. */
function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * Keeps the newest backup of each of the last `keepDaily` days that have one and of each of the last
 * `keepWeekly` weeks, and removes the other backup files in `dir` (files it did not write stay).
 */
export function pruneBackups(dir: string, keepDaily: number, keepWeekly: number): string[] {
  const files = readdirSync(dir)
    .filter((f) => FILE.test(f))
    .sort()
    .reverse();
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const f of files) {
    const day = FILE.exec(f)![1]!;
    if (!days.has(day) && days.size < keepDaily) {
      days.add(day);
      keep.add(f);
    }
    const week = weekOf(day);
    if (!weeks.has(week) && weeks.size < keepWeekly) {
      weeks.add(week);
      keep.add(f);
    }
  }
  const removed = files.filter((f) => !keep.has(f));
  for (const f of removed) rmSync(join(dir, f), { force: true });
  return removed;
}

export interface RestoreOptions {
  /** the backup file */
  file: string;
  key?: string | undefined;
  /** DATA_DIR: PGlite goes into DATA_DIR/pglite; secrets.json into DATA_DIR */
  dataDir: string;
  /** PostgreSQL: restore into this database (a PGlite backup cannot go there, nor the reverse) */
  databaseUrl?: string | undefined;
  /** replace what is there (kept aside, for PGlite, as `*.replaced-<time>`) */
  force?: boolean;
}

export interface RestoreResult {
  kind: 'pglite' | 'postgres';
  created_at: string;
  migration: string | null;
  /** where the data went */
  into: string;
  secrets: boolean;
  /** what --force moved aside */
  keptAside: string[];
}

/** The pid of a server still running on DATA_DIR (it wrote DATA_DIR/server.json), else null. */
export function liveServer(dataDir: string): number | null {
  try {
    const { pid } = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { pid?: unknown };
    if (typeof pid !== 'number' || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function postgresHasData(databaseUrl: string): Promise<boolean> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
    return (r.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

function pgRestore(databaseUrl: string, dump: Readable, clean: boolean): Promise<void> {
  const args = [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    ...(clean ? ['--clean', '--if-exists'] : []),
  ];
  const child = spawn(process.env.PG_RESTORE ?? 'pg_restore', args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (err) =>
      reject(new Error(`pg_restore could not run (${err.message}): install the PostgreSQL client tools, or set PG_RESTORE to its path`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_restore failed (exit ${code}); nothing was restored (one transaction): ${stderr.trim()}`)),
    );
  });
  return Promise.all([pipeline(dump, child.stdin).catch(() => {}), exited]).then(() => undefined);
}

/**
 * Brings a backup back: PGlite into an empty DATA_DIR/pglite, PostgreSQL into an empty database (one
 * transaction), secrets.json into DATA_DIR. Refuses a folder or database with data in it unless
 * `force`, and always while a server runs on DATA_DIR. The file is checked whole (key, tag, checksum)
 * before anything is touched; a refusal (BackupRefused) changes nothing.
 */
export async function restoreBackup(o: RestoreOptions): Promise<RestoreResult> {
  const pid = liveServer(o.dataDir);
  if (pid) throw new BackupRefused(`A server (pid ${pid}) is running on ${o.dataDir}: stop it first, then restore.`);
  // decoded beside DATA_DIR (the same disk), and DATA_DIR made only once the file has been checked
  const scratch = join(dirname(o.dataDir), `.restore-${process.pid}-${Date.now()}`);
  const backup = await openBackupFile(o.file, o.key, scratch);
  try {
    mkdirSync(o.dataDir, { recursive: true });
    const { header } = backup;
    const hasSecrets = header.parts.some((p) => p.name === 'secrets.json');
    const secretsFile = join(o.dataDir, 'secrets.json');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const keptAside: string[] = [];
    const aside = (path: string) => {
      const to = `${path}.replaced-${stamp}`;
      renameSync(path, to);
      keptAside.push(to);
    };
    let into: string;
    if (header.kind === 'pglite') {
      if (o.databaseUrl) throw new BackupRefused('This is a PGlite backup: restore it without DATABASE_URL (into DATA_DIR/pglite).');
      into = join(o.dataDir, 'pglite');
      const live = existsSync(into) && readdirSync(into).length > 0;
      if ((live || (hasSecrets && existsSync(secretsFile))) && !o.force) {
        throw new BackupRefused(
          `${live ? into : secretsFile} already holds a shop: restore into an empty DATA_DIR, or add --force to replace it (the current one is kept aside).`,
        );
      }
      const tarFile = `${scratch}.tar.gz`;
      await pipeline(backup.part('pglite.tar.gz'), createWriteStream(tarFile, { mode: 0o600 }));
      const staging = `${into}.restoring-${stamp}`;
      try {
        const pglite = await PGlite.create({ dataDir: staging, loadDataDir: await openAsBlob(tarFile) });
        await pglite.query('select 1');
        await pglite.close();
      } catch (err) {
        rmSync(staging, { recursive: true, force: true });
        throw new BackupRefused(`The database in the backup could not be opened (${(err as Error).message}). Nothing was changed.`);
      } finally {
        rmSync(tarFile, { force: true });
      }
      if (existsSync(into)) {
        if (live) aside(into);
        else rmSync(into, { recursive: true, force: true });
      }
      renameSync(staging, into);
    } else {
      if (!o.databaseUrl) throw new BackupRefused('This is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into.');
      into = o.databaseUrl.replace(/\/\/[^@/]*@/, '//');
      const hasData = await postgresHasData(o.databaseUrl);
      if ((hasData || (hasSecrets && existsSync(secretsFile))) && !o.force) {
        throw new BackupRefused(
          `${hasData ? `The database ${into}` : secretsFile} already holds a shop: restore into an empty database, or add --force to replace it.`,
        );
      }
      await pgRestore(o.databaseUrl, backup.part('postgres.dump'), hasData);
    }
    if (hasSecrets) {
      const secrets = Buffer.concat(await backup.part('secrets.json').toArray());
      if (existsSync(secretsFile)) aside(secretsFile);
      writeFileSync(secretsFile, secrets, { mode: 0o600 });
    }
    return { kind: header.kind, created_at: header.created_at, migration: header.migration, into, secrets: hasSecrets, keptAside };
  } finally {
    backup.dispose();
  }
}
