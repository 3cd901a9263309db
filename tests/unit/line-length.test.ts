/**
 * No line over 160 characters in the code (Prettier's printWidth): Prettier wraps the code but neither
 * comments nor strings, so this reads the comments; a string, a template literal or a URL may run longer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOTS = ['src', 'server', 'scripts', 'tests'];
const CODE = /\.(ts|tsx|mjs)$/;
/** written by a tool, not by us: Lingui's compiled catalogues of the provider (`npm run extract`), one line each */
const GENERATED = join('server', 'locales');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') || path === GENERATED ? [] : files(path);
    return CODE.test(e.name) ? [path] : [];
  });
}

it('keeps comments within 160 characters a line', () => {
  const long = ROOTS.flatMap(files).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (line.length > 160 && /^\s*(\*|\/\/|\/\*)/.test(line) && !/https?:\/\//.test(line) ? [`${file}:${i + 1}`] : [])),
  );
  expect(long).toEqual([]);
});
