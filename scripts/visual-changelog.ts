#!/usr/bin/env node
/**
 * npm run visual-changelog
 *
 * Writes stories/docs/visual-changelog.mdx, a Storybook page of how the screens' looks changed: from the
 * git history of tests/visual/baselines, newest first, per commit its date, subject and the screenshots it
 * added, changed, renamed and removed, grouped by story (a story's shots are its theme and viewport pairs).
 * A baseline written again as the same picture (recompressed, or refreshed: known from its bytes and the
 * digest it keeps, tests/visual/png.ts) is counted, not listed as a change of look.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sameScreenshot, screenshotDigest } from '../tests/visual/png.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINES = 'tests/visual/baselines';
const OUT = path.join(root, 'stories/docs/visual-changelog.mdx');

interface Change {
  hash: string;
  date: string;
  subject: string;
  added: string[];
  changed: string[];
  removed: string[];
  renamed: [from: string, to: string][];
  /** of `changed`, those whose picture stayed the same (written again compressed, or refreshed): only counted */
  recompressed: string[];
}

const shot = (file: string) => path.basename(file, '.png');

/** The commits that touched the baselines, newest first, with what each did to them. */
function history(): Change[] {
  const log = execFileSync('git', ['log', '--no-merges', '--find-renames', '--name-status', '--date=short', '--format=%x1e%h%x1f%ad%x1f%s', '--', BASELINES], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return log
    .split('\x1e')
    .filter((entry) => entry.trim())
    .map((entry) => {
      const [head, ...lines] = entry.split('\n');
      const [hash, date, subject] = head!.split('\x1f') as [string, string, string];
      const change: Change = { hash, date, subject, added: [], changed: [], removed: [], renamed: [], recompressed: [] };
      for (const line of lines.filter(Boolean)) {
        const [status, a, b] = line.split('\t') as [string, string, string | undefined];
        if (!a.endsWith('.png')) continue;
        if (status.startsWith('R') && b) change.renamed.push([shot(a), shot(b)]);
        else if (status === 'A') change.added.push(shot(a));
        else if (status === 'D') change.removed.push(shot(a));
        else change.changed.push(shot(a));
      }
      return change;
    })
    .filter((c) => c.added.length + c.changed.length + c.removed.length + c.renamed.length > 0)
    .map(splitSamePictures);
}

/** Blobs of the repository by `<rev>:<path>`, read through one `git cat-file --batch`. */
function blobs(names: string[]): Buffer[] {
  const out = execFileSync('git', ['cat-file', '--batch'], { cwd: root, input: `${names.join('\n')}\n`, maxBuffer: 1024 * 1024 * 1024 });
  const found: Buffer[] = [];
  for (let at = 0; found.length < names.length;) {
    const eol = out.indexOf(10, at);
    const size = Number(out.toString('latin1', at, eol).split(' ')[2]);
    found.push(out.subarray(eol + 1, eol + 1 + size));
    at = eol + 1 + size + 1;
  }
  return found;
}

/**
 * A changed baseline whose picture is the one it was (known from bytes and digests alone, tests/visual/png.ts:
 * compressed from the very screenshot, or both made from it) is a recompression, not a change of look.
 */
function splitSamePictures(c: Change): Change {
  if (!c.changed.length) return c;
  const file = (name: string) => `${BASELINES}/${name}.png`;
  const after = blobs(c.changed.map((n) => `${c.hash}:${file(n)}`));
  const before = blobs(c.changed.map((n) => `${c.hash}^:${file(n)}`));
  const same = (i: number) => {
    const digest = screenshotDigest(after[i]!);
    return sameScreenshot(after[i]!, before[i]!) || (digest !== null && digest === screenshotDigest(before[i]!));
  };
  const recompressed = c.changed.filter((_, i) => same(i));
  return { ...c, changed: c.changed.filter((n) => !recompressed.includes(n)), recompressed };
}

/** Text safe in MDX: no JSX, no expressions, no Markdown marks. */
const text = (s: string) =>
  s.replace(/[\\`*_[\]#|]/g, (c) => `\\${c}`).replace(/[{}<>&]/g, (c) => ({ '{': '&#123;', '}': '&#125;', '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

/** Shots grouped by story: `story-id` (full phone, lite desktop). */
function byStory(shots: string[]): string[] {
  const stories = new Map<string, string[]>();
  for (const name of shots) {
    const [story, theme, viewport] = name.split('--').length >= 4 ? splitShot(name) : [name, '', ''];
    stories.set(story, [...(stories.get(story) ?? []), [theme, viewport].filter(Boolean).join(' ')]);
  }
  return [...stories]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([story, pairs]) => `\`${story}\`${pairs.some(Boolean) ? ` (${pairs.filter(Boolean).join(', ')})` : ''}`);
}
/** `screens-shop-shop--default--full--phone` → story id, theme, viewport. */
function splitShot(name: string): [string, string, string] {
  const parts = name.split('--');
  const viewport = parts.pop()!;
  const theme = parts.pop()!;
  return [parts.join('--'), theme, viewport];
}

const LIST_OPEN = 12;
function list(label: string, items: string[]): string {
  if (!items.length) return '';
  const lines = items.map((i) => `- ${i}`).join('\n');
  const head = `**${label}** (${items.length} ${items.length === 1 ? 'story' : 'stories'})`;
  return items.length <= LIST_OPEN ? `${head}\n\n${lines}\n` : `<details>\n<summary>${head}</summary>\n\n${lines}\n\n</details>\n`;
}

function renderChangelog(changes: Change[]): string {
  const sections = changes.map((c) => {
    const counts = [
      c.added.length && `${c.added.length} added`,
      c.changed.length && `${c.changed.length} changed`,
      c.renamed.length && `${c.renamed.length} renamed`,
      c.removed.length && `${c.removed.length} removed`,
    ].filter(Boolean);
    return [
      `## ${c.date} · ${text(c.subject)}`,
      `Commit \`${c.hash}\`: ${[
        counts.length && `${counts.join(', ')} screenshot${c.added.length + c.changed.length + c.renamed.length + c.removed.length === 1 ? '' : 's'}`,
        c.recompressed.length &&
          `${c.recompressed.length} written again as the same picture${c.recompressed.length === 1 ? '' : 's'} (compressed, or refreshed)`,
      ]
        .filter(Boolean)
        .join('; ')}.`,
      list('Added', byStory(c.added)),
      list('Changed', byStory(c.changed)),
      list(
        'Renamed',
        c.renamed.map(([a, b]) => `\`${a}\` → \`${b}\``),
      ),
      list('Removed', byStory(c.removed)),
    ]
      .filter(Boolean)
      .join('\n\n');
  });
  return `{/* Generated by \`npm run visual-changelog\` (scripts/visual-changelog.ts) from git: do not edit by hand. */}

import { Meta } from '@storybook/addon-docs/blocks';

<Meta title="Design system/Visual changelog" />

# Visual changelog

How the screens' looks changed, newest first: each commit that added, changed, renamed or removed a
screenshot baseline (\`tests/visual/baselines\`), with the stories whose shots it touched and in which
theme and viewport. A story's shots are in its own page under Screens or Console. How a change is reviewed
and accepted: docs/testing.md, Visual review.

${sections.join('\n\n')}
`;
}

fs.mkdirSync(path.dirname(OUT), { recursive: true });
const changes = history();
fs.writeFileSync(OUT, renderChangelog(changes));
console.log(`${path.relative(root, OUT)}: ${changes.length} commits`);
