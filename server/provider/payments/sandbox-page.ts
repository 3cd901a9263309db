/**
 * The sandbox gateway's hosted page: plain HTML, its stylesheet and its script as separate files
 * (the page's CSP allows no inline code). Every URL in it starts with the public API prefix, since
 * the browser reaches this page through the gateway at /api/.
 */
import { escapeHtml, hostedPageStart } from '../http/hosted-page';

export const SANDBOX_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

interface SandboxPageView {
  prefix: string;
  lang: string;
  merchant: string;
}

/**
 * Which of the sandbox's pages a payment's link shows, with its fields (payments.service's
 * sandboxPage): a pending payment's Pay and Decline, one already settled, or not found (no session, or
 * another customer's payment). The routes render it (renderSandboxPage).
 */
export type SandboxPage = { lang: string; merchant: string } & (
  | { page: 'pending'; paymentId: string; amount: string; description: string }
  | { page: 'card'; setupId: string }
  | { page: 'settled' | 'not-found'; heading: string; text: string; backTo: string | null }
);

/** The page as HTML under the public API prefix, with its status: 404 for a payment not found. */
export function renderSandboxPage(page: SandboxPage, prefix: string): { status: number; html: string } {
  const v = { ...page, prefix };
  if (v.page === 'pending') return { status: 200, html: pendingPage(v) };
  if (v.page === 'card') return { status: 200, html: cardPage(v) };
  return { status: v.page === 'not-found' ? 404 : 200, html: settledPage(v) };
}

function layout(v: SandboxPageView, title: string, main: string, withScript: boolean): string {
  const start = hostedPageStart({
    lang: v.lang,
    title,
    stylesheet: `${v.prefix}payment/sandbox.css`,
    script: withScript ? `${v.prefix}payment/sandbox.js` : undefined,
  });
  return `${start}<p class="badge">Sandbox payment: no real money moves</p>
<p class="test-mode">This is a test payment page. The shop is in test mode: Pay and Decline only pretend to pay, and no card or account is charged.</p>
${main}
</main>
</body>
</html>
`;
}

/** The page for a pending payment: who is paid, how much, for what; Pay and Decline. */
function pendingPage(v: SandboxPageView & { paymentId: string; amount: string; description: string }): string {
  const complete = `${v.prefix}payment/sandbox/${encodeURIComponent(v.paymentId)}/complete`;
  return layout(
    v,
    `Pay ${v.amount} to ${v.merchant} - Sandbox payment`,
    `<h1 id="heading">Pay ${escapeHtml(v.merchant)}</h1>
<dl class="summary">
<div><dt>Amount</dt><dd class="amount" id="amount">${escapeHtml(v.amount)}</dd></div>
<div><dt>For</dt><dd id="description">${escapeHtml(v.description)}</dd></div>
</dl>
<div class="actions" id="sandbox" data-complete-url="${escapeHtml(complete)}" aria-describedby="amount description">
<button type="button" class="pay" data-outcome="pay">Pay</button>
<button type="button" class="decline" data-outcome="decline">Decline</button>
</div>
<p class="status" id="status" role="status" aria-live="polite"></p>
<noscript><p class="status">This page needs JavaScript to send your choice.</p></noscript>`,
    true,
  );
}

/** Saving a card (issue 49): a test card that works, one that will be declined, one whose bank wants the customer; or cancel. */
function cardPage(v: SandboxPageView & { setupId: string }): string {
  const complete = `${v.prefix}payment/sandbox/${encodeURIComponent(v.setupId)}/complete`;
  return layout(
    v,
    `Save a card for ${v.merchant} - Sandbox payment`,
    `<h1 id="heading">Save a card for ${escapeHtml(v.merchant)}</h1>
<p id="description">The shop will charge this card to top up your wallet when your balance runs low. Choose a test card.</p>
<div class="actions cards" id="sandbox" data-complete-url="${escapeHtml(complete)}" aria-describedby="description">
<button type="button" class="pay" data-outcome="save">Save a card that works (4242)</button>
<button type="button" class="decline" data-outcome="save_declines">Save a card that will be declined (0002)</button>
<button type="button" class="decline" data-outcome="save_needs_customer">Save a card that needs my bank's check (3155)</button>
<button type="button" class="decline" data-outcome="decline">Cancel</button>
</div>
<p class="status" id="status" role="status" aria-live="polite"></p>
<noscript><p class="status">This page needs JavaScript to send your choice.</p></noscript>`,
    true,
  );
}

