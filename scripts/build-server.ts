#!/usr/bin/env node
/**
 * Builds the server (server/index.ts and what it imports from server/ and src/) into one ES module,
 * dist-server/index.js, with its source map, so that it runs on plain `node` (no tsx at run time), and
 * PGlite's worker thread (server/db/pglite-worker.ts) into dist-server/pglite-worker.js beside it:
 *
 *   node scripts/build-server.ts           (npm run build:server; npm run build does the app and this)
 *   node --enable-source-maps dist-server/index.js
 *
 * Vite's SSR build (Rolldown) does the work, with no config file and no plugins: every package from
 * node_modules stays an import (pg, PGlite with its wasm and data files, express, pino, stripe …: they
 * load files next to themselves, which a bundle would break), only our own TypeScript is bundled.
 *
 * Next to the bundle, build.json records when the build started and which source files went in;
 * serverBuildState() compares their modification times with it, so `npm start` rebuilds only when a
 * source changed. The new files are written to a temporary folder first and then renamed into place,
 * so a server starting meanwhile never reads half a file.
 *
 * Beside it goes pglite-initdb.tar.gz: the database cluster PGlite's initdb makes, empty, as PGlite's own
 * dumpDataDir writes it. initdb is most of a first start's work (about 4 s of CPU here, every fresh
 * DATA_DIR); the server loads this instead (server/db/index.ts: 0.7 s) and migrates and seeds it as it
 * would a new cluster. It depends on PGlite alone, so a build keeps the one before it while PGlite's
 * version is the same (build.json records it).
 *   SERVER_OUT_DIR  where the build goes (default ./dist-server)
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'server/index.ts';
/** PGlite's worker thread (server/db/pglite-remote.ts starts it): a file of its own beside index.js */
const WORKER_ENTRY = 'server/db/pglite-worker.ts';

export const defaultOutDir = (): string => resolve(root, process.env.SERVER_OUT_DIR || 'dist-server');

/** What build.json beside the bundle records. */
interface BuildManifest {
  entry: string;
  startedAt: number;
  /** PGlite's version, which made pglite-initdb.tar.gz */
  pglite: string;
  /** the bundled source files, relative to the root */
  inputs: string[];
}

/**
 * Whether the server build in outDir can run as it is: `{ fresh: true }`, or `{ fresh: false, reason }`
 * when it is missing, unreadable, or older than one of its sources (or this script, or package.json).
 * A build deployed without the sources (no server/index.ts) is taken as it is.
 */
export function serverBuildState(outDir = defaultOutDir()): { fresh: true } | { fresh: false; reason: string } {
  const manifestFile = join(outDir, 'build.json');
  if (!existsSync(join(outDir, 'index.js')) || !existsSync(manifestFile))
    return { fresh: false, reason: `no server build in ${relative(root, outDir) || outDir}` };
  let manifest: Partial<BuildManifest>;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    return { fresh: false, reason: 'the server build has no readable build.json' };
  }
  // deployed without its sources (only the build): nothing to compare with, nothing to build from
  if (!existsSync(join(root, ENTRY))) return { fresh: true };
  const inputs = [...(manifest.inputs ?? []), relative(root, fileURLToPath(import.meta.url)), 'package.json'];
  for (const input of inputs) {
    const mtime = statSync(resolve(root, input), { throwIfNoEntry: false })?.mtimeMs;
    if (mtime === undefined) return { fresh: false, reason: `${input} is gone since the server was built` };
    if (mtime > (manifest.startedAt ?? Number.NaN)) return { fresh: false, reason: `${input} changed since the server was built` };
  }
  return { fresh: true };
}

/** The file the server loads into a fresh PGlite folder instead of running initdb (server/db/index.ts). */
const PGLITE_TEMPLATE = 'pglite-initdb.tar.gz';

