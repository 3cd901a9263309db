/**
 * One way to run a server in a child process, shared by the bench (bench/run.ts), Lighthouse
 * (scripts/lighthouse.ts) and the end-to-end tests (tests/e2e/support/app.ts):
 *
 *   const app = await startServer({ name: 'the app', args: ['scripts/start.ts'], env: { PORT }, url });
 *   ...
 *   await app.stop(); // SIGTERM, SIGKILL after the grace period; resolves with the exit code once it has exited
 *
 * Ready means GET <url>/healthz answers 200 (the gateway's health check), or, with `ready: 'message'`,
 * the first IPC message the process sends (the bench's own servers report their URL that way). A
 * process that exits first, or is not ready in time, is stopped and reported with its last output.
 * Output is kept in memory (`output()`), or written to `logFile` for long runs that nobody reads.
 */
import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StartServerOptions {
  /** how errors name the process, e.g. 'the app' (default 'the server') */
  name?: string;
  /** the program (default: this Node binary, process.execPath) */
  command?: string;
  args?: readonly string[];
  /** set over this process's environment */
  env?: Record<string, string | undefined>;
  cwd?: string;
  /**
   * 'healthz' (default): ready when GET `url` + `healthPath` answers 200.
   * 'message': an IPC channel is opened and the first message the process sends means ready (returned as `message`).
   */
  ready?: 'healthz' | 'message';
  /** the server's base URL, e.g. http://127.0.0.1:8080 (needed for 'healthz') */
  url?: string;
  /** default '/healthz' */
  healthPath?: string;
  /** how long to wait for ready (default 60 000 ms); then the process is stopped and an error names its last output */
  timeoutMs?: number;
  /** between health polls (default 250 ms) */
  pollMs?: number;
  /** after the stop signal, how long before SIGKILL to the process and its descendants (default 15 000 ms) */
  graceMs?: number;
  /** write stdout and stderr to this file instead of keeping them in memory */
  logFile?: string;
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string | undefined;
  /** the ready message ('message' mode) */
  message: unknown;
  /** everything the process has written so far (stdout and stderr together) */
  output(): string;
  /** settles with the exit code (null when ended by a signal) once the process has exited */
  exited: Promise<number | null>;
  /** sends `signal` (default SIGTERM), SIGKILL after the grace period; resolves with the exit code once exited */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** How much of a process's output an error message quotes. */
const TAIL_CHARS = 4000;

/** Whether a server can listen on `port` of `host` now (it is closed again before this answers). */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, host, () => s.close(() => resolve(true)));
  });
}

/** Ports freePort takes from: below Linux's ephemeral range (32768–60999), which `listen(0)` draws from. */
const CHOSEN_PORTS = { from: 20_000, count: 12_000 };

