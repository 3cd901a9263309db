import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { containerFile, matchRoute, NOT_FOUND_SOURCE, ROUTE_SOURCES } from '#contract/routes';
import { appIconUrl, DEFAULT_BRAND, hexColour, MANIFEST_PATH, type InstallSettings } from '#contract/app-install';
import { scriptJson, type BootData } from './boot-data';

const THEME_COLOR_META = /<meta name="theme-color"[^>]*>/;

/** `&`, `<`, `"` of an attribute's value written as entities. */
const attribute = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * What installing the app needs in every page's <head>, in the merchant's brand: the manifest, iOS's
 * icon (it reads no manifest) and the theme colour. Without the settings (the provider slow): the
 * manifest and an unversioned icon, and index.html's own colour.
 */
export function installHead(settings: unknown): { links: string; themeColor: string | null } {
  const s =
    typeof settings === 'object' && settings !== null && typeof (settings as InstallSettings).setting_company === 'string'
      ? (settings as InstallSettings)
      : null;
  const icon = s ? appIconUrl('/api/', s, '180') : '/api/app/icon?size=180';
  return {
    links: `<link rel="manifest" href="${MANIFEST_PATH}"><link rel="apple-touch-icon" sizes="180x180" href="${attribute(icon)}">`,
    themeColor: s ? hexColour(s.brand_color, DEFAULT_BRAND) : null,
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * index.html of a build, with what a page needs added to its <head>: `modulepreload` links for the
 * page's own code (which the app would otherwise ask for only after its main code has run) and the
 * boot data. Reads the build's files again when they change, so a new build shows at once.
 */
export function pageHtml(distDir: string): (pathname: string, boot: BootData | null) => string {
  const indexFile = join(distDir, 'index.html');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  let cached: { stamp: string; html: string; preloads: Map<string, string> } | null = null;

  function load() {
    const stamp = [indexFile, manifestFile].map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 'none').join(':');
    if (cached?.stamp === stamp) return cached;
    const html = readFileSync(indexFile, 'utf8'); // ENOENT: the caller answers with its "not built" page
    let manifest: Manifest = {};
    try {
      manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    } catch {
      // a build without a manifest still serves; its pages just get no preload links
    }
    const closure = (key: string, seen: Set<string>) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const k of manifest[key]!.imports ?? []) closure(k, seen);
    };
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    const loaded = new Set<string>();
    if (entry) closure(entry, loaded); // index.html already loads these
    const linksFor = (source: string) => {
      const needed = new Set<string>();
      closure(containerFile(source), needed);
      const files = [...needed].filter((k) => !loaded.has(k)).map((k) => manifest[k]!);
      return [
        ...files.flatMap((c) => c.css ?? []).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
        ...files.map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`),
      ].join('');
    };
    const preloads = new Map<string, string>();
    for (const [name, source] of Object.entries(ROUTE_SOURCES)) preloads.set(name, linksFor(source));
    preloads.set('*', linksFor(NOT_FOUND_SOURCE));
    cached = { stamp, html, preloads };
    return cached;
  }

  return (pathname, boot) => {
    const { html, preloads } = load();
    const install = installHead(boot?.settings);
    const head = [
      install.links,
      preloads.get(matchRoute(pathname) ?? '*') ?? '',
      boot ? `<script type="application/json" id="boot-data">${scriptJson(boot)}</script>` : '',
    ].join('');
    const themed = install.themeColor ? html.replace(THEME_COLOR_META, `<meta name="theme-color" content="${install.themeColor}">`) : html;
    // a function, not a string: in a replacement string $&, $` and $' would paste parts of the
    // page into the merchant's settings wherever they hold a `$`
    return themed.replace('</head>', () => `${head}</head>`);
  };
}
