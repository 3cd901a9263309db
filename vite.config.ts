import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacros } from './scripts/lib/lingui-babel.ts';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { apiReference } from './scripts/lib/api-reference.ts';
import { precompressed } from './scripts/lib/precompressed.ts';
import { isLoopbackAddress } from './server/gateway/loopback-only.ts';

/**
 * How the app's chunks are cut (scripts/check-budgets.ts holds the result: /login at most 90 KB as
 * Chromium downloads it, the whole app at most 220 KB gzip). Not for Storybook, which reads this file too and cuts its own.
 */
const appChunks = {
  // A chunk is named by its hash alone: every chunk names the chunks it imports, and the entry lists
  // them all for preloading, so long names cost bytes everywhere (the manifest maps sources to files).
  // except the address map's (Leaflet, 45 KB): named, so the service worker leaves it out of its precache
  // and each language's catalogue (src/locales/<lang>/messages.po): the worker keeps only the one a page reads (src/sw.ts)
  chunkFileNames: (chunk: { facadeModuleId: string | null }) =>
    chunk.facadeModuleId?.endsWith('/location-map-section.tsx')
      ? 'assets/map-[hash].js'
      : /[\\/]locales[\\/][a-z]+[\\/]messages\.po$/.test(chunk.facadeModuleId ?? '')
        ? 'assets/lang-[hash].js'
        : 'assets/[hash].js',
  codeSplitting: {
    groups: [
      // Everything the entry imports statically in one chunk: the first paint is one request and one
      // gzip stream, not the entry plus React's and SWR's own small shared chunks.
      { name: 'index', tags: ['$initial' as const] },
      // The form kit and the sign-in steps (phone form, layout, flow) every sign-in page uses, together,
      // with only the icons those pages draw (icon/base-icons.tsx).
      {
        name: 'forms',
        test: /[\\/]src[\\/](ui[\\/](button|text-field|notice|field-message|phone-field|spinner)[\\/]|ui[\\/]icon[\\/]base-icons\.|shared[\\/]errors\.|screens[\\/]auth[\\/](auth-layout|phone-form|shop-link)\.|contract[\\/]shop-link\.|app[\\/]auth[\\/]sign-in-flow\.)/,
      },
      // What the signed-in pages share, small pieces each (cards, badges, money, the shell and nav, the
      // other icons, the API hooks, order statuses, reward reach): one chunk rather than twenty of
      // 0.1-0.5 KB, which every such page asked for one by one. 22 fewer chunks, 5 KB less in all.
      // Later: the location step, the page hooks, the payment redirect and the choice card (each a
      // chunk of 0.2-0.5 KB shared by two signed-in pages), and the option rules the shop, its option
      // sheet and checkout share: 0.6 KB less in all, room for product options. The stamp cards Home and
      // the Points page show (1 KB): in common rather than a chunk of their own for the two. The address
      // form's starting values and map fill, which the three address pages share; the name's check, which
      // the sign-up's name step and the profile share (both load common already).
      {
        name: 'common',
        test: /[\\/]src[\\/](ui[\\/](card|badge|money|points|skeleton|error-state|empty-state|top-bar|app-shell|bottom-nav|icon|lib|load-more|address-lines|section-heading)[\\/]|api[\\/]|app[\\/](nav|go-back|location-step|use-pages|use-payment-redirect)\.|shared[\\/]action\.|contract[\\/](money|order-lifecycle|limits)\.|screens[\\/](orders[\\/](order-status|format|choice-card)|shop[\\/](option-rules|cart-lines)|rewards[\\/]reward-(reach|picture)|profile[\\/]stamp-cards|addresses[\\/]address-fill|auth[\\/]name-problem)\.)/,
      },
      // The rotating QR code and short code (uqr draws the QR) that a voucher and the member card show:
      // one chunk for the two voucher pages and the card, not the code and the voucher's panel apart.
      { name: 'codes', test: /[\\/](src[\\/](screens[\\/]rewards[\\/](voucher-code-panel|rotating-code)|ui[\\/]qr-code[\\/])|node_modules[\\/]uqr[\\/])/ },
      // The payment and top-up result pages' shared parts, one chunk for the four pages (after common,
      // which keeps what all pages share: a group takes in what its modules import).
      {
        name: 'results',
        test: /[\\/]src[\\/](screens[\\/](orders[\\/]payment-result|payments[\\/]top-up-success-screen)|app[\\/]use-(payment|topup)-result)[.]tsx?$/,
      },
    ],
  },
};

