import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompressed } from './scripts/lib/precompressed.ts';

/**
 * The merchant console: a build of its own (src/console/index.html → dist/merchant/, served by the
 * gateway under /merchant), so nothing of it can land in a chunk the customer app loads: the customer's
 * build is made by vite.config.ts alone. scripts/check-budgets.ts holds its first load to 150 KB gzip.
 */
const root = fileURLToPath(new URL('./src/console', import.meta.url));

export default defineConfig({
  root,
  base: '/merchant/',
  publicDir: false,
  plugins: [react(), tailwindcss(), precompressed()],
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
