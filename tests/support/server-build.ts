/**
 * vitest's globalSetup for the server and security projects: the server built once for the run, as
 * `npm start` runs it (scripts/build-server.ts into .tmp/test-server/, again only when a source changed
 * since), so the suites that start it as a process start the bundle production runs rather than each
 * compiling server/ through tsx, or building a bundle of their own, on every start.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { serverBuildState } from '../../scripts/build-server.ts';
import { TEST_SERVER_DIR, TEST_SERVER_ROOT } from './server-bundle';

export default async function setup(): Promise<void> {
  const state = serverBuildState(TEST_SERVER_DIR);
  if (state.fresh) return;
  const env: NodeJS.ProcessEnv = { ...process.env, SERVER_OUT_DIR: TEST_SERVER_DIR };
  delete env.NODE_OPTIONS;
  const started = performance.now();
  await promisify(execFile)(process.execPath, ['scripts/build-server.ts'], { cwd: TEST_SERVER_ROOT, env });
  console.log(`${state.reason}: built the server for the tests into ${TEST_SERVER_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
