#!/usr/bin/env node
/**
 * Start-up time and memory of the server, the way it runs from source (tsx) and as built JavaScript:
 *
 *   node scripts/measure-startup.ts [--runs 5] [--only tsx,built] [--json] [--root DIR]
 *
 * Each run makes a fresh temporary DATA_DIR (embedded provider on PGlite) and starts the server twice on
 * it: the first start creates the database, migrates and seeds it; the second finds it ready; a third
 * start is the gateway alone (PROVIDER_API_BASE set: no database, the code's own loading). For each
 * start it records the milliseconds from spawn to the "listening on" log line and to the first 200 from
 * /healthz (the gateway and the provider both answering; the gateway alone answers 503 there, its
 * provider being absent, so that start's figure is left empty) (and the CPU seconds the
 * process used by then, steadier than wall time on a busy machine), the resident memory
 * (VmRSS from /proc/<pid>/status) 1 s after that line, and the peak resident memory so far (VmHWM),
 * then stops the server with SIGTERM. Variants run interleaved (run 1 of each, then run 2 …), so a
 * busy machine slows them alike. Prints a Markdown table of medians (min–max), and with --json the
 * raw figures. The server is spawned directly (no npm, no start script), PORT=0, NODE_ENV=production;
 * the built variants with the GLIBC_TUNABLES npm start sets (scripts/lib/server-command.ts), except
 * built-malloc-default, which shows what that saves.
 *
 * The "built" variant needs dist-server/ (npm run build:server); it is the command npm start runs.
 * --root runs another copy of the project (e.g. `git archive` of a commit, node_modules linked in).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverTunables } from './lib/server-command.ts';

let root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A way to start the server: its label in the table, Node's arguments, the environment it adds, and the file it needs built first. */
interface Variant {
  label: string;
  args: string[];
  env?: Record<string, string>;
  needs?: string;
}

// the built server's environment as npm start gives it (scripts/lib/server-command.ts)
const BUILT_ENV = { GLIBC_TUNABLES: serverTunables(process.env.GLIBC_TUNABLES) };

const VARIANTS: Record<string, Variant> = {
  tsx: { label: 'before: node --import tsx server/index.ts', args: ['--import', 'tsx', 'server/index.ts'] },
  built: {
    label: 'after: node --enable-source-maps dist-server/index.js',
    args: ['--enable-source-maps', 'dist-server/index.js'],
    env: BUILT_ENV,
    needs: 'dist-server/index.js',
  },
  'built-nomaps': { label: 'after, without --enable-source-maps', args: ['dist-server/index.js'], env: BUILT_ENV, needs: 'dist-server/index.js' },
  // the built server with glibc's malloc as it is by default: what the tunable saves
  'built-malloc-default': { label: 'after, without GLIBC_TUNABLES', args: ['--enable-source-maps', 'dist-server/index.js'], needs: 'dist-server/index.js' },
};

// what the server reads from the environment: left out, so the defaults (embedded provider, PGlite) apply
const SERVER_VARS = [
  'SERVE',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PUBLIC_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'PORT',
  'HOST',
  'PROVIDER_API_BASE',
  'PROVIDER_SECRET',
  'PLATFORM_ID',
  'DATABASE_URL',
  'DATA_DIR',
  'GOOGLE_CLIENT_ID',
  'TRUST_PROXY_HOPS',
  'MERCHANT_API_KEY',
  'MERCHANT_ID',
  'LOG_LEVEL',
  'DIST_DIR',
  'NODE_ENV',
  'PAYMENT_WEBHOOK_SECRET',
  'PAYMENT_SANDBOX',
  'DEMO_ORDER_PROGRESS',
  'NODE_OPTIONS',
  'GLIBC_TUNABLES',
];

