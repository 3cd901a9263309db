/**
 * The operator's command `npm run merchant -- owner-link` (scripts/merchant.ts), run as a process on
 * a fresh PGlite DATA_DIR: it prints the set-up URL, and the database the server would open holds that
 * link (its hash only), an owner link valid 24 hours.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { sha256Hex } from '../../server/lib/signature';

const ROOT = resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);

/** This process's environment without what would point the command at another database or address. */
function commandEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'PUBLIC_URL', 'PROVIDER_API_BASE', 'PROVIDER_SECRET', 'NODE_OPTIONS', 'NODE_ENV'])
    delete base[name];
  return { ...base, ...env };
}

describe('npm run merchant -- owner-link', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'merchant-command-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a set-up URL whose link the server’s database holds (hashed, owner, 24 h, unused)', async () => {
    const started = Date.now();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/merchant.ts', 'owner-link', '--base', 'https://shop.example'], {
      cwd: ROOT,
      env: commandEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      timeout: 60_000,
    });
    const finished = Date.now();
    const url = /https:\/\/shop\.example\/merchant\/setup#([A-Za-z0-9_-]{43})/.exec(stdout);
    expect(url, stdout).not.toBeNull();
    const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      const links = await handle.db.selectFrom('staff_links').selectAll().execute();
      expect(links).toEqual([
        expect.objectContaining({ token_hash: sha256Hex(url![1]!), kind: 'setup', role: 'owner', email: null, created_by: null, used_at: null }),
      ]);
      // made while the command ran: 24 hours from then
      const expires = links[0]!.expires_at.getTime();
      expect(expires).toBeGreaterThanOrEqual(started + 24 * 3600_000);
      expect(expires).toBeLessThanOrEqual(finished + 24 * 3600_000);
      expect(stdout).not.toContain(links[0]!.token_hash);
    } finally {
      await handle.close();
    }
  }, 90_000);

  it('uses the address the server last listened on and says so; says when the shop already has an owner; loads the database and the link only', async () => {
    // what a start on port 4123 leaves in DATA_DIR (server/index.ts)
    writeFileSync(join(dataDir, 'server.json'), JSON.stringify({ url: 'http://127.0.0.1:4123', pid: 1, at: new Date().toISOString() }));
    const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      await handle.db
        .insertInto('staff')
        .values({ email: 'olive@example.com', name: 'Olive', role: 'owner', password_hash: 'scrypt$15$8$1$x$y', created_at: new Date() })
        .execute();
    } finally {
      await handle.close();
    }
    const loadedList = join(dataDir, 'loaded-modules.txt');
    const { stdout } = await run(process.execPath, ['--import', './tests/support/loaded-modules.ts', '--import', 'tsx', 'scripts/merchant.ts', 'owner-link'], {
      cwd: ROOT,
      env: commandEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOADED_MODULES: loadedList }),
      timeout: 60_000,
    });
    expect(stdout).toMatch(/http:\/\/127\.0\.0\.1:4123\/merchant\/setup#[A-Za-z0-9_-]{43}/);
    expect(stdout).toContain('where the server last listened');
    expect(stdout).toContain('The shop already has an owner: this link makes another one.');
    // it took 25 s when it loaded the whole provider: it loads the database and the link's code, not the
    // provider's app nor the web server (what it loads, rather than a time on a machine of unknown load)
    const loaded = readFileSync(loadedList, 'utf8')
      .split('\n')
      .map((url) => url.replace(`file://${ROOT}/`, ''));
    expect(loaded).toContain('server/provider/staff/setup-link.ts');
    expect(loaded.filter((m) => m === 'server/provider/app.ts' || m.startsWith('server/gateway/') || /\/node_modules\/express\//.test(m))).toEqual([]);
  }, 90_000);

  it('says how to use it when the command is unknown', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/merchant.ts', 'owner-lnk'], {
      cwd: ROOT,
      env: commandEnv({ DATA_DIR: dataDir }),
      timeout: 60_000,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run merchant -- owner-link') });
  }, 90_000);
});
