import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompressed } from './scripts/lib/precompressed.ts';
import { linguiMacros } from './scripts/lib/lingui-babel.ts';

/**
 * The merchant console: a build of its own (src/console/index.html → dist/merchant/, served by the
 * gateway under /merchant), so nothing of it can land in a chunk the customer app loads: the customer's
 * build is made by vite.config.ts alone. scripts/check-budgets.ts holds its first load to 150 KB gzip.
 */
const root = fileURLToPath(new URL('./src/console', import.meta.url));

/**
 * The theme preview's phones draw the customer app's screens with the app's own stylesheet, the file
 * the app ships (src/screens/console/shared/phone-frame.tsx): the console's page names it in a
 * `<meta name="app-stylesheet">`, read from the app's build manifest (<dist>/.vite/manifest.json, the
 * console's outDir's parent; the app is built first, `npm run build` and `npm start` alike). Nothing
 * of it is in the console's own download: a phone loads it when the preview shows. A console built
 * without the app's build beside it (a stand-in dist of the tests) says so, and its preview falls back
 * to the console's own stylesheet.
 */
function appStylesheet(): Plugin {
  let outDir = '';
  let warn = (message: string) => console.warn(message);
  return {
    name: 'app-stylesheet',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      warn = (message) => config.logger.warn(message);
    },
    transformIndexHtml() {
      const file = join(outDir, '..', '.vite', 'manifest.json');
      const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { isEntry?: boolean; css?: string[] }>) : {};
      const css = Object.values(manifest).find((c) => c.isEntry)?.css ?? [];
      if (css.length === 0) {
        warn(`No customer app's stylesheet in ${file} (build the app first): the theme preview draws with the console's own.`);
        return [];
      }
      return [{ tag: 'meta', attrs: { name: 'app-stylesheet', content: css.map((f) => `/${f}`).join(' ') }, injectTo: 'head' }];
    },
  };
}

export default defineConfig({
  root,
  base: '/merchant/',
  publicDir: false,
  // the screens' word helpers it shares (order statuses, dates) are written with Lingui's macros: English here
  plugins: [linguiMacros(), react(), tailwindcss(), precompressed(), appStylesheet()],
  build: {
    outDir: fileURLToPath(new URL('./dist/merchant', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
});