/** A payment that is no longer waiting: nothing to pay, a way back to the app. */
function settledPage(v: SandboxPageView & { heading: string; text: string; backTo: string | null }): string {
  return layout(
    v,
    `${v.heading} - Sandbox payment`,
    `<h1 id="heading">${escapeHtml(v.heading)}</h1>
<p>${escapeHtml(v.text)}</p>
${v.backTo ? `<p><a class="back" href="${escapeHtml(v.backTo)}">Back to ${escapeHtml(v.merchant)}</a></p>` : ''}`,
    false,
  );
}

export const SANDBOX_CSS = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#f5f5f4;line-height:1.5}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem}
.card{width:100%;max-width:26rem;background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 3px rgb(0 0 0/.12),0 8px 24px rgb(0 0 0/.06)}
.badge{display:inline-block;margin:0 0 .5rem;padding:.25rem .625rem;border-radius:.5rem;background:#fef3c7;color:#78350f;font-size:.8125rem;font-weight:600}
.test-mode{margin:0 0 1rem;color:#57534e;font-size:.875rem}
h1{margin:0 0 1rem;font-size:1.375rem;line-height:1.3}
.summary{margin:0 0 1.5rem;display:grid;gap:.75rem}
.summary div{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px solid #e7e5e4;padding-bottom:.75rem}
dt{color:#57534e}
dd{margin:0;text-align:right;font-weight:600;overflow-wrap:anywhere}
.amount{font-size:1.25rem}
.actions{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.actions.cards{grid-template-columns:1fr}
button{font:inherit;font-weight:600;min-height:3rem;padding:.75rem 1rem;border-radius:.75rem;border:2px solid transparent;cursor:pointer}
.pay{background:#166534;color:#fff}
.pay:hover{background:#14532d}
.decline{background:#fff;color:#991b1b;border-color:#991b1b}
.decline:hover{background:#fef2f2}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
button:disabled{opacity:.6;cursor:progress}
.status{min-height:1.5rem;margin:1rem 0 0;color:#44403c}
.back{color:#1d4ed8;font-weight:600}
@media (max-width:22rem){.actions{grid-template-columns:1fr}}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}
`;

/** Sends the choice to `complete`, then follows the app path it answers (only a same-origin path). */
export const SANDBOX_JS = `'use strict';
(function () {
  var root = document.getElementById('sandbox');
  if (!root) return;
  var url = root.getAttribute('data-complete-url');
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(root.querySelectorAll('button[data-outcome]'));
  function busy(on) {
    buttons.forEach(function (b) { b.disabled = on; });
    root.setAttribute('aria-busy', on ? 'true' : 'false');
  }
  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var outcome = button.getAttribute('data-outcome');
      busy(true);
      status.textContent = outcome === 'pay' ? 'Processing your payment...' : outcome === 'decline' ? 'Cancelling...' : 'Saving your card...';
      fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ outcome: outcome })
      })
        .then(function (res) { return res.json(); })
        .then(function (body) {
          var to = body && body.data && body.data.redirect;
          if (typeof to === 'string' && to.charAt(0) === '/' && to.charAt(1) !== '/' && to.charAt(1) !== '\\\\') {
            status.textContent = 'Done. Taking you back...';
            window.location.assign(to);
            return;
          }
          throw new Error((body && body.message) || 'The payment could not be completed.');
        })
        .catch(function (err) {
          busy(false);
          status.textContent = err.message + ' Please try again.';
          button.focus();
        });
    });
  });
})();
`;
