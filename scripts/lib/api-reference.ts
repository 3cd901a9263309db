import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { API_REFERENCE_DIR } from '../../src/contract/api-key-rules.ts';

/**
 * The API reference for integrators (issue 52), written by the app's build into `<dist>/developers/`
 * and served by the gateway at `/developers/` (server/gateway/static.ts, its own CSP in security.ts):
 * - `index.html`: the page, Redoc (the `redoc` package's standalone bundle, the maintained OpenAPI
 *   reference viewer) reading `openapi.json`; no inline script, so the page's CSP allows scripts from
 *   this origin only;
 * - `openapi.json`: the published document (docs/openapi.json, which tests/server/openapi.test.ts holds
 *   equal to the contract) with this shop's own address first among its servers: an integrator calls
 *   `<shop>/api/...` with an API key, and the gateway signs each call for the provider;
 * - `assets/redoc-<hash>.js`: Redoc's bundle, named by its content so it is cached for good, and
 *   compressed beside it by the build's `precompressed()` (it matches `assets/*.js`).
 * The customer app's service worker never precaches any of it (vite.config.ts globPatterns: the root's
 * assets only), and the bundle budgets count the app's files only.
 */

/** The document's file name beside the page (the page's `spec-url`). */
export const API_REFERENCE_DOCUMENT = 'openapi.json';

/** The shop's own gateway, first among the document's servers (a path: the page's own origin). */
export const GATEWAY_SERVER = {
  url: '/api',
  description: "this shop's address: call it with an API key (x-merchant-key); the app's gateway signs each call for the provider",
};

interface OpenApiDocument {
  servers?: Array<{ url: string; description?: string }>;
  [key: string]: unknown;
}

/** The published document as the page shows it: this shop's gateway first, then the provider's own base. */
export function integratorDocument(published: OpenApiDocument): OpenApiDocument {
  return { ...published, servers: [GATEWAY_SERVER, ...(published.servers ?? [])] };
}

/** The page: Redoc's element and its script, nothing inline (the page's CSP forbids inline scripts). */
export function referencePage(script: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>API reference</title>
</head>
<body>
<noscript>This page needs JavaScript. The document itself is <a href="${API_REFERENCE_DOCUMENT}">${API_REFERENCE_DOCUMENT}</a>.</noscript>
<redoc spec-url="${API_REFERENCE_DOCUMENT}" expand-responses="200,201" path-in-middle-panel="true" required-props-first="true"></redoc>
<script src="${script}"></script>
</body>
</html>
`;
}

export function apiReference(root = process.cwd()): Plugin {
  return {
    name: 'api-reference',
    apply: 'build',
    generateBundle() {
      const published = JSON.parse(readFileSync(resolve(root, 'docs', 'openapi.json'), 'utf8')) as OpenApiDocument;
      const redoc = readFileSync(fileURLToPath(import.meta.resolve('redoc/bundles/redoc.standalone.js')));
      const script = `assets/redoc-${createHash('sha256').update(redoc).digest('hex').slice(0, 12)}.js`;
      const emit = (name: string, source: string | Uint8Array) => this.emitFile({ type: 'asset', fileName: `${API_REFERENCE_DIR}/${name}`, source });
      emit(script, redoc);
      emit(API_REFERENCE_DOCUMENT, JSON.stringify(integratorDocument(published)));
      emit('index.html', referencePage(script));
    },
  };
}
