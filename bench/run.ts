/**
 * `npm run bench`: throughput and latency of the gateway and the embedded provider, measured with
 * autocannon on loopback, written to bench/REPORT.md from bench/report-template.md (bench/lib/report.ts
 * fills it in). The template's "How to run" says what each figure means and what the targets are.
 *
 * Every server runs in a child process of its own (bench/servers/*), so the load generator (this
 * process) never shares an event loop with the server it measures.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon, { type Options, type Request, type Result } from 'autocannon';
import pg from 'pg';
import { buildServer } from '../scripts/build-server.ts';
import { serverTunables } from '../scripts/lib/server-command.ts';
import { freePort, startServer } from '../scripts/lib/server-process.ts';
import { bodySha256, callHeaders, callKey, signCall } from '../server/lib/signature';
import express from 'express';
import { openDatabase } from '../server/db/index';
import { exportOrders } from '../server/provider/dashboard/export';
import { csvDownload } from '../server/provider/http/csv';
import { dashboardAt } from '../server/provider/dashboard/dashboard.service';
import { DASHBOARD_PERIODS } from '#contract/dashboard';
import { seedVolumeAt } from '../scripts/seed-volume.ts';
import {
  BEFORE_FIGURES,
  fmt,
  MIXED_READ_CONNECTIONS,
  measureBundle,
  readLighthouse,
  renderReport,
  type DashboardBench,
  type Figure,
  type Pgbench,
} from './lib/report';
import { orderStatementTimes, type StatementTimes } from './lib/statement-time';

const ROOT = resolve(import.meta.dirname, '..');
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const DURATION = num('BENCH_DURATION', 10);
const RUNS = Math.round(num('BENCH_RUNS', 3));
const WARMUP = num('BENCH_WARMUP', 3);
const CONNECTIONS = Math.round(num('BENCH_CONNECTIONS', 50));
const CUSTOMERS = Math.round(num('BENCH_CUSTOMERS', 50));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const want = (id: string) => ONLY.length === 0 || ONLY.includes(id);
const REPORT = join(ROOT, 'bench', 'REPORT.md');
/** BENCH_BEFORE=<git ref>: BEFORE_FIGURES measured on that ref's code too, each just before the current code's (checkoutBefore) */
const BEFORE_REF = process.env.BENCH_BEFORE?.trim() ?? '';
const TMP = join(ROOT, 'bench', '.tmp');

// ---------------------------------------------------------------------------------------------
// Servers in child processes
// ---------------------------------------------------------------------------------------------

interface StackInfo {
  /** the in-process gateway (BENCH_EMBEDDED_GATEWAY=1), else null */
  gateway: string | null;
  provider: string;
  secret: string;
  platform: string;
  database: 'pglite' | 'postgres';
  customers: Array<{ id: number; token: string }>;
  product: { id: number; price: number };
}

interface Child<T> {
  proc: ChildProcess;
  info: T;
  log: string;
  stop(): Promise<unknown>;
}

/**
 * The code a figure measures: the current sources, or (BENCH_BEFORE=<git ref>) the sources that ref
 * names, checked out in a git worktree of their own beside this one and measured in the same run, each
 * figure of the pair one after the other, so the report shows the before and the after side by side.
 */
interface Code {
  /** the checkout's root: its bench servers and its server build come from there */
  root: string;
  /** where its server is built */
  tmp: string;
  /** '' for the current code; else the prefix of its servers' log files */
  label: string;
  /** the server built from its sources (scripts/build-server.ts), once per bench run */
  built?: Promise<string>;
}
const CURRENT: Code = { root: ROOT, tmp: TMP, label: '' };

const git = (args: string[]) => {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
};

/**
 * BENCH_BEFORE's code: the ref's commit in a detached git worktree under the system's temporary folder
 * (never inside this tree, where lint and the tests would find it), on this checkout's node_modules (a
 * link: an older commit needs no package this one lacks, or its servers fail to start and say so).
 */
