import type { Router } from 'express';
import { counterSpec, voucherCodeQuery } from '#contract/counter';
import type { ProviderContext } from '../context';
import { send } from '../http/envelope';
import { mount } from '../http/mount';
import { customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { withCodeLimit } from './code-limit';
import { lookup, recent, redeem, undo, voucherCode } from './counter.service';

/**
 * The counter (merchant/counter/…: any staff member, owners included) and the customer's rotating
 * voucher code (reward/voucher/code).
 */
export function counterRoutes(ctx: ProviderContext): Router {
  const r = mount(ctx, counterSpec, {
    lookup: async (body, at) => ({ voucher: await withCodeLimit(ctx, at.staff(), () => lookup(ctx, body.code)) }),
    redeem: async (body, at) => {
      const data = await withCodeLimit(ctx, at.staff(), () => redeem(ctx, at.staff(), body.code));
      return at.reply(data, `Redeemed: ${data.voucher.reward.title}.`);
    },
    undo: async (body, at) => undo(ctx, at.staff(), body.redemption_id),
    recent: async () => ({ redemptions: await recent(ctx) }),
  });

  // a Rewards call (its row is the rewards area's in the table), served here beside the codes it shows
  r.get('/reward/voucher/code', requireCustomer(ctx), async (req, res) => {
    const q = parse(voucherCodeQuery, req.query);
    res.setHeader('cache-control', 'no-store');
    send(res, 200, 'Your voucher’s code for the counter.', await voucherCode(ctx, customerOf(res), q.id));
  });

  return r;
}
