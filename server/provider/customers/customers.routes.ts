import { Router } from 'express';
import { changeEmailBody } from '../../../src/api/contract';
import type { ProviderContext } from '../context';
import { send } from '../http/envelope';
import { customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { changeEmail, getProfile } from './customers.service';

export function customersRoutes(ctx: ProviderContext): Router {
  const r = Router();

  r.get('/customer/profile', requireCustomer(ctx), async (_req, res) => {
    send(res, 200, 'Profile loaded.', await getProfile(ctx, customerOf(res)));
  });

  r.post('/customer/change-email', requireCustomer(ctx), async (req, res) => {
    const body = parse(changeEmailBody, req.body);
    const customer = await changeEmail(ctx, customerOf(res), body.email);
    send(res, 200, 'Your e-mail address is saved.', { customer });
  });

  return r;
}
