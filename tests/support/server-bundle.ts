/**
 * The server as production runs it (`node --enable-source-maps dist-server/index.js`, which `npm start`
 * runs), built for the test run by tests/support/server-build.ts (vitest's globalSetup).
 */
import { join, resolve } from 'node:path';

export const TEST_SERVER_ROOT = resolve(import.meta.dirname, '..', '..');
/** where the run's server build is: SERVER_OUT_DIR for scripts/start.ts and scripts/build-server.ts */
export const TEST_SERVER_DIR = join(TEST_SERVER_ROOT, '.tmp', 'test-server');
export const SERVER_BUNDLE = join(TEST_SERVER_DIR, 'index.js');
/** Node's arguments that start it */
export const SERVER_ARGS = ['--enable-source-maps', SERVER_BUNDLE];
