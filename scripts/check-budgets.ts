#!/usr/bin/env node
/**
 * Bundle budgets after `vite build` (both builds) and `node scripts/build-server.ts`:
 *   - the JavaScript Chromium downloads for /login: ≤ 90 KB (see docs/performance.md). Measured, not read from the manifest: the
 *     built app is started as `npm start` runs it (fresh temporary DATA_DIR, free port), /login opened in
 *     Chromium (CHROME_PATH, default /usr/bin/chromium; a phone's viewport) and every script the page
 *     receives over the network until it is idle is counted with the bytes sent for it (compressed, as the
 *     gateway serves it: the build's brotli copy, scripts/lib/precompressed.ts): the entry, its static imports, the page's chunk and whatever the page imports
 *     as it starts (scripts/lib/first-load.ts). The service worker's script and what it precaches are the
 *     worker's downloads, after the page has loaded, and not counted (printed apart); a chunk the page
 *     gets from the worker's copies is not a download either. Without Chromium, the manifest's estimate
 *     (entry + its static imports + the login chunk and its imports, each as its `.br` file) is judged
 *     instead, and said so.
 *   - the whole customer app in one language: every JavaScript chunk of the build, each gzipped on its own, summed, with only
 *     the largest of the languages' words (a chunk each, `assets/lang-*.js`: a customer reads one; the worker keeps that one):
 *     ≤ 291 KB (gzip, the larger of the two encodings the gateway sends, so a browser without brotli is held too)
 *     (the address map's chunk, and what only it imports, counted apart:)
 *   - the address map (its search, Leaflet and react-leaflet, loaded only by /set-location when it shows the map): ≤ 50 KB
 *   - every other route's own chunk: ≤ 30 KB
 *   - all CSS: ≤ 15 KB
 *   - no chunk carries zod: the app checks its forms with src/contract/checks.ts, zod is the server's
 *   - no chunk, the app's or the console's, carries Lingui's macros untransformed (they throw when they run)
 *   - the merchant console (its own build in <dist>/merchant): its first load (entry + static imports)
 *     ≤ 150 KB, and not one module of it in the customer's build (so /login loads none of it)
 * Prints a table; exits 1 when any budget is broken. `--json <file>` also writes the figures.
 */
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureFirstLoads, type FirstLoad } from './lib/first-load.ts';
import { fullBrowserPath } from './lib/chromium.ts';

const DIST = process.env.DIST_DIR || 'dist';
const LOGIN_SOURCE = 'src/screens/auth/login-screen.container.tsx';
export const BUDGETS = { loginJs: 90, appJs: 291, routeChunk: 30, css: 15, consoleJs: 150, mapJs: 50 };
/** The address map (Leaflet): its own chunk, loaded only when /set-location shows the map; held to its own budget. */
const MAP_SOURCE = 'src/screens/addresses/location-map-section.tsx';
/** Sources only the merchant console uses: none may be in the customer's build. */
const CONSOLE_SOURCES = /^src\/(console\/|screens\/console\/|api\/merchant\.ts$)/;

/** One entry of Vite's build manifest (.vite/manifest.json), by source file. */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run vite build first.`);
  process.exit(1);
}
const manifest: Manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const kb = (file: string) => gzipSync(readFileSync(join(DIST, file))).length / 1024;
/** What the gateway sends for a file to a browser that accepts brotli: the build's `.br` beside it, else gzip. */
const wireKb = (file: string) => (existsSync(join(DIST, `${file}.br`)) ? readFileSync(join(DIST, `${file}.br`)).length / 1024 : kb(file));
/** The manifest's entry for a key that closure() found in it. */
const chunk = (k: string) => manifest[k] as ManifestChunk;

function closure(keys: Array<string | undefined>, seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (k === undefined || seen.has(k) || !manifest[k]) continue;
    seen.add(k);
    closure(manifest[k].imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => chunk(k).isEntry);
const loginKeys = closure([entryKey, ...(manifest[LOGIN_SOURCE] ? [LOGIN_SOURCE] : [])]);
/** what the manifest says /login needs before it can paint: the floor of what the browser downloads */
const loginStaticJs = [...loginKeys].reduce((sum, k) => sum + wireKb(chunk(k).file), 0);

// /login as Chromium loads it
const CHROME_PATH = fullBrowserPath();
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let login: FirstLoad | undefined;
if (existsSync(CHROME_PATH)) {
  [login] = await measureFirstLoads(root, ['/login'], CHROME_PATH);
} else {
  console.log(`Chromium not found at ${CHROME_PATH}: /login judged on the manifest's estimate (entry, its static imports, the login chunk)`);
}
const loginJs = login ? login.bytes / 1024 : loginStaticJs;