/**
 * A TCP port free on `host`, that stays free for the caller to listen on, or to find nobody listening on
 * (a provider that is down). The OS's own pick (`listen(0)`) came from the ephemeral range, where any other
 * server of the run, in this worker or another, could be handed it between this answer and its use: with
 * three test workers, a "down" provider's port answered as another test's provider. A port below that range
 * is never handed out by the OS; only another freePort could choose it, one chance in 12,000.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = CHOSEN_PORTS.from + randomInt(CHOSEN_PORTS.count);
    if (await canListen(port, host)) return port;
  }
  throw new Error(`no free port on ${host} from ${CHOSEN_PORTS.from} in 100 tries`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The process's children, grandchildren…, from /proc (Linux); none elsewhere. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.shift();
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        for (const c of readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)) {
          out.push(c);
          queue.push(c);
        }
      } catch {
        // the task ended meanwhile
      }
    }
  }
  return out;
}

/** SIGKILL to the process and everything it started (`npm start`'s script runs the server as its child). */
function killTree(proc: ChildProcess) {
  if (proc.pid === undefined) return;
  for (const pid of descendants(proc.pid).reverse()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  proc.kill('SIGKILL');
}

/** Starts `command args` (default: this Node binary) and resolves once the process is ready. */
export function startServer<M = unknown>(options: StartServerOptions & { ready: 'message' }): Promise<ServerProcess & { message: M }>;
export function startServer(options: StartServerOptions & { ready?: 'healthz'; url: string }): Promise<ServerProcess & { url: string }>;
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const {
    name = 'the server',
    command = process.execPath,
    args = [],
    env = {},
    cwd,
    ready = 'healthz',
    url,
    healthPath = '/healthz',
    timeoutMs = 60_000,
    pollMs = 250,
    graceMs = 15_000,
    logFile,
  } = options;
  if (ready === 'healthz' && !url) throw new TypeError(`startServer(${name}): ready 'healthz' needs the server's url`);

  const stdio: Array<'ignore' | 'pipe' | 'ipc' | number> = ['ignore', 'pipe', 'pipe'];
  let fd: number | undefined;
  if (logFile) {
    fd = openSync(logFile, 'w');
    stdio[1] = fd;
    stdio[2] = fd;
  }
  if (ready === 'message') stdio.push('ipc');

  let out = '';
  const proc = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: stdio as StdioOptions });
  if (fd !== undefined) closeSync(fd);
  if (!logFile) {
    proc.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
    proc.stderr?.setEncoding('utf8').on('data', (d: string) => (out += d));
  }
  const output = () => {
    if (!logFile) return out;
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  const tail = () => {
    const text = output().trimEnd();
    const shown = text.length > TAIL_CHARS ? `…${text.slice(-TAIL_CHARS)}` : text;
    return `${logFile ? `its last output (${logFile})` : 'its last output'}:\n${shown || '(none)'}`;
  };

  // settles once, when the process has exited (or could not be started at all)
  let exitedAs: { code: number | null; signal: NodeJS.Signals | null; error?: Error } | null = null;
  const exited = new Promise<number | null>((resolve) => {
    proc.once('exit', (code, signal) => {
      exitedAs = { code, signal };
      resolve(code);
    });
    proc.on('error', (err) => {
      // only a process that never started ends here; a failed kill of a live one changes nothing
      if (proc.pid === undefined && exitedAs === null) {
        exitedAs = { code: null, signal: null, error: err };
        resolve(null);
      }
    });
  });
  const hasExited = () => exitedAs !== null;
  const describeExit = () =>
    exitedAs?.error ? `could not be started (${exitedAs.error.message})` : `exited with ${exitedAs?.code ?? exitedAs?.signal} before it was ready`;

  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (hasExited()) return exited;
    const force = setTimeout(() => killTree(proc), graceMs);
    proc.kill(signal);
    return exited.finally(() => clearTimeout(force));
  };

  const started = Date.now();
  const deadline = started + timeoutMs;
  let message: unknown;
  try {
    if (ready === 'message') {
      message = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} sent no ready message within ${Math.round(timeoutMs / 1000)} s; ${tail()}`)), timeoutMs);
        proc.once('message', (m) => {
          clearTimeout(timer);
          resolve(m);
        });
        exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`${name} ${describeExit()}; ${tail()}`));
        });
      });
    } else {
      const health = new URL(healthPath, url).toString();
      let last = 'no answer yet';
      for (;;) {
        if (hasExited()) throw new Error(`${name} ${describeExit()}; ${tail()}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${name} did not answer 200 on ${health} within ${Math.round(timeoutMs / 1000)} s (last: ${last}); ${tail()}`);
        try {
          const res = await fetch(health, { signal: AbortSignal.timeout(Math.min(5_000, left)) });
          await res.arrayBuffer().catch(() => undefined);
          if (res.status === 200) break;
          last = `status ${res.status}`;
        } catch (err) {
          // not listening yet; a try cut short by the deadline itself is no answer either way, so what the
          // server last said (a status) is kept: on a loaded machine the last try is often cut short
          const e = err as { name?: string; cause?: { code?: string } } | undefined;
          if (!(e?.name === 'TimeoutError' && Date.now() >= deadline)) last = e?.cause?.code ?? e?.name ?? 'no answer';
        }
        await sleep(pollMs);
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }

  return { proc, url, message, output, exited, stop };
}

/**
 * The built app of `root` started as `npm start` runs it (scripts/start.ts, NODE_ENV=test), on a fresh
 * temporary DATA_DIR named `prefix…` and a free port, for a script that measures it (the bundle budget's
 * first loads, Lighthouse). `stop` ends it and removes the folder; a start that fails removes it too.
 */
export async function startMeasuredApp(root: string, prefix: string, timeoutMs: number): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  try {
    const server = await startServer({
      name: 'the app',
      args: [join(root, 'scripts', 'start.ts')],
      cwd: root,
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
      url,
      timeoutMs,
    });
    return {
      url,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