interface Options {
  runs: number;
  only: string[];
  json: boolean;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { runs: 5, only: ['tsx', 'built'], json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') opts.runs = Number(argv[++i]);
    else if (a === '--only') opts.only = String(argv[++i]).split(',');
    else if (a === '--json') opts.json = true;
    else if (a === '--root') root = resolve(String(argv[++i]));
    else {
      console.error(`unknown option ${a}\nusage: node scripts/measure-startup.ts [--runs 5] [--only ${Object.keys(VARIANTS).join(',')}] [--json] [--root DIR]`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new Error('--runs must be a whole number, 1 or more');
  for (const v of opts.only) if (!VARIANTS[v]) throw new Error(`unknown variant ${v} (known: ${Object.keys(VARIANTS).join(', ')})`);
  return opts;
}

/** kB figures of /proc/<pid>/status, e.g. { VmRSS: 123456, VmHWM: 150000 } */
function memory(pid: number | undefined): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** CPU seconds (user + system, all threads) the process has used so far; steadier than wall time on a busy machine */
function cpuSeconds(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[11], fields[12]: utime, stime (14th and 15th of the line), in clock ticks of 1/100 s on Linux
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one start measured (see the comment at the top). */
interface Start {
  ms: number;
  healthzMs: number;
  cpuS: number;
  rssMB: number;
  peakMB: number;
}

/** One start: spawn → "listening on" line → 1 s → memory → SIGTERM → exit. */
async function startOnce(variant: Variant, dataDir: string, extraEnv: Record<string, string> = {}, { health = true } = {}): Promise<Start> {
  const env = { ...process.env };
  for (const name of SERVER_VARS) delete env[name];
  // production refuses to start without an SMS service: one on a closed local port (nothing is sent at start)
  const sms = {
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'measure-startup',
    TWILIO_FROM: '+14155550100',
    TWILIO_API_BASE: 'http://127.0.0.1:9',
  };
  Object.assign(env, { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'info' }, sms, variant.env, extraEnv);
  const t0 = performance.now();
  const proc = spawn(process.execPath, variant.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise((r) => proc.once('exit', (code, signal) => r(code ?? signal)));
  const listening = await new Promise<{ ms: number; cpu: number; url: string }>((resolveLine, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within 120 s:\n${out}`)), 120_000);
    const onData = (d: string) => {
      out += d;
      const url = /listening on (http:\/\/[^\s"]+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolveLine({ ms: performance.now() - t0, cpu: cpuSeconds(proc.pid), url });
      }
    };
    proc.stdout.setEncoding('utf8').on('data', onData);
    proc.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${how}) before listening:\n${out}`));
    });
  }).catch(async (err) => {
    proc.kill('SIGKILL');
    throw err;
  });
  // healthy: the gateway answers /healthz with 200, which it does once the provider answers it too
  let healthy: number | null = null;
  while (health && healthy === null && performance.now() - t0 < 120_000) {
    const ok = await fetch(`${listening.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) healthy = performance.now() - t0;
    else await sleep(20);
  }
  await sleep(1000);
  const mem = memory(proc.pid);
  proc.kill('SIGTERM');
  const how = await exited;
  if (how !== 0) throw new Error(`the server did not stop cleanly (${how}):\n${out}`);
  return { ms: Math.round(listening.ms), healthzMs: Math.round(healthy ?? Number.NaN), cpuS: listening.cpu, rssMB: mem.rss / 1024, peakMB: mem.hwm / 1024 };
}

const KINDS: Record<keyof Runs, string> = {
  first: 'first (creates, migrates, seeds)',
  second: 'second (same DATA_DIR)',
  gateway: 'gateway only (PROVIDER_API_BASE set)',
};

/** The three starts of a variant, one entry per run. */
interface Runs {
  first: Start[];
  second: Start[];
  gateway: Start[];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  const at = (i: number) => s[i] as number;
  return s.length % 2 ? at(m) : (at(m - 1) + at(m)) / 2;
};
const fmt = (xs: number[], digits: number) =>
  xs.some((x) => Number.isNaN(x)) ? '—' : `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const variant = (name: string) => VARIANTS[name] as Variant;
  for (const name of opts.only) {
    const needs = variant(name).needs;
    if (needs && !existsSync(join(root, needs))) {
      console.error(`${name}: ${needs} is missing; run npm run build:server first`);
      process.exit(1);
    }
  }
  const results: Record<string, Runs> = Object.fromEntries(opts.only.map((n) => [n, { first: [], second: [], gateway: [] }]));
  for (let run = 1; run <= opts.runs; run++) {
    for (const name of opts.only) {
      const dataDir = mkdtempSync(join(tmpdir(), 'measure-startup-'));
      try {
        const first = await startOnce(variant(name), dataDir);
        const second = await startOnce(variant(name), dataDir);
        // the gateway alone: an outside provider (nothing needs to answer there for the server to listen)
        const gateway = await startOnce(
          variant(name),
          dataDir,
          { PROVIDER_API_BASE: 'http://127.0.0.1:9/api/v2/', PROVIDER_SECRET: 'measure-startup-secret' },
          { health: false },
        );
        const runs = results[name] as Runs;
        runs.first.push(first);
        runs.second.push(second);
        runs.gateway.push(gateway);
        const line = (r: Start) => `${r.ms} ms (/healthz ${r.healthzMs} ms) ${r.cpuS.toFixed(2)} s CPU ${r.rssMB.toFixed(1)} MB`;
        process.stderr.write(`run ${run}/${opts.runs} ${name}: first ${line(first)}; second ${line(second)}; gateway only ${line(gateway)}\n`);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }

  const lines = [
    `Node ${process.version}, ${opts.runs} runs each, medians (min–max); fresh temporary DATA_DIR (PGlite), PORT=0, NODE_ENV=production.`,
    'Time: spawn to the "listening on" log line, and to the first 200 from /healthz. CPU: user + system seconds used by then. RSS: VmRSS 1 s after it. Peak: VmHWM at that moment.',
    '',
    '| command | start | time to listening (ms) | time to /healthz 200 (ms) | CPU to listening (s) | RSS (MB) | peak RSS (MB) |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const name of opts.only) {
    for (const which of ['first', 'second', 'gateway'] as const) {
      const rows = (results[name] as Runs)[which];
      lines.push(
        `| ${variant(name).label} | ${KINDS[which]} | ${fmt(
          rows.map((r) => r.ms),
          0,
        )} | ${fmt(
          rows.map((r) => r.healthzMs),
          0,
        )} | ${fmt(
          rows.map((r) => r.cpuS),
          2,
        )} | ${fmt(
          rows.map((r) => r.rssMB),
          1,
        )} | ${fmt(
          rows.map((r) => r.peakMB),
          1,
        )} |`,
      );
    }
  }
  console.log(lines.join('\n'));
  if (opts.json) console.log(JSON.stringify(results));
}

main().catch((err: unknown) => {
  console.error((err as Error).message ?? err);
  process.exit(1);
});
