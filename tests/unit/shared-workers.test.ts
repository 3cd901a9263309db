/**
 * The server and security suites share their workers (vitest.config.ts, `isolate: false`): a file's module
 * state would reach the files after it. So none of them replaces a module, the environment, a global or
 * the timers; each starts its own provider on its own database instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const SHARED = ['tests/server', 'tests/security'];
const LEAKS = /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\(|process\.env\.[A-Z_]+\s*=[^=]|delete process\.env\./;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? files(path) : /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

it('leaves no module, environment, global or timer changed for the files after it', () => {
  const leaks = SHARED.flatMap(files).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (LEAKS.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(leaks).toEqual([]);
});
