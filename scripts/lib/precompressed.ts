import { compression } from 'vite-plugin-compression2';

/**
 * Both builds (vite.config.ts, vite.console.config.ts) also write each hashed script, style sheet and
 * SVG under assets/ compressed beside it, once and at the strongest settings (brotli quality 11 as
 * `.br`, gzip level 9 as `.gz`), and the gateway sends those files as they are (server/gateway/static.ts)
 * rather than compressing each answer at brotli's quality 4: the entry script is 14 KB smaller on the
 * wire. Files under 1 KB stay as they are (compression would save next to nothing). index.html is the
 * gateway's own page and the worker's script is not under assets/: both stay compressed per answer.
 */
export const precompressed = () =>
  compression({ include: /assets\/[^/]+\.(js|css|svg)$/, algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' });