/**
 * Some packages' builds name their functions and classes with a `__name(fn, "name")` call after each
 * (Radix's collection, under the tabs): a call the bundler must keep, and with it the function or class
 * it names, used or not. It only sets a `name`, so it is pure: unused code goes (2.2 KB of Radix's
 * unused second collection and its OrderedDict in the tabs' chunk).
 */
const appTreeshake = { manualPureFunctions: ['__name'] };

/**
 * The service worker (src/sw.ts, docs/app.md "Offline and updates"), built to /sw.js with the build's list of
 * files to precache: the customer app's code, styles and index.html, never the console's (dist/merchant).
 * `manifest: false`: the web app manifest is the gateway's, per merchant; `injectRegister: false`:
 * src/main.tsx registers the worker itself, in two lines, after the page has loaded. Not for Storybook
 * (which reads this file) nor for vitest's unit project (which extends it).
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    // the latin letters' font only: the others' subsets load from the network when a page needs them
    globPatterns: ['index.html', 'assets/*.{js,css}', 'assets/inter-latin-wght-*.woff2'],
    // the address map (its chunk and styles, 56 KB) is fetched when /set-location shows it, not by every
    // customer's worker: offline, the page says the map is unavailable and takes coordinates
    // and each language's words (a chunk each): a customer reads one, which the worker keeps when a page loads it (src/sw.ts)
    globIgnores: ['merchant/**', 'demo/**', 'assets/map-*.js', 'assets/location-map-section-*.css', 'assets/lang-*.js'],
  },
});
/**
 * Lingui (docs/languages.md): its macros through Babel (scripts/lib/lingui-babel.ts), before React's plugin;
 * `lingui()` compiles a PO catalogue when the app imports one. Storybook and vitest read this file too.
 */

const appOnly = process.env.STORYBOOK !== 'true' && !process.env.VITEST;

export default defineConfig({
  plugins: [linguiMacros(), react(), lingui(), tailwindcss(), ...(appOnly ? [serviceWorker, apiReference(), precompressed()] : [])],
  // SWR's shim of a hook React 19 has (src/shared/use-sync-external-store.ts)
  // and react-router's production build, which its package's exports never name (0.4 KB of /login: dev warnings)
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/shared/use-sync-external-store.ts', import.meta.url)),
      },
      ...(appOnly
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    assetsInlineLimit: 0,
    sourcemap: false,
    manifest: true,
    // no preload list in the entry: every chunk's hashed name was 0.65 KB of /login. A page opened in the app
    // fetches its chunk, then that chunk's imports (until the service worker has its copies); the first page's
    // whole closure comes from the gateway's modulepreload links; a chunk with styles still gets them
    // (docs/performance.md)
    modulePreload: false,
    rolldownOptions: process.env.STORYBOOK === 'true' ? {} : { output: appChunks, treeshake: appTreeshake },
  },
  server: {
    // In `npm run dev`, the app talks to a running `npm run serve` for /api.
    // The outbox shows anyone's one-time code: `npm run dev -- --host` must not relay it to the network
    // (false: Vite answers 404 itself), since the gateway sees every relayed call come from loopback.
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/__dev': { target: 'http://127.0.0.1:3000', bypass: (req) => (isLoopbackAddress(req.socket.remoteAddress) ? undefined : false) },
    },
  },
});
