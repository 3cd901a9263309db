/**
 * The server as production runs it: built to JavaScript by scripts/build-server.ts (from the sources as
 * they are now: the test run's build in .tmp/test-server/, made by tests/support/server-build.ts) and
 * started on plain `node`, no tsx, NODE_ENV=production.
 * The bundle may only import Node's own modules and packages a production install keeps (package.json
 * "dependencies"), and those packages load their own files: PGlite its WebAssembly and data files.
 */
import { PRODUCTION_SMS_ENV, serverEnv } from './support/env';
import { spawn, type ChildProcess } from 'node:child_process';
import { SourceMap, builtinModules } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_SECRET, fakeUpstream, makeDist, type FakeUpstream } from './gateway.helpers';
import { SERVER_BUNDLE, TEST_SERVER_DIR } from '../support/server-bundle';
import { settingsApi } from '#contract/settings.calls';
import { gatewayUrl } from '../support/calls';

const ROOT = resolve(import.meta.dirname, '..', '..');

interface Running {
  proc: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** `node --enable-source-maps <bundle>` with production settings; resolves at its "listening on" line. */
async function startBuilt(bundle: string, env: Record<string, string>): Promise<Running> {
  const proc = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: ROOT,
    env: serverEnv({ PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'info', ...PRODUCTION_SMS_ENV, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((done) => proc.on('exit', (code) => done(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
    if (m) return { proc, url: m[1]!, output: () => out, exit };
    if (proc.exitCode !== null) throw new Error(`the built server exited with ${proc.exitCode}:\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the built server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The package a bare import names: `kysely/migration` → `kysely`, `@electric-sql/pglite` → itself. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** What a bundle imports: each specifier of its import and export statements, import() and require(). */
function importsOf(code: string): Set<string> {
  const specifiers = new Set<string>();
  for (const m of code.matchAll(
    /^\s*(?:import|export)\b[^'"]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\brequire\(\s*["']([^"']+)["']\s*\)/gm,
  )) {
    specifiers.add((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  }
  return specifiers;
}

describe('the built server (dist-server) on plain node', () => {
  // inside the project, like dist-server/: the bundle finds its packages in the project's node_modules
  const outDir = TEST_SERVER_DIR;
  const bundle = SERVER_BUNDLE;
  let build: ReturnType<typeof makeDist>;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    build = makeDist();
    upstream = await fakeUpstream();
  });
  afterAll(async () => {
    await upstream?.close();
    build?.cleanup();
  });

  it('bundles only our own TypeScript, with a source map, and imports only Node and production dependencies', () => {
    const code = readFileSync(bundle, 'utf8');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const specifiers = importsOf(code);
    expect([...specifiers]).toContain('express');
    expect([...specifiers]).toContain('@electric-sql/pglite');
    const builtins = new Set(builtinModules);
    const notInProduction = [...specifiers].filter((s) => !s.startsWith('node:') && !builtins.has(s) && !(packageOf(s) in pkg.dependencies));
    expect(notInProduction, 'imports a production install (npm install --omit=dev) would not have').toEqual([]);
    // nothing relative: the bundle is one file that stands on its own
    expect([...specifiers].filter((s) => s.startsWith('.'))).toEqual([]);
    // PGlite's worker thread (server/db/pglite-worker.ts) is a second such file beside it
    const worker = [...importsOf(readFileSync(join(outDir, 'pglite-worker.js'), 'utf8'))];
    expect(worker).toContain('@electric-sql/pglite');
    expect(worker.filter((s) => !s.startsWith('node:') && !builtins.has(s) && !(packageOf(s) in pkg.dependencies))).toEqual([]);

    // build.json lists what went in: our server/ and src/ files, no package
    const manifest = JSON.parse(readFileSync(join(outDir, 'build.json'), 'utf8')) as { inputs: string[] };
    expect(manifest.inputs).toContain('server/index.ts');
    expect(manifest.inputs.filter((f) => !/^(server|src)\//.test(f))).toEqual([]);
    // the map names the TypeScript files, so stack traces (node --enable-source-maps) point at them
    // (a module that only re-exports has no code of its own, so no place in the map)
    const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[] };
    const mapped = map.sources.map((source) => relative(ROOT, resolve(outDir, source)));
    expect(mapped).toContain('server/index.ts');
    expect(mapped.filter((f) => !manifest.inputs.includes(f))).toEqual([]);
    for (const file of mapped) expect(existsSync(join(ROOT, file)), file).toBe(true);
    expect(code).toMatch(/\/\/# sourceMappingURL=index\.js\.map\s*$/);
    // thin (scripts/build-server.ts, thinMappings): no copy of the sources, and a place in the bundle
    // still maps to its TypeScript file and line
    const raw = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as Record<string, unknown>;
    expect(raw).not.toHaveProperty('sourcesContent');
    const needle = 'SIGUSR2: running the hourly jobs now';
    const lines = code.split('\n');
    const at = lines.findIndex((l) => l.includes(needle));
    const entry = new SourceMap({ sourceRoot: '', sourcesContent: [], ...raw } as unknown as ConstructorParameters<typeof SourceMap>[0]).findEntry(
      at,
      lines[at]!.indexOf(needle),
    ) as { originalSource: string; originalLine: number };
    expect(relative(ROOT, resolve(outDir, entry.originalSource))).toBe('server/index.ts');
    expect(readFileSync(join(ROOT, 'server/index.ts'), 'utf8').split('\n')[entry.originalLine]).toContain(needle);
  });

  it('starts with production settings in front of an outside provider: /healthz 200, the app served, SIGTERM exits 0', async () => {
    const s = await startBuilt(bundle, { PROVIDER_API_BASE: upstream.base, PROVIDER_SECRET: UPSTREAM_SECRET, DIST_DIR: build.dist });
    try {
      expect(readFileSync(`/proc/${s.proc.pid}/cmdline`, 'utf8').split('\0')).toEqual([process.execPath, '--enable-source-maps', bundle, '']);
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
      const page = await fetch(`${s.url}/home`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      s.proc.kill('SIGTERM');
      expect(await s.exit).toBe(0);
      expect(s.output()).not.toContain(UPSTREAM_SECRET);
    } finally {
      s.proc.kill('SIGKILL');
    }
  });

  it('starts the embedded provider on PGlite in a fresh DATA_DIR (its wasm and data files load from node_modules)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'built-server-data-'));
    const s = await startBuilt(bundle, { DATA_DIR: dataDir, DIST_DIR: build.dist });
    try {
      expect(s.output()).toContain('"database":"pglite"');
      // PGlite works in its own thread: a health check that waits more than 2 s behind a first start's job
      // tables (pg-boss installing, on a busy host) is answered 503 on time, and the next one 200
      await expect.poll(async () => (await fetch(`${s.url}/healthz`)).status, { timeout: 30_000, interval: 500 }).toBe(200);
      const settings = await fetch(gatewayUrl(s.url, settingsApi.mainSetting));
      expect(settings.status).toBe(200);
      expect((await settings.json()).data.setting_company).toEqual(expect.any(String));
      // production: no development outbox
      expect((await fetch(`${s.url}/__dev/outbox?phone=+639171234567`)).status).toBe(404);
      s.proc.kill('SIGTERM');
      expect(await s.exit).toBe(0);
    } finally {
      s.proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
