/**
 * tests/visual/compare.ts: a screenshot against its baseline. The refresh option writes a baseline again
 * only when the picture matches within the thresholds but not byte for byte; a picture that changed
 * still fails and leaves the baseline alone. No baseline is written unless its story is being updated,
 * and an update writes only what is missing or fails, saying so before it writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, expect, it } from 'vitest';
import { BASELINE_DIR, comparePngs, compareWithBaseline, rgbaPixels } from '../visual/compare';
import { screenshotDigest, sha256 } from '../visual/png';

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
const pixels = (png: Buffer) => PNG.sync.read(png).data;

afterEach(() => {
  fs.rmSync(path.join(BASELINE_DIR, '__unit__'), { recursive: true, force: true });
});

it('writes a baseline again when the picture is the same within the thresholds but the bytes are not', () => {
  fs.mkdirSync(path.dirname(baselineFile), { recursive: true });
  fs.writeFileSync(baselineFile, picture(0, 200, 9));
  // one grey level off everywhere: under pixelmatch's threshold, other bytes
  const current = picture(0, 201, 1);
  expect(compareWithBaseline(NAME, current, { update: false })).toMatchObject({ status: 'match', exact: false });
  expect(screenshotDigest(fs.readFileSync(baselineFile))).toBeNull();
  expect(compareWithBaseline(NAME, current, { update: false, refresh: true })).toMatchObject({ status: 'match', refreshed: true });
  // written compressed: the same pixels, and the digest of the screenshot's own bytes
  const written = fs.readFileSync(baselineFile);
  expect(pixels(written).equals(pixels(current))).toBe(true);
  expect(screenshotDigest(written)).toBe(sha256(current));
  // now the quick path: the same screenshot, known by its digest
  expect(compareWithBaseline(NAME, current, { update: false, refresh: true })).toEqual({ status: 'match', diffRatio: 0, exact: true });
});

it('leaves the baseline alone and fails when the picture changed, refresh or not', () => {
  fs.mkdirSync(path.dirname(baselineFile), { recursive: true });
  const before = picture(0);
  fs.writeFileSync(baselineFile, before);
  // 100 of 10,000 pixels black: 1 %, over the 0.02 % allowed
  expect(compareWithBaseline(NAME, picture(100), { update: false, refresh: true })).toMatchObject({ status: 'mismatch' });
  expect(fs.readFileSync(baselineFile).equals(before)).toBe(true);
});

it('fails a screenshot without a baseline and writes none, unless its story is being updated', () => {
  const said: string[] = [];
  const log = (line: string) => said.push(line);
  expect(compareWithBaseline(NAME, picture(0), { update: false, log })).toEqual({ status: 'missing', file: baselineFile });
  expect(fs.existsSync(baselineFile)).toBe(false);
  expect(said).toEqual([]);
  expect(compareWithBaseline(NAME, picture(0), { update: true, log })).toMatchObject({ status: 'written' });
  expect(said).toEqual([`[visual] new baseline: ${NAME}`]);
  expect(pixels(fs.readFileSync(baselineFile)).equals(pixels(picture(0)))).toBe(true);
});

it('updates only a baseline the screenshot fails, saying what changes before it writes', () => {
  fs.mkdirSync(path.dirname(baselineFile), { recursive: true });
  const before = picture(0);
  fs.writeFileSync(baselineFile, before);
  const said: string[] = [];
  const log = (line: string) => said.push(`${line} (baseline unchanged: ${fs.readFileSync(baselineFile).equals(before)})`);
  // within the thresholds: left as it is
  expect(compareWithBaseline(NAME, picture(1), { update: true, log })).toMatchObject({ status: 'match' });
  expect(fs.readFileSync(baselineFile).equals(before)).toBe(true);
  // 100 pixels of 10,000 changed: said, then written
  expect(compareWithBaseline(NAME, picture(100), { update: true, log })).toMatchObject({ status: 'updated', diffRatio: 0.01 });
  expect(said).toEqual([`[visual] updating baseline: ${NAME}: 100 pixels (1.000 %) differ, more than 0.02 % (baseline unchanged: true)`]);
  expect(pixels(fs.readFileSync(baselineFile)).equals(pixels(picture(100)))).toBe(true);
});

it('decodes a picture natively to the same RGBA pixels as pngjs: baselines without alpha, and a picture with it', () => {
  const shots = ['screens-shop-shop--default--full--phone.png', 'screens-shop-shop--default--lite--desktop.png'].map((f) =>
    fs.readFileSync(path.join(BASELINE_DIR, f)),
  );
  // see-through pixels, in every shade of alpha
  const clear = new PNG({ width: 16, height: 16 });
  for (let i = 0; i < 256; i++) clear.data.set([i, 255 - i, (i * 7) % 256, i], i * 4);
  for (const png of [...shots, PNG.sync.write(clear)]) {
    const ours = rgbaPixels(png);
    const theirs = PNG.sync.read(png);
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
    expect(ours.data.equals(theirs.data)).toBe(true);
  }
});

it('draws the picture of the difference only for a pair that fails', () => {
  const failing = comparePngs(picture(0), picture(100));
  expect(failing).toMatchObject({ pass: false, diffPixels: 100, diffRatio: 0.01 });
  // pixelmatch's picture: the 100 changed pixels in red, the rest a faded copy of the baseline
  const drawn = rgbaPixels(failing.diff!);
  expect([drawn.width, drawn.height]).toEqual([100, 100]);
  expect([...drawn.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  expect(drawn.data[100 * 4]).not.toBe(255);
  expect(comparePngs(picture(0), picture(1))).toEqual({ pass: true, diffPixels: 1, diffRatio: 0.0001, diff: null });
});
