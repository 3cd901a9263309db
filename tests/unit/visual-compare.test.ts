/**
 * tests/visual/compare.ts: a screenshot against its baseline. The refresh option writes a baseline again
 * only when the picture matches within the thresholds but not byte for byte; a picture that changed
 * still fails and leaves the baseline alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, expect, it } from 'vitest';
import { BASELINE_DIR, CURRENT_DIR, DIFF_DIR, compareWithBaseline } from '../visual/compare';

const NAME = `__unit__/refresh-${process.pid}`;
const baselineFile = path.join(BASELINE_DIR, `${NAME}.png`);

/** A 100×100 grey picture; `changed` pixels from the top left made black; `level` the grey. */
function picture(changed: number, level = 200, deflateLevel = 9): Buffer {
  const png = new PNG({ width: 100, height: 100 });
  for (let i = 0; i < 100 * 100; i++) {
    const v = i < changed ? 0 : level;
    png.data.set([v, v, v, 255], i * 4);
  }
  return PNG.sync.write(png, { deflateLevel });
}

afterEach(() => {
  for (const dir of [BASELINE_DIR, CURRENT_DIR, DIFF_DIR]) fs.rmSync(path.join(dir, '__unit__'), { recursive: true, force: true });
});

it('writes a baseline again when the picture is the same within the thresholds but the bytes are not', () => {
  fs.mkdirSync(path.dirname(baselineFile), { recursive: true });
  fs.writeFileSync(baselineFile, picture(0, 200, 9));
  // one grey level off everywhere: under pixelmatch's threshold, other bytes
  const current = picture(0, 201, 1);
  expect(compareWithBaseline(NAME, current, { update: false, ci: true })).toMatchObject({ status: 'match', exact: false });
  expect(fs.readFileSync(baselineFile).equals(current)).toBe(false);
  expect(compareWithBaseline(NAME, current, { update: false, ci: true, refresh: true })).toMatchObject({ status: 'match', refreshed: true });
  expect(fs.readFileSync(baselineFile).equals(current)).toBe(true);
  // now the quick path: the same bytes
  expect(compareWithBaseline(NAME, current, { update: false, ci: true, refresh: true })).toEqual({ status: 'match', diffRatio: 0, exact: true });
});

it('leaves the baseline alone and fails when the picture changed, refresh or not', () => {
  fs.mkdirSync(path.dirname(baselineFile), { recursive: true });
  const before = picture(0);
  fs.writeFileSync(baselineFile, before);
  // 100 of 10,000 pixels black: 1 %, over the 0.1 % allowed
  expect(compareWithBaseline(NAME, picture(100), { update: false, ci: true, refresh: true })).toMatchObject({ status: 'mismatch' });
  expect(fs.readFileSync(baselineFile).equals(before)).toBe(true);
});
