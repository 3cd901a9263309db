import { Router } from 'express';
import { redeemBody, storageQuery } from '#contract';
import { rewardDetailQuery, voucherDetailQuery } from '#contract/endpoints';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { getReward, getVoucher, listRewards, redeemReward, voucherStorage } from './rewards.service';

export function rewardsRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  // public: the catalogue is the same for guests and customers
  r.get('/reward/list', async (_req, res) => {
    send(res, 200, 'Rewards loaded.', { rewards: await listRewards(ctx) });
  });

  r.get('/reward/detail', async (req, res) => {
    const q = parse(rewardDetailQuery, req.query);
    send(res, 200, 'Reward loaded.', { reward: await getReward(ctx, q.name) });
  });

  r.post('/reward/redeem', requireCustomer(ctx), async (req, res) => {
    const body = parse(redeemBody, req.body);
    // the first answer or its replay, exactly as stored (a stored refusal included)
    const answer = await redeemReward(ctx, customerOf(res), body);
    res.status(answer.status).json(answer);
  });

  r.get('/reward/storage', requireCustomer(ctx), async (req, res) => {
    const q = parse(storageQuery, req.query);
    send(res, 200, 'Vouchers loaded.', await voucherStorage(ctx, customerOf(res), q.status));
  });

  r.get('/reward/voucher', requireCustomer(ctx), async (req, res) => {
    const q = parse(voucherDetailQuery, req.query);
    send(res, 200, 'Voucher loaded.', { voucher: await getVoucher(ctx, customerOf(res), q.id) });
  });

  return r;
}
