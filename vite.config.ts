import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { isLoopbackAddress } from './server/gateway/loopback-only.ts';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Radix Dialog's scroll lock without the <style> element the CSP blocks (src/ui/dialog/remove-scroll-bar.tsx)
    alias: [{ find: /^react-remove-scroll-bar$/, replacement: fileURLToPath(new URL('./src/ui/dialog/remove-scroll-bar.tsx', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    assetsInlineLimit: 0,
    sourcemap: false,
    manifest: true,
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
