import { Router } from 'express';
import { pageQuery, topupBody, topupStatusQuery } from '#contract';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { getBalance, getHistory, startTopup, topupStatus } from './wallet.service';

export function walletRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.get('/wallet/balance', requireCustomer(ctx), async (_req, res) => {
    send(res, 200, 'Wallet balance loaded.', await getBalance(ctx, customerOf(res)));
  });

  r.get('/wallet/history', requireCustomer(ctx), async (req, res) => {
    const q = parse(pageQuery, req.query);
    send(res, 200, 'Wallet history loaded.', await getHistory(ctx, customerOf(res), q.page ?? 1));
  });

  r.post('/wallet/topup', requireCustomer(ctx), async (req, res) => {
    const body = parse(topupBody, req.body);
    // the first answer or its replay, exactly as stored (a stored refusal included)
    const answer = await startTopup(ctx, customerOf(res), body);
    res.status(answer.status).json(answer);
  });

  r.get('/wallet/topup/status', requireCustomer(ctx), async (req, res) => {
    const q = parse(topupStatusQuery, req.query);
    send(res, 200, 'Top-up loaded.', await topupStatus(ctx, customerOf(res), q.topup_id));
  });

  return r;
}
