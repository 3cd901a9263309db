/**
 * tests/visual/report.ts: the page a reviewer opens after a failing visual run names each story, links
 * it and the three pictures, and shows a hostile story name as text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { comparePngs } from '../visual/compare';
import { recordFailedShot, writeReport } from '../visual/report';

function picture(black: number): Buffer {
  const png = new PNG({ width: 20, height: 10 });
  for (let i = 0; i < 200; i++) png.data.set(i < black ? [0, 0, 0, 255] : [240, 240, 240, 255], i * 4);
  return PNG.sync.write(png);
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visual-report-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('writes no page when nothing failed', () => {
  expect(writeReport(dir, { storybook: '../../storybook-static/index.html' })).toBeNull();
});

it('shows each failing shot: the story named and linked, its pair, the change, and baseline, new and difference', () => {
  const baseline = picture(0);
  const current = picture(30);
  const compared = comparePngs(baseline, current);
  expect(compared.pass).toBe(false);
  const hostile = '<img src=x onerror="alert(1)"> & "Default"';
  recordFailedShot(
    dir,
    {
      storyId: 'screens-shop-shop--default',
      title: 'Screens/Shop/Shop',
      name: hostile,
      theme: 'full',
      viewport: 'phone',
      diffRatio: compared.diffRatio,
      reason: compared.reason!,
    },
    { baseline, current, diff: compared.diff },
  );
  recordFailedShot(
    dir,
    { storyId: 'ui-card--new-one', title: 'UI/Card', name: 'New one', theme: 'lite', viewport: 'desktop', diffRatio: null, reason: 'no baseline' },
    { baseline: null, current, diff: null },
  );

  const file = writeReport(dir, { storybook: '../../storybook-static/index.html' })!;
  expect(file).toBe(path.join(dir, 'index.html'));
  const html = fs.readFileSync(file, 'utf8');
  expect(html).toContain('Screens/Shop/Shop › &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;Default&quot;');
  expect(html).not.toContain('<img src=x');
  expect(html).toContain('href="../../storybook-static/index.html?path=/story/screens-shop-shop--default"');
  expect(html).toContain('full theme, phone');
  expect(html).toContain('15.00 % of pixels changed');
  const images = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
  expect(images).toEqual([
    'screens-shop-shop--default--full--phone.baseline.png',
    'screens-shop-shop--default--full--phone.new.png',
    'screens-shop-shop--default--full--phone.diff.png',
    'ui-card--new-one--lite--desktop.new.png',
  ]);
  for (const image of images) expect(fs.existsSync(path.join(dir, image))).toBe(true);
  // the difference is pixelmatch's picture: the changed pixels drawn red
  const diff = PNG.sync.read(fs.readFileSync(path.join(dir, images[2]!)));
  expect([...diff.data.subarray(0, 3)]).toEqual([255, 0, 0]);
  expect(html).toContain('No baseline yet');
});