function checkoutBefore(ref: string): Code & { commit: string; remove(): void } {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const root = join(tmpdir(), `bench-before-${commit.slice(0, 12)}`);
  rmSync(root, { recursive: true, force: true });
  git(['worktree', 'prune']);
  git(['worktree', 'add', '--detach', '--force', root, commit]);
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return {
    root,
    tmp: join(root, 'bench', '.tmp'),
    label: 'before-',
    commit,
    remove: () => git(['worktree', 'remove', '--force', root]),
  };
}

function builtServer(code: Code): Promise<string> {
  code.built ??= (async () => {
    const outDir = join(code.tmp, 'dist-server');
    // the ref's own build script, which knows its own entries
    const build: typeof buildServer =
      code === CURRENT ? buildServer : ((await import(join(code.root, 'scripts', 'build-server.ts'))) as { buildServer: typeof buildServer }).buildServer;
    await build({ outDir });
    return join(outDir, 'index.js');
  })();
  return code.built;
}

/** A bench server (bench/servers/*), ready when it sends what the bench needs over IPC. */
async function startChild<T>(script: string, env: Record<string, string>, label: string, code: Code = CURRENT): Promise<Child<T>> {
  mkdirSync(TMP, { recursive: true });
  // the server's log lines go to a file, as they would in production: a pipe nobody reads would stall it
  const log = join(TMP, `${code.label}${label}.log`);
  const s = await startServer<T>({
    name: `${code.label}${label}`,
    args: ['--import', 'tsx', join(code.root, script)],
    env,
    ready: 'message',
    logFile: log,
    timeoutMs: 180_000,
  });
  return { proc: s.proc, info: s.message, log, stop: s.stop };
}

/**
 * The gateway exactly as the product runs it: the built server (dist-server/index.js on plain node, with
 * the GLIBC_TUNABLES npm start sets, built from the current sources first), in external mode
 * (PROVIDER_API_BASE and PROVIDER_SECRET pointing at the provider process), ready when /healthz answers 200.
 */
