/**
 * `npm run bench`: throughput and latency of the gateway and the embedded provider, measured with
 * autocannon on loopback, written to bench/REPORT.md. See the "How to run" section that this script
 * writes at the top of the report (HOW_TO_RUN below) for what each figure means and the targets.
 *
 * Every server runs in a child process of its own (bench/servers/*), so the load generator (this
 * process) never shares an event loop with the server it measures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { signCall } from '../server/lib/signature';

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
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const want = (id: string) => ONLY.length === 0 || ONLY.includes(id);
const REPORT = join(ROOT, 'bench', 'REPORT.md');
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
  stop(): Promise<void>;
}

async function startChild<T>(script: string, env: Record<string, string>, label: string): Promise<Child<T>> {
  mkdirSync(TMP, { recursive: true });
  // the server's log lines go to a file, as they would in production: a pipe nobody reads would stall it
  const log = join(TMP, `${label}.log`);
  const fd = openSync(log, 'w');
  const proc = fork(join(ROOT, script), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, fd, 'ipc'],
  });
  closeSync(fd);
  const info = await new Promise<T>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${label} did not start within 180 s (see ${log})`)), 180_000);
    proc.once('message', (m) => {
      clearTimeout(timer);
      ok(m as T);
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${label} exited with ${code} before it was ready:\n${readFileSync(log, 'utf8').slice(-2000)}`));
    });
  });
  return {
    proc,
    info,
    log,
    stop: () =>
      new Promise((done) => {
        if (proc.exitCode !== null) return done();
        const force = setTimeout(() => proc.kill('SIGKILL'), 15_000);
        proc.once('exit', () => {
          clearTimeout(force);
          done();
        });
        proc.kill('SIGTERM');
      }),
  };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
    s.on('error', fail);
  });
}

/**
 * The gateway exactly as the product runs it: server/index.ts, in external mode (PROVIDER_API_BASE and
 * PROVIDER_SECRET pointing at the provider process), ready when /healthz answers 200.
 */
async function startGateway(provider: StackInfo, label: string, extra: Record<string, string> = {}): Promise<Child<{ url: string }>> {
  mkdirSync(TMP, { recursive: true });
  const port = await freePort();
  const log = join(TMP, `${label}.log`);
  const fd = openSync(log, 'w');
  const proc = fork(join(ROOT, 'server', 'index.ts'), [], {
    // with BENCH_PROFILE, the gateway writes its V8 CPU profile (start-up included) there when it stops
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_PROFILE)}`] : [])],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PROVIDER_API_BASE: provider.provider,
      PROVIDER_SECRET: provider.secret,
      PLATFORM_ID: provider.platform,
      LOG_LEVEL,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      ...extra,
    },
    stdio: ['ignore', fd, fd, 'ipc'],
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the gateway exited with ${proc.exitCode}:\n${readFileSync(log, 'utf8').slice(-2000)}`);
    const up = await fetch(`${url}healthz`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the gateway did not become healthy (see ${log})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    proc,
    info: { url },
    log,
    stop: () =>
      new Promise((done) => {
        if (proc.exitCode !== null) return done();
        const force = setTimeout(() => proc.kill('SIGKILL'), 15_000);
        proc.once('exit', () => {
          clearTimeout(force);
          done();
        });
        proc.kill('SIGTERM');
      }),
  };
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

