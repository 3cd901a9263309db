import { Router } from 'express';
import { rewardsEditorSpec, rewardsSpec } from '#contract/rewards.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { optionalCustomer } from '../http/session';
import { createReward, editorRewards, getReward, getVoucher, listRewards, redeemReward, updateReward, voucherCode, voucherStorage } from './rewards.service';

/**
 * Rewards and vouchers: the catalogue (public: the same for guests and customers), redeeming, the
 * customer's vouchers and their rotating codes for the counter; and the owner's reward catalogue
 * (merchant/rewards…: owners only, every change audited).
 */
export function rewardsRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, rewardsSpec, {
      list: async (q, at) => ({ rewards: await listRewards(ctx, await optionalCustomer(ctx, at.req), q.lang) }),
      detail: async (q) => ({ reward: await getReward(ctx, q.name, q.lang) }),
      redeem: (body, at) =>
        at.once(async (trx) => {
          const { voucher, title } = await redeemReward(ctx, trx, at.customerId(), body.name, body.lang);
          return at.reply({ voucher }, `${title} is yours. Find the voucher in your rewards.`);
        }),
      storage: (q, at) => voucherStorage(ctx, at.customerId(), q.status, q.lang),
      voucher: async (q, at) => ({ voucher: await getVoucher(ctx, at.customerId(), q.id, q.lang) }),
      voucherCode: async (q, at) => {
        // never kept: it changes every 30 seconds, and says when a counter used it
        at.res.setHeader('cache-control', 'no-store');
        return voucherCode(ctx, at.customerId(), q.id);
      },
    }),
    mount(ctx, rewardsEditorSpec, {
      list: async () => ({ rewards: await editorRewards(ctx) }),
      create: async (body, at) => at.reply({ reward: await createReward(ctx, at.staff(), body) }, `${body.title} is in the catalogue.`),
      update: async (body, at) => ({ reward: await updateReward(ctx, at.staff(), body) }),
    }),
  );
}
