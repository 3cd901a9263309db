#!/usr/bin/env node
/**
 * `npm start`: builds what is missing, then runs the built server (dist-server/index.js) on plain
 * `node` in a child process, passing signals on and leaving with its exit code.
 *   - the app (vite build) when DIST_DIR has no index.html, and the merchant console (its own build,
 *     vite.console.config.ts) when DIST_DIR/merchant has none; after changing src/, `npm run build`;
 *   - the server (scripts/build-server.ts) when dist-server/ is missing or older than one of the
 *     source files that went into it.
 * `npm run serve` (`--server-only`) builds and runs the server only: the API behind `npm run dev`.
 *   DIST_DIR        where the app's build is looked for and made (default ./dist)
 *   SERVER_OUT_DIR  where the server's build is looked for and made (default ./dist-server)
 * Building needs the development dependencies (vite). Without them (a production install) a server
 * build that is there is run as it is, and a missing one is an error saying to run `npm run build`.
 * npm runs it as `node --import ./scripts/lib/node-check.mjs scripts/start.ts`: the check comes first, in
 * plain JavaScript, so a Node that cannot read TypeScript is refused in one line before it tries. The
 * import below does the same for a Node that can (22.18 and later) when this file is started by hand.
 */
import './lib/node-check.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultOutDir, serverBuildState } from './build-server.ts';
import { serverTunables } from './lib/server-command.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const serverOnly = process.argv.includes('--server-only');

/** vite's CLI, or null when it is not installed (a production install without dev dependencies) */
function viteBin(): string | null {
  try {
    return join(dirname(createRequire(join(root, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  } catch {
    return null;
  }
}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const distDir = resolve(root, process.env.DIST_DIR || 'dist');
if (!serverOnly && !existsSync(join(distDir, 'index.html'))) {
  const vite = viteBin();
  if (!vite) fail(`No build in ${distDir}, and vite is not installed here to make one: run npm run build where the development dependencies are installed.`);
  console.log(`No build in ${distDir}: building the app first (vite build)...`);
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], { stdio: 'inherit', env: process.env });
  if (build.status !== 0 || !existsSync(join(distDir, 'index.html')))
    fail(`The build failed (exit ${build.status ?? build.signal}). Fix the error above, then run npm start again.`, build.status || 1);
}
// the merchant console, its own build in <dist>/merchant (made after the app's, which empties dist/)
const consoleDir = join(distDir, 'merchant');
if (!serverOnly && !existsSync(join(consoleDir, 'index.html'))) {
  const vite = viteBin();
  if (!vite)
    fail(`No console build in ${consoleDir}, and vite is not installed here to make one: run npm run build where the development dependencies are installed.`);
  console.log(`No console build in ${consoleDir}: building it (vite build -c vite.console.config.ts)...`);
  const build = spawnSync(process.execPath, [vite, 'build', '-c', 'vite.console.config.ts', '--outDir', consoleDir, '--emptyOutDir'], {
    stdio: 'inherit',
    env: process.env,
  });
  if (build.status !== 0 || !existsSync(join(consoleDir, 'index.html')))
    fail(`The console build failed (exit ${build.status ?? build.signal}). Fix the error above, then run npm start again.`, build.status || 1);
}

const serverDir = defaultOutDir();
const serverEntry = join(serverDir, 'index.js');
const state = serverBuildState(serverDir);
if (!state.fresh) {
  if (!viteBin()) {
    if (!existsSync(serverEntry))
      fail(`No server build in ${serverDir}, and vite is not installed here to make one: run npm run build where the development dependencies are installed.`);
    console.warn(`${state.reason}, but vite is not installed here to rebuild it: running the server build as it is.`);
  } else {
    console.log(`${state.reason}: building the server (scripts/build-server.ts)...`);
    const build = spawnSync(process.execPath, [join(root, 'scripts', 'build-server.ts')], { stdio: 'inherit', env: process.env });
    if (build.status !== 0 || !existsSync(serverEntry))
      fail(`The server build failed (exit ${build.status ?? build.signal}). Fix the error above, then run npm start again.`, build.status || 1);
  }
}

// --enable-source-maps: stack traces name the TypeScript files and lines, not the bundle's;
// GLIBC_TUNABLES: what is freed after start-up goes back to the system (scripts/lib/server-command.ts)
const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  stdio: 'inherit',
  env: { ...process.env, GLIBC_TUNABLES: serverTunables(process.env.GLIBC_TUNABLES) },
});

// The server shuts down gracefully on these; the parent only passes them on and waits for it.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  // killed by a signal it did not handle: leave the way a shell reports it
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  process.exit(128 + ((signal && numbers[signal]) ?? 1));
});
