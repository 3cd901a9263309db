import { Router, type Response } from 'express';
import type { ProviderContext } from '../context';
import type { RawBodyRequest } from '../app';
import { send } from '../http/envelope';
import { parse } from '../http/validate';
import { completeSandboxPayment, handleWebhook, sandboxCompleteBody, sandboxPage } from './payments.service';
import { SANDBOX_CSP, SANDBOX_CSS, SANDBOX_JS } from './sandbox-page';
import { WEBHOOK_SIGNATURE_HEADER } from './sandbox';

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
  const r = Router();

  r.get('/payment/sandbox.js', (_req, res) => {
    pageHeaders(res, 'text/javascript; charset=utf-8');
    res.status(200).send(SANDBOX_JS);
  });

  r.get('/payment/sandbox.css', (_req, res) => {
    pageHeaders(res, 'text/css; charset=utf-8');
    res.status(200).send(SANDBOX_CSS);
  });

  // the hosted page: no session (a gateway's page knows nothing of the app's customers); the
  // payment id is a random UUID, and only a pending payment can be paid or declined
  r.get('/payment/sandbox/:id', async (req, res) => {
    const page = await sandboxPage(ctx, String(req.params.id));
    pageHeaders(res, 'text/html; charset=utf-8');
    res.status(page.status).send(page.html);
  });

  r.post('/payment/sandbox/:id/complete', async (req, res) => {
    const body = parse(sandboxCompleteBody, req.body);
    const result = await completeSandboxPayment(ctx, String(req.params.id), body.outcome);
    send(res, 200, result.status === 'paid' ? 'Payment completed.' : 'Payment declined.', result);
  });

  // signed by the payment gateway, not by an API gateway (exempt in http/signature-check.ts)
  r.post('/payment/webhook', async (req, res) => {
    const answer = await handleWebhook(ctx, (req as RawBodyRequest).rawBody, req.get(WEBHOOK_SIGNATURE_HEADER));
    res.status(answer.status).json(answer);
  });

  return r;
}