interface Figure {
  id: string;
  title: string;
  rps: number;
  p50: number;
  p99: number;
  /** connection errors and timeouts, all runs together */
  errors: number;
  /** answers outside 2xx, all runs together */
  non2xx: number;
  /** 2xx answers, warm-up included (orders: checked against the database) */
  ok: number;
  /** the server process's CPU time (user + system) per answer, µs: steadier than requests/s on a busy machine */
  cpuUs: number;
  runs: Array<{ rps: number; p50: number; p99: number; cpuUs: number }>;
  connections: number;
  note?: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time (user + system, µs) the server processes have used so far, from /proc (NaN elsewhere than Linux). */
function cpuOf(servers: ChildProcess[]): number {
  let ticks = 0;
  for (const p of servers) {
    try {
      // fields after the command name, which sits in parentheses and may hold spaces
      const stat = readFileSync(`/proc/${p.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return Number.NaN;
    }
  }
  return (ticks / CLOCK_TICKS) * 1e6;
}

async function measure(servers: { procs: ChildProcess[]; control: ChildProcess }, id: string, title: string, opts: Omit<Options, 'duration' | 'connections'>, connections = CONNECTIONS): Promise<Figure> {
  process.stdout.write(`${id}) ${title}: warm-up ${WARMUP} s`);
  const warm = await autocannon({ ...opts, connections, duration: WARMUP, timeout: 10 });
  let ok = warm['2xx'];
  const runs: Figure['runs'] = [];
  // autocannon's errors include its timeouts
  let errors = warm.errors;
  let non2xx = warm.non2xx;
  // BENCH_PROFILE=<folder>: a V8 CPU profile of the product server during the runs (open it in Chrome DevTools)
  // (the provider process is profiled; in c-embedded that process is the gateway too)
  const profile = process.env.BENCH_PROFILE && id !== 'a' ? join(resolve(process.env.BENCH_PROFILE), `${id}.cpuprofile`) : undefined;
  if (profile) {
    mkdirSync(resolve(process.env.BENCH_PROFILE!), { recursive: true });
    await ask(servers.control, { profile: 'start' });
  }
  for (let i = 0; i < RUNS; i++) {
    const cpuBefore = cpuOf(servers.procs);
    const r: Result = await autocannon({ ...opts, connections, duration: DURATION, timeout: 10 });
    const cpuUs = cpuOf(servers.procs) - cpuBefore;
    runs.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs: cpuUs / Math.max(1, r['2xx'] + r.non2xx) });
    errors += r.errors;
    non2xx += r.non2xx;
    ok += r['2xx'];
    process.stdout.write(`, run ${i + 1}: ${Math.round(r.requests.average)}/s p99 ${r.latency.p99} ms`);
  }
  if (profile) await ask(servers.control, { profile: 'stop', file: profile });
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

/** Signed headers for a direct provider call, recomputed once a second (the signature covers the timestamp). */
function providerSigner(info: StackInfo, path: string): () => Record<string, string> {
  let at = 0;
  let headers: Record<string, string> = {};
  return () => {
    const ts = Math.floor(Date.now() / 1000);
    if (ts !== at) {
      at = ts;
      headers = { platform: info.platform, timestamp: String(ts), 'token-authorization': signCall(info.provider, path, info.platform, ts, info.secret) };
    }
    return headers;
  };
}

const cookieOf = (c: { token: string }) => `sid=${c.token}`;

/** The product under test: the provider process and, in front of it, the gateway (server/index.ts). */
interface Product {
  provider: Child<StackInfo>;
  gateway: Child<{ url: string }>;
}

const both = (p: Product) => ({ procs: [p.gateway.proc, p.provider.proc], control: p.provider.proc });

async function readFigures(p: Product): Promise<Figure[]> {
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
  if (want('c')) figures.push(await measure(both(p), 'c', '`/api/settings/main-setting` through the gateway', { url: `${gateway}api/settings/main-setting` }));
  if (want('c-forward')) {
    // the same gateway with its cache off: every call signed and forwarded, the cost of the proxy itself
    const forward = await startGateway(info, 'gateway-forward', { API_CACHE_ENTRIES: '0' });
    try {
      figures.push(
        await measure({ procs: [forward.proc, p.provider.proc], control: p.provider.proc }, 'c-forward', '`/api/settings/main-setting` through a gateway with `API_CACHE_ENTRIES=0`: every call forwarded', {
          url: `${forward.info.url}api/settings/main-setting`,
        }),
      );
    } finally {
      await forward.stop();
    }
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
  // an order still in flight when a run ends (or after a client time-out) is placed but never
  // acknowledged, so the database may hold more than the 201s; it may never hold fewer
  const missing = Math.max(0, f.ok - placed);
  f.note = missing === 0 ? `${f.ok} orders acknowledged (201), all of them in the database (${placed} placed in all)` : `LOST WRITES: ${f.ok} acknowledged (201), only ${placed} in the database`;
  f.errors += missing;
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
    return { skip: `PostgreSQL not reachable at ${PG_URL.replace(/\/\/[^@]*@/, '//…@')} (${(err as Error).message}); set BENCH_DATABASE_URL or TEST_DATABASE_URL` };
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
// The report
// ---------------------------------------------------------------------------------------------

const HOW_TO_RUN = `## How to run

\`\`\`sh
npm run bench                                   # the full run: about 5 minutes
BENCH_DURATION=3 BENCH_RUNS=1 BENCH_WARMUP=1 npm run bench   # a quick look (under a minute)
BENCH_ONLY=a,b,c npm run bench                  # only some figures (a, b, c, c-forward, c-embedded, d, e-pglite, e-postgres)
node scripts/lighthouse.mjs                     # Lighthouse scores, included in the next report
\`\`\`

Settings (environment): \`BENCH_DURATION\` seconds per run (10), \`BENCH_RUNS\` runs per figure (3),
\`BENCH_WARMUP\` seconds of warm-up before them (3), \`BENCH_CONNECTIONS\` (50), \`BENCH_CUSTOMERS\`
customers for the order run (50), \`BENCH_LOG_LEVEL\` the servers' log level (\`info\`, as \`npm start\`),
\`BENCH_DATABASE_URL\` (or \`TEST_DATABASE_URL\`, default \`postgres://postgres@127.0.0.1:5432/postgres\`):
the PostgreSQL server on which the order run creates, then drops, a fresh database; unreachable, that run
is skipped with a line saying so. Run it on a quiet machine: anything else using the CPU shows up here.

How it is measured: autocannon (HTTP/1.1, keep-alive, no pipelining) in the bench's own process, on
loopback, against servers each started in a child process of its own, so the load generator never
shares an event loop with what it measures. Each figure is a warm-up whose numbers are dropped, then
several runs; requests per second, p50 and p99 are each the median over the runs (errors are summed).
The servers' CPU time (user + system, from /proc) is read around each run: "server CPU µs per request"
is the steadier figure when other work shares the machine, and the ratio of two such costs is what the
throughput ratio becomes once the server, not the machine, is the limit.

The product is measured as two processes: the provider (\`bench/servers/provider.ts\`: database, seed,
embedded provider on loopback, the way \`server/index.ts\` builds them) and, in front of it, the gateway
exactly as shipped (\`server/index.ts\` in external mode, \`PROVIDER_API_BASE\` and \`PROVIDER_SECRET\`
pointing at that provider), both with \`NODE_ENV=production\` and log lines at \`BENCH_LOG_LEVEL\` into a
file. \`c-embedded\` is the default \`npm start\` layout, gateway and provider in one process, for
comparison. Demo order progress is off so no timer runs during a measurement. The bench customers get
their session and a funded wallet straight in the database (\`bench/lib/customers.ts\`, ledger entries of
type \`adjust\` through the real ledger code): the OTP sign-in's per-address rate limit would stop a load
test after 20 sign-ins. \`BENCH_PROFILE=<folder>\` also writes V8 CPU profiles of the provider (the runs
only) and of the gateway (open them in Chrome DevTools).

| figure | what it is |
|---|---|
| a | a bare Express app answering \`{"hello":"world"}\`: the ceiling of any Express route on this machine |
| b | the provider's \`GET settings/main-setting\`, called directly with a valid signature (a fresh timestamp and digest every second) |
| c | the same call as a browser makes it: \`GET /api/settings/main-setting\` on the gateway as shipped, which signs and forwards it to the provider process and, since the provider marks this answer \`Cache-Control: public, max-age=5\`, answers it from memory for those 5 s (\`server/gateway/shared-cache.ts\`) |
| c-forward | c through a second gateway started with \`API_CACHE_ENTRIES=0\`: every call signed and forwarded, so this is what the proxy itself costs (no target; shown so the cache does not hide it) |
| c-embedded | c with gateway and provider in one process, as \`npm start\` runs them without \`PROVIDER_API_BASE\` (for comparison; no target) |
| d | \`GET /api/shop/catalog\` through the gateway (20 products in 4 categories), with a customer's cookie |
| e | \`POST /api/order/create\` paid from the wallet, through the gateway; each connection is its own customer (${CUSTOMERS} funded customers) with a fresh idempotency key per request; on PGlite and on PostgreSQL. After the run the orders in the database are counted against the 201 answers |
| c/b | what the gateway keeps of the provider's throughput |
| c/a | the gateway path against the Express ceiling |

Targets: c/b ≥ 75 %; c/a ≥ 50 %; reads (b, c, d) p99 < 50 ms at 50 connections; wallet orders ≥ 300/s
on PostgreSQL with no error, no non-2xx answer and every 201 order in the database. Lighthouse (mobile):
performance ≥ 95, accessibility = 100, best practices ≥ 95 on \`/login\` and \`/home\` signed in.
`;

const HOT_PATHS = `## What was changed in the hot paths

Found with \`BENCH_PROFILE\` (V8 CPU profiles of the gateway and the provider under load):

- Gateway request log (\`server/gateway/request-log.ts\`): one hand-written pino line per request
  instead of pino-http, whose per-request child logger, id generator and serializers were the largest
  single cost of a proxied call. Same line shape (\`req.method\`, \`req.path\`, \`res.statusCode\`,
  \`responseTime\`), still no headers or bodies.
- Security headers (\`server/gateway/security.ts\`): helmet's headers are computed once at start and set
  directly; helmet rebuilt the CSP string on every request.
- Proxy (\`server/gateway/proxy.ts\`): an explicit keep-alive agent to the provider (LIFO, up to 512
  sockets kept, idle ones closed after 30 s, before the provider's 65 s keep-alive), so bursts of 100+
  concurrent calls reuse connections instead of opening new ones.
- Provider signature check (\`server/provider/http/signature-check.ts\`): the 401 error is built only
  when a call is refused (an Error with its stack trace was built on every good call).
- The merchant settings read is cached for 5 s (\`merchant.service.ts\`); the menu (figure d) too
  (\`catalog.service.ts\`: one read shared by the requests that miss at the same moment, forgotten at once
  when the merchant edits a product). Figure d went from about 1,000 to about 4,000 requests/s and its
  p99 from 90 ms to under 30 ms.
- Wallet orders (figure e): the new order row comes back from its INSERT and the paid row from its
  UPDATE (\`RETURNING\`), instead of two reads; \`paid_at\` and \`points_earned\` are written with the
  status in one UPDATE; the wallet and points ledgers move the customer's balance with one
  \`UPDATE … RETURNING\` (which takes the row lock and, for a debit, checks the balance in its
  \`WHERE\`) instead of a locking read and a write; \`formatMoney\` keeps one \`Intl.NumberFormat\`
  per currency and locale. Five fewer SQL round trips per order: about 280 → 350 orders/s on
  PostgreSQL, the race and property tests unchanged and green.
- Public answers kept by the gateway (\`server/gateway/shared-cache.ts\`): the provider marks the
  merchant's settings \`Cache-Control: public, max-age=5\` (the same for every customer, read each time
  the app opens), and each gateway answers them from memory for those seconds, under the shared-cache
  rules of RFC 9111, with an \`age\` header; everything else is forwarded every time. c measures the
  gateway as shipped, so with this; about 4,500 → 11,000 requests/s, as fast as the provider itself.

What the proxy itself costs is c-forward: a gateway with its cache off, every call signed and forwarded.
It costs about twice the provider's CPU per call (b): parsing the browser's request, a second HTTP request
and response on loopback, and writing the answer, mostly Node's own HTTP code and the proxy library
(profiles above). On this 2-core machine the load generator, the gateway and the provider share the two
cores, so c-forward/b and c-forward/a stay near 43 % and 30 %, as do the other forwarded reads (d): calls
that cannot be kept get the provider's throughput through a gateway on cores of its own, or through
several gateways behind a load balancer (they hold no state).
`;

function machine(startLoad: number[], endLoad: number[]): string {
  const c = cpus();
  return [
    `- CPU: ${c[0]?.model ?? 'unknown'}, ${c.length} cores`,
    `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node ${process.version}, ${process.platform} ${process.arch}`,
    `- Date: ${new Date().toISOString()}`,
    `- Load average (1, 5, 15 min) at start: ${startLoad.map((l) => l.toFixed(2)).join(', ')}; at end: ${endLoad.map((l) => l.toFixed(2)).join(', ')}${startLoad[0]! > c.length * 0.5 ? ' (the machine was busy: figures are noisy, re-run on a quiet machine)' : ''}`,
    `- Settings: ${RUNS} run(s) × ${DURATION} s after a ${WARMUP} s warm-up, ${CONNECTIONS} connections, server log level \`${LOG_LEVEL}\``,
  ].join('\n');
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (x: number) => `${fmt(x * 100, 0)} %`;
const mark = (ok: boolean) => (ok ? '✅' : '❌');

function lighthouseSection(): string {
  const file = join(ROOT, 'bench', 'lighthouse.json');
  if (!existsSync(file)) return 'No scores yet: run `node scripts/lighthouse.mjs` (it writes bench/lighthouse.json).';
  const j = JSON.parse(readFileSync(file, 'utf8')) as {
    date: string;
    pages: Array<{ page: string; scores: Record<string, number | null>; ok: boolean; note?: string; failing?: string[] }>;
    thresholds: Record<string, number>;
  };
  const rows = j.pages.map(
    (p) =>
      `| \`${p.page}\` | ${['performance', 'accessibility', 'best-practices'].map((k) => `${p.scores[k] ?? '–'} ${mark((p.scores[k] ?? -1) >= (j.thresholds[k] ?? 0))}`).join(' | ')} | ${[p.note, ...(p.failing ?? [])].filter(Boolean).join('; ')} |`,
  );
  return [
    `Scores from bench/lighthouse.json (${j.date}); mobile settings, thresholds: performance ≥ ${j.thresholds.performance}, accessibility ≥ ${j.thresholds.accessibility}, best practices ≥ ${j.thresholds['best-practices']}.`,
    '',
    '| page | performance | accessibility | best practices | below threshold |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function bundleSection(): string {
  const dist = process.env.DIST_DIR || 'dist';
  if (!existsSync(resolve(ROOT, dist, '.vite', 'manifest.json'))) return 'No build with a manifest in `dist`: run `npm run build` first.';
  const out = join(TMP, 'budgets.json');
  const r = spawnSync(process.execPath, ['scripts/check-budgets.mjs', '--json', out], { cwd: ROOT, encoding: 'utf8' });
  if (!existsSync(out)) return `check-budgets failed: ${r.stderr || r.stdout}`;
  const b = JSON.parse(readFileSync(out, 'utf8')) as { loginJs: number; css: number; routes: Array<{ route: string; kb: number }>; budgets: { loginJs: number; routeChunk: number; css: number } };
  const biggest = [...b.routes].sort((x, y) => y.kb - x.kb)[0];
  return [
    '| what (gzip) | size | budget |',
    '|---|---|---|',
    `| JavaScript for /login | ${fmt(b.loginJs, 1)} KB | ${b.budgets.loginJs} KB ${mark(b.loginJs <= b.budgets.loginJs)} |`,
    `| largest route chunk${biggest ? ` (${biggest.route.replace(/^src\/screens\//, '')})` : ''} | ${fmt(biggest?.kb ?? 0, 1)} KB | ${b.budgets.routeChunk} KB ${mark((biggest?.kb ?? 0) <= b.budgets.routeChunk)} |`,
    `| route chunks | ${b.routes.length} | |`,
    `| CSS (all) | ${fmt(b.css, 1)} KB | ${b.budgets.css} KB ${mark(b.css <= b.budgets.css)} |`,
  ].join('\n');
}

function report(figures: Figure[], skipped: string[], startLoad: number[], endLoad: number[]): string {
  const by = (id: string) => figures.find((f) => f.id === id);
  const a = by('a');
  const b = by('b');
  const c = by('c');
  const forward = by('c-forward');
  const reads = figures.filter((f) => ['b', 'c', 'c-forward', 'd'].includes(f.id));
  const pgOrders = by('e-postgres');
  const targets: string[] = [];
  if (b && c) targets.push(`| gateway keeps ≥ 75 % of the direct provider's throughput (c/b) | ${pct(c.rps / b.rps)} | ${mark(c.rps / b.rps >= 0.75)} |`);
  if (a && c) targets.push(`| gateway path ≥ 50 % of bare Express (c/a) | ${pct(c.rps / a.rps)} | ${mark(c.rps / a.rps >= 0.5)} |`);
  for (const r of reads) targets.push(`| read ${r.id} p99 < 50 ms at ${r.connections} connections | ${fmt(r.p99, 1)} ms | ${mark(r.p99 < 50 && r.errors === 0 && r.non2xx === 0)} |`);
  if (pgOrders) {
    const ok = pgOrders.rps >= 300 && pgOrders.errors === 0 && pgOrders.non2xx === 0;
    targets.push(`| wallet orders ≥ 300/s on PostgreSQL, no error | ${fmt(pgOrders.rps)}/s, ${pgOrders.errors} errors, ${pgOrders.non2xx} non-2xx | ${mark(ok)} |`);
  } else {
    targets.push('| wallet orders ≥ 300/s on PostgreSQL, no error | not measured (see skipped) | – |');
  }
  const rows = figures.map(
    (f) =>
      `| ${f.id} | ${f.title} | ${fmt(f.rps)} | ${fmt(f.p50, 1)} | ${fmt(f.p99, 1)} | ${f.errors} / ${f.non2xx} | ${fmt(f.cpuUs)} | ${f.runs.map((r) => fmt(r.rps)).join(', ')} |`,
  );
  const notes = figures.filter((f) => f.note).map((f) => `- ${f.id}: ${f.note}`);
  return [
    '# Benchmark report',
    '',
    HOW_TO_RUN,
    '## Machine',
    '',
    machine(startLoad, endLoad),
    '',
    '## Results',
    '',
    '| | figure | requests/s | p50 ms | p99 ms | errors / non-2xx | server CPU µs per request | requests/s of each run |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...(b && c ? [`- c/b = ${pct(c.rps / b.rps)} (by server CPU per request: ${pct(b.cpuUs / c.cpuUs)})`] : []),
    ...(a && c ? [`- c/a = ${pct(c.rps / a.rps)} (by server CPU per request: ${pct(a.cpuUs / c.cpuUs)})`] : []),
    ...(b && forward ? [`- c-forward/b = ${pct(forward.rps / b.rps)} (by server CPU per request: ${pct(b.cpuUs / forward.cpuUs)}): the proxy alone, every call forwarded`] : []),
    ...(a && forward ? [`- c-forward/a = ${pct(forward.rps / a.rps)} (by server CPU per request: ${pct(a.cpuUs / forward.cpuUs)})`] : []),
    ...notes,
    ...skipped.map((s) => `- skipped: ${s}`),
    '',
    '## Targets',
    '',
    '| target | measured | met |',
    '|---|---|---|',
    ...targets,
    '',
    HOT_PATHS,
    '## Lighthouse',
    '',
    lighthouseSection(),
    '',
    '## Bundle',
    '',
    bundleSection(),
    '',
  ].join('\n');
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
    BENCH_CUSTOMERS: String(CUSTOMERS),
    PROVIDER_API_BASE: '',
    PROVIDER_SECRET: '',
    DATABASE_URL: '',
    ...extra,
  });
  console.log(`Bench: ${RUNS} run(s) × ${DURATION} s after ${WARMUP} s warm-up, ${CONNECTIONS} connections; load average ${startLoad.map((l) => l.toFixed(2)).join(' ')}`);

  if (want('a')) {
    const hello = await startChild<{ url: string }>('bench/servers/hello.ts', {}, 'hello');
    try {
      figures.push(await measure({ procs: [hello.proc], control: hello.proc }, 'a', 'bare Express "hello"', { url: hello.info.url }));
    } finally {
      await hello.stop();
    }
  }

  async function withProduct(label: string, extra: Record<string, string>, fn: (p: Product) => Promise<void>): Promise<void> {
    const dataDir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
    try {
      const provider = await startChild<StackInfo>('bench/servers/provider.ts', providerEnv(dataDir, extra), `provider-${label}`);
      try {
        const gateway = await startGateway(provider.info, `gateway-${label}`);
        try {
          await fn({ provider, gateway });
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

  if (['b', 'c', 'c-forward', 'd', 'e-pglite'].some(want)) {
    await withProduct('pglite', {}, async (p) => {
      figures.push(...(await readFigures(p)));
      if (want('e-pglite')) figures.push(await orderFigure(p, 'e-pglite', 'PGlite'));
    });
  }

  if (want('c-embedded')) {
    // the default `npm start`: gateway and provider in one process, the gateway calling it over loopback
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
    const stack = await startChild<StackInfo>('bench/servers/provider.ts', providerEnv(dataDir, { BENCH_EMBEDDED_GATEWAY: '1', BENCH_CUSTOMERS: '1' }), 'embedded');
    try {
      figures.push(
        await measure({ procs: [stack.proc], control: stack.proc }, 'c-embedded', '`/api/settings/main-setting`, gateway and embedded provider in one process (`npm start` default)', {
          url: `${stack.info.gateway}api/settings/main-setting`,
        }),
      );
    } finally {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (want('e-postgres')) {
    const db = await freshPostgres();
    if ('skip' in db) {
      skipped.push(`e-postgres: ${db.skip}`);
      console.log(`Skipping the PostgreSQL order run: ${db.skip}`);
    } else {
      try {
        await withProduct('postgres', { DATABASE_URL: db.url }, async (p) => {
          figures.push(await orderFigure(p, 'e-postgres', 'PostgreSQL'));
        });
      } finally {
        await db.drop();
      }
    }
  }

  const text = report(figures, skipped, startLoad, loadavg());
  writeFileSync(REPORT, text);
  console.log(`\nWrote ${REPORT}`);
  console.log(text.slice(text.indexOf('## Results')));
}

await main();
