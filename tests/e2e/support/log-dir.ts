/**
 * Where every e2e app writes its log (startApp, at LOG_LEVEL info), so that the last e2e project
 * (tests/e2e/log-privacy.test.ts) can read every line a whole run wrote. The e2e project's globalSetup
 * (this file's default export) empties it before a run.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

export const E2E_LOG_DIR = resolve('.tmp/e2e-logs');

export default function emptyLogDir(): void {
  rmSync(E2E_LOG_DIR, { recursive: true, force: true });
  mkdirSync(E2E_LOG_DIR, { recursive: true });
}
