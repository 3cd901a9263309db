/**
 * Each console area in its own room (issue 47): src/screens/console holds folders only, one per area
 * (`counter/`, `loyalty/`, …) plus `shared/` for what two or more areas use, and every page's container
 * lives in an area's folder. The stories keep the same rooms.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES } from '#contract/console-routes';

const root = join(import.meta.dirname, '..', '..', '..');
const filesIn = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => !d.isDirectory())
    .map((d) => `${dir}/${d.name}`);

describe('the console screens, one folder per area', () => {
  it('keeps no file loose in src/screens/console or its stories', () => {
    expect(filesIn('src/screens/console')).toEqual([]);
    expect(filesIn('stories/screens/console')).toEqual([]);
  });

  it('finds every page’s container inside an area’s folder', () => {
    const folders = new Set(readdirSync(join(root, 'src/screens/console')));
    for (const [name, { container }] of Object.entries(CONSOLE_PAGES)) {
      const [area = '', file = '', ...more] = container.split('/');
      expect(more, name).toEqual([]);
      expect(folders.has(area) && area !== 'shared' && file !== '', `${name}: ${container}`).toBe(true);
    }
  });
});