async function startGateway(provider: StackInfo, label: string, extra: Record<string, string> = {}, code: Code = CURRENT): Promise<Child<{ url: string }>> {
  mkdirSync(TMP, { recursive: true });
  const port = await freePort();
  const log = join(TMP, `${code.label}${label}.log`);
  const url = `http://127.0.0.1:${port}/`;
  const s = await startServer({
    name: `${code.label}${label}`,
    // with BENCH_PROFILE, the gateway writes its V8 CPU profile (start-up included) there when it stops
    args: [
      '--enable-source-maps',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_PROFILE)}`] : []),
      await builtServer(code),
    ],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PROVIDER_API_BASE: provider.provider,
      PROVIDER_SECRET: provider.secret,
      PLATFORM_ID: provider.platform,
      LOG_LEVEL,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      GLIBC_TUNABLES: serverTunables(process.env.GLIBC_TUNABLES),
      ...extra,
    },
    url,
    pollMs: 200,
    logFile: log,
  });
  return { proc: s.proc, info: { url }, log, stop: s.stop };
}

function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((ok) => {
    child.once('message', (m) => ok(m as T));
    child.send(message as object);
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time (user + system, µs) a server process has used so far, from /proc (NaN elsewhere than Linux). */
function cpuOf(server: ChildProcess): number {
  try {
    // fields after the command name, which sits in parentheses and may hold spaces
    const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
  } catch {
    return Number.NaN;
  }
}

async function measure(
  servers: { procs: ChildProcess[]; control: ChildProcess | null },
  id: string,
  title: string,
  opts: Omit<Options, 'duration' | 'connections'>,
  connections = CONNECTIONS,
): Promise<Figure> {
  process.stdout.write(`${id}) ${title}: warm-up ${WARMUP} s`);
  const warm = await autocannon({ ...opts, connections, duration: WARMUP, timeout: 10 });
  let ok = warm['2xx'];
  const runs: Figure['runs'] = [];
  // autocannon's errors include its timeouts
  let errors = warm.errors;
  let non2xx = warm.non2xx;
  // BENCH_PROFILE=<folder>: a V8 CPU profile of the product server during the runs (open it in Chrome DevTools)
  // (the provider process is profiled; in c-embedded that process is the gateway too)
  // (a server that does not answer the bench's messages, control null, is not profiled)
  const control = process.env.BENCH_PROFILE ? servers.control : null;
  const profile = control ? join(resolve(process.env.BENCH_PROFILE!), `${id}.cpuprofile`) : undefined;
  if (control) {
    mkdirSync(resolve(process.env.BENCH_PROFILE!), { recursive: true });
    await ask(control, { profile: 'start' });
  }
  for (let i = 0; i < RUNS; i++) {
    const eachBefore = servers.procs.map(cpuOf);
    const r: Result = await autocannon({ ...opts, connections, duration: DURATION, timeout: 10 });
    const answered = Math.max(1, r['2xx'] + r.non2xx);
    // each server's own share (the first is the one in front: a relay or a gateway), printed with the run
    const each = servers.procs.map((proc, k) => (cpuOf(proc) - eachBefore[k]!) / answered);
    const cpuUs = each.reduce((a, b) => a + b, 0);
    runs.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs });
    errors += r.errors;
    non2xx += r.non2xx;
    ok += r['2xx'];
    process.stdout.write(`, run ${i + 1}: ${Math.round(r.requests.average)}/s p99 ${r.latency.p99} ms, CPU µs a request ${each.map(Math.round).join(' + ')}`);
  }
  if (control) await ask(control, { profile: 'stop', file: profile });
  process.stdout.write('\n');
  return {
    id,
    title,
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpuUs: median(runs.map((r) => r.cpuUs)),
    errors,
    non2xx,
    ok,
    runs,
    connections,
  };
}

/**
 * Signed headers for a direct provider GET, recomputed once a second (the signatures cover the
 * timestamp): the contract's header and the gateway's HMAC, whose nonce a read may repeat.
 */
function providerSigner(info: StackInfo, path: string): () => Record<string, string> {
  let at = 0;
  let headers: Record<string, string> = {};
  const key = callKey(info.secret);
  return () => {
    const ts = Math.floor(Date.now() / 1000);
    if (ts !== at) {
      at = ts;
      headers = {
        platform: info.platform,
        timestamp: String(ts),
        'token-authorization': signCall(info.provider, path, info.platform, ts, info.secret),
        ...callHeaders(key, {
          method: 'GET',
          target: path,
          platform: info.platform,
          timestamp: ts,
          forwardedFor: '',
          authorization: '',
          merchantKey: '',
          bodySha256: bodySha256(),
        }),
      };
    }
    return headers;
  };
}

const cookieOf = (c: { token: string }) => `sid=${c.token}`;

/** The product under test: the provider process and, in front of it, the gateway (server/index.ts). */
interface Product {
  provider: Child<StackInfo>;
  gateway: Child<{ url: string }>;
  code: Code;
}

/** Figures measured on BENCH_BEFORE's code, each just before the same figure on the current code. */
const beforeFigures: Figure[] = [];

const both = (p: Product) => ({ procs: [p.gateway.proc, p.provider.proc], control: p.provider.proc });

// b through a bare node:http relay: the floor of forwarding in Node on these cores (bench/servers/relay.ts)
async function relayFigure(p: Product): Promise<Figure> {
  const info = p.provider.info;
  const target = new URL(info.provider);
  const relay = await startChild<{ url: string }>('bench/servers/relay.ts', { BENCH_RELAY_TARGET: target.origin }, 'relay');
  const sign = providerSigner(info, 'settings/main-setting');
  try {
    return await measure(
      { procs: [relay.proc, p.provider.proc], control: p.provider.proc },
      'b-relay',
      'b through a bare `node:http` relay (no Express, signing, checks, log or cache): the floor of forwarding in Node',
      {
        url: new URL(`${target.pathname.replace(/^\/+/, '')}settings/main-setting`, relay.info.url).toString(),
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...sign() } }) }],
      },
    );
  } finally {
    await relay.stop();
  }
}

// the product's gateway with its cache off: every call signed and forwarded, the cost of the proxy itself
async function forwardFigure(p: Product): Promise<Figure> {
  const forward = await startGateway(p.provider.info, 'gateway-forward', { API_CACHE_ENTRIES: '0' }, p.code);
  try {
    return await measure(
      { procs: [forward.proc, p.provider.proc], control: p.provider.proc },
      'c-forward',
      '`/api/settings/main-setting` through a gateway with `API_CACHE_ENTRIES=0`: every call forwarded',
      { url: `${forward.info.url}api/settings/main-setting` },
    );
  } finally {
    await forward.stop();
  }
}

/** The reads' figures on the product `p`; b-relay's and c-forward's also on `before`'s code, first, when it is measured. */
async function readFigures(p: Product, before: Product | null): Promise<Figure[]> {
  const info = p.provider.info;
  const gateway = p.gateway.info.url;
  const figures: Figure[] = [];
  if (want('b')) {
    const sign = providerSigner(info, 'settings/main-setting');
    const url = new URL('settings/main-setting', info.provider).toString();
    figures.push(
      await measure({ procs: [p.provider.proc], control: p.provider.proc }, 'b', 'provider `settings/main-setting`, direct, signed', {
        url,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...sign() } }) }],
      }),
    );
  }
  if (want('b-relay')) {
    if (before) beforeFigures.push(await relayFigure(before));
    figures.push(await relayFigure(p));
  }
  if (want('c')) figures.push(await measure(both(p), 'c', '`/api/settings/main-setting` through the gateway', { url: `${gateway}api/settings/main-setting` }));
  if (want('c-forward')) {
    if (before) beforeFigures.push(await forwardFigure(before));
    figures.push(await forwardFigure(p));
  }
  if (want('d')) {
    // the catalogue is public, but the app calls it signed in: give each connection its customer's cookie
    let n = 0;
    figures.push(
      await measure(both(p), 'd', '`/api/shop/catalog` through the gateway', {
        url: `${gateway}api/shop/catalog`,
        setupClient: (client) => client.setHeaders({ cookie: cookieOf(info.customers[n++ % info.customers.length]!) }),
      }),
    );
  }
  return figures;
}

async function orderFigure(p: Product, id: string, label: string): Promise<Figure> {
  const info = p.provider.info;
  const before = (await ask<{ orders: number }>(p.provider.proc, { count: 'orders' })).orders;
  const statementsBefore = await ask<{ statements: number; times: StatementTimes }>(p.provider.proc, { count: 'statements' });
  let n = 0;
  const body = JSON.stringify({ items: [{ product_id: info.product.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: '[<id>]' });
  const f = await measure(both(p), id, `wallet \`order/create\` through the gateway on ${label}`, {
    url: `${p.gateway.info.url}api/order/create`,
    method: 'POST',
    body,
    // a fresh idempotency key per request; each connection is one customer (its own row lock)
    idReplacement: true,
    setupClient: (client) => client.setHeaders({ 'content-type': 'application/json', cookie: cookieOf(info.customers[n++ % info.customers.length]!) }),
  });
  // let orders still in flight when the last run stopped finish before counting
  await new Promise((r) => setTimeout(r, 1000));
  const after = (await ask<{ orders: number }>(p.provider.proc, { count: 'orders' })).orders;
  const placed = after - before;
  // every statement the provider sent its database meanwhile (its jobs' too) per order placed
  const statementsAfter = await ask<{ statements: number; times: StatementTimes }>(p.provider.proc, { count: 'statements' });
  if (placed > 0) f.statementsPerOrder = (statementsAfter.statements - statementsBefore.statements) / placed;
  // where an order's time went: the kinds of statement that took the longest, warm-up included
  f.statementTimes = orderStatementTimes(statementsBefore.times, statementsAfter.times, placed, 5);
  // an order still in flight when a run ends (or after a client time-out) is placed but never
  // acknowledged, so the database may hold more than the 201s; it may never hold fewer
  const missing = Math.max(0, f.ok - placed);
  f.note =
    missing === 0
      ? `${f.ok} orders acknowledged (201), all of them in the database (${placed} placed in all)`
      : `LOST WRITES: ${f.ok} acknowledged (201), only ${placed} in the database`;
  f.errors += missing;
  return f;
}

