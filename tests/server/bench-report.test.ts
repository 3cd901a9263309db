/**
 * bench/REPORT.md comes from bench/report-template.md: every placeholder is filled from a run, the
 * sections stay, and optional parts appear only with the figures they talk about.
 */
import { describe, expect, it } from 'vitest';
import { fillTemplate, renderReport, type Figure, type ReportInput } from '../../bench/lib/report';
import { orderStatementTimes, statementKind } from '../../bench/lib/statement-time';

const figure = (id: string, rps: number, cpuUs: number, extra: Partial<Figure> = {}): Figure => ({
  id,
  title: `figure ${id}`,
  rps,
  p50: 3,
  p99: 12.5,
  errors: 0,
  non2xx: 0,
  ok: 100,
  cpuUs,
  runs: [{ rps, p50: 3, p99: 12.5, cpuUs }],
  connections: 50,
  ...extra,
});

const input = (figures: Figure[], more: Partial<ReportInput> = {}): ReportInput => ({
  figures,
  skipped: [],
  settings: { runs: 3, duration: 10, warmup: 3, connections: 50, customers: 42, logLevel: 'info' },
  startLoad: [0.5, 0.4, 0.3],
  endLoad: [1.5, 1.4, 1.3],
  machine: { cpu: 'Test CPU', cores: 2, memoryGiB: 8, node: 'v20.0.0', platform: 'linux x64', date: '2026-01-02T03:04:05.000Z' },
  lighthouse: null,
  bundle: { missing: 'No build with a manifest in `dist`: run `npm run build` first.' },
  ...more,
});

