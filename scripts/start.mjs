#!/usr/bin/env node
/**
 * `npm start`: builds the app when no build is there yet, then runs the server (server/index.ts) in a
 * child process, passing signals on and leaving with its exit code.
 *   DIST_DIR  where the build is looked for and made (default ./dist)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const distDir = resolve(root, process.env.DIST_DIR || 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  console.log(`No build in ${distDir}: building the app first (vite build)...`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], { stdio: 'inherit', env: process.env });
  if (build.status !== 0 || !existsSync(join(distDir, 'index.html'))) {
    console.error(`The build failed (exit ${build.status ?? build.signal}). Fix the error above, then run npm start again.`);
    process.exit(build.status || 1);
  }
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'index.ts')], { stdio: 'inherit', env: process.env });

// The server shuts down gracefully on these; the parent only passes them on and waits for it.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
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
  const numbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  process.exit(128 + (numbers[signal] ?? 1));
});
