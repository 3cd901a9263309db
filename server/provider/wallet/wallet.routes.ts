import { walletSpec } from '#contract/wallet.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { getBalance, getHistory, startTopup, topupSetup, topupStatus } from './wallet.service';

export function walletRoutes(ctx: ProviderContext): Router {
  return mount(ctx, walletSpec, {
    balance: async (_, at) => getBalance(ctx, at.customerId()),
    history: async (q, at) => getHistory(ctx, at.customerId(), q.page ?? 1),
    topup: async (body, at) => {
      // refused before anything is written (no payment, no stored answer): no gateway, the merchant's limits
      const setup = await topupSetup(ctx, body);
      return at.once(async (trx) => {
        const started = await startTopup(trx, ctx, setup, at.customerId(), body);
        return at.reply(started.data, started.message);
      });
    },
    topupStatus: async (q, at) => topupStatus(ctx, at.customerId(), q.topup_id),
  });
}
