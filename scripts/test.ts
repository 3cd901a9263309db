#!/usr/bin/env node
/**
 * `npm test`: the whole suite, stage by stage, then one summary line.
 *   1. types (tsc), lint      4. Storybook: interactions, axe, screenshots (Chromium)
 *   2. unit + server (vitest) 5. end-to-end in Chromium against `npm start` (vitest)
 *   3. build + budgets        6. Lighthouse on /login and /home (Chromium)
 * What needs Chromium and cannot find it is skipped with one line saying so.
 * PostgreSQL (unit: provider suites and races; e2e: the crash run): TEST_DATABASE_URL when set (CI);
 * otherwise an embedded PostgreSQL of the run's own (scripts/lib/test-postgres.ts: free port, temporary
 * folder, stopped and removed at the end, also on failure or Ctrl-C); if that cannot start, one line says so
 * and the PostgreSQL runs are skipped.
 * Pass stage names to run only those: `npm test -- unit e2e`.
 * npm runs it as `node --import ./scripts/lib/node-check.mjs scripts/test.ts` (see scripts/start.ts).
 */
import './lib/node-check.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { startSupervisedPostgres, type SupervisedPostgres } from './lib/test-postgres.ts';
import { hostSpeedLine } from './lib/host-speed.ts';
import { fullBrowserPath, testBrowserPath } from './lib/chromium.ts';

/** What a stage counted; `note` is said after its line in the summary. */
interface StageResult {
  passed: number;
  failed: number;
  skipped?: number;
  note?: string | undefined;
  /** what failed, a line each (test and first line of its error): said again at the end, where CI's tail shows it */
  failures?: string[];
}

const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);
const chrome = fullBrowserPath();
const hasChrome = existsSync(chrome);
const env: NodeJS.ProcessEnv = { ...process.env, CHROME_PATH: chrome };
if (hasChrome)
  console.log(
    `Chromium: ${testBrowserPath(env)} for Storybook and e2e; ${chrome} where the full browser counts (Lighthouse, the budgets, installing, the camera, push)`,
  );
mkdirSync('.tmp', { recursive: true });
console.log(`Node ${process.versions.node} (${process.execPath})`);
// hosts differ (one CI host ran the unit stage 3× slower than another): the stage times are read beside this
const hostSpeed = hostSpeedLine();
console.log(hostSpeed);

const totals = { passed: 0, failed: 0, skipped: 0 };
const stages: string[] = [];
const failures: string[] = [];

function run(cmd: string, args: string[], extraEnv: Record<string, string> = {}): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return r.status ?? 1;
}

/** The machine's CPU ticks so far, busy and all (Linux's /proc/stat); undefined elsewhere. */
function cpuTicks(): { busy: number; all: number } | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.slice(0, 8).map(Number); // user nice system idle iowait irq softirq steal
  const all = n.reduce((a, b) => a + b, 0);
  return { busy: all - n[3]! - n[4]!, all };
}

/** How busy the cores were over a stage: where a whole run's time goes, read beside the host's speed. */
function busyWords(from: ReturnType<typeof cpuTicks>): string {
  const to = cpuTicks();
  if (!from || !to || to.all === from.all) return '';
  return `, cores ${Math.round(((to.busy - from.busy) / (to.all - from.all)) * 100)}% busy`;
}

