/**
 * Screenshot comparison for story visual regression (used by .storybook/test-runner.ts).
 *
 * Thresholds: pixelmatch's per-pixel colour threshold is 0.1 (0 = exact, 1 = anything goes), and a
 * screenshot fails when more than 0.1 % of its pixels differ (MAX_DIFF_RATIO = 0.001). Anti-aliased
 * pixels are ignored by pixelmatch, so font smoothing noise does not count.
 */
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export const PIXEL_THRESHOLD = 0.1;
export const MAX_DIFF_RATIO = 0.001;

export const VISUAL_DIR = path.resolve(process.cwd(), 'tests/visual');
export const BASELINE_DIR = path.join(VISUAL_DIR, 'baselines');
export const DIFF_DIR = path.join(VISUAL_DIR, '__diff__');
export const CURRENT_DIR = path.join(VISUAL_DIR, '__current__');

export type CompareOutcome =
  /** `exact`: the same bytes as the baseline (a buffer comparison); otherwise both were decoded and compared pixel by pixel */
  | { status: 'match'; diffRatio: number; exact: boolean; refreshed?: boolean }
  | { status: 'written' | 'updated'; file: string }
  | { status: 'missing'; file: string }
  | { status: 'mismatch'; diffRatio: number; diffPixels: number; diffFile?: string; currentFile: string; reason: string };

export interface CompareOptions {
  /** UPDATE_BASELINES=1: overwrite the baseline with the current image. */
  update: boolean;
  /** CI: a missing baseline is a failure instead of being written. */
  ci: boolean;
  /**
   * REFRESH_BASELINES=1: a screenshot that matches its baseline (within the thresholds) but not byte for
   * byte is written over it. A match byte for byte is a comparison of two buffers; one that is not costs a
   * decode of both and pixelmatch (seconds for a desktop shot on a slow host), so after a change in how
   * stories are rendered (the same pictures, a value off by one here and there) this keeps every later run
   * on the quick path, and accepts no change a person could see (a mismatch still fails).
   */
  refresh?: boolean;
}

function write(file: string, data: Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

/** Compares `current` (PNG bytes) with tests/visual/baselines/<name>.png. */
export function compareWithBaseline(name: string, current: Buffer, { update, ci, refresh = false }: CompareOptions): CompareOutcome {
  const baselineFile = path.join(BASELINE_DIR, `${name}.png`);
  const currentFile = path.join(CURRENT_DIR, `${name}.png`);
  const diffFile = path.join(DIFF_DIR, `${name}.png`);

  if (update) {
    write(baselineFile, current);
    return { status: 'updated', file: baselineFile };
  }
  if (!fs.existsSync(baselineFile)) {
    if (ci) {
      write(currentFile, current);
      return { status: 'missing', file: baselineFile };
    }
    write(baselineFile, current);
    return { status: 'written', file: baselineFile };
  }

  const baseline = fs.readFileSync(baselineFile);
  // the same bytes are the same picture: no need to decode both and compare pixel by pixel (most shots)
  if (baseline.equals(current)) return { status: 'match', diffRatio: 0, exact: true };
  const expected = PNG.sync.read(baseline);
  const actual = PNG.sync.read(current);
  if (expected.width !== actual.width || expected.height !== actual.height) {
    write(currentFile, current);
    return {
      status: 'mismatch',
      diffRatio: 1,
      diffPixels: actual.width * actual.height,
      currentFile,
      reason: `size changed from ${expected.width}×${expected.height} to ${actual.width}×${actual.height}`,
    };
  }
  const { width, height } = expected;
  const diff = new PNG({ width, height });
  const diffPixels = pixelmatch(expected.data, actual.data, diff.data, width, height, { threshold: PIXEL_THRESHOLD });
  const diffRatio = diffPixels / (width * height);
  if (diffRatio > MAX_DIFF_RATIO) {
    write(currentFile, current);
    write(diffFile, PNG.sync.write(diff));
    return {
      status: 'mismatch',
      diffRatio,
      diffPixels,
      diffFile,
      currentFile,
      reason: `${diffPixels} pixels (${(diffRatio * 100).toFixed(3)} %) differ, more than ${MAX_DIFF_RATIO * 100} %`,
    };
  }
  // A pass clears stale failure artefacts for this screenshot.
  fs.rmSync(diffFile, { force: true });
  fs.rmSync(currentFile, { force: true });
  if (refresh) write(baselineFile, current);
  return { status: 'match', diffRatio, exact: false, ...(refresh ? { refreshed: true } : {}) };
}
