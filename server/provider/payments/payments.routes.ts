import { Router, type Response } from 'express';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import type { RawBodyRequest } from '../http/raw-body';
import { send } from '../http/envelope';
import { parse } from '../http/validate';
import { sandboxCompleteBody } from '#contract/endpoints';
import { completeSandboxPayment, receiveWebhook, sandboxPage } from './payments.service';
import { SANDBOX_CSP, SANDBOX_CSS, SANDBOX_JS } from './sandbox-page';
import { SANDBOX_GATEWAY_NAME } from './sandbox';
import { customerOf, optionalCustomer, requireCustomer } from '../http/session';

/** Headers of the hosted page and its files: its own strict CSP, never framed, never cached. */
function pageHeaders(res: Response, contentType: string): void {
  res.set({
    'content-type': contentType,
    'content-security-policy': SANDBOX_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
}

export function paymentsRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  // the sandbox's hosted page exists only while the sandbox is the payment gateway (development and
  // staging, or production with PAYMENT_SANDBOX=true): it pays anything for whoever clicks Pay
  if (ctx.paymentGateway?.name === SANDBOX_GATEWAY_NAME) {
    r.get('/payment/sandbox.js', (_req, res) => {
      pageHeaders(res, 'text/javascript; charset=utf-8');
      res.status(200).send(SANDBOX_JS);
    });

    r.get('/payment/sandbox.css', (_req, res) => {
      pageHeaders(res, 'text/css; charset=utf-8');
      res.status(200).send(SANDBOX_CSS);
    });

    // the browser opens the page through the gateway, which sends the customer's session along: the
    // page shows a payment only to the customer who started it (anyone else: the not-found page)
    r.get('/payment/sandbox/:id', async (req, res) => {
      const page = await sandboxPage(ctx, await optionalCustomer(ctx, req), String(req.params.id));
      pageHeaders(res, 'text/html; charset=utf-8');
      res.status(page.status).send(page.html);
    });

    // a payment id is never a capability: paying or declining needs the session that started it
    r.post('/payment/sandbox/:id/complete', requireCustomer(ctx), async (req, res) => {
      const body = parse(sandboxCompleteBody, req.body);
      const result = await completeSandboxPayment(ctx, customerOf(res), String(req.params.id), body.outcome);
      send(res, 200, result.status === 'paid' ? 'Payment completed.' : 'Payment declined.', result);
    });
  }

  // signed by the payment gateway, not by an API gateway (exempt in http/signature-check.ts); only the
  // gateway in use has a webhook: no other can settle anything
  const gateway = ctx.paymentGateway;
  if (gateway) {
    r.post(`/${gateway.webhookPath}`, async (req, res) => {
      const answer = await receiveWebhook(ctx, (req as RawBodyRequest).rawBody, req.headers);
      res.status(answer.status).json(answer);
    });
  }

  return r;
}
