/**
 * The page a campaign e-mail's unsubscribe link opens (through the gateway, at the public API prefix):
 * plain HTML that asks before unsubscribing (a mail scanner following the link unsubscribes no one),
 * its script and stylesheet as files (the CSP allows no inline code). The button posts the link's code
 * to `campaign/unsubscribe/link` as JSON.
 */
import { escapeHtml, hostedPageStart } from '../http/hosted-page';

export const UNSUBSCRIBE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function unsubscribePage(v: { prefix: string; lang: string; shop: string; code: string }): string {
  return `${hostedPageStart({ lang: v.lang, title: `Unsubscribe - ${v.shop}`, stylesheet: `${v.prefix}campaign/unsubscribe.css`, script: `${v.prefix}campaign/unsubscribe.js` })}<h1 id="heading">No more offers from ${escapeHtml(v.shop)}?</h1>
<p>You will still get messages about your orders, points and vouchers. You can turn offers back on in your profile.</p>
<div id="unsubscribe" data-url="${escapeHtml(v.prefix)}campaign/unsubscribe/link" data-code="${escapeHtml(v.code)}">
<button type="button">Unsubscribe</button>
</div>
<p class="status" id="status" role="status" aria-live="polite"></p>
<noscript><p class="status">This page needs JavaScript to send your choice.</p></noscript>
</main>
</body>
</html>
`;
}

export const UNSUBSCRIBE_CSS = `body{font-family:system-ui,sans-serif;background:#f6f6f6;color:#1a1a1a;margin:0;padding:24px}
.card{max-width:28rem;margin:10vh auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
h1{font-size:1.3rem;margin:0 0 12px}
button{font:inherit;padding:10px 20px;border-radius:8px;border:0;background:#1a1a1a;color:#fff;cursor:pointer}
button:disabled{opacity:.6}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.status{min-height:1.5em}`;

export const UNSUBSCRIBE_JS = `'use strict';
(function () {
  var root = document.getElementById('unsubscribe');
  if (!root) return;
  var button = root.querySelector('button');
  var status = document.getElementById('status');
  button.addEventListener('click', function () {
    button.disabled = true;
    status.textContent = 'Unsubscribing...';
    fetch(root.getAttribute('data-url'), {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code: root.getAttribute('data-code') })
    })
      .then(function (res) { return res.json().then(function (body) { if (!res.ok) throw new Error(body && body.message); return body; }); })
      .then(function (body) { root.hidden = true; status.textContent = (body && body.message) || 'You are unsubscribed.'; })
      .catch(function (err) { button.disabled = false; status.textContent = (err && err.message) || 'That did not work. Please try again.'; });
  });
})();
`;
