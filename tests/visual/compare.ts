/**
 * Screenshot comparison for story visual regression (used by .storybook/test-runner.ts).
 *
 * Thresholds: pixelmatch's per-pixel colour threshold is 0.03 (0 = exact, 1 = anything goes), and a
 * screenshot fails when more than 0.02 % of its pixels differ beyond it (MAX_DIFF_RATIO = 0.0002: 66
 * pixels of a phone's shot, one border across it is 390). Anti-aliased pixels are ignored by pixelmatch,
 * so font smoothing noise does not count. Tuned on 2026-12-03 against a token change: `--color-border`
 * #d6d3d1 → #c9c4c0 differs by 0.055 at most in pixelmatch's measure, so at the old 0.1 none of its pixels
 * counted and the change passed; at 0.03 about 1.5 % of the Shop screen's pixels count
 * (tests/unit/visual-token-sensitivity.test.tsx). The noise between runs of the same story on the CI host
 * (33 shots of 104 not the bytes of their baseline, in a sample of 8 story areas) is at most 0.012 % of a
 * shot's pixels at threshold 0, and none at 0.01.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transformer } from '@napi-rs/image';
import pixelmatch from 'pixelmatch';
import { compressPng, sameScreenshot } from './png';

export const PIXEL_THRESHOLD = 0.03;
export const MAX_DIFF_RATIO = 0.0002;

export const VISUAL_DIR = path.resolve(process.cwd(), 'tests/visual');
export const BASELINE_DIR = path.join(VISUAL_DIR, 'baselines');

/** Two screenshots compared pixel by pixel: whether they pass as the same picture, and by how much they differ. */
export interface PixelComparison {
  pass: boolean;
  diffPixels: number;
  diffRatio: number;
  /** why they fail, in words */
  reason?: string;
  /** pixelmatch's picture of the difference, as a PNG (null when the sizes differ) */
  diff: Buffer | null;
}

/**
 * A PNG's pixels as RGBA, 8 bits each (what pixelmatch reads), decoded natively: pngjs decoded a desktop shot
 * in 57 ms in plain Node but in 2 s inside the Storybook runner's workers, and each screenshot that is not
 * its baseline's bytes is decoded twice (74 of a run's 1,355, seconds of the slowest CI stage). `opacity(1)`
 * gives every picture an alpha channel and changes no value (Chromium's shots have none: RGB, 3 bytes a
 * pixel); tests/unit/visual-compare.test.ts holds the pixels equal to pngjs's.
 */
export function rgbaPixels(png: Buffer): { width: number; height: number; data: Buffer } {
  const { width, height } = new Transformer(png).metadataSync();
  return { width, height, data: new Transformer(png).opacity(1).rawPixelsSync() };
}

/**
 * Compares two PNGs (the baseline's bytes and the current screenshot's) with the run's thresholds. The pixels
 * are counted first without a picture of the difference (pixelmatch draws every pixel into it: a desktop shot
 * took 230 ms with it and 97 ms without inside a vm context), and that picture is drawn only for a pair that
 * fails, the one a reviewer looks at; its pixels are then counted a second time, for failing pairs only.
 */
export function comparePngs(baseline: Buffer, current: Buffer): PixelComparison {
  const expected = rgbaPixels(baseline);
  const actual = rgbaPixels(current);
  if (expected.width !== actual.width || expected.height !== actual.height) {
    return {
      pass: false,
      diffPixels: actual.width * actual.height,
      diffRatio: 1,
      reason: `size changed from ${expected.width}×${expected.height} to ${actual.width}×${actual.height}`,
      diff: null,
    };
  }
  const { width, height } = expected;
  const options = { threshold: PIXEL_THRESHOLD };
  const diffPixels = pixelmatch(expected.data, actual.data, undefined, width, height, options);
  const diffRatio = diffPixels / (width * height);
  if (diffRatio <= MAX_DIFF_RATIO) return { pass: true, diffPixels, diffRatio, diff: null };
  const diff = Buffer.alloc(width * height * 4);
  pixelmatch(expected.data, actual.data, diff, width, height, options);
  return {
    pass: false,
    diffPixels,
    diffRatio,
    reason: `${diffPixels} pixels (${(diffRatio * 100).toFixed(3)} %) differ, more than ${MAX_DIFF_RATIO * 100} %`,
    // encoded natively: pngjs took a minute for a desktop shot inside the runner's workers, past the time-out
    diff: Transformer.fromRgbaPixels(diff, width, height).pngSync(),
  };
}

