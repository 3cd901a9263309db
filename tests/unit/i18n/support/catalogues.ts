import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, SOURCE_LANGUAGE } from '#contract/languages';

/**
 * The CI check of a set of catalogues (docs/languages.md): Lingui's extractor, run on the code into a copy
 * of the catalogues' folder, must leave every catalogue as committed (none out of date with the code), and
 * every message must be translated in each shipped language but the source. `compiled`: the catalogues are
 * compiled into messages.ts beside them (the provider's), which compiling again must leave as committed.
 * `languages`: the languages the catalogues ship (the app's LANGUAGES unless said; the console's: English alone).
 */

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
const read = (dir: string, lang: string, file = 'messages.po') => readFileSync(join(dir, lang, file), 'utf8');
/** The catalogue without its header (the extractor stamps a new creation date on every run). */
const body = (po: string) => po.slice(po.indexOf('\n\n'));
const lingui = (args: string[], copy: string) =>
  execFileSync(process.execPath, ['node_modules/@lingui/cli/dist/lingui.js', ...args], { env: { ...process.env, LINGUI_CATALOGS: copy }, stdio: 'pipe' });

interface Catalogues {
  locales: string;
  config?: string;
  compiled?: boolean;
  languages?: readonly string[];
}

export function describeCatalogues(name: string, { locales, config, compiled = false, languages = LANGUAGES }: Catalogues) {
  const configArgs = config ? ['--config', config] : [];
  const translations = languages.filter((l) => l !== SOURCE_LANGUAGE);
  describe(name, () => {
    const copy = mkdtempSync(join(tmpdir(), 'catalogues-'));
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it('ships one catalogue per language, no more', () => {
      expect(readdirSync(locales).sort()).toEqual([...languages].sort());
    });

    it('are up to date with the code: extracting again changes nothing', () => {
      cpSync(locales, copy, { recursive: true });
      lingui(['extract', '--clean', ...configArgs], copy);
      for (const lang of languages) expect(body(read(copy, lang)), `${locales}/${lang}/messages.po: run npm run extract`).toBe(body(read(locales, lang)));
      if (!compiled) return;
      lingui(['compile', '--strict', '--typescript', ...configArgs], copy);
      for (const lang of languages)
        expect(read(copy, lang, 'messages.ts'), `${locales}/${lang}/messages.ts: run npm run extract`).toBe(read(locales, lang, 'messages.ts'));
    }, 120_000);

    if (translations.length === 0) return;
    it.each(translations)('has every message translated in %s', (lang) => {
      const source = entries(read(locales, SOURCE_LANGUAGE));
      const translated = entries(read(locales, lang));
      const missing = [...source.keys()].filter((id) => !translated.get(id));
      expect(missing, `untranslated in ${lang}`).toEqual([]);
      expect(source.size).toBeGreaterThan(0);
    });
  });
}