function pgliteVersion(): string {
  const entry = createRequire(join(root, 'package.json')).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

/** The template into `dir`: the previous build's when it was made by this PGlite, else a new one. */
async function pgliteTemplate(outDir: string, dir: string): Promise<string> {
  const version = pgliteVersion();
  let previous: string | undefined;
  try {
    previous = JSON.parse(readFileSync(join(outDir, 'build.json'), 'utf8')).pglite;
  } catch {
    previous = undefined;
  }
  if (previous === version && existsSync(join(outDir, PGLITE_TEMPLATE))) {
    copyFileSync(join(outDir, PGLITE_TEMPLATE), join(dir, PGLITE_TEMPLATE));
    return version;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  try {
    const tar = await db.dumpDataDir('gzip');
    writeFileSync(join(dir, PGLITE_TEMPLATE), Buffer.from(await tar.arrayBuffer()));
  } finally {
    await db.close();
  }
  return version;
}

/** Builds the server into outDir. Resolves with the list of bundled source files (relative to the root). */
export async function buildServer({
  outDir = defaultOutDir(),
  logLevel = 'warn',
}: { outDir?: string; logLevel?: 'info' | 'warn' | 'error' | 'silent' } = {}): Promise<string[]> {
  const startedAt = Date.now();
  const { build } = await import('vite');
  mkdirSync(outDir, { recursive: true });
  // next to outDir, at the same depth: the source map's paths (relative to the map) stay right after the move
  const tmpDir = join(dirname(outDir), `.${basename(outDir)}-build-${process.pid}-${startedAt}`);
  const inputs = new Set<string>();
  try {
    // two bundles, each one file that stands on its own (a shared chunk would be a third file to carry)
    for (const [entry, file] of [
      [ENTRY, 'index.js'],
      [WORKER_ENTRY, 'pglite-worker.js'],
    ] as const) {
      await build({
        configFile: false,
        root,
        logLevel,
        mode: 'production',
        publicDir: false,
        // no .env files, no import.meta.env replacements: the server reads process.env at run time
        envDir: false,
        ssr: { target: 'node', external: true },
        build: {
          ssr: entry,
          outDir: tmpDir,
          emptyOutDir: entry === ENTRY,
          copyPublicDir: false,
          target: 'node24',
          minify: false,
          sourcemap: true,
          reportCompressedSize: false,
          rolldownOptions: {
            // no sourcesContent: Node reads a stack frame's source line from the file itself when it prints one
            output: { entryFileNames: file, format: 'es', sourcemapExcludeSources: true },
          },
        },
        plugins: [
          {
            name: 'record-server-inputs',
            moduleParsed(info) {
              if (isAbsolute(info.id) && !info.id.includes('/node_modules/')) inputs.add(relative(root, info.id));
            },
          },
        ],
      });
    }
    const list = [...inputs].sort();
    if (!list.includes(ENTRY)) throw new Error(`the server build did not include ${ENTRY}`);
    thinSourceMap(join(tmpDir, 'index.js.map'));
    const pglite = await pgliteTemplate(outDir, tmpDir);
    const manifest: BuildManifest = { entry: ENTRY, startedAt, pglite, inputs: list };
    writeFileSync(join(tmpDir, 'build.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // build.json last: until it is in place, the check above sees the older one and calls the build stale
    const files = readdirSync(tmpDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(tmpDir, join(e.parentPath, e.name)));
    for (const file of files.filter((f) => f !== 'build.json').concat('build.json')) {
      mkdirSync(dirname(join(outDir, file)), { recursive: true });
      renameSync(join(tmpDir, file), join(outDir, file));
    }
    return list;
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }
}

const VLQ_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VLQ_VALUE = new Map([...VLQ_CHARS].map((c, i) => [c, i]));

/** The numbers of one Base64 VLQ segment of a source map's "mappings" (e.g. "AAgBC" → [0, 0, 16, 1]). */
function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const digit = VLQ_VALUE.get(c);
    if (digit === undefined) throw new Error(`not a source map VLQ digit: ${c}`);
    value += (digit & 31) * 2 ** shift;
    shift += 5;
    if (digit & 32) continue;
    values.push(value & 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}

function encodeValue(n: number): string {
  let rest = n < 0 ? -n * 2 + 1 : n * 2;
  let out = '';
  do {
    const digit = rest % 32;
    rest = Math.floor(rest / 32);
    out += VLQ_CHARS[rest > 0 ? digit | 32 : digit];
  } while (rest > 0);
  return out;
}

/**
 * A source map's "mappings" with one segment where the original file or line changes, instead of one
 * per token: the columns of a generated line that come from one line of one source file share the first
 * one's segment. Node (--enable-source-maps) decodes an ES module's map when it loads it and keeps one
 * array per segment for the life of the process: about 110,000 for this server, 10 MB or more of its
 * heap, for a precision stack traces do not use (they name the file and the line; the column is then
 * that of the first token of that line in this generated line). Exported for the tests.
 */
export function thinMappings(mappings: string): string {
  // the running values, relative from one segment to the next across the whole string (the generated
  // column alone restarts on each line); kept segments are re-encoded against the last kept one
  const read = [0, 0, 0, 0, 0];
  const written = [0, 0, 0, 0, 0];
  return mappings
    .split(';')
    .map((line) => {
      read[0] = 0;
      written[0] = 0;
      let last = '';
      const kept: string[] = [];
      for (const segment of line ? line.split(',') : []) {
        const delta = decodeSegment(segment);
        const abs = delta.map((d, i) => (read[i] = (read[i] as number) + d));
        const where = abs.length >= 4 ? `${abs[1]}:${abs[2]}` : '';
        if (kept.length > 0 && where === last) continue;
        last = where;
        kept.push(abs.map((v, i) => encodeValue(v - (written[i] as number))).join(''));
        abs.forEach((v, i) => (written[i] = v));
      }
      return kept.join(',');
    })
    .join(';');
}

/** Rewrites the source map at `file` with thinMappings (see there why). */
function thinSourceMap(file: string): void {
  const map = JSON.parse(readFileSync(file, 'utf8')) as { mappings: string };
  map.mappings = thinMappings(map.mappings);
  writeFileSync(file, JSON.stringify(map));
}

// run as a script
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const outDir = defaultOutDir();
  const started = performance.now();
  buildServer({ outDir, logLevel: 'warn' }).then(
    (inputs) =>
      console.log(
        `Built the server: ${relative(root, join(outDir, 'index.js'))} from ${inputs.length} source files in ${Math.round(performance.now() - started)} ms`,
      ),
    (err: unknown) => {
      console.error(`The server build failed: ${(err as Error | undefined)?.message ?? err}`);
      process.exit(1);
    },
  );
}
