import type { Router } from 'express';
import { counterSpec } from '#contract/counter';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { withCodeLimit } from './code-limit';
import { lookup, recent, redeem, undo } from './counter.service';

/** The counter (merchant/counter/…: any staff member, owners included). */
export function counterRoutes(ctx: ProviderContext): Router {
  return mount(ctx, counterSpec, {
    lookup: async (body, at) => ({ voucher: await withCodeLimit(ctx, at.staff(), () => lookup(ctx, at.staff(), body.code, body.location_id)) }),
    redeem: async (body, at) => {
      const data = await withCodeLimit(ctx, at.staff(), () => redeem(ctx, at.staff(), body.code, body.location_id));
      return at.reply(data, `Redeemed: ${data.voucher.reward.title}.`);
    },
    undo: async (body, at) => undo(ctx, at.staff(), body.redemption_id),
    recent: async () => ({ redemptions: await recent(ctx) }),
  });
}
