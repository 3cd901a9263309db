import { Router } from 'express';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { customerOf, requireCustomer } from '../http/session';
import { getProfile } from './customers.service';

/** customer/profile; the e-mail calls under customer/ are served by auth.routes.ts (they prove an address). */
export function customersRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.get('/customer/profile', requireCustomer(ctx), async (_req, res) => {
    send(res, 200, 'Profile loaded.', await getProfile(ctx, customerOf(res)));
  });

  return r;
}