export type CompareOutcome =
  /** `exact`: the same bytes as the baseline (a buffer comparison); otherwise both were decoded and compared pixel by pixel */
  | { status: 'match'; diffRatio: number; exact: boolean; refreshed?: boolean }
  /** written: a new baseline; updated: a baseline that failed the comparison, written over */
  | { status: 'written'; file: string }
  | { status: 'updated'; file: string; diffRatio: number }
  | { status: 'missing'; file: string }
  | { status: 'mismatch'; diffRatio: number; diffPixels: number; reason: string; baseline: Buffer; diff: Buffer | null };

export interface CompareOptions {
  /**
   * This shot's story was named to `--update-baselines`: a missing baseline is written, and one the
   * screenshot fails is written over (saying so first); a shot that passes is left as it is.
   */
  update: boolean;
  /**
   * REFRESH_BASELINES=1: a screenshot that matches its baseline (within the thresholds) but not byte for
   * byte is written over it. A match byte for byte is a comparison of two buffers; one that is not costs a
   * decode of both and pixelmatch (seconds for a desktop shot on a slow host), so after a change in how
   * stories are rendered (the same pictures, a value off by one here and there) this keeps every later run
   * on the quick path, and accepts no change a person could see (a mismatch still fails).
   */
  refresh?: boolean;
  /** where what is written is said, before it is (console.log) */
  log?: (line: string) => void;
  /**
   * comparePngs as another realm loaded it: the Storybook runner's tests run in jest's vm sandbox, where
   * pixelmatch is 10 to 20 times slower, and pass the one loaded outside it (.storybook/test-environment.ts).
   */
  compare?: typeof comparePngs;
}

function write(file: string, data: Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

/**
 * Compares `current` (PNG bytes) with tests/visual/baselines/<name>.png. A missing baseline is a failure
 * unless the shot is to be updated: no baseline is written quietly. Baselines are written compressed.
 */
export function compareWithBaseline(name: string, current: Buffer, { update, refresh = false, log = console.log, compare = comparePngs }: CompareOptions): CompareOutcome {
  const baselineFile = path.join(BASELINE_DIR, `${name}.png`);
  if (!fs.existsSync(baselineFile)) {
    if (!update) return { status: 'missing', file: baselineFile };
    log(`[visual] new baseline: ${name}`);
    write(baselineFile, compressPng(current));
    return { status: 'written', file: baselineFile };
  }

  const baseline = fs.readFileSync(baselineFile);
  // the same bytes (or the digest of them a compressed baseline keeps) are the same picture: no need to
  // decode both and compare pixel by pixel (most shots)
  if (sameScreenshot(baseline, current)) return { status: 'match', diffRatio: 0, exact: true };
  const compared = compare(baseline, current);
  if (!compared.pass) {
    if (update) {
      log(`[visual] updating baseline: ${name}: ${compared.reason}`);
      write(baselineFile, compressPng(current));
      return { status: 'updated', file: baselineFile, diffRatio: compared.diffRatio };
    }
    return { status: 'mismatch', diffRatio: compared.diffRatio, diffPixels: compared.diffPixels, reason: compared.reason!, baseline, diff: compared.diff };
  }
  if (refresh) write(baselineFile, compressPng(current));
  return { status: 'match', diffRatio: compared.diffRatio, exact: false, ...(refresh ? { refreshed: true } : {}) };
}
