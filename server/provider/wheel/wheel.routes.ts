import { Router } from 'express';
import { spinBody } from '#contract';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { spinWheel, wheelConfig } from './wheel.service';

export function wheelRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.get('/wheel/config', requireCustomer(ctx), async (_req, res) => {
    send(res, 200, 'Wheel loaded.', await wheelConfig(ctx, customerOf(res)));
  });

  r.post('/wheel/spin', requireCustomer(ctx), async (req, res) => {
    const body = parse(spinBody, req.body);
    // the first answer or its replay, exactly as stored (a stored refusal included)
    const answer = await spinWheel(ctx, customerOf(res), body);
    res.status(answer.status).json(answer);
  });

  return r;
}
