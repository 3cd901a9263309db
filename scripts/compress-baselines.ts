#!/usr/bin/env node
/**
 * npm run baselines:compress [-- <folder>]
 *
 * Recompresses every screenshot baseline (tests/visual/baselines, or the folder given) losslessly, as the
 * runner writes new ones (tests/visual/png.ts: oxipng, with the digest of the screenshot's own bytes kept
 * so the runner's quick path still knows it), and checks that each decodes to exactly the pixels it held
 * before; a file that would not is left as it was and the run fails. Prints the folder's size before and
 * after. Baselines already compressed are skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { compressPng, screenshotDigest } from '../tests/visual/png.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(root, process.argv[2] ?? 'tests/visual/baselines');
const files = fs
  .readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.png'))
  .sort();

const started = Date.now();
let before = 0;
let after = 0;
let compressed = 0;
const refused: string[] = [];
for (const [i, rel] of files.entries()) {
  const file = path.join(dir, rel);
  const original = fs.readFileSync(file);
  before += original.length;
  if (screenshotDigest(original) !== null) {
    after += original.length;
    continue;
  }
  const small = compressPng(original);
  const same = PNG.sync.read(original).data.equals(PNG.sync.read(small).data);
  if (!same) refused.push(rel);
  const kept = same && small.length < original.length ? small : original;
  if (kept === small) {
    fs.writeFileSync(file, small);
    compressed++;
  }
  after += kept.length;
  if ((i + 1) % 100 === 0) console.log(`${i + 1} of ${files.length}…`);
}
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
console.log(
  `${files.length} baselines in ${path.relative(root, dir) || '.'}: ${mb(before)} → ${mb(after)}, ${compressed} recompressed, ` +
    `in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
if (refused.length) {
  console.error(`Left as they were (would not decode to the same pixels): ${refused.join(', ')}`);
  process.exit(1);
}