const routes = Object.entries(manifest)
  .filter(([k, v]) => v.isDynamicEntry && k.endsWith('.container.tsx') && k !== LOGIN_SOURCE)
  .map(([k, v]) => ({ route: k, kb: kb(v.file) }));

// Every JavaScript file the build emitted (the manifest names each chunk, entry and lazy page once).
const allJsFiles = new Set(
  Object.values(manifest)
    .map((v) => v.file)
    .filter((f) => f.endsWith('.js')),
);
// the map's chunk and the chunks nothing else imports (Leaflet): a download of /set-location's map only
const elsewhere = closure(
  Object.keys(manifest)
    .filter((k) => k !== MAP_SOURCE && (chunk(k).isEntry || chunk(k).isDynamicEntry))
    .flatMap((k) => [k]),
  new Set([MAP_SOURCE]),
);
elsewhere.delete(MAP_SOURCE);
const mapFiles = new Set(
  [...closure([MAP_SOURCE])]
    .filter((k) => !elsewhere.has(k))
    .map((k) => chunk(k).file)
    .filter((f) => f.endsWith('.js')),
);
const mapJs = [...mapFiles].reduce((sum, f) => sum + kb(f), 0);
// each language's words, a chunk per language (vite.config.ts `lang-`): a customer reads one, and the service worker keeps
// only that one (src/sw.ts), so the whole app counts the largest and each is printed apart
const languageFiles = [...allJsFiles].filter((f) => /^assets\/lang-[^/]+\.js$/.test(f)).map((f) => ({ file: f, kb: kb(f) }));
const largestLanguage = Math.max(0, ...languageFiles.map((l) => l.kb));
const jsFiles = new Set([...allJsFiles].filter((f) => !mapFiles.has(f) && !languageFiles.some((l) => l.file === f)));
const appJs = [...jsFiles].reduce((sum, f) => sum + kb(f), 0) + largestLanguage;

// zod's schema classes are named by string (`$constructor("$ZodType", …)`), which minifying keeps.
const zodChunks = [...allJsFiles].filter((f) => readFileSync(join(DIST, f), 'utf8').includes('$ZodType'));

// Lingui's macros left untransformed (a build without its Babel preset, scripts/lib/lingui-babel.ts) are
// shims that throw this when they run; the console's build shares the screens' word helpers too.
const jsUnder = (dir: string): string[] =>
  existsSync(join(DIST, dir))
    ? readdirSync(join(DIST, dir))
        .filter((f) => f.endsWith('.js'))
        .map((f) => join(dir, f))
    : [];
const macroChunks = [...jsUnder('assets'), ...jsUnder('merchant/assets')].filter((f) =>
  readFileSync(join(DIST, f), 'utf8').includes('is being executed outside the context of compilation'),
);

const cssFiles = new Set(Object.values(manifest).flatMap((v) => v.css ?? []));
const css = [...cssFiles].reduce((sum, f) => sum + kb(f), 0);

// The console's own build: its first load, and the proof that the customer's build has none of it.
const consoleManifestPath = join(DIST, 'merchant', '.vite', 'manifest.json');
const consoleManifest: Manifest | null = existsSync(consoleManifestPath) ? JSON.parse(readFileSync(consoleManifestPath, 'utf8')) : null;
let consoleJs = 0;
if (consoleManifest) {
  const seen = new Set<string>();
  const walk = (k: string | undefined) => {
    if (k === undefined || seen.has(k) || !consoleManifest[k]) return;
    seen.add(k);
    for (const i of consoleManifest[k].imports ?? []) walk(i);
  };
  walk(Object.keys(consoleManifest).find((k) => consoleManifest[k]?.isEntry));
  consoleJs = [...seen].reduce((sum, k) => sum + gzipSync(readFileSync(join(DIST, 'merchant', (consoleManifest[k] as ManifestChunk).file))).length / 1024, 0);
}
const consoleInApp = Object.keys(manifest).filter((k) => CONSOLE_SOURCES.test(k));
const loginFiles = login ? login.scripts.map((s) => s.path.slice(1)) : [...loginKeys].map((k) => chunk(k).file);

