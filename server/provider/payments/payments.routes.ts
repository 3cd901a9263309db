import type { RequestHandler, Router } from 'express';
import type { WebhookData } from '#contract/payments';
import { paymentsSpec } from '#contract/payments.spec';
import type { ProviderContext } from '../context';
import { hostedPageHeaders, serveHostedPageFiles } from '../http/hosted-page';
import { mount, Reply, type At } from '../http/mount';
import type { RawBodyRequest } from '../http/raw-body';
import { optionalCustomer } from '../http/session';
import { completeSandboxPayment, receiveWebhook, sandboxPage } from './payments.service';
import { renderSandboxPage, SANDBOX_CSP, SANDBOX_CSS, SANDBOX_JS } from './sandbox-page';
import { SANDBOX_GATEWAY_NAME } from './sandbox';

export function paymentsRoutes(ctx: ProviderContext): Router {
  // signed by the payment gateway, not by an API gateway (exempt in http/signature-check.ts): its
  // adapter checks the signature on the raw body, then reads the event. Only the gateway in use has
  // its webhook (mount leaves the other out): no other can settle anything.
  const webhook = async (_: undefined, at: At<WebhookData>) => new Reply(await receiveWebhook(ctx, (at.req as RawBodyRequest).rawBody, at.req.headers));
  const r = mount(ctx, paymentsSpec, {
    webhook,
    stripeWebhook: webhook,
    // a payment id is never a capability: paying or declining needs the session that started it
    sandboxComplete: async (body, at) => {
      const result = await completeSandboxPayment(ctx, at.customerId(), String(at.req.params.id), body.outcome);
      return at.reply(result, result.status === 'paid' ? 'Payment completed.' : 'Payment declined.');
    },
  });

  // the sandbox's hosted page exists only while the sandbox is the payment gateway (development and
  // staging, or production with PAYMENT_SANDBOX=true): it pays anything for whoever clicks Pay. Checked
  // per call: Stripe connected from the console replaces the sandbox while the server runs
  const sandboxOnly: RequestHandler = (_req, _res, next) => (ctx.paymentGateway?.name === SANDBOX_GATEWAY_NAME ? next() : next('route'));
  serveHostedPageFiles(r, '/payment/sandbox', { js: SANDBOX_JS, css: SANDBOX_CSS, csp: SANDBOX_CSP }, sandboxOnly);
  // the browser opens the page through the gateway, which sends the customer's session along: the
  // page shows a payment only to the customer who started it (anyone else: the not-found page)
  r.get('/payment/sandbox/:id', sandboxOnly, async (req, res) => {
    const page = renderSandboxPage(await sandboxPage(ctx, await optionalCustomer(ctx, req), String(req.params.id)), ctx.publicApiPrefix);
    hostedPageHeaders(res, 'text/html; charset=utf-8', SANDBOX_CSP);
    res.status(page.status).send(page.html);
  });

  return r;
}
