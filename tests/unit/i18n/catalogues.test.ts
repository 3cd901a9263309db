import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, SOURCE_LANGUAGE } from '#contract/languages';

/**
 * The CI check of the catalogues (docs/languages.md): Lingui's extractor, run on the code into a copy of
 * src/locales, must leave every catalogue as committed (none out of date with the code), and every
 * message must be translated in each shipped language but the source.
 */

const LOCALES = 'src/locales';
/** A PO file's entries: msgid → msgstr (the header and its creation date apart). */
function entries(po: string): Map<string, string> {
  const out = new Map<string, string>();
  const unquote = (block: string) => [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('');
  for (const m of po.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm)) {
    const id = unquote(m[1]!);
    if (id !== '') out.set(id, unquote(m[2]!));
  }
  return out;
}
const read = (dir: string, lang: string) => readFileSync(join(dir, lang, 'messages.po'), 'utf8');
/** The catalogue without its header (the extractor stamps a new creation date on every run). */
const body = (po: string) => po.slice(po.indexOf('\n\n'));

describe('the message catalogues', () => {
  const copy = mkdtempSync(join(tmpdir(), 'catalogues-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('ships one catalogue per language, no more', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('are up to date with the code: extracting again changes nothing', () => {
    cpSync(LOCALES, copy, { recursive: true });
    execFileSync(process.execPath, ['node_modules/@lingui/cli/dist/lingui.js', 'extract', '--clean'], {
      env: { ...process.env, LINGUI_CATALOGS: copy },
      stdio: 'pipe',
    });
    for (const lang of LANGUAGES) expect(body(read(copy, lang)), `${LOCALES}/${lang}/messages.po: run npm run extract`).toBe(body(read(LOCALES, lang)));
  }, 120_000);

  it.each(LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE))('has every message translated in %s', (lang) => {
    const source = entries(read(LOCALES, SOURCE_LANGUAGE));
    const translated = entries(read(LOCALES, lang));
    const missing = [...source.keys()].filter((id) => !translated.get(id));
    expect(missing, `untranslated in ${lang}`).toEqual([]);
    expect(source.size).toBeGreaterThan(0);
  });
});
