import { Router } from 'express';
import { pointHistoryBody } from '#contract';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { pointHistory } from './points.service';

export function pointsRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.post('/point/history', requireCustomer(ctx), async (req, res) => {
    const body = parse(pointHistoryBody, req.body);
    send(res, 200, 'Points history loaded.', await pointHistory(ctx, customerOf(res), body.customer_id, body.page ?? 1));
  });

  return r;
}
