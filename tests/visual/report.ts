/**
 * The visual report: one HTML page a reviewer opens after a run with a visual failure. Each failing
 * screenshot is recorded as it fails (by the runner's workers, each in its own process: a PNG file per
 * picture and a JSON line each), and scripts/test-storybook.ts writes the page from those records at the
 * end: per shot the story's name and id, a link to the story in the built Storybook, the theme and viewport,
 * the share of pixels changed, and the baseline, the new screenshot and pixelmatch's difference side by side.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where a run keeps its report (VISUAL_REPORT_DIR elsewhere, as CI does). */
export const REPORT_DIR = path.resolve(process.cwd(), process.env.VISUAL_REPORT_DIR || '.tmp/visual-report');
const RECORDS = 'failures.jsonl';

/** One failing screenshot as the report shows it; the images are file names inside the report's folder. */
export interface FailedShot {
  storyId: string;
  /** the story's title and name as the sidebar shows them (`Screens/Shop/Shop`, `Default`) */
  title: string;
  name: string;
  theme: string;
  viewport: string;
  /** share of the pixels that differ (0–1); null when there is nothing to compare with */
  diffRatio: number | null;
  reason: string;
  images: { baseline: string | null; current: string; diff: string | null };
}

export interface ShotPictures {
  baseline: Buffer | null;
  current: Buffer;
  diff: Buffer | null;
}

/** Records one failing screenshot in `dir`: its pictures beside the page, and a line for the page. */
export function recordFailedShot(dir: string, shot: Omit<FailedShot, 'images'>, pictures: ShotPictures): void {
  const base = `${shot.storyId}--${shot.theme}--${shot.viewport}`.replace(/[^\w.-]/g, '_');
  const images: FailedShot['images'] = { baseline: null, current: `${base}.new.png`, diff: null };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, images.current), pictures.current);
  if (pictures.baseline) fs.writeFileSync(path.join(dir, (images.baseline = `${base}.baseline.png`)), pictures.baseline);
  if (pictures.diff) fs.writeFileSync(path.join(dir, (images.diff = `${base}.diff.png`)), pictures.diff);
  // one short line per append: lines from several workers do not interleave
  fs.appendFileSync(path.join(dir, RECORDS), `${JSON.stringify({ ...shot, images })}\n`);
}

export function readFailedShots(dir: string): FailedShot[] {
  const file = path.join(dir, RECORDS);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FailedShot);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
/** A file name or path as a relative URL: each segment encoded, then escaped for an attribute. */
const href = (file: string) => escapeHtml(file.split('/').map(encodeURIComponent).join('/'));

function picture(label: string, file: string | null, missing: string) {
  const body = file
    ? `<a href="${href(file)}"><img src="${href(file)}" alt="${escapeHtml(label)}" loading="lazy"></a>`
    : `<p class="none">${escapeHtml(missing)}</p>`;
  return `<figure><figcaption>${escapeHtml(label)}</figcaption>${body}</figure>`;
}

/**
 * The report's page. `storybook`: the built Storybook's index.html as seen from the report's folder (a
 * relative path), which each story's link opens at `?path=/story/<id>`.
 */
export function renderReport(shots: FailedShot[], { storybook }: { storybook: string }): string {
  const sections = shots.map((s) => {
    const changed = s.diffRatio === null ? 'no baseline' : `${(s.diffRatio * 100).toFixed(2)} % of pixels changed`;
    return `<section>
<h2>${escapeHtml(s.title)} › ${escapeHtml(s.name)}</h2>
<p><a href="${href(storybook)}?path=/story/${encodeURIComponent(s.storyId)}">Open the story</a> · <code>${escapeHtml(s.storyId)}</code> · ${escapeHtml(s.theme)} theme, ${escapeHtml(s.viewport)} · <strong>${escapeHtml(changed)}</strong></p>
<p class="reason">${escapeHtml(s.reason)}</p>
<div class="pictures">${picture('Baseline', s.images.baseline, 'No baseline yet')}${picture('New', s.images.current, '')}${picture('Difference', s.images.diff, s.images.baseline ? 'Sizes differ: no picture of the difference' : 'Nothing to compare with')}</div>
</section>`;
  });
  const stories = new Set(shots.map((s) => s.storyId)).size;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Visual changes: ${shots.length} screenshot${shots.length === 1 ? '' : 's'}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; padding: 1rem 1.5rem; max-width: 110rem; color: #1c1917; background: #fafaf9; }
section { border-top: 1px solid #a8a29e; padding: 0.5rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 0.5rem 0 0; }
.reason { color: #57534e; margin: 0; }
.pictures { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 1rem; align-items: start; }
figure { margin: 0; }
figcaption { font-weight: 600; }
img { max-width: 100%; border: 1px solid #a8a29e; background: #fff; }
.none { color: #57534e; font-style: italic; }
a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body>
<h1>Visual changes</h1>
<p>${shots.length} screenshot${shots.length === 1 ? '' : 's'} of ${stories} stor${stories === 1 ? 'y' : 'ies'} differ from ${shots.length === 1 ? 'its baseline' : 'their baselines'}. In the difference, red marks the pixels that changed. To accept a change: <code>npm run test-storybook -- --update-baselines &lt;story-id&gt;</code> (docs/testing.md).</p>
${sections.join('\n')}
</body>
</html>
`;
}

/** Writes `dir`/index.html from the shots recorded there; answers its path, or null when none failed. */
export function writeReport(dir: string, { storybook }: { storybook: string }): string | null {
  const shots = readFailedShots(dir);
  if (!shots.length) return null;
  const file = path.join(dir, 'index.html');
  fs.writeFileSync(file, renderReport(shots, { storybook }));
  return file;
}