const rows = [
  {
    what: login ? `JavaScript Chromium downloads for /login (${login.scripts.length} scripts until idle)` : "JavaScript for /login (the manifest's estimate)",
    kb: loginJs,
    budget: BUDGETS.loginJs,
  },
  {
    what: `JavaScript of the whole app in one language (${jsFiles.size} chunks and the largest of ${languageFiles.length} languages' words, the map's apart)`,
    kb: appJs,
    budget: BUDGETS.appJs,
  },
  ...(mapFiles.size > 0 ? [{ what: `JavaScript of the address map, /set-location only (${mapFiles.size} chunks)`, kb: mapJs, budget: BUDGETS.mapJs }] : []),
  ...routes.map((r) => ({ what: `route chunk ${r.route.replace(/^src\/screens\//, '')}`, kb: r.kb, budget: BUDGETS.routeChunk })),
  { what: 'CSS (all)', kb: css, budget: BUDGETS.css },
  ...(consoleManifest ? [{ what: "JavaScript of the merchant console's first load", kb: consoleJs, budget: BUDGETS.consoleJs }] : []),
];
let broken = 0;
for (const r of rows) {
  const ok = r.kb <= r.budget;
  if (!ok) broken++;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${r.kb.toFixed(1).padStart(6)} KB / ${r.budget} KB  ${r.what}`);
}
if (login) {
  const byFile = new Map(Object.values(manifest).map((v) => [`/${v.file}`, v.name ?? v.file]));
  for (const s of login.scripts) console.log(`       ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.path} (${byFile.get(s.path) ?? '?'})`);
  for (const s of login.fromWorker) console.log(`              -  ${s.path} (${byFile.get(s.path) ?? '?'}), from the service worker's copies: not downloaded`);
  const sw = login.worker.find((w) => w.path === '/sw.js');
  console.log(
    `       not counted: the service worker${sw ? ` (/sw.js, ${(sw.decoded / 1024).toFixed(1)} KB)` : ''} and the ${login.worker.filter((w) => w.path !== '/sw.js').length} files it precached after the page loaded`,
  );
}
if (zodChunks.length) {
  console.log(`OVER zod is in the client (${zodChunks.join(', ')}): import light modules (#contract/checks, #contract/routes, …), not zod schemas`);
  broken++;
} else {
  console.log('ok   no chunk carries zod');
}
if (macroChunks.length) {
  console.log(`OVER Lingui's macros are not transformed in ${macroChunks.join(', ')}: its Babel preset (scripts/lib/lingui-babel.ts) in that build`);
  broken++;
} else {
  console.log("ok   no chunk carries Lingui's macros untransformed");
}
if (!consoleManifest) {
  console.log(`OVER the merchant console is not built (${consoleManifestPath}): vite build -c vite.console.config.ts`);
  broken++;
}
if (consoleInApp.length || loginFiles.some((f) => f.startsWith('merchant/'))) {
  console.log(`OVER the customer's build carries console code (${[...consoleInApp, ...loginFiles.filter((f) => f.startsWith('merchant/'))].join(', ')})`);
  broken++;
} else {
  console.log(`ok   /login loads none of the console (${loginFiles.length} files, none of them the console's; no console module in the app's build)`);
}
if (!manifest[LOGIN_SOURCE]) {
  console.log(`OVER the login page chunk (${LOGIN_SOURCE}) is not in the build`);
  broken++;
}
const jsonAt = process.argv.indexOf('--json');
if (jsonAt > 0)
  writeFileSync(
    process.argv[jsonAt + 1] as string,
    JSON.stringify(
      {
        loginJs,
        loginScripts: login?.scripts,
        loginStaticJs,
        appJs,
        appChunks: jsFiles.size,
        languageFiles,
        zodChunks,
        css,
        routes,
        consoleJs,
        budgets: BUDGETS,
      },
      null,
      2,
    ),
  );
console.log(broken ? `${broken} budget(s) broken` : 'All bundle budgets met');
process.exit(broken ? 1 : 0);
