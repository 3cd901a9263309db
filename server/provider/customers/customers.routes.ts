import { Router } from 'express';
import { changeEmailBody, emailVerifyBody, emailVerifyRequestBody } from '#contract';
import { clientKey } from '../auth/client-key';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { clientIp, customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { changeEmail, getProfile } from './customers.service';
import { sendEmailCode, verifyEmailCode } from './email-verification.service';

export function customersRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.get('/customer/profile', requireCustomer(ctx), async (_req, res) => {
    send(res, 200, 'Profile loaded.', await getProfile(ctx, customerOf(res)));
  });

  r.post('/customer/change-email', requireCustomer(ctx), async (req, res) => {
    const body = parse(changeEmailBody, req.body);
    const data = await changeEmail(ctx, customerOf(res), body.email);
    send(res, 200, data.verification ? 'Your e-mail address is saved. We sent you a code to verify it.' : 'Your e-mail address is saved.', data);
  });

  r.post('/customer/email/verify/request', requireCustomer(ctx), async (req, res) => {
    const body = parse(emailVerifyRequestBody, req.body);
    const data = await sendEmailCode(ctx, customerOf(res), body.email);
    send(res, 200, 'We sent a code to your e-mail address.', data);
  });

  r.post('/customer/email/verify', requireCustomer(ctx), async (req, res) => {
    const body = parse(emailVerifyBody, req.body);
    const customer = await verifyEmailCode(ctx, { customerId: customerOf(res), code: body.code, clientKey: clientKey(clientIp(req)) });
    send(res, 200, 'Your e-mail address is verified.', { customer });
  });

  return r;
}