const headings = (md: string) => md.split('\n').filter((l) => /^#{1,2} /.test(l));

describe('the bench report', () => {
  it('keeps its sections and fills every figure, ratio and target from the run', () => {
    const all = [
      figure('a', 20_000, 60),
      figure('b', 10_000, 100),
      figure('c', 9_000, 110),
      figure('c-forward', 4_000, 300),
      figure('d', 5_000, 200),
      figure('e-postgres', 320, 2_000, { note: '10 orders acknowledged (201), all of them in the database (10 placed in all)' }),
    ];
    const md = renderReport(input(all));
    expect(headings(md)).toEqual([
      '# Benchmark report',
      '## How to run',
      '## Machine',
      '## Results',
      '## Targets',
      '## Dashboard at volume',
      '## Start-up',
      '## Lighthouse',
      '## Bundle',
    ]);
    expect(md).not.toMatch(/\{\{|\}\}|<!--/);
    expect(md).toContain('each connection is its own customer (42 funded customers)');
    expect(md).toContain(
      'Targets: c/b ≥ 75 %; c/a ≥ 50 %; c-forward/b ≥ 70 % (issue 32); reads (b, c, d) p99 < 50 ms at 50 connections; wallet orders ≥ 300/s',
    );
    expect(md).toContain('- Settings: 3 run(s) × 10 s after a 3 s warm-up, 50 connections, server log level `info`');
    expect(md).toContain('| c | figure c | 9,000 | 3.0 | 12.5 | 0 / 0 | 110 | 9,000 |');
    expect(md).toContain('- c/b = 90 % (by server CPU per request: 91 %)');
    expect(md).toContain('- c-forward/a = 20 % (by server CPU per request: 20 %)');
    expect(md).toContain('- e-postgres: 10 orders acknowledged (201)');
    expect(md).toContain('is 2.0 times the\nprovider');
    expect(md).toContain('c-forward/b stays near 40 %');
    // the forwarding goal, without the relay's floor (not measured in this run)
    expect(md).toContain("| a call the gateway must forward keeps ≥ 70 % of the direct provider's throughput (c-forward/b) | 40 % | ❌ |");
    expect(md).not.toContain('b-relay/b');
    expect(md).toContain("| gateway keeps ≥ 75 % of the direct provider's throughput (c/b) | 90 % | ✅ |");
    expect(md).toContain('| wallet orders ≥ 300/s on PostgreSQL, no error | 320/s, 0 errors, 0 non-2xx | ✅ |');
    // pgbench did not run: its target says so
    expect(md).toContain("| wallet orders ≥ 25 % of pgbench's TPC-B-like rate on the same PostgreSQL | not measured (see skipped) | – |");
    expect(md).not.toContain('e-postgres/pgbench');
    expect(md).not.toContain('What was changed');
    // the dashboard was not measured in this run: said so, no table
    expect(md).toContain('Not measured in this run (`BENCH_ONLY=dashboard npm run bench`).');
    expect(md).not.toContain('| period | p50 |');
    expect(md).not.toMatch(/\n\n\n/);
    expect(md.endsWith('run `npm run build` first.\n')).toBe(true);
  });

  it('sets the PostgreSQL order rate against pgbench run beside it, with the statements per order', () => {
    const orders = figure('e-postgres', 800, 1_500, { statementsPerOrder: 14.04 });
    const pgbench = { tps: 2_866.4, runs: [2_800.2, 2_866.4], scale: 10, clients: 50, threads: 2, duration: 5 };
    const md = renderReport(input([orders], { pgbench }));
    expect(md).toContain('- pgbench (TPC-B-like, `-s 10`, 50 clients, `-j 2`, 5 s a run) on the same PostgreSQL: 2,866 tx/s (runs: 2,800, 2,866)');
    expect(md).toContain('- e-postgres/pgbench = 28 %: wallet orders against the transactions');
    expect(md).toContain('- e-postgres: 14.0 SQL statements (round trips) per order');
    expect(md).toContain("| wallet orders ≥ 25 % of pgbench's TPC-B-like rate on the same PostgreSQL | 28 % (800/s of 2,866 tx/s) | ✅ |");
    expect(md).not.toContain("where an order's time went");
    const slow = renderReport(input([figure('e-postgres', 218, 4_500)], { pgbench, skipped: [] }));
    expect(slow).toContain('| 8 % (218/s of 2,866 tx/s) | ❌ |');
  });

  it("sets the forwarded call and the order against their floors in Node, a bare relay and pgbench's own transaction", () => {
    const pgbench = { tps: 4_000, runs: [4_000], scale: 10, clients: 50, threads: 2, duration: 5 };
    const figures = [
      figure('b', 10_000, 100),
      figure('b-relay', 5_000, 210),
      figure('c-forward', 4_000, 300),
      figure('e-postgres', 300, 2_400),
      figure('e-floor', 3_000, 240),
    ];
    const md = renderReport(input(figures, { pgbench }));
    expect(md).toContain('| b-relay | figure b-relay | 5,000 |');
    expect(md).toContain('- b-relay/b = 50 % (by server CPU per request: 48 %): the floor, a relay that does nothing else');
    expect(md).toContain('- c-forward/b-relay = 80 %: what the gateway as shipped keeps of that relay');
    expect(md).toContain("| a call the gateway must forward keeps ≥ 70 % of the direct provider's throughput (c-forward/b) | 40 % (a bare relay: 50 %) | ❌ |");
    expect(md).toContain("- e-floor/pgbench = 75 %: pgbench's transaction sent from Node through two HTTP hops");
    expect(md).toContain(
      '- e-postgres/e-floor = 10 %: an order costs the servers (gateway and provider, PostgreSQL not counted) 10 times the CPU of that transaction',
    );
    expect(md).toContain("| 8 % (300/s of 4,000 tx/s; pgbench's own transaction from Node: 75 %) | ❌ |");
    expect(md).not.toMatch(/\{\{|\}\}/);
  });

  it("sets BENCH_BEFORE's figures beside the current code's, with issue 48's targets, when an older commit was measured", () => {
    const pgbench = { tps: 2_000, runs: [2_000], scale: 10, clients: 50, threads: 2, duration: 5 };
    const after = [
      figure('b-relay', 3_500, 400),
      figure('c-forward', 2_450, 620),
      figure('e-pglite', 34, 33_000, { p99: 2_636, errors: 0 }),
      figure('e-pglite-reads', 1_700, 700, { p99: 9 }),
      figure('e-postgres', 164, 5_600, { statementsPerOrder: 10 }),
      figure('e-floor', 1_640, 580),
    ];
    const before = [
      figure('b-relay', 3_600, 390),
      figure('c-forward', 3_000, 560),
      figure('e-pglite', 12, 60_000, { p99: 9_899, errors: 110 }),
      figure('e-pglite-reads', 0, 0, { p99: 0, errors: 30, ok: 0 }),
      figure('e-postgres', 150, 6_400, { statementsPerOrder: 12.2 }),
    ];
    const md = renderReport(input(after, { pgbench, before: { ref: 'v1', commit: '9474f1a0123456789', figures: before } }));
    expect(headings(md)).toContain('## Before and after, in one run');
    expect(md).toContain('`BENCH_BEFORE=v1` (commit 9474f1a01234)');
    expect(md).toContain('| c-forward/b-relay: what the gateway keeps of a bare relay | 83 % | 70 % | ≥ 80 % |');
    expect(md).toContain('| e-pglite: orders/s · p99 ms · errors / non-2xx | 12 · 9,899 · 110 / 0 | 34 · 2,636 · 0 / 0 | p99 < 1,000 ms, no error |');
    expect(md).toContain('| e-pglite-reads: reads p99 ms · errors / non-2xx, while orders run | none answered · 30 / 0 | 9.0 · 0 / 0 |');
    expect(md).toContain('| e-postgres: orders/s · statements per order · server CPU µs per order | 150 · 12.2 · 6,400 | 164 · 10.0 · 5,600 |  |');
    // one e-floor and one pgbench run, the floor of both columns
    expect(md).toContain('| e-postgres/e-floor | 9 % | 10 % | ≥ 22 % |');
    expect(md).toContain('| e-postgres/pgbench | 8 % | 8 % | ≥ 25 % |');
    // and the current code's figures are judged against the same targets
    expect(md).toContain('| the gateway as shipped keeps ≥ 80 % of a bare relay (c-forward/b-relay) | 70 % | ❌ |');
    expect(md).toContain('(e-postgres/e-floor) | 10 % | ❌ |');
    expect(md).not.toMatch(/\{\{|\}\}/);
    // a figure the run did not measure has no row
    const some = renderReport(
      input([figure('e-postgres', 164, 5_600)], { before: { ref: 'v1', commit: '9474f1a0123456789', figures: [figure('e-postgres', 150, 6_400)] } }),
    );
    expect(some).toContain('| e-postgres: orders/s · statements per order · server CPU µs per order | 150 · – · 6,400 | 164 · – · 5,600 |  |');
    expect(some).not.toContain('| c-forward/b-relay: what the gateway keeps');
    // without BENCH_BEFORE, no such section
    expect(headings(renderReport(input(after, { pgbench })))).not.toContain('## Before and after, in one run');
  });

  it('shows the dashboard at volume against its budget when it was measured', () => {
    const dashboard = {
      seedSeconds: 27.04,
      counts: { customers: 5_000, orders: 100_000, ledgerEntries: 1_124_750, spins: 597_846, vouchers: 62_441 },
      periods: [
        { period: 'today', p50: 27.5, p95: 29.9, runs: 20 },
        { period: '30d', p50: 190.2, p95: 212.4, runs: 20 },
      ],
      export: { ms: 611.2, rows: 33_218, bytes: 5.5 * 1024 * 1024, days: 30 },
    };
    const md = renderReport(input([figure('a', 20_000, 60)], { dashboard }));
    expect(md).toContain('Budget: each\nunder 200 ms at the 95th percentile.');
    expect(md).toContain('Data: 100,000 orders, 1,124,750 ledger entries, 5,000 customers, 597,846 spins, 62,441 vouchers, written in 27.0 s.');
    expect(md).toContain('| today | 27.5 ms | 29.9 ms | 20 | ✅ |');
    expect(md).toContain('| 30d | 190.2 ms | 212.4 ms | 20 | ❌ |');
    expect(md).toContain('Export: 33,218 orders of 30 days (5.5 MB of CSV) streamed in 611 ms.');
    expect(md).not.toContain('Not measured in this run');
  });

  it('leaves out the ratios and the proxy paragraph whose figures were not measured, and lists what was skipped', () => {
    const md = renderReport(input([figure('a', 20_000, 60)], { skipped: ['e-postgres: PostgreSQL not reachable'] }));
    expect(md).not.toContain('c/b =');
    expect(md).not.toContain('What the proxy itself costs');
    expect(md).toContain('- skipped: e-postgres: PostgreSQL not reachable');
    expect(md).toContain('| wallet orders ≥ 300/s on PostgreSQL, no error | not measured (see skipped) | – |');
    expect(md).toContain('No scores yet: run `node scripts/lighthouse.ts`');
    expect(md).not.toMatch(/\n\n\n/);
  });

  it('shows Lighthouse scores and bundle sizes against their thresholds', () => {
    const md = renderReport(
      input([], {
        lighthouse: {
          date: '2026-01-01T00:00:00.000Z',
          thresholds: { performance: 95, accessibility: 100, 'best-practices': 95 },
          pages: [{ page: '/login', scores: { performance: 90, accessibility: 100, 'best-practices': 100 }, ok: false, failing: ['performance: lcp (3 s)'] }],
        },
        bundle: { loginJs: 100.04, css: 9, routes: [{ route: 'src/screens/home/home.tsx', kb: 4.25 }], budgets: { loginJs: 110, routeChunk: 30, css: 15 } },
      }),
    );
    expect(md).toContain(
      'Scores from bench/lighthouse.json (2026-01-01T00:00:00.000Z); mobile settings, thresholds: performance ≥ 95, accessibility ≥ 100, best practices ≥ 95.',
    );
    expect(md).toContain('| `/login` | 90 ❌ | 100 ✅ | 100 ✅ | performance: lcp (3 s) |');
    expect(md).toContain('| JavaScript Chromium downloads for /login (as sent: brotli) | 100.0 KB | 110 KB ✅ |');
    expect(md).toContain('| largest route chunk (home/home.tsx) | 4.3 KB | 30 KB ✅ |');
    expect(md).not.toContain('No scores yet');
  });

  it('marks a score measured on a host unfit to judge it as not judged, not as passed or failed', () => {
    const md = renderReport(
      input([], {
        lighthouse: {
          date: '2026-01-01T00:00:00.000Z',
          thresholds: { performance: 95, accessibility: 100, 'best-practices': 95 },
          host: { page_fault_us: 12.5, fit_to_judge_performance: false },
          pages: [{ page: '/home', scores: { performance: 82, accessibility: 100, 'best-practices': 100 }, ok: true, unjudged: ['performance'] }],
        },
      }),
    );
    expect(md).toContain('| `/home` | 82 (not judged on this host) | 100 ✅ | 100 ✅ |');
    expect(md).toContain('This host mapped a page of memory in 12.5 µs (a desktop or a phone: under 1 µs; the limit is 2 µs)');
  });

  it('refuses a placeholder that nothing fills, so the template and the bench stay in step', () => {
    expect(() => fillTemplate('Total: {{totl}}\n', { total: 1 })).toThrow('report template: nothing fills {{totl}}');
    expect(() => fillTemplate('{{#gone}}x{{/gone}}\n', {})).toThrow('nothing fills {{gone}}');
    expect(() => fillTemplate('{{ratio}}\n', { ratio: undefined })).toThrow('{{ratio}} has no text in this run');
    expect(fillTemplate('<!-- a note -->\na\n{{#x}}\nshown\n{{/x}}\n{{^x}}\nhidden\n{{/x}}\n{{empty}}\nb\n', { x: 'yes', empty: '' })).toBe('a\nshown\nb\n');
  });

  it("names where an order's time went, from the statements' kinds the bench's provider timed", () => {
    const before = { begin: { n: 10, ms: 5 }, 'insert pickup_slots': { n: 10, ms: 100 } };
    const after = {
      begin: { n: 110, ms: 55 },
      'insert pickup_slots': { n: 110, ms: 1_900 },
      'select customers': { n: 100, ms: 80 },
      commit: { n: 100, ms: 0 },
    };
    const times = orderStatementTimes(before, after, 100, 2);
    expect(times).toEqual([
      { kind: 'insert pickup_slots', perOrder: 1, msEach: 18, msPerOrder: 18 },
      { kind: 'select customers', perOrder: 1, msEach: 0.8, msPerOrder: 0.8 },
    ]);
    expect(orderStatementTimes(before, after, 0, 2)).toEqual([]);
    const md = renderReport(input([figure('e-postgres', 225, 3_240, { statementsPerOrder: 15, statementTimes: times })]));
    expect(md).toContain(
      "- e-postgres: where an order's time went, each statement timed from sending it to its answer (a wait for a row lock included), the longest per order first: `insert pickup_slots` 18.0 ms per order (1.0 statements, 18.00 ms each); `select customers` 0.8 ms per order (1.0 statements, 0.80 ms each)",
    );
  });

  it('groups statements by the first table they write, else read', () => {
    expect(statementKind('with s as (\n insert into pickup_slots (location_id) select 1 returning slot_at), o as (update orders set x = 1) select 1')).toBe(
      'insert pickup_slots',
    );
    expect(statementKind('update "idempotency_keys" set "state" = $1')).toBe('update idempotency_keys');
    expect(statementKind('select * from "customers" where "id" = $1 for update')).toBe('select customers');
    expect(statementKind('delete from "call_nonces" where seen_at < $1')).toBe('delete call_nonces');
    expect(statementKind('  COMMIT')).toBe('commit');
    expect(statementKind('begin')).toBe('begin');
    expect(statementKind('select 1')).toBe('select');
  });
});
