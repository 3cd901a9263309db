/**
 * One way to run a server in a child process, shared by the bench (bench/run.ts), Lighthouse
 * (scripts/lighthouse.mjs) and the end-to-end tests (tests/e2e/support/app.ts):
 *
 *   const app = await startServer({ name: 'the app', args: ['scripts/start.mjs'], env: { PORT }, url });
 *   ...
 *   await app.stop(); // SIGTERM, SIGKILL after the grace period; resolves with the exit code once it has exited
 *
 * Ready means GET <url>/healthz answers 200 (the gateway's health check), or, with `ready: 'message'`,
 * the first IPC message the process sends (the bench's own servers report their URL that way). A
 * process that exits first, or is not ready in time, is stopped and reported with its last output.
 * Output is kept in memory (`output()`), or written to `logFile` for long runs that nobody reads.
 * Plain Node ESM so that .mjs scripts can import it; TypeScript callers get server-process.d.mts.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';

/** How much of a process's output an error message quotes. */
const TAIL_CHARS = 4000;

/** A TCP port free on `host` right now (the OS picks it). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, host, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The process's children, grandchildren…, from /proc (Linux); none elsewhere. */
function descendants(pid) {
  const out = [];
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.shift();
    let tasks;
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
function killTree(proc) {
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

/**
 * Starts `command args` (default: this Node binary) and resolves once the process is ready.
 * @param {import('./server-process.mjs').StartServerOptions} options
 */
export async function startServer(options) {
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

  const stdio = /** @type {any[]} */ (['ignore', 'pipe', 'pipe']);
  let fd;
  if (logFile) {
    fd = openSync(logFile, 'w');
    stdio[1] = fd;
    stdio[2] = fd;
  }
  if (ready === 'message') stdio.push('ipc');

  let out = '';
  const proc = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio });
  if (fd !== undefined) closeSync(fd);
  if (!logFile) {
    proc.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    proc.stderr.setEncoding('utf8').on('data', (d) => (out += d));
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
  let exitedAs = null;
  const exited = new Promise((resolve) => {
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
    exitedAs.error ? `could not be started (${exitedAs.error.message})` : `exited with ${exitedAs.code ?? exitedAs.signal} before it was ready`;

  const stop = (signal = 'SIGTERM') => {
    if (hasExited()) return exited;
    const force = setTimeout(() => killTree(proc), graceMs);
    proc.kill(signal);
    return exited.finally(() => clearTimeout(force));
  };

  const started = Date.now();
  const deadline = started + timeoutMs;
  let message;
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
          // not listening yet
          last = err?.cause?.code ?? err?.name ?? 'no answer';
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