/** `ran`: how the stage's time is told when it ran beside another (startBeside), instead of the time fn takes. */
function stage(name: string, fn: () => StageResult, ran?: string) {
  if (!want(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const ticks = cpuTicks();
  const result = fn();
  const secs = ran ?? `${((Date.now() - started) / 1000).toFixed(0)} s${busyWords(ticks)}`;
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped ?? 0;
  for (const f of result.failures ?? []) failures.push(`${name}: ${f}`);
  stages.push(
    `${name}: ${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''} (${secs})${result.note ? ` - ${result.note}` : ''}`,
  );
}

/** Runs vitest with a JSON report and returns its counts. */
function vitest(projects: string[], file: string, extraEnv?: Record<string, string>): StageResult {
  rmSync(file, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const code = run('npx', args, extraEnv);
  if (!existsSync(file)) return { passed: 0, failed: 1, note: `vitest exited ${code} without a report` };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const failed = j.numFailedTests + (code !== 0 && j.numFailedTests === 0 ? 1 : 0);
  return { passed: j.numPassedTests, failed, skipped: j.numPendingTests + j.numTodoTests, failures: vitestFailures(j) };
}

/**
 * The first line of an error message, short enough for a summary; a line that ends with a colon
 * ("Visual regression in …:") is an introduction, so the line that says what went wrong comes with it.
 */
function firstLine(message: string | undefined): string {
  const lines = (message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const [first = '', next] = lines;
  return (first.endsWith(':') && next ? `${first} ${next}` : first).slice(0, 400);
}

interface VitestReport {
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}
/** Each failed test of a vitest JSON report, and each file that failed outside its tests (a hook, an import). */
function vitestFailures(j: VitestReport): string[] {
  const out: string[] = [];
  for (const file of j.testResults) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failedTests) out.push(`${where} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) out.push(`${where}: ${firstLine(file.message)}`);
  }
  return out;
}

const check = (code: number): StageResult => (code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

// Started early so it comes up while the types stage runs; awaited before the first stage that uses it.
const pgNeeded = want('unit') || (hasChrome && want('e2e') && existsSync('tests/e2e'));
const pgStarting = pgNeeded && !process.env.TEST_DATABASE_URL ? startSupervisedPostgres() : undefined;
let postgres: Extract<SupervisedPostgres, { url: string }> | undefined;
let pgReported = false;
/** Why the PostgreSQL half did not run, when it did not: said again in the last line, so a run without it never looks whole. */
let pgMissing: string | undefined;
/** Says once which PostgreSQL the stages use, and hands an embedded one's URL to them. */
async function usePostgres() {
  if (pgReported || !pgNeeded) return;
  pgReported = true;
  if (process.env.TEST_DATABASE_URL) {
    console.log(`PostgreSQL: TEST_DATABASE_URL ${process.env.TEST_DATABASE_URL.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')}`);
    return;
  }
  const pg = (await pgStarting) as SupervisedPostgres;
  if (pg.error) {
    console.log(`Skipping PostgreSQL runs: embedded PostgreSQL could not start (${pg.error}); set TEST_DATABASE_URL to use a server of your own.`);
    stages.push('postgres: embedded PostgreSQL could not start, PostgreSQL runs skipped');
    pgMissing = pg.error;
    return;
  }
  postgres = pg as Extract<SupervisedPostgres, { url: string }>;
  env.TEST_DATABASE_URL = postgres.url;
  console.log(`PostgreSQL: embedded PostgreSQL ${postgres.version} on port ${postgres.port} (a temporary folder, removed at the end)`);
}

// TypeScript 7 (the native compiler, installed as typescript-go) checks in seconds; the `typescript`
// package is 6.x, whose JavaScript API typescript-eslint and knip need
const TYPES = [{ key: 'tsc', args: ['node', 'node_modules/typescript-go/bin/tsc', '--noEmit', '-p', 'tsconfig.json'] }];
// ESLint (layers, hooks, cycles) and knip (unused files, exports, dependencies): each fails the stage
const LINT = [
  { key: 'eslint', args: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  { key: 'knip', args: ['npx', 'knip', '--no-progress'] },
];

interface Finished {
  code: number;
  ms: number;
}
/**
 * Commands started now, one after another in one shell at the lowest priority (nice 19), beside the stage
 * that runs next: they take the cores' idle time rather than a time of their own. Each command's output goes
 * to a file of its own, shown at its stage's turn; resolves once the last has finished.
 */
function startBeside(commands: { key: string; args: string[] }[]): Promise<Map<string, Finished>> {
  const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  const script = commands
    .map(
      ({ key, args }) =>
        `s=$(date +%s%N); nice -n 19 ${args.map(quote).join(' ')} > .tmp/beside-${key}.log 2>&1; ` +
        `echo "$? $(( ($(date +%s%N) - s) / 1000000 ))" > .tmp/beside-${key}.rc`,
    )
    .join('\n');
  for (const { key } of commands) rmSync(`.tmp/beside-${key}.rc`, { force: true });
  const child = spawn('bash', ['-c', script], { stdio: 'ignore', env });
  return new Promise((resolve) => {
    child.on('exit', () => {
      const done = new Map<string, Finished>();
      for (const { key } of commands) {
        const [code = 1, ms = 0] = existsSync(`.tmp/beside-${key}.rc`) ? readFileSync(`.tmp/beside-${key}.rc`, 'utf8').trim().split(' ').map(Number) : [];
        done.set(key, { code, ms });
      }
      resolve(done);
    });
  });
}

/** A stage whose commands ran beside the unit stage: their output shown now, their time their own. */
function stageBeside(name: string, commands: { key: string }[], finished: Map<string, Finished>) {
  stage(
    name,
    () => {
      const results = commands.map(({ key }) => {
        process.stdout.write(readFileSync(`.tmp/beside-${key}.log`, 'utf8'));
        return check(finished.get(key)!.code);
      });
      return { passed: results.reduce((n, r) => n + r.passed, 0), failed: results.reduce((n, r) => n + r.failed, 0) };
    },
    `beside the unit stage, ${(commands.reduce((n, { key }) => n + finished.get(key)!.ms, 0) / 1000).toFixed(0)} s at the lowest priority`,
  );
}

// Types and lint take the whole of both cores for about 45 s, and the unit stage leaves some of its cores
// idle (it waits on PostgreSQL and child processes): with the unit stage, they run beside it at the lowest
// priority and are reported after it. Without it, each in its turn.
const besideUnit = want('unit') && (want('types') || want('lint'));
const early = besideUnit ? [...(want('types') ? TYPES : []), ...(want('lint') ? LINT : [])] : [];
const earlyDone = besideUnit ? startBeside(early) : undefined;
if (besideUnit) console.log(`\n${[want('types') && 'types', want('lint') && 'lint'].filter(Boolean).join(' and ')}: beside the unit stage, said after it`);
if (!besideUnit) {
  stage('types', () => check(run(TYPES[0]!.args[0]!, TYPES[0]!.args.slice(1))));
  stage('lint', () => {
    const results = LINT.map(({ args }) => check(run(args[0]!, args.slice(1))));
    return { passed: results.reduce((n, r) => n + r.passed, 0), failed: results.reduce((n, r) => n + r.failed, 0) };
  });
}

if (want('unit')) await usePostgres();
stage('unit', () => vitest(['unit', 'server', 'security'], '.tmp/vitest-unit.json'));
if (earlyDone) {
  const finished = await earlyDone;
  if (want('types')) stageBeside('types', TYPES, finished);
  if (want('lint')) stageBeside('lint', LINT, finished);
}

stage('build', () => {
  const built = run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (built !== 0) return { passed: 0, failed: 1, note: 'vite build failed' };
  // the merchant console: its own build into dist/merchant (after the app's, which empties dist/)
  if (run('npx', ['vite', 'build', '-c', 'vite.console.config.ts', '--logLevel', 'warn']) !== 0)
    return { passed: 0, failed: 1, note: 'the console build failed' };
  // the server as it runs (plain node): a server that does not build fails here, not later as an e2e start failure
  if (run('node', ['scripts/build-server.ts']) !== 0) return { passed: 1, failed: 1, note: 'the server build failed' };
  if (!existsSync('scripts/check-budgets.ts')) return { passed: 1, failed: 0 };
  const b = check(run('node', ['scripts/check-budgets.ts']));
  return { passed: 1 + b.passed, failed: b.failed };
});

if (!hasChrome) {
  for (const name of ['storybook', 'e2e', 'lighthouse']) {
    if (want(name)) {
      console.log(`Skipping ${name}: Chromium not found at ${chrome} (install Debian's chromium; CI does).`);
      stages.push(`${name}: skipped, no Chromium`);
    }
  }
} else {
  stage('storybook', () => {
    // The test runner has no JSON report: read jest's own "Tests:" summary line from its output, shown
    // as it comes (tee) so a long stage is not silent.
    const r = spawnSync('bash', ['-o', 'pipefail', '-c', 'node scripts/test-storybook.ts --build 2>&1 | tee .tmp/storybook.log'], { env, stdio: 'inherit' });
    const out = readFileSync('.tmp/storybook.log', 'utf8');
    const plain = out
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .map((l) => l.trim());
    const line = plain.reverse().find((l) => /^Tests:\s/.test(l));
    if (!line) return { passed: 0, failed: 1, note: `exited ${r.status} without a summary` };
    const n = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
    const failed = n('failed');
    const checked = plain.find((l) => l.startsWith('Storybook checked: '));
    // jest names each failure on a line of its own, "● Title › Story › test", its error after it (the
    // Storybook build's own "● Building …" lines are not failures)
    plain.reverse();
    const named = plain.flatMap((l, i) =>
      l.startsWith('● ') && l.includes(' › ') ? [`${l.slice(2)}: ${firstLine(plain.slice(i + 1, i + 8).join('\n'))}`] : [],
    );
    return {
      passed: n('passed'),
      failed: failed + (r.status !== 0 && failed === 0 ? 1 : 0),
      skipped: n('skipped') + n('todo'),
      note: checked?.replace('Storybook checked: ', ''),
      failures: [...new Set(named)],
    };
  });
  if (existsSync('tests/e2e') && want('e2e')) await usePostgres();
  if (existsSync('tests/e2e')) stage('e2e', () => vitest(['e2e', 'e2e-alone', 'e2e-last'], '.tmp/vitest-e2e.json'));
  if (existsSync('scripts/lighthouse.ts')) stage('lighthouse', () => check(run('node', ['scripts/lighthouse.ts'])));
}

console.log('\n=== summary ===');
console.log(hostSpeed);
for (const s of stages) console.log(s);
if (failures.length) {
  console.log(`failed (${failures.length}):`);
  for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
  if (failures.length > 20) console.log(`  and ${failures.length - 20} more (above, in each stage's own output)`);
}
console.log(
  `Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${pgMissing ? ` (the PostgreSQL half did not run: ${pgMissing})` : ''}`,
);
await postgres?.stop(); // the embedded server, if any: stopped, its folder removed
process.exit(totals.failed > 0 ? 1 : 0);
