/**
 * bench/REPORT.md: the prose is bench/report-template.md; this module works out the values that fill
 * its {{placeholders}} (figures, ratios, targets met, the machine, Lighthouse scores, bundle sizes).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import type { OrderStatementTime } from './statement-time';

export const TEMPLATE = resolve(import.meta.dirname, '..', 'report-template.md');

export interface Figure {
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
  /** orders: the SQL statements the provider sent its database per order placed (each one round trip) */
  statementsPerOrder?: number;
  /** orders: the kinds of statement that took the most time per order, the most first */
  statementTimes?: OrderStatementTime[];
}

/** pgbench's TPC-B-like rate on the PostgreSQL the order run used, in the same bench run. */
export interface Pgbench {
  /** median over the runs, transactions per second */
  tps: number;
  runs: number[];
  scale: number;
  clients: number;
  threads: number;
  duration: number;
}

/** Connections reading the menu and settings while orders run (e-pglite-reads). */
export const MIXED_READ_CONNECTIONS = 10;

/** What the bench judges against; the template states them from here too. */
export const TARGETS = {
  cOverB: 0.75,
  /** what the gateway as shipped keeps of a bare relay (c-forward/b-relay) */
  forwardOverRelay: 0.8,
  /** an order against pgbench's transaction sent the same way (e-postgres/e-floor) */
  ordersOverFloor: 0.22,
  cOverA: 0.5,
  forwardOverB: 0.7,
  readP99Ms: 50,
  pgliteOrdersP99Ms: 1000,
  ordersPerSecond: 300,
  ordersOverPgbench: 0.25,
  dashboardP95Ms: 200,
} as const;

export interface Settings {
  runs: number;
  duration: number;
  warmup: number;
  connections: number;
  customers: number;
  logLevel: string;
}

export interface LighthouseFile {
  date: string;
  /** categories below their threshold that this host cannot judge (scripts/lib/lighthouse-judge.ts) */
  pages: Array<{ page: string; scores: Record<string, number | null>; ok: boolean; note?: string; failing?: string[]; unjudged?: string[] }>;
  host?: { page_fault_us: number; fit_to_judge_performance: boolean };
  thresholds: Record<string, number>;
}

export interface Budgets {
  loginJs: number;
  css: number;
  routes: Array<{ route: string; kb: number }>;
  budgets: { loginJs: number; routeChunk: number; css: number };
}

/** The owner's dashboard on a database filled by `npm run seed-volume`. */
export interface DashboardBench {
  seedSeconds: number;
  counts: { customers: number; orders: number; ledgerEntries: number; spins: number; vouchers: number };
  periods: Array<{ period: string; p50: number; p95: number; runs: number }>;
  export: { ms: number; rows: number; bytes: number; days: number };
}

/** The figures BENCH_BEFORE measures on the older code too (the others do not depend on the product's code). */
export const BEFORE_FIGURES = ['b-relay', 'c-forward', 'e-pglite', 'e-pglite-reads', 'e-postgres'] as const;

export interface ReportInput {
  figures: Figure[];
  /** BENCH_BEFORE: the ref, its commit and BEFORE_FIGURES measured on its code in the same run */
  before?: { ref: string; commit: string; figures: Figure[] };
  skipped: string[];
  settings: Settings;
  startLoad: number[];
  endLoad: number[];
  /** bench/lighthouse.json, or null when there is none */
  lighthouse: LighthouseFile | null;
  /** check-budgets' figures, or why there are none */
  bundle: Budgets | { missing: string };
  /** the dashboard at volume (BENCH_ONLY=dashboard), when measured */
  dashboard?: DashboardBench;
  /** pgbench beside the PostgreSQL order run, when it ran */
  pgbench?: Pgbench;
  /** defaults to this machine, now */
  machine?: { cpu: string; cores: number; memoryGiB: number; node: string; platform: string; date: string };
}

type Values = Record<string, string | number | boolean | undefined>;

const GAP = '\u0000';

