/**
 * The README is the front door and docs/ holds the rest: every relative link between them leads to a file
 * that exists, every `#anchor` names a heading there (GitHub's slug of it, or an explicit `id`), and the
 * README stays short enough to read first, with the set-up and test commands on its first screen.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const README = join(root, 'README.md');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return markdownFiles(path);
    return d.name.endsWith('.md') ? [path] : [];
  });
}

const FILES = [README, ...markdownFiles(join(root, 'docs'))];

/** The lines outside fenced code blocks, with their numbers (1-based). */
function proseLines(text: string): { line: string; n: number }[] {
  let fenced = false;
  const out: { line: string; n: number }[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) out.push({ line, n: i + 1 });
  });
  return out;
}

/** GitHub's anchor for a heading: its text lowercased, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // a link: its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  const known = anchorCache.get(file);
  if (known) return known;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1] ?? '');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const m of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(m[1] ?? '');
  }
  anchorCache.set(file, anchors);
  return anchors;
}

interface Link {
  file: string;
  n: number;
  target: string;
}

function linksOf(file: string): Link[] {
  const links: Link[] = [];
  for (const { line, n } of proseLines(readFileSync(file, 'utf8'))) {
    const prose = line.replace(/`[^`]*`/g, ''); // code spans hold examples, not links
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ file, n, target: m[1] ?? '' });
  }
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with a link, or null. */
function problem({ file, target }: Link): string | null {
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const to = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
  if (!existsSync(to)) return `${pathPart} does not exist`;
  if (anchor === undefined) return null;
  if (statSync(to).isDirectory() || !to.endsWith('.md')) return `#${anchor} points into a file that is not markdown`;
  return anchorsOf(to).has(decodeURIComponent(anchor)) ? null : `no heading of ${relative(root, to)} has the anchor #${anchor}`;
}

describe('the README and docs/', () => {
  it('finds the pages and their links', () => {
    expect(FILES.length).toBeGreaterThan(5);
    expect(FILES.flatMap(linksOf).length).toBeGreaterThan(20);
  });

  it('slugs headings as GitHub does', () => {
    expect(slug('Offline and updates (the service worker)')).toBe('offline-and-updates-the-service-worker');
    expect(slug('Many instances, one database')).toBe('many-instances-one-database');
    expect(slug('Unpaid orders hold their slot 10 minutes')).toBe('unpaid-orders-hold-their-slot-10-minutes');
    expect(slug('`npm test`: the stages')).toBe('npm-test-the-stages');
    expect(slug('Loyalty — tiers')).toBe('loyalty--tiers');
  });

  it('has every relative link resolve to a file, and every anchor to a heading', () => {
    const broken = FILES.flatMap(linksOf)
      .filter((l) => !isExternal(l.target))
      .flatMap((l) => {
        const why = problem(l);
        return why ? [`${relative(root, l.file)}:${l.n} (${l.target}): ${why}`] : [];
      });
    expect(broken).toEqual([]);
  });

  it('keeps the README to 300 lines, with set-up and test on its first screen', () => {
    const lines = readFileSync(README, 'utf8').split('\n');
    expect(lines.length).toBeLessThanOrEqual(300);
    const firstScreen = lines.slice(0, 40).join('\n');
    for (const command of ['npm install', 'npm start', 'npm test']) expect(firstScreen).toContain(command);
  });

  it('carries no issue-number history notes (history belongs in commits)', () => {
    const notes = FILES.flatMap((file) =>
      proseLines(readFileSync(file, 'utf8'))
        .filter(({ line }) => /\bissues? #?\d+|(^|[\s(])#\d+\b/i.test(line))
        .map(({ n }) => `${relative(root, file)}:${n}`),
    );
    expect(notes).toEqual([]);
  });

  it('links every docs page from the README', () => {
    const linked = new Set(linksOf(README).map((l) => resolve(root, l.target.split('#')[0] ?? '')));
    const missing = FILES.filter((f) => f !== README && !linked.has(f)).map((f) => relative(root, f));
    expect(missing).toEqual([]);
  });
});
