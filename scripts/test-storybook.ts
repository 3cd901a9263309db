#!/usr/bin/env node
/**
 * npm run test-storybook [-- --build] [-- --update-baselines <story-id-prefix…> | --refresh-baselines] [-- <test-storybook flags>]
 *
 * Builds Storybook for tests when storybook-static/ is missing (or with --build), serves it on a free
 * loopback port, and runs @storybook/test-runner against it (render, play functions, console
 * errors, axe, screenshots of `screen` stories). Exits with the runner's exit code. A run with a visual
 * failure writes the visual report (tests/visual/report.ts) and prints where it is.
 *
 * --update-baselines takes the stories to update by their ids' beginnings (`screens-shop`,
 * `screens-shop-shop--default`), runs only their files, and writes the baselines of those stories that
 * are missing or that the screenshot fails, saying which and by how much first; never all at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { REPORT_DIR, writeReport } from '../tests/visual/report.ts';
import { testBrowserPath } from './lib/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const staticDir = path.join(root, 'storybook-static');
// the runner's Chromium (test-runner-jest.config.js asks the same function)
const chrome = testBrowserPath();

if (!fs.existsSync(chrome)) {
  console.log(`Skipping Storybook tests: Chromium not found at ${chrome}`);
  process.exit(0);
}

const args = process.argv.slice(2);
const build = args.includes('--build');
// the story-id prefixes after --update-baselines (up to the next flag): their stories' baselines are written
const updateAt = args.indexOf('--update-baselines');
const updateEnd = updateAt < 0 ? -1 : args.findIndex((a, i) => i > updateAt && a.startsWith('-'));
const toUpdate = updateAt < 0 ? [] : args.slice(updateAt + 1, updateEnd < 0 ? undefined : updateEnd);
if (updateAt >= 0 && !toUpdate.length) {
  console.error('--update-baselines needs the stories to update: --update-baselines <story-id-prefix…> (e.g. screens-shop-shop--default)');
  process.exit(2);
}
// baselines that match but not byte for byte are written again (tests/visual/compare.ts, `refresh`)
const refreshBaselines = args.includes('--refresh-baselines');
const passThrough = [
  ...args.filter((a, i) => a !== '--build' && a !== '--refresh-baselines' && (updateAt < 0 || i < updateAt || (updateEnd >= 0 && i >= updateEnd))),
  // only the files of the stories to update (one file per title: the id's part before "--")
  ...new Set(toUpdate.map((prefix) => prefix.split('--')[0]!)),
];

function run(cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (build || !fs.existsSync(path.join(staticDir, 'index.json'))) {
  console.log('Building Storybook…');
  // --test: Storybook's build for test runs, without the docs pages and addon-docs (a third of the
  // preview's scripts, which every test file loads) and ~3 times faster to build; the stories, their
  // decorators and the a11y addon are those of `npm run build-storybook` (docs/testing.md)
  const code = await run('npx', ['storybook', 'build', '--quiet', '--test', '-o', 'storybook-static']);
  if (code !== 0) process.exit(code);
}

const app = express();
app.use(express.static(staticDir, { fallthrough: true }));
const server = await new Promise<Server>((resolve, reject) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
  s.on('error', reject);
});
const { port } = server.address() as AddressInfo;
const url = `http://127.0.0.1:${port}`;
console.log(`Serving storybook-static at ${url}`);

const started = Date.now();
// a report is of this run's failures only
fs.rmSync(REPORT_DIR, { recursive: true, force: true });
// each story that passes appends what it was checked for (.storybook/test-runner.ts, countChecked)
const countsFile = path.join(root, '.tmp', 'storybook-counts.jsonl');
fs.mkdirSync(path.dirname(countsFile), { recursive: true });
fs.rmSync(countsFile, { force: true });
const env = {
  ...process.env,
  TEST_BROWSER_PATH: chrome,
  STORYBOOK_COUNTS: countsFile,
  ...(toUpdate.length ? { UPDATE_BASELINES: toUpdate.join('\n') } : {}),
  VISUAL_REPORT_DIR: REPORT_DIR,
  ...(refreshBaselines ? { REFRESH_BASELINES: '1' } : {}),
};
const runnerArgs = [
  'test-storybook',
  '--url',
  url,
  '--index-json',
  // three on two cores: a worker waits on its browser about as much as it computes (106 stories: 141 s
  // with two, 130 s with three, on the CI host of 2026-12-02)
  '--maxWorkers=3',
  // A screen story's screenshots (two or three, each a render with its play function) on a shared 2-core machine need more than the 15 s default.
  '--testTimeout=90000',
  ...(process.env.CI ? ['--ci'] : []),
  ...passThrough,
];
const code = await run('npx', runnerArgs, env);
/** One story that passed: whether its play function ran, how many axe checks and screenshots it had. */
interface Counted {
  story: string;
  played: boolean;
  axe: number;
  /** controls whose keyboard focus was seen drawn */
  focus: number;
  shots: number;
  /** screenshots not the same bytes as their baseline: decoded and compared pixel by pixel (seconds each on a slow host) */
  pixelCompared?: number;
  /** where its time went, in ms of its worker (.storybook/test-runner.ts, Timings) */
  ms?: Record<string, number>;
}
const lines: Counted[] = fs.existsSync(countsFile)
  ? fs
      .readFileSync(countsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
const sum = (key: 'axe' | 'focus' | 'shots' | 'pixelCompared') => lines.reduce((n, l) => n + Number(l[key] ?? 0), 0);
console.log(
  `Storybook checked: ${lines.length} stories rendered, ${lines.filter((l) => l.played).length} play functions run, ` +
    `${sum('axe')} axe checks, ${sum('focus')} focus rings seen, ${sum('shots')} screenshots compared, ` +
    `${sum('pixelCompared')} of them pixel by pixel (not the bytes of their baseline); stories that passed`,
);
// where the workers' time went, summed over the stories that passed: which part of the checking a slow run is slow in
const parts: Record<string, string> = { render: 'render and play', pairs: 'other pairs', shots: 'screenshots', axe: 'axe', focus: 'focus' };
const spent = Object.entries(parts).map(([key, words]) => `${words} ${(lines.reduce((n, l) => n + (l.ms?.[key] ?? 0), 0) / 1000).toFixed(0)} s`);
console.log(`Storybook's time, summed over its workers: ${spent.join(', ')}`);
const report = writeReport(REPORT_DIR, { storybook: path.relative(REPORT_DIR, path.join(staticDir, 'index.html')) });
if (report) console.log(`Visual report (baseline, new and difference of each failing screenshot): ${path.relative(process.cwd(), report)}`);
console.log(`test-storybook finished in ${((Date.now() - started) / 1000).toFixed(1)} s with exit code ${code}`);
server.close();
process.exit(code);