/**
 * Fills a template: {{name}} with values[name]; {{#name}}…{{/name}} kept when values[name] is set (not
 * undefined, false or ''), {{^name}}…{{/name}} when it is not. A line left empty by a block or an empty
 * value is dropped, and blank lines do not repeat. A name with no entry in `values` is an error.
 */
export function fillTemplate(template: string, values: Values): string {
  const known = (name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`report template: nothing fills {{${name}}}`);
    return values[name];
  };
  const set = (v: Values[string]) => v !== undefined && v !== false && v !== '';
  return template
    .replace(/^<!--[\s\S]*?-->\n/, '')
    .replace(/\{\{([#^])(\w+)\}\}([\s\S]*?)\{\{\/\2\}\}/g, (_m, kind: string, name: string, inner: string) =>
      set(known(name)) === (kind === '#') ? `${GAP}${inner}${GAP}` : GAP,
    )
    .replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
      const v = known(name);
      if (v === undefined || typeof v === 'boolean') throw new Error(`report template: {{${name}}} has no text in this run`);
      return v === '' ? GAP : String(v);
    })
    .split('\n')
    .filter((line) => !(line.includes(GAP) && line.replaceAll(GAP, '').trim() === ''))
    .join('\n')
    .replaceAll(GAP, '')
    .replace(/\n{3,}/g, '\n\n');
}

export const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (x: number) => `${fmt(x * 100, 0)} %`;
const mark = (ok: boolean) => (ok ? '✅' : '❌');

/** bench/lighthouse.json, as scripts/lighthouse.ts writes it. */
export function readLighthouse(root: string): LighthouseFile | null {
  const file = join(root, 'bench', 'lighthouse.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LighthouseFile) : null;
}

/** The build's sizes against their budgets (scripts/check-budgets.ts), or why there are none. */
export function measureBundle(root: string, tmp: string): Budgets | { missing: string } {
  const dist = process.env.DIST_DIR || 'dist';
  if (!existsSync(resolve(root, dist, '.vite', 'manifest.json'))) return { missing: 'No build with a manifest in `dist`: run `npm run build` first.' };
  const out = join(tmp, 'budgets.json');
  const r = spawnSync(process.execPath, ['scripts/check-budgets.ts', '--json', out], { cwd: root, encoding: 'utf8' });
  if (!existsSync(out)) return { missing: `check-budgets failed: ${r.stderr || r.stdout}` };
  return JSON.parse(readFileSync(out, 'utf8')) as Budgets;
}

function thisMachine(): NonNullable<ReportInput['machine']> {
  const c = cpus();
  return {
    cpu: c[0]?.model ?? 'unknown',
    cores: c.length,
    memoryGiB: totalmem() / 2 ** 30,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
  };
}

/** The values bench/report-template.md asks for. */
export function reportValues(input: ReportInput): Values {
  const { figures, settings } = input;
  const machine = input.machine ?? thisMachine();
  const by = (id: string) => figures.find((f) => f.id === id);
  const a = by('a');
  const b = by('b');
  const c = by('c');
  const forward = by('c-forward');
  const relay = by('b-relay');
  const pgOrders = by('e-postgres');
  const floor = by('e-floor');
  const ratio = (x: Figure | undefined, y: Figure | undefined) => (x && y ? pct(x.rps / y.rps) : undefined);
  // by server CPU per request the ratio turns over: the cheaper call is the faster one
  const cpuRatio = (x: Figure | undefined, y: Figure | undefined) => (x && y ? pct(y.cpuUs / x.cpuUs) : undefined);

  const targets: string[] = [];
  if (b && c)
    targets.push(
      `| gateway keeps ≥ ${pct(TARGETS.cOverB)} of the direct provider's throughput (c/b) | ${pct(c.rps / b.rps)} | ${mark(c.rps / b.rps >= TARGETS.cOverB)} |`,
    );
  if (a && c)
    targets.push(`| gateway path ≥ ${pct(TARGETS.cOverA)} of bare Express (c/a) | ${pct(c.rps / a.rps)} | ${mark(c.rps / a.rps >= TARGETS.cOverA)} |`);
  if (b && forward) {
    const floorNote = relay ? ` (a bare relay: ${pct(relay.rps / b.rps)})` : '';
    targets.push(
      `| a call the gateway must forward keeps ≥ ${pct(TARGETS.forwardOverB)} of the direct provider's throughput (c-forward/b) | ${pct(forward.rps / b.rps)}${floorNote} | ${mark(forward.rps / b.rps >= TARGETS.forwardOverB)} |`,
    );
  }
  if (relay && forward) {
    const r = forward.rps / relay.rps;
    targets.push(
      `| the gateway as shipped keeps ≥ ${pct(TARGETS.forwardOverRelay)} of a bare relay (c-forward/b-relay) | ${pct(r)} | ${mark(r >= TARGETS.forwardOverRelay)} |`,
    );
  }
  for (const r of figures.filter((f) => ['b', 'c', 'c-forward', 'd'].includes(f.id))) {
    targets.push(
      `| read ${r.id} p99 < ${TARGETS.readP99Ms} ms at ${r.connections} connections | ${fmt(r.p99, 1)} ms | ${mark(r.p99 < TARGETS.readP99Ms && r.errors === 0 && r.non2xx === 0)} |`,
    );
  }
  const liteOrders = by('e-pglite');
  if (liteOrders) {
    const ok = liteOrders.p99 < TARGETS.pgliteOrdersP99Ms && liteOrders.errors === 0 && liteOrders.non2xx === 0;
    targets.push(
      `| wallet orders on PGlite p99 < ${fmt(TARGETS.pgliteOrdersP99Ms / 1000)} s at ${liteOrders.connections} connections, no error | ${fmt(liteOrders.p99, 1)} ms, ${liteOrders.errors} errors, ${liteOrders.non2xx} non-2xx | ${mark(ok)} |`,
    );
  }
  const mixed = by('e-pglite-reads');
  if (mixed) {
    const ok = mixed.p99 < TARGETS.readP99Ms && mixed.errors === 0 && mixed.non2xx === 0;
    targets.push(
      `| reads (menu, settings) p99 < ${TARGETS.readP99Ms} ms at ${mixed.connections} connections while orders run on PGlite | ${fmt(mixed.p99, 1)} ms, ${mixed.errors} errors, ${mixed.non2xx} non-2xx | ${mark(ok)} |`,
    );
  }
  const ordersTarget = `wallet orders ≥ ${TARGETS.ordersPerSecond}/s on PostgreSQL, no error`;
  if (pgOrders) {
    const ok = pgOrders.rps >= TARGETS.ordersPerSecond && pgOrders.errors === 0 && pgOrders.non2xx === 0;
    targets.push(`| ${ordersTarget} | ${fmt(pgOrders.rps)}/s, ${pgOrders.errors} errors, ${pgOrders.non2xx} non-2xx | ${mark(ok)} |`);
  } else {
    targets.push(`| ${ordersTarget} | not measured (see skipped) | – |`);
  }

  const tpcb = input.pgbench;
  const ordersOverPgbench = pgOrders && tpcb ? pgOrders.rps / tpcb.tps : undefined;
  const pgbenchTarget = `wallet orders ≥ ${pct(TARGETS.ordersOverPgbench)} of pgbench's TPC-B-like rate on the same PostgreSQL`;
  if (ordersOverPgbench !== undefined) {
    const floorNote = floor ? `; pgbench's own transaction from Node: ${pct(floor.rps / tpcb!.tps)}` : '';
    targets.push(
      `| ${pgbenchTarget} | ${pct(ordersOverPgbench)} (${fmt(pgOrders!.rps)}/s of ${fmt(tpcb!.tps)} tx/s${floorNote}) | ${mark(ordersOverPgbench >= TARGETS.ordersOverPgbench)} |`,
    );
  } else {
    targets.push(`| ${pgbenchTarget} | not measured (see skipped) | – |`);
  }

  if (pgOrders && floor) {
    const r = pgOrders.rps / floor.rps;
    targets.push(
      `| wallet orders ≥ ${pct(TARGETS.ordersOverFloor)} of pgbench's transaction sent the same way from Node (e-postgres/e-floor) | ${pct(r)} | ${mark(r >= TARGETS.ordersOverFloor)} |`,
    );
  }

  const lh = input.lighthouse;
  const bundle = 'missing' in input.bundle ? undefined : input.bundle;
  const biggest = bundle ? [...bundle.routes].sort((x, y) => y.kb - x.kb)[0] : undefined;
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');

  return {
    customers: settings.customers,
    targetCOverB: pct(TARGETS.cOverB),
    targetCOverA: pct(TARGETS.cOverA),
    targetReadP99: TARGETS.readP99Ms,
    targetOrders: TARGETS.ordersPerSecond,
    targetPgliteOrdersP99: fmt(TARGETS.pgliteOrdersP99Ms / 1000),
    mixedConnections: MIXED_READ_CONNECTIONS,

    cpu: machine.cpu,
    cores: machine.cores,
    memoryGiB: machine.memoryGiB.toFixed(1),
    node: machine.node,
    platform: machine.platform,
    date: machine.date,
    loadStart: load(input.startLoad),
    loadEnd: load(input.endLoad),
    busy: (input.startLoad[0] ?? 0) > machine.cores * 0.5,
    runs: settings.runs,
    duration: settings.duration,
    warmup: settings.warmup,
    connections: settings.connections,
    logLevel: settings.logLevel,

    resultRows: figures
      .map(
        (f) =>
          `| ${f.id} | ${f.title} | ${fmt(f.rps)} | ${fmt(f.p50, 1)} | ${fmt(f.p99, 1)} | ${f.errors} / ${f.non2xx} | ${fmt(f.cpuUs)} | ${f.runs.map((r) => fmt(r.rps)).join(', ')} |`,
      )
      .join('\n'),
    cOverB: ratio(c, b),
    cOverBCpu: cpuRatio(c, b),
    cOverA: ratio(c, a),
    cOverACpu: cpuRatio(c, a),
    forwardOverB: ratio(forward, b),
    forwardOverBCpu: cpuRatio(forward, b),
    forwardOverA: ratio(forward, a),
    forwardOverACpu: cpuRatio(forward, a),
    proxyCpuTimesB: forward && b ? fmt((forward.cpuUs - b.cpuUs) / b.cpuUs, 1) : undefined,
    relayOverB: ratio(relay, b),
    relayOverBCpu: cpuRatio(relay, b),
    forwardOverRelay: ratio(forward, relay),
    targetForwardOverB: pct(TARGETS.forwardOverB),
    notes: [
      ...figures.filter((f) => f.note).map((f) => `- ${f.id}: ${f.note}`),
      ...figures
        .filter((f) => f.statementsPerOrder !== undefined)
        .map((f) => `- ${f.id}: ${fmt(f.statementsPerOrder!, 1)} SQL statements (round trips) per order, all the provider sent its database during the run`),
      ...figures
        .filter((f) => f.statementTimes?.length)
        .map(
          (f) =>
            `- ${f.id}: where an order's time went, each statement timed from sending it to its answer (a wait for a row lock included), the longest per order first: ${f.statementTimes!.map((t) => `\`${t.kind}\` ${fmt(t.msPerOrder, 1)} ms per order (${fmt(t.perOrder, 1)} statements, ${fmt(t.msEach, 2)} ms each)`).join('; ')}`,
        ),
      ...input.skipped.map((s) => `- skipped: ${s}`),
    ].join('\n'),
    pgbench: tpcb
      ? `pgbench (TPC-B-like, \`-s ${tpcb.scale}\`, ${tpcb.clients} clients, \`-j ${tpcb.threads}\`, ${tpcb.duration} s a run) on the same PostgreSQL: ${fmt(tpcb.tps)} tx/s (runs: ${tpcb.runs.map((r) => fmt(r)).join(', ')})`
      : undefined,
    ordersOverPgbench: ordersOverPgbench !== undefined ? pct(ordersOverPgbench) : undefined,
    floorOverPgbench: floor && tpcb ? pct(floor.rps / tpcb.tps) : undefined,
    ordersOverFloor: ratio(pgOrders, floor),
    // how many of pgbench's transactions, sent the same way, one order costs the servers in CPU
    orderCpuTimesFloor: pgOrders && floor ? fmt(pgOrders.cpuUs / floor.cpuUs, 0) : undefined,
    targetOrdersOverPgbench: pct(TARGETS.ordersOverPgbench),

    targetRows: targets.join('\n'),

    beforeRef: input.before?.ref,
    beforeCommit: input.before?.commit.slice(0, 12),
    beforeRows: input.before ? beforeAfterRows(input.before.figures, figures, tpcb).join('\n') : undefined,

    dashboard: input.dashboard !== undefined,
    dashboardBudget: TARGETS.dashboardP95Ms,
    dashboardSeed: input.dashboard
      ? `${fmt(input.dashboard.counts.orders)} orders, ${fmt(input.dashboard.counts.ledgerEntries)} ledger entries, ${fmt(input.dashboard.counts.customers)} customers, ${fmt(input.dashboard.counts.spins)} spins, ${fmt(input.dashboard.counts.vouchers)} vouchers, written in ${fmt(input.dashboard.seedSeconds, 1)} s`
      : undefined,
    dashboardRows: input.dashboard?.periods
      .map((r) => `| ${r.period} | ${fmt(r.p50, 1)} ms | ${fmt(r.p95, 1)} ms | ${r.runs} | ${mark(r.p95 < TARGETS.dashboardP95Ms)} |`)
      .join('\n'),
    dashboardExport: input.dashboard
      ? `${fmt(input.dashboard.export.rows)} orders of ${input.dashboard.export.days} days (${fmt(input.dashboard.export.bytes / 1024 / 1024, 1)} MB of CSV) streamed in ${fmt(input.dashboard.export.ms)} ms`
      : undefined,

    lighthouse: lh !== null,
    lighthouseDate: lh?.date,
    lighthousePerformance: lh?.thresholds.performance,
    lighthouseAccessibility: lh?.thresholds.accessibility,
    lighthouseBestPractices: lh?.thresholds['best-practices'],
    lighthouseHost: !lh?.host
      ? ''
      : lh.host.fit_to_judge_performance
        ? `This host mapped a page of memory in ${fmt(lh.host.page_fault_us, 1)} µs: fit to judge performance.`
        : `This host mapped a page of memory in ${fmt(lh.host.page_fault_us, 1)} µs (a desktop or a phone: under 1 µs; the limit is 2 µs), which every task of an audited page pays: a performance score below the threshold was measured but not judged, and the layout shift was judged as well (scripts/lib/lighthouse-judge.ts).`,
    lighthouseRows: lh?.pages
      .map((p) => {
        const cells = ['performance', 'accessibility', 'best-practices'].map((k) =>
          p.unjudged?.includes(k)
            ? `${p.scores[k] ?? '–'} (not judged on this host)`
            : `${p.scores[k] ?? '–'} ${mark((p.scores[k] ?? -1) >= (lh.thresholds[k] ?? 0))}`,
        );
        return `| \`${p.page}\` | ${cells.join(' | ')} | ${[p.note, ...(p.failing ?? [])].filter(Boolean).join('; ')} |`;
      })
      .join('\n'),

    bundle: bundle !== undefined,
    bundleMissing: 'missing' in input.bundle ? input.bundle.missing : undefined,
    bundleRows: bundle
      ? [
          `| JavaScript Chromium downloads for /login (as sent: brotli) | ${fmt(bundle.loginJs, 1)} KB | ${bundle.budgets.loginJs} KB ${mark(bundle.loginJs <= bundle.budgets.loginJs)} |`,
          `| largest route chunk${biggest ? ` (${biggest.route.replace(/^src\/screens\//, '')})` : ''} | ${fmt(biggest?.kb ?? 0, 1)} KB | ${bundle.budgets.routeChunk} KB ${mark((biggest?.kb ?? 0) <= bundle.budgets.routeChunk)} |`,
          `| route chunks | ${bundle.routes.length} | |`,
          `| CSS (all) | ${fmt(bundle.css, 1)} KB | ${bundle.budgets.css} KB ${mark(bundle.css <= bundle.budgets.css)} |`,
        ].join('\n')
      : undefined,
  };
}

/**
 * The before-and-after table's rows (BENCH_BEFORE): each figure issue 48 names, on the older code and on
 * the current one, from the same run. e-floor and pgbench do not depend on the product's code: one run of
 * each is the floor for both.
 */
function beforeAfterRows(before: Figure[], after: Figure[], tpcb: Pgbench | undefined): string[] {
  const floor = after.find((f) => f.id === 'e-floor');
  const cell = (figures: Figure[], show: (by: (id: string) => Figure | undefined) => string | undefined) =>
    show((id) => figures.find((f) => f.id === id)) ?? '–';
  const rows: Array<[string, (by: (id: string) => Figure | undefined) => string | undefined, string]> = [
    [
      'c-forward/b-relay: what the gateway keeps of a bare relay',
      (by) => (by('c-forward') && by('b-relay') ? pct(by('c-forward')!.rps / by('b-relay')!.rps) : undefined),
      `≥ ${pct(TARGETS.forwardOverRelay)}`,
    ],
    [
      'c-forward: requests/s · server CPU µs per request',
      (by) => (by('c-forward') ? `${fmt(by('c-forward')!.rps)} · ${fmt(by('c-forward')!.cpuUs)}` : undefined),
      '',
    ],
    [
      'e-pglite: orders/s · p99 ms · errors / non-2xx',
      (by) =>
        by('e-pglite') ? `${fmt(by('e-pglite')!.rps)} · ${fmt(by('e-pglite')!.p99)} · ${by('e-pglite')!.errors} / ${by('e-pglite')!.non2xx}` : undefined,
      `p99 < ${fmt(TARGETS.pgliteOrdersP99Ms)} ms, no error`,
    ],
    [
      'e-pglite-reads: reads p99 ms · errors / non-2xx, while orders run',
      (by) => {
        const m = by('e-pglite-reads');
        // none answered (all timed out): no latency to show
        return m ? `${m.ok === 0 ? 'none answered' : fmt(m.p99, 1)} · ${m.errors} / ${m.non2xx}` : undefined;
      },
      `p99 < ${TARGETS.readP99Ms} ms, no error`,
    ],
    [
      'e-postgres: orders/s · statements per order · server CPU µs per order',
      (by) => {
        const o = by('e-postgres');
        return o ? `${fmt(o.rps)} · ${o.statementsPerOrder === undefined ? '–' : fmt(o.statementsPerOrder, 1)} · ${fmt(o.cpuUs)}` : undefined;
      },
      '',
    ],
    ['e-postgres/e-floor', (by) => (by('e-postgres') && floor ? pct(by('e-postgres')!.rps / floor.rps) : undefined), `≥ ${pct(TARGETS.ordersOverFloor)}`],
    ['e-postgres/pgbench', (by) => (by('e-postgres') && tpcb ? pct(by('e-postgres')!.rps / tpcb.tps) : undefined), `≥ ${pct(TARGETS.ordersOverPgbench)}`],
  ];
  // a figure this run did not measure (BENCH_ONLY) has no row
  return rows.flatMap(([what, show, target]) => {
    const [b, a] = [cell(before, show), cell(after, show)];
    return b === '–' && a === '–' ? [] : [`| ${what} | ${b} | ${a} | ${target} |`];
  });
}

/** bench/REPORT.md's text for a run. */
export function renderReport(input: ReportInput, template = readFileSync(TEMPLATE, 'utf8')): string {
  return fillTemplate(template, reportValues(input));
}