/**
 * e-pglite-reads: what a shopper opening the app meets while orders are placed. The orders of e run
 * through the gateway at BENCH_CONNECTIONS for the whole figure, while MIXED_READ_CONNECTIONS more read
 * the menu (`shop/catalog`) and the settings (`settings/main-setting`) in turns, signed, straight from the
 * provider: the gateway's shared cache would answer them without asking the provider, whose event loop
 * (and PGlite's work on it or beside it) is what this figure is about. The figure is the reads'; the
 * orders placed meanwhile are in its note.
 */
async function mixedFigure(p: Product, id: string, label: string): Promise<Figure> {
  const info = p.provider.info;
  const base = new URL(info.provider);
  const reads = ['shop/catalog', 'settings/main-setting'].map((path) => {
    const sign = providerSigner(info, path);
    const full = `${base.pathname}${path}`;
    return { method: 'GET', setupRequest: (req: Request) => ({ ...req, path: full, headers: { ...req.headers, ...sign() } }) };
  });
  let n = 0;
  const body = JSON.stringify({ items: [{ product_id: info.product.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: '[<id>]' });
  // the orders start first and end after the reads' last run
  const orders = autocannon({
    url: `${p.gateway.info.url}api/order/create`,
    method: 'POST',
    body,
    idReplacement: true,
    connections: CONNECTIONS,
    duration: WARMUP + RUNS * DURATION + 3,
    timeout: 10,
    setupClient: (client) => client.setHeaders({ 'content-type': 'application/json', cookie: cookieOf(info.customers[n++ % info.customers.length]!) }),
  });
  await new Promise((r) => setTimeout(r, 1000));
  const f = await measure(
    both(p),
    id,
    `the menu and the settings read from the provider while wallet orders run through the gateway on ${label}`,
    { url: base.origin, requests: reads },
    MIXED_READ_CONNECTIONS,
  );
  const o = await orders;
  f.note = `orders meanwhile (${CONNECTIONS} connections): ${fmt(o.requests.average)}/s, p99 ${fmt(o.latency.p99)} ms, ${o.errors} errors, ${o.non2xx} non-2xx`;
  return f;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a fresh database per run
// ---------------------------------------------------------------------------------------------

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | { skip: string }> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    return {
      skip: `PostgreSQL not reachable at ${PG_URL.replace(/\/\/[^@]*@/, '//…@')} (${(err as Error).message}); set BENCH_DATABASE_URL or TEST_DATABASE_URL`,
    };
  }
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// pgbench: what the same PostgreSQL commits, beside the order run
// ---------------------------------------------------------------------------------------------

const PGBENCH = process.env.BENCH_PGBENCH || '/usr/bin/pgbench';
const PGBENCH_SCALE = 10;
const PGBENCH_CLIENTS = 50;
const PGBENCH_THREADS = 2;

function run(cmd: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.on('error', fail);
    child.on('close', (code) => ok({ code, out }));
  });
}

