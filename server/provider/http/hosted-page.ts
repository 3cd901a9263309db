import type { RequestHandler, Response, Router } from 'express';

/**
 * What the provider's hosted pages share (the sandbox's payment page, a campaign e-mail's unsubscribe
 * page): plain HTML reached through the gateway at the public API prefix, with its stylesheet and
 * script as files of their own (each page's CSP allows no inline code), never framed, never cached.
 */

/** `&`, `<`, `>`, `"` and `'` as entities: a merchant's name or a code in the page's text or attributes. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page up to its `<main>`: language, title, no referrer, not indexed, its stylesheet and (deferred) script. */
export function hostedPageStart(v: { lang: string; title: string; stylesheet: string; script?: string | undefined }): string {
  return `<!doctype html>
<html lang="${escapeHtml(v.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${escapeHtml(v.title)}</title>
<link rel="stylesheet" href="${escapeHtml(v.stylesheet)}">
${v.script ? `<script src="${escapeHtml(v.script)}" defer></script>\n` : ''}</head>
<body>
<main class="card" aria-labelledby="heading">
`;
}

/** Headers of a hosted page and its files: its own strict CSP, never framed, never cached. */
export function hostedPageHeaders(res: Response, contentType: string, csp: string): void {
  res.set({
    'content-type': contentType,
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
}

/** A hosted page's script and stylesheet, at `<path>.js` and `<path>.css`, with the page's headers. */
export function serveHostedPageFiles(router: Router, path: string, files: { js: string; css: string; csp: string }, ...guards: RequestHandler[]): void {
  router.get(`${path}.js`, ...guards, (_req, res) => {
    hostedPageHeaders(res, 'text/javascript; charset=utf-8', files.csp);
    res.status(200).send(files.js);
  });
  router.get(`${path}.css`, ...guards, (_req, res) => {
    hostedPageHeaders(res, 'text/css; charset=utf-8', files.csp);
    res.status(200).send(files.css);
  });
}
