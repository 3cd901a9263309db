import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    assetsInlineLimit: 0,
    sourcemap: false,
    manifest: true,
  },
  server: {
    // In `npm run dev`, the app talks to a running `npm run serve` for /api.
    proxy: { '/api': 'http://127.0.0.1:3000', '/__dev': 'http://127.0.0.1:3000' },
  },
});