/**
 * pgbench's TPC-B-like transaction (`pgbench -i -s 10`, then 50 clients on 2 threads) on a scratch
 * database of the PostgreSQL the order run used, BENCH_RUNS runs of BENCH_DURATION seconds as the order
 * figure has: the rate this machine's PostgreSQL commits short write transactions at, which the order
 * rate is set against. Without pgbench (BENCH_PGBENCH names another path), the reason it was skipped.
 */
async function pgbenchFigure(floor?: (url: string) => Promise<void>): Promise<Pgbench | { skip: string }> {
  if (!existsSync(PGBENCH)) return { skip: `no pgbench at ${PGBENCH} (install postgresql-client or set BENCH_PGBENCH)` };
  const db = await freshPostgres();
  if ('skip' in db) return db;
  try {
    process.stdout.write(`pgbench: -i -s ${PGBENCH_SCALE}`);
    const init = await run(PGBENCH, ['-i', '-q', '-s', String(PGBENCH_SCALE), db.url]);
    if (init.code !== 0) return { skip: `pgbench -i failed: ${init.out.trim().split('\n').pop()}` };
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await run(PGBENCH, ['-c', String(PGBENCH_CLIENTS), '-j', String(PGBENCH_THREADS), '-T', String(DURATION), db.url]);
      const tps = /^tps = ([\d.]+)/m.exec(r.out);
      if (r.code !== 0 || !tps) return { skip: `pgbench failed: ${r.out.trim().split('\n').pop()}` };
      runs.push(Number(tps[1]));
      process.stdout.write(`, run ${i + 1}: ${Math.round(Number(tps[1]))} tx/s`);
    }
    process.stdout.write('\n');
    await floor?.(db.url);
    return { tps: median(runs), runs, scale: PGBENCH_SCALE, clients: PGBENCH_CLIENTS, threads: PGBENCH_THREADS, duration: DURATION };
  } finally {
    await db.drop();
  }
}

/**
 * e-floor: pgbench's transaction sent from Node (bench/servers/tpcb.ts, on the tables pgbench made) for
 * each request, behind a bare relay (bench/servers/relay.ts), so two HTTP hops in Node as an order takes
 * (the gateway, the provider): the most an order path written in Node keeps of pgbench's rate here.
 */
async function floorFigure(url: string): Promise<Figure> {
  const tpcb = await startChild<{ url: string }>('bench/servers/tpcb.ts', { BENCH_TPCB_DATABASE_URL: url, BENCH_TPCB_SCALE: String(PGBENCH_SCALE) }, 'tpcb');
  try {
    const relay = await startChild<{ url: string }>('bench/servers/relay.ts', { BENCH_RELAY_TARGET: new URL(tpcb.info.url).origin }, 'relay-tpcb');
    try {
      return await measure(
        { procs: [relay.proc, tpcb.proc], control: null },
        'e-floor',
        "pgbench's transaction sent from Node through two bare HTTP hops (relay, then `node:http` and node-postgres)",
        {
          url: relay.info.url,
          method: 'POST',
          body: '{}',
        },
      );
    } finally {
      await relay.stop();
    }
  } finally {
    await tpcb.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The dashboard at volume
// ---------------------------------------------------------------------------------------------

const VOLUME_ORDERS = Math.round(num('BENCH_VOLUME_ORDERS', 100_000));
const DASHBOARD_RUNS = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** Fills a fresh database with `npm run seed-volume`'s data, then times each period's dashboard and a month's orders export. */
async function dashboardBench(url: string): Promise<DashboardBench> {
  console.log(`Dashboard: seeding ${VOLUME_ORDERS.toLocaleString('en')} orders …`);
  const started = performance.now();
  const counts = await seedVolumeAt(url, { orders: VOLUME_ORDERS });
  const seedSeconds = (performance.now() - started) / 1000;
  const handle = await openDatabase({ databaseUrl: url });
  try {
    // the shop a server runs by default (MERCHANT_ID)
    const merchant = await handle.db.selectFrom('merchants').select(['id', 'rules']).where('id', '=', 'kopi-senja').executeTakeFirstOrThrow();
    const periods: DashboardBench['periods'] = [];
    for (const period of DASHBOARD_PERIODS) {
      for (let i = 0; i < 3; i++) await dashboardAt(handle.db, merchant.id, new Date(), period);
      const times: number[] = [];
      for (let i = 0; i < DASHBOARD_RUNS; i++) {
        const t = performance.now();
        await dashboardAt(handle.db, merchant.id, new Date(), period);
        times.push(performance.now() - t);
      }
      times.sort((x, y) => x - y);
      periods.push({ period, p50: percentile(times, 0.5), p95: percentile(times, 0.95), runs: DASHBOARD_RUNS });
      console.log(`  ${period}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`);
    }
    // a month of orders as CSV, through Express as the provider streams it
    const { timezone, currency, locale } = merchant.rules as { timezone?: string; currency?: string; locale?: string };
    const rules = { timezone: timezone ?? 'UTC', currency: currency ?? 'PHP', locale: locale ?? 'en-PH' };
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const app = express();
    app.get('/orders.csv', (_req, res, next) => void exportOrders(handle.db, csvDownload(res), { from, to }, rules).catch(next));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const port = (server.address() as { port: number }).port;
      const t = performance.now();
      const body = await (await fetch(`http://127.0.0.1:${port}/orders.csv`)).text();
      const ms = performance.now() - t;
      const rows = body.split('\r\n').filter(Boolean).length - 1;
      console.log(`  export: ${rows} orders in ${ms.toFixed(0)} ms`);
      return {
        seedSeconds,
        counts: {
          customers: counts.customers,
          orders: counts.orders,
          ledgerEntries: counts.points_ledger + counts.wallet_ledger,
          spins: counts.wheel_spins,
          vouchers: counts.vouchers,
        },
        periods,
        export: { ms, rows, bytes: Buffer.byteLength(body), days: 30 },
      };
    } finally {
      server.close();
    }
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const startLoad = loadavg();
  const figures: Figure[] = [];
  const skipped: string[] = [];
  const providerEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
    DATA_DIR: dataDir,
    LOG_LEVEL: LOG_LEVEL,
    NODE_ENV: 'production',
    DEMO_ORDER_PROGRESS: 'false',
    // production refuses to start without an SMS service; the bench signs nobody in by text: a closed local port
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'bench',
    TWILIO_FROM: '+14155550100',
    TWILIO_API_BASE: 'http://127.0.0.1:9',
    BENCH_CUSTOMERS: String(CUSTOMERS),
    PROVIDER_API_BASE: '',
    PROVIDER_SECRET: '',
    DATABASE_URL: '',
    ...extra,
  });
  console.log(
    `Bench: ${RUNS} run(s) × ${DURATION} s after ${WARMUP} s warm-up, ${CONNECTIONS} connections; load average ${startLoad.map((l) => l.toFixed(2)).join(' ')}`,
  );

  if (want('a')) {
    const hello = await startChild<{ url: string }>('bench/servers/hello.ts', {}, 'hello');
    try {
      figures.push(await measure({ procs: [hello.proc], control: null }, 'a', 'bare Express "hello"', { url: hello.info.url }));
    } finally {
      await hello.stop();
    }
  }

  async function withProduct(label: string, extra: Record<string, string>, fn: (p: Product) => Promise<void>, code: Code = CURRENT): Promise<void> {
    const dataDir = mkdtempSync(join(tmpdir(), `bench-${code.label}${label}-`));
    try {
      const provider = await startChild<StackInfo>('bench/servers/provider.ts', providerEnv(dataDir, extra), `provider-${label}`, code);
      try {
        const gateway = await startGateway(provider.info, `gateway-${label}`, {}, code);
        try {
          await fn({ provider, gateway, code });
        } finally {
          await gateway.stop();
        }
      } finally {
        await provider.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  /** The product on the current code and, with BENCH_BEFORE, on that code too (`extra` for each: its own database). */
  async function withProducts(
    label: string,
    extra: (code: Code) => Record<string, string>,
    fn: (p: Product, before: Product | null) => Promise<void>,
  ): Promise<void> {
    await withProduct(label, extra(CURRENT), async (p) => (before ? withProduct(label, extra(before), (b) => fn(p, b), before) : fn(p, null)));
  }

  const before = BEFORE_REF ? checkoutBefore(BEFORE_REF) : null;
  if (before)
    console.log(`Before: ${BEFORE_REF} (${before.commit.slice(0, 12)}), checked out in ${before.root}; ${BEFORE_FIGURES.join(', ')} measured on it too`);
  let pgbench: Pgbench | undefined;
  try {
    if (['b', 'b-relay', 'c', 'c-forward', 'd', 'e-pglite', 'e-pglite-reads'].some(want)) {
      await withProducts(
        'pglite',
        () => ({}),
        async (p, bp) => {
          figures.push(...(await readFigures(p, bp)));
          if (want('e-pglite')) {
            if (bp) beforeFigures.push(await orderFigure(bp, 'e-pglite', 'PGlite'));
            figures.push(await orderFigure(p, 'e-pglite', 'PGlite'));
          }
          if (want('e-pglite-reads')) {
            if (bp) beforeFigures.push(await mixedFigure(bp, 'e-pglite-reads', 'PGlite'));
            figures.push(await mixedFigure(p, 'e-pglite-reads', 'PGlite'));
          }
        },
      );
    }
    if (want('c-embedded')) {
      // the default `npm start`: gateway and provider in one process, the gateway calling it over loopback
      const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
      const stack = await startChild<StackInfo>(
        'bench/servers/provider.ts',
        providerEnv(dataDir, { BENCH_EMBEDDED_GATEWAY: '1', BENCH_CUSTOMERS: '1' }),
        'embedded',
      );
      try {
        figures.push(
          await measure(
            { procs: [stack.proc], control: stack.proc },
            'c-embedded',
            '`/api/settings/main-setting`, gateway and embedded provider in one process (`npm start` default)',
            {
              url: `${stack.info.gateway}api/settings/main-setting`,
            },
          ),
        );
      } finally {
        await stack.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }

    if (want('e-postgres')) {
      // a fresh database for each code measured
      const dbs = await Promise.all((before ? [CURRENT, before] : [CURRENT]).map(() => freshPostgres()));
      const skip = dbs.find((d) => 'skip' in d);
      if (skip && 'skip' in skip) {
        skipped.push(`e-postgres: ${skip.skip}`);
        console.log(`Skipping the PostgreSQL order run: ${skip.skip}`);
      } else {
        const urls = dbs as Array<{ url: string; drop(): Promise<void> }>;
        try {
          await withProducts(
            'postgres',
            (code) => ({ DATABASE_URL: urls[code === CURRENT ? 0 : 1]!.url }),
            async (p, bp) => {
              if (bp) beforeFigures.push(await orderFigure(bp, 'e-postgres', 'PostgreSQL'));
              figures.push(await orderFigure(p, 'e-postgres', 'PostgreSQL'));
            },
          );
        } finally {
          for (const d of urls) await d.drop();
        }
        // the same PostgreSQL's own rate, in the same session (the order run's servers stopped)
        const tpcb = await pgbenchFigure(async (url) => {
          if (want('e-floor')) figures.push(await floorFigure(url));
        });
        if ('skip' in tpcb) {
          skipped.push(`pgbench: ${tpcb.skip}`);
          console.log(`Skipping pgbench: ${tpcb.skip}`);
        } else {
          pgbench = tpcb;
        }
      }
    }
  } finally {
    before?.remove();
  }

  let dashboard: DashboardBench | undefined;
  if (want('dashboard')) {
    const db = await freshPostgres();
    if ('skip' in db) {
      skipped.push(`dashboard: ${db.skip}`);
      console.log(`Skipping the dashboard at volume: ${db.skip}`);
    } else {
      try {
        dashboard = await dashboardBench(db.url);
      } finally {
        await db.drop();
      }
    }
  }

  const text = renderReport({
    before: before ? { ref: BEFORE_REF, commit: before.commit, figures: beforeFigures } : undefined,
    dashboard,
    pgbench,
    figures,
    skipped,
    settings: { runs: RUNS, duration: DURATION, warmup: WARMUP, connections: CONNECTIONS, customers: CUSTOMERS, logLevel: LOG_LEVEL },
    startLoad,
    endLoad: loadavg(),
    lighthouse: readLighthouse(ROOT),
    bundle: measureBundle(ROOT, TMP),
  });
  writeFileSync(REPORT, text);
  console.log(`\nWrote ${REPORT}`);
  console.log(text.slice(text.indexOf('## Results')));
}

await main();
